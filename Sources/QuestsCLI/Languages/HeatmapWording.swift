import QuestsCore

/// The heatmap's words in the reader's language: CLDR's short month and weekday names, the legend from
/// the catalog, measured by display width (a Japanese weekday takes two columns).
enum HeatmapWording {
    static var labels: QuestsCore.Heatmap.Labels {
        let words = Catalog.language.calendar
        return .init(
            months: words.shortMonths, weekdays: words.shortWeekdays,
            levels: [
                Message.heatmapNothingScheduled, Message.heatmapNone, Message.heatmapSome, Message.heatmapMost,
                Message.heatmapAll, Message.heatmapSetAside,
            ],
            width: { DisplayWidth.of($0) })
    }
}
