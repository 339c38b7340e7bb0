import QuestsCore

/// A record the store holds that is not what its kind takes (a day that is no day, a UUID that is none), as
/// data: the command line words it.
public struct DamagedRecord: Sendable, Equatable {
    /// What the record is.
    public enum Kind: Sendable, Equatable {
        /// A record of one of the registry's kinds.
        case record(RecordKind)
        /// One of a quest's schedule versions (part of the quests kind, in a table of their own).
        case scheduleVersion
        /// A day's count of completed, unscheduled and skipped quests, which the store keeps for itself.
        case dayCount

        /// The kind of the records a store keeps in `table`: a kind's table, else a quest's schedule
        /// versions', the one declared table no kind keeps its records in.
        init(table: String) {
            self = RecordKind.kept(in: table).map { .record($0) } ?? .scheduleVersion
        }
    }

    /// What names the record: its key as the store read it, or what the read had of it.
    public enum Key: Sendable, Equatable {
        /// Stored text, as found: a UUID, a setting's key, a day or a time that may be damaged.
        case text(String)
        /// A day.
        case day(LocalDay)
        /// A quest's record, by the quest's number.
        case quest(Int)
        /// A quest's record for a day.
        case questDay(Int, LocalDay)
    }

    public let kind: Kind
    /// nil when the read has nothing that names it.
    public let key: Key?
    /// The column found damaged, when the read knows which and the key does not already say it.
    public let field: String?
    /// For a record pointing at another that is missing, that one's kind.
    public let missing: Kind?

    public init(_ kind: Kind, _ key: Key? = nil, field: String? = nil, missing: Kind? = nil) {
        self.kind = kind
        self.key = key
        self.field = field
        self.missing = missing
    }

    /// A record of `kind`, named by `key`, damaged in `field` when known.
    public static func record(_ kind: RecordKind, _ key: Key? = nil, field: String? = nil) -> DamagedRecord {
        DamagedRecord(.record(kind), key, field: field)
    }
}
