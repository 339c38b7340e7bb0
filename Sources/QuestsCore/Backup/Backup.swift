import FoundationEssentials

/// Everything a store holds, as one versioned document that moves a user's history between machines.
///
/// Records are identified by stable UUIDs; records that point at others do so by UUID, never by the
/// short numbers users type (those are per store).
public struct Backup: Equatable, Sendable {
    /// The value of the document's `format` field.
    public static let format = "quests-backup"
    /// The document version this build writes; every earlier one stays readable.
    public static let schemaVersion = 7
    /// The document's header: its format and the versions this build reads.
    public static let header = DocumentHeader(format: format, newestVersion: schemaVersion)

    /// The quests version that wrote the document.
    public var appVersion: String
    public var exportedAt: Date
    /// The settings the user changed, by key (the others have their defaults).
    public var settings: [Settings.Key: String]
    /// Quests with their whole schedule history, archived ones included.
    public var quests: [Quest]
    public var rewards: [Reward]
    public var completions: [Completion<UUID>]
    /// The ledger in the order it was written.
    public var ledger: [LedgerEntry]
    public var redemptions: [RedemptionRecord]
    public var achievements: [AchievementRecord]
    /// The days whose all-clear was already celebrated.
    public var celebrations: [LocalDay]
    /// Skipped quest-days (since version 4).
    public var skips: [Skip<UUID>]
    /// Vacations (since version 4).
    public var vacations: [Vacation]
    /// Whether the store had synced with other machines (since version 4; false before): only then may
    /// its balance be negative, a debt a sync left (`allowsDebt`).
    public var synced: Bool
    /// The days' main quests, by day (since version 5).
    public var focusGoals: [FocusGoal]
    /// Focus tasks, dropped ones included, in the order they entered (since version 5).
    public var focusTasks: [FocusTask]
    /// The amounts of counted and limit quests, undone ones included, in the order recorded (since version 6).
    public var amounts: [AmountEntry]
    /// Journal entries, tombstones of deleted ones included, in the order they entered (since version 7).
    public var journal: [JournalEntry]

    public init(
        appVersion: String, exportedAt: Date, settings: [Settings.Key: String] = [:], quests: [Quest] = [],
        rewards: [Reward] = [], completions: [Completion<UUID>] = [], ledger: [LedgerEntry] = [],
        redemptions: [RedemptionRecord] = [], achievements: [AchievementRecord] = [], celebrations: [LocalDay] = [],
        skips: [Skip<UUID>] = [], vacations: [Vacation] = [], synced: Bool = false,
        focusGoals: [FocusGoal] = [], focusTasks: [FocusTask] = [], amounts: [AmountEntry] = [],
        journal: [JournalEntry] = []
    ) {
        self.amounts = amounts
        self.appVersion = appVersion
        self.exportedAt = exportedAt
        self.settings = settings
        self.quests = quests
        self.rewards = rewards
        self.completions = completions
        self.ledger = ledger
        self.redemptions = redemptions
        self.achievements = achievements
        self.celebrations = celebrations
        self.skips = skips
        self.vacations = vacations
        self.synced = synced
        self.focusGoals = focusGoals
        self.focusTasks = focusTasks
        self.journal = journal
    }

    /// Whether this history may hold a negative balance (`LedgerAudit.allowsDebt`): it synced.
    public func allowsDebt() -> Bool { LedgerAudit.allowsDebt(synced: synced) }

    /// A purchase, pointing at its reward by UUID.
    public struct RedemptionRecord: Hashable, Sendable {
        public internal(set) var id: UUID
        public internal(set) var reward: UUID
        public internal(set) var title: String
        public internal(set) var price: Int
        public internal(set) var at: Date
        public internal(set) var day: LocalDay

        public init(id: UUID, reward: UUID, title: String, price: Int, at: Date, day: LocalDay) {
            self.id = id
            self.reward = reward
            self.title = title
            self.price = price
            self.at = at
            self.day = day
        }
    }

    /// An earned achievement; its UUID is the achievement's own, the same on every machine.
    public struct AchievementRecord: Hashable, Sendable {
        /// The UUID the document gives; a valid document gives the achievement's own (`validate` checks).
        public internal(set) var uuid: UUID
        public internal(set) var achievement: Achievement
        public internal(set) var earnedDay: LocalDay
        public internal(set) var recordedAt: Date

        public init(achievement: Achievement, earnedDay: LocalDay, recordedAt: Date) {
            self.uuid = achievement.uuid
            self.achievement = achievement
            self.earnedDay = earnedDay
            self.recordedAt = recordedAt
        }
    }
}

