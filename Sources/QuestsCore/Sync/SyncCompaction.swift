/// How a replica folds its own files into fewer (docs/sync.md, "Compaction").
///
/// Under last writer wins, applying a set of changes leaves each register at the change that wins over the
/// others, whatever their order, and applying one twice changes nothing. So the one change per register that
/// wins among a replica's files does everything those files did: a reader that applies the folded file,
/// the files it replaces, or both, ends in the same state.
public enum SyncCompaction {
    /// An older file is left alone while it is more than this many times the size of the newer files together.
    public static let ratio = 8
    /// A replica never keeps more files than this: more are folded whatever their sizes.
    public static let mostFiles = 8

    /// The files to fold, among a replica's own `sizes` (in bytes, oldest first): the newest ones, reaching
    /// back over each older file at most `ratio` times their size together (or while more than `mostFiles`
    /// would stay); nil when that is fewer than two.
    ///
    /// So each file left is more than `ratio` times the files after it: a replica holds about
    /// log₉(everything it wrote ÷ one sync's file) + 1 files (5 or 6 after ten years), and each byte it
    /// wrote is rewritten a bounded number of times per tenfold growth of its history.
    public static func plan(_ sizes: [Int], ratio: Int = ratio, mostFiles: Int = mostFiles) -> Range<Int>? {
        guard sizes.count >= 2 else { return nil }
        var start = sizes.count - 1
        var total = sizes[start]
        while start > 0, sizes[start - 1] <= ratio * total || start >= mostFiles {
            start -= 1
            total += sizes[start]
        }
        return start < sizes.count - 1 ? start..<sizes.count : nil
    }
}

extension SyncFile {
    /// One file holding what `files` (one replica's, oldest first) hold together: for every register, the
    /// change that wins over the others (`SyncChange.wins`), a value at the base as a snapshot record, the
    /// others as changes in stamp order.
    public static func folded(_ files: [SyncFile], replica: String) -> SyncFile {
        struct Register: Hashable {
            let kind: String
            let key: String
            let field: String
        }
        struct Record: Hashable {
            let kind: String
            let key: String
        }
        var winners: [Register: SyncChange] = [:]
        // Values at the base come as snapshot records: they keep the order they came in (parents before
        // children, as a snapshot writes them).
        var recordOrder: [Record] = []
        var recordFields: [Record: [String]] = [:]
        var listed: Set<Register> = []
        for file in files {
            file.forEachChange { change in
                let register = Register(kind: change.kind, key: change.key, field: change.field)
                if change.stamp == .base {
                    let record = Record(kind: change.kind, key: change.key)
                    if recordFields[record] == nil { recordOrder.append(record) }
                    if listed.insert(register).inserted { recordFields[record, default: []].append(change.field) }
                }
                if let current = winners[register], !change.wins(over: (current.value, current.stamp)) { return }
                winners[register] = change
            }
        }
        var records: [SyncRecord] = []
        for record in recordOrder {
            let fields = (recordFields[record] ?? []).compactMap { field -> SyncField? in
                guard let winner = winners[Register(kind: record.kind, key: record.key, field: field)],
                    winner.stamp == .base
                else { return nil }
                return SyncField(field, winner.value)
            }
            if !fields.isEmpty {
                records.append(
                    SyncRecord(kind: record.kind, key: record.key, fields: fields.sorted { $0.field < $1.field }))
            }
        }
        var changes = winners.values.filter { $0.stamp != .base }
        changes.sort { ($0.stamp, $0.kind, $0.key, $0.field) < ($1.stamp, $1.kind, $1.key, $1.field) }
        return SyncFile(replica: replica, records: records, changes: changes)
    }

    /// What `files` of another replica hold, as one file of `replica`'s (`sync --forget`): `folded`, without
    /// the changes' places in the other replica's counter (`SyncChange.seq`), which mean nothing in this one's.
    public static func carried(_ files: [SyncFile], by replica: String) -> SyncFile {
        var file = folded(files, replica: replica)
        for index in file.changes.indices { file.changes[index].seq = nil }
        return file
    }
}
