import FoundationEssentials

extension Board {
    /// The moment this board, seen at `now`, next changes by itself: when the first of today's upcoming
    /// quests opens, else when the next quest day begins. (Completions and edits change it too; this is
    /// only what time does.)
    public func nextChange(after now: DayPosition, rule: DayRule) -> Date {
        if day == now.day, let opens = entries(in: .upcoming).lazy.compactMap(\.schedule.time).first {
            // `firstInstant` counts local seconds since 1970; the offset may run past midnight into the
            // next calendar day, which is still this quest day.
            let local =
                day.dayNumber * 86_400
                + (rule.dayStart.minutes + DayPosition.offset(of: opens, dayStart: rule.dayStart)) * 60
            return Date(timeIntervalSince1970: TimeInterval(rule.zone.firstInstant(reaching: local)))
        }
        return rule.zone.startOfDay(for: now.day.adding(days: 1), dayStart: rule.dayStart)
    }
}