extension Backup.RedemptionRecord {
    /// Its table, backup fields and sync registers (the key is its UUID; it points at its reward by UUID,
    /// which the store keeps as the reward's number).
    public static let declaration = RecordDeclaration<Backup.RedemptionRecord>(
        table: "redemption",
        blank: Backup.RedemptionRecord(
            id: .blank,
            reward: .blank, title: "", price: 0,
            at: .distantPast, day: LocalDay(dayNumber: 0)),
        [
            .init("uuid", { $0.id }, { $0.id = $1 }, .uuid, key: "uuid", register: nil),
            .init(
                "reward", { $0.reward }, { $0.reward = $1 }, .uuid, key: "reward", register: "reward", parent: "reward"),
            .init("title", { $0.title }, { $0.title = $1 }, .title, key: "title", register: "title"),
            .init(
                "price", { $0.price }, { $0.price = $1 }, .int(in: 1...Reward.maximumPrice), key: "price",
                register: "price"),
            .init("redeemed_at", { $0.at }, { $0.at = $1 }, .timestamp, key: "redeemedAt", register: "at"),
            .init("day", { $0.day }, { $0.day = $1 }, .day, key: "day", register: "day"),
        ])
}

extension Backup.AchievementRecord {
    /// Its table, backup fields and sync registers (the key is the achievement's id). Its UUID is not kept:
    /// it is the achievement's own, and a backup's is checked against it (`validate`).
    public static let declaration = RecordDeclaration<Backup.AchievementRecord>(
        table: "achievement",
        blank: Backup.AchievementRecord(
            achievement: Achievement.all[0], earnedDay: LocalDay(dayNumber: 0), recordedAt: .distantPast),
        [
            .init(backupOnly: "uuid", { $0.uuid }, { $0.uuid = $1 }, .uuid, derived: { $0.achievement.uuid }),
            .init(
                "key", { $0.achievement }, { $0.achievement = $1 },
                .named(Achievement.all, \.id) { .unknownAchievement($0) }, key: "id", register: nil),
            .init("earned_day", { $0.earnedDay }, { $0.earnedDay = $1 }, .day, key: "earnedDay", register: "earned"),
            .init(
                "recorded_at", { $0.recordedAt }, { $0.recordedAt = $1 }, .timestamp, key: "recordedAt", register: nil),
        ])
}

extension Backup {
    /// A day whose all-clear was celebrated, kept as the day alone (in backups too: `celebrations` lists the
    /// days); not synced.
    public enum Celebration {
        /// Its table and its one field, the day (the key), which backups write bare.
        public static let declaration = RecordDeclaration<LocalDay>(
            table: "celebration", blank: LocalDay(dayNumber: 0),
            [.init("day", { $0 }, { $0 = $1 }, .day, key: "day", register: nil)])
    }
}

extension RecordKind {
    /// Every kind a store keeps, in the order backups hold them: the registry that backups, sync, the
    /// import report and the summaries iterate. A new kind is declared beside its record and listed here.
    public static let all: [RecordKind] = [
        settings, quests, rewards, completions, ledger, purchases, achievements, celebrations, skips, vacations,
        goals, tasks, amounts, journal,
    ]

    /// Purchases, in the order made: each written once, so an import refuses another under the same UUID.
    public static let purchases = RecordKind(
        "purchases", \.redemptions, Backup.RedemptionRecord.declaration, key: "redemptions",
        synced: [Synced(name: "purchase", strategy: .writtenOnce)], movesLedger: true, summary: .always,
        checks: .keys(.uuid), storedInOrderOf: "id", imported: .byKey("uuid", refusingOthers: true))

    /// Earned achievements: once earned, each stays, dated by the earliest day any machine recorded.
    public static let achievements = RecordKind(
        "achievements", \.achievements, Backup.AchievementRecord.declaration, key: "achievements",
        synced: [Synced(name: "achievement", strategy: .lastWriterPerField)], summary: .always,
        // Its UUID is its achievement's.
        checks: .keys(UniqueKey(columns: ["key"], duplicate: .achievement)) { record, path in
            record.uuid == record.achievement.uuid
                ? nil
                : JSONError(path: path + ".uuid", problem: .notAchievementUUID(achievement: record.achievement.id))
        }, storedInOrderOf: "key")

    /// The days whose all-clear was celebrated: this machine's own, never synced.
    public static let celebrations = RecordKind(
        "celebrations", key: "celebrations", table: Backup.Celebration.declaration.table, synced: [], summary: .never,
        count: { $0.celebrations.count },
        backupField: { .init("celebrations", \.celebrations, .array(Backup.Celebration.declaration.backupValue)) },
        check: { backup throws(BackupError) in
            try UniqueKey.refuseRepeats(backup.celebrations, key: "celebrations", field: nil, .listedDay)
        },
        stored: Stored(
            order: "day",
            load: { store, backup in
                backup.celebrations = try store.records(Backup.Celebration.declaration, orderedBy: "day")
            },
            add: { store, backup in
                for day in backup.celebrations { try store.add(day, as: Backup.Celebration.declaration) }
            },
            merge: { store, backup in
                try ImportRule.byKey("day").merge(backup.celebrations, as: Backup.Celebration.declaration, into: store)
            }))
}
