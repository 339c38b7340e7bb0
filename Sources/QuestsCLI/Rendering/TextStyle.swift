import QuestsCore

/// ANSI styling that is a no-op when colour is off.
struct TextStyle {
    let enabled: Bool

    /// The styles, by their SGR codes.
    enum Code: String {
        case bold = "1"
        case dim = "2"
        case green = "32"
        case yellow = "33"
        case cyan = "36"
        case red = "31"
        case reversed = "7"
    }

    func bold(_ text: String) -> String { wrap(text, .bold) }
    func dim(_ text: String) -> String { wrap(text, .dim) }
    func green(_ text: String) -> String { wrap(text, .green) }
    func yellow(_ text: String) -> String { wrap(text, .yellow) }
    func cyan(_ text: String) -> String { wrap(text, .cyan) }
    func red(_ text: String) -> String { wrap(text, .red) }
    /// Reverse video over all of `text`, its own styled parts included.
    func reversed(_ text: String) -> String { wrap(text.replacing("\u{1B}[0m", with: "\u{1B}[0m\u{1B}[7m"), .reversed) }

    /// A heatmap day: a square in a 256-colour shade of green by level (a dim dot when nothing was
    /// scheduled), or the plain shade when colour is off.
    func heatCell(_ level: HeatLevel) -> String {
        guard enabled else { return QuestsCore.Heatmap.plainCell(level) }
        switch level {
        case .nothingScheduled: return "\u{1B}[2m·\u{1B}[0m"
        case .none: return "\u{1B}[38;5;238m■\u{1B}[0m"
        case .some: return "\u{1B}[38;5;22m■\u{1B}[0m"
        case .most: return "\u{1B}[38;5;28m■\u{1B}[0m"
        case .all: return "\u{1B}[38;5;40m■\u{1B}[0m"
        case .setAside: return "\u{1B}[2;36m~\u{1B}[0m"
        }
    }

    private func wrap(_ text: String, _ code: Code) -> String {
        enabled ? "\u{1B}[\(code.rawValue)m\(text)\u{1B}[0m" : text
    }
}
