import QuestsCore
import Testing

@testable import QuestsStore

/// The registry of record kinds (`RecordKind.all`) is what the backup document, sync and the import report
/// follow: these check that each part covers exactly the kinds it declares.
struct RecordKindTests {
    @Test func namesAndBackupKeysAreEachUsedOnce() {
        let names = RecordKind.all.map(\.name)
        #expect(Set(names).count == names.count)
        let keys = RecordKind.all.map(\.backupKey)
        #expect(Set(keys).count == keys.count)
        let synced = RecordKind.all.flatMap(\.synced).map(\.name)
        #expect(Set(synced).count == synced.count)
        for kind in RecordKind.all { #expect(RecordKind.named(kind.name) == kind) }
    }

    @Test func syncAppliesEveryDeclaredSyncKindAndNoOther() {
        #expect(SyncKind.all.map(\.name).sorted() == RecordKind.all.flatMap(\.synced).map(\.name).sorted())
        for kind in SyncKind.all {
            let declared = RecordKind.synced(kind.name)?.synced
            #expect(kind.changesFieldByField == (declared?.strategy != .writtenOnce), "\(kind.name)")
        }
    }

    @Test func theBackupDocumentHoldsEveryKindInTheOrderOfItsVersion() throws {
        let backup = Backup(appVersion: "0", exportedAt: .distantPast)
        let text = String(decoding: backup.encoded(), as: UTF8.self)
        let keys = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  \"") else { return nil }
            return String(line.dropFirst(3).prefix { $0 != "\"" })
        }
        let expected =
            ["format", "schemaVersion", "appVersion", "exportedAt"]
            + RecordKind.all.filter { $0.since <= 4 }.map(\.backupKey) + ["synced"]
            + RecordKind.all.filter { $0.since > 4 }.map(\.backupKey)
        #expect(keys == expected)
        #expect(RecordKind.all.map(\.since) == RecordKind.all.map(\.since).sorted())
        #expect(RecordKind.all.allSatisfy { $0.since <= Backup.schemaVersion })
    }

    @Test func anImportCountsEachKindApart() throws {
        var report = ImportReport()
        for (index, kind) in RecordKind.all.enumerated() { report[kind].added = index + 1 }
        for (index, kind) in RecordKind.all.enumerated() { #expect(report[kind].added == index + 1) }
        #expect(report[.journal].present == 0)
    }
}
