import Foundation
import QuestsCore
import Testing

@testable import QuestsCLI
@testable import QuestsStore

/// Each kind of record the registry declares (`RecordKind.all`) is worded in every language where the
/// command line names kinds by data: the import report's rows, the backup summary, and a backup's errors.
/// (The keys are the catalog's, the same in every language; LanguageTests check that each is translated.)
struct RecordKindWordingTests {
    @Test func everyKindHasItsWords() {
        for kind in RecordKind.all {
            #expect(Message.keyed("import-row-\(kind.name)") != nil, "import-row-\(kind.name)")
            #expect(DamagedRecord.Kind.record(kind).wording != kind.name, "error-damaged-\(kind.name)")
            if kind.summary != .never {
                #expect(Message.keyed("backup-\(kind.name)", count: 2) != nil, "backup-\(kind.name)")
            }
        }
        // The kinds a backup's records point at by UUID, and those an import can find changed.
        for kind in [
            RecordKind.quests, .rewards, .purchases, .completions, .ledger, .skips, .vacations, .tasks, .goals,
        ] {
            #expect(kind.unknownWording != kind.name, "\(kind.name)")
            #expect(kind.differentWording != kind.name, "\(kind.name)")
        }
    }

    @Test func theSummaryNamesKindsInTheRegistrysOrder() {
        var backup = Backup(appVersion: "0", exportedAt: .distantPast)
        #expect(
            BackupSummary.contents(of: backup)
                == "0 quests, 0 rewards, 0 completions, 0 ledger entries, 0 purchases, 0 achievements")
        let day = LocalDay(dayNumber: 0)
        backup.skips = [Skip(id: UUID(), quest: UUID(), day: day, skippedAt: .distantPast)]
        backup.journal = (1...2).map { _ in
            JournalEntry(id: UUID(), day: day, text: "A walk", createdAt: .distantPast, updatedAt: .distantPast)
        }
        #expect(
            BackupSummary.contents(of: backup)
                == "0 quests, 0 rewards, 0 completions, 0 ledger entries, 0 purchases, 0 achievements, 1 skip, "
                + "2 journal entries")
    }
}
