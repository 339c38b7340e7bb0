import FoundationEssentials

/// What a backup's records of one kind keep among themselves, checked before a store takes them in
/// (`Backup.validate`), in this order: no two share a unique key, each field that points at another
/// record (its declaration's `parent`) names one the document holds, and each keeps the kind's own rule.
public struct RecordChecks<Record: Sendable>: Sendable {
    let unique: [UniqueKey]
    let rule: (@Sendable (_ record: Record, _ path: String) -> JSONError?)?

    /// Records no two of which share any key of `unique`, each keeping `rule`: the problem it finds in the
    /// record at `path` (`skips[3]`), if any.
    static func keys(
        _ unique: UniqueKey..., rule: (@Sendable (_ record: Record, _ path: String) -> JSONError?)? = nil
    ) -> Self {
        Self(unique: unique, rule: rule)
    }

    /// Checks `records`, a backup's array `key` of `declaration`'s records, within `backup`.
    func check(_ records: [Record], as declaration: RecordDeclaration<Record>, key: String, in backup: Backup)
        throws(BackupError)
    {
        for unique in unique {
            let fields = unique.columns.map { declaration.field($0) }
            if let field = fields.first, fields.count == 1 {
                try UniqueKey.refuseRepeats(
                    records.map(field.columnValue), key: key, field: field.json().key, unique.duplicate)
            } else {
                try UniqueKey.refuseRepeats(
                    records.map { record in fields.map { $0.columnValue(record) } }, key: key, field: nil,
                    unique.duplicate)
            }
        }
        for field in declaration.fields {
            guard let table = field.parent, let parent = RecordKind.kept(in: table) else { continue }
            let parents = parent.uuids(backup)
            for (index, record) in records.enumerated() where !parents.contains(field.columnValue(record)) {
                throw .invalid(
                    JSONError(path: "\(key)[\(index)].\(field.json().key)", problem: .unknownRecord(parent)))
            }
        }
        guard let rule else { return }
        for (index, record) in records.enumerated() {
            if let problem = rule(record, "\(key)[\(index)]") { throw .invalid(problem) }
        }
    }
}

/// A key no two of a kind's records share: the values of its declared columns `columns`; a repeat is
/// refused as `duplicate`.
public struct UniqueKey: Sendable {
    let columns: [String]
    let duplicate: JSONDuplicate

    public static let uuid = UniqueKey(columns: ["uuid"], duplicate: .uuid)
    public static let number = UniqueKey(columns: ["number"], duplicate: .number)
    public static let day = UniqueKey(columns: ["day"], duplicate: .day)
    public static let questDay = UniqueKey(columns: ["quest", "day"], duplicate: .questDay)

    /// Refuses the first of `keys` that repeats an earlier one, at the record of the backup's array `key` it
    /// belongs to (at its `field` when the key is one field's).
    static func refuseRepeats<Key: Hashable>(_ keys: [Key], key: String, field: String?, _ duplicate: JSONDuplicate)
        throws(BackupError)
    {
        var first: [Key: Int] = [:]
        first.reserveCapacity(keys.count)
        for (index, value) in keys.enumerated() {
            if let earlier = first.updateValue(index, forKey: value) {
                throw .invalid(
                    JSONError(
                        path: "\(key)[\(index)]" + (field.map { ".\($0)" } ?? ""),
                        problem: .duplicate(duplicate, earlier: "\(key)[\(earlier)]")))
            }
        }
    }
}
