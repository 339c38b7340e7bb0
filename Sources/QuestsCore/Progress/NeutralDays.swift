/// The quest-days the user set aside: skips (one quest, one day) and vacations (every quest, a run of
/// days). They are cases of the one day rule (`DayRule`): a skipped quest-day is not due, a vacation day is
/// neutral for the streak unless every due quest was done on it, and a flexible quest's quota period that
/// holds a vacation day or a skip of it cannot fail. See docs/forgiveness.md.
public struct NeutralDays: Sendable, Hashable {
    /// A quest-day: a quest, by its number, and a day.
    public struct QuestDay: Hashable, Sendable {
        public let questNumber: Int
        public let day: LocalDay

        public init(questNumber: Int, day: LocalDay) {
            self.questNumber = questNumber
            self.day = day
        }
    }

    /// The skipped quest-days in force: a completion of the same quest-day wins over its skip (see
    /// `DayRule.count`).
    public let skips: Set<QuestDay>
    /// The vacations' days, each range whole (they may overlap).
    public let vacations: [ClosedRange<LocalDay>]
    /// The days skipped, in order, by quest number.
    private let skipDays: [Int: [Int]]

    /// - Parameter completed: quest-days completed, as far as they matter: a skip of one of them is void
    ///   (completing a skipped quest-day replaces the skip; two machines may have done one each).
    /// - Parameter skips: an array, not any sequence: a generic initializer, called from another module, would
    ///   hash the skips unspecialized and build its types' metadata at run time, on every board and status,
    ///   the commands with the least room in SPEC 11's budget.
    public init(skips: [QuestDay] = [], vacations: [ClosedRange<LocalDay>] = [], completed: Set<QuestDay> = []) {
        self.skips = Set(skips).subtracting(completed)
        self.vacations = vacations.sorted { $0.lowerBound < $1.lowerBound }
        skipDays = Dictionary(grouping: self.skips, by: \.questNumber).mapValues { $0.map(\.day.dayNumber).sorted() }
    }

    /// Nothing set aside.
    public static let none = NeutralDays()

    /// Whether `day` is in a vacation.
    public func isVacation(_ day: LocalDay) -> Bool {
        vacations.contains { $0.contains(day) }
    }

    /// Whether quest `number` was skipped on `day` (and not completed).
    public func isSkipped(_ number: Int, on day: LocalDay) -> Bool {
        skips.contains(QuestDay(questNumber: number, day: day))
    }

    /// Whether a quota period of quest `number` holds a vacation day or a skip of the quest: then it
    /// cannot fail (it still counts when its quota is met).
    public func excuses(_ number: Int, period: ClosedRange<LocalDay>) -> Bool {
        vacations.contains { $0.overlaps(period) } || QuestHistory.count(of: skipDays[number] ?? [], in: period) > 0
    }

    /// The skips and vacations that concern quest `number` alone.
    public func only(_ number: Int) -> NeutralDays {
        NeutralDays(skips: Array(skips.filter { $0.questNumber == number }), vacations: vacations)
    }
}
