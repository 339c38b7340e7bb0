import FoundationEssentials

/// What a counted or limit quest measures a day's amounts against, with the unit they are in (SPEC 18).
public struct QuestMeasure: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A counted quest: done for a day when its total reaches the amount.
        case target
        /// A limit quest: kept for a day that ends with its total at most the amount.
        case atMost
    }

    public var kind: Kind
    public var amount: Amount
    /// As the user typed it (`glasses`, `km`), empty when none; a title's length at most.
    public var unit: String

    public init(_ kind: Kind, _ amount: Amount, unit: String = "") {
        self.kind = kind
        self.amount = amount
        self.unit = unit
    }

    public var target: Amount? { kind == .target ? amount : nil }
    public var atMost: Amount? { kind == .atMost ? amount : nil }

    /// Whether `total` is over a limit quest's limit (never for a counted quest).
    public func isOver(_ total: Amount) -> Bool { kind == .atMost && total > amount }

    /// Whether `total` reaches a counted quest's target (never for a limit quest: it is kept only once the
    /// day is over).
    public func isReached(by total: Amount) -> Bool { kind == .target && total >= amount }

    // The three columns of a schedule version set one measure (`ScheduleVersion.declaration`): a target or
    // a limit makes it, the unit goes with it.

    static func with(target: Amount?, _ version: ScheduleVersion) -> QuestMeasure? {
        guard let target else { return version.schedule.measure?.kind == .target ? nil : version.schedule.measure }
        return QuestMeasure(.target, target, unit: version.schedule.measure?.unit ?? "")
    }

    static func with(atMost: Amount?, _ version: ScheduleVersion) -> QuestMeasure? {
        guard let atMost else { return version.schedule.measure?.kind == .atMost ? nil : version.schedule.measure }
        return QuestMeasure(.atMost, atMost, unit: version.schedule.measure?.unit ?? "")
    }

    static func with(unit: String, _ version: ScheduleVersion) -> QuestMeasure? {
        version.schedule.measure.map { QuestMeasure($0.kind, $0.amount, unit: unit) }
    }
}
