import FoundationEssentials
import QuestsCore
import QuestsStore

/// Failures of the command line itself (its environment), as opposed to the domain or the store; worded
/// in `ErrorText`.
enum CommandFailure: Error {
    case invalidNow(String)
    case invalidTimeZone(String)
    case noHome
    /// `config language` with a language quests does not speak.
    case unknownLanguage(String, known: [String])
    case cannotRead(path: String)
    case cannotWrite(path: String, reason: String)
    case badBackup(source: String, BackupError)
    /// Another tracker's export that `import --from` refused.
    case badImport(ImportError)
    /// A `.sqlite` file given to restore or import that is not a snapshot quests can read.
    case badSnapshot(source: String, SnapshotError)
    /// `restore --latest` with no automatic backup in the folder.
    case noSnapshot(folder: String)
    /// `config backup-keep` with a value that is not a whole number from 0 to 3650.
    case invalidBackupKeep(String)
    case confirmationNeeded
    case cancelled
    case deleteNeedsConfirmation(quest: String)
    case deleteCancelled
    case unhealthyStore(problems: Int)
    case unknownCommand(String, parent: String, suggestions: [String])
    case backupOverStore(path: String)
    case notABackupFile(path: String)
    case notACalendar(path: String)
    /// `journal export FILE` over a file that is not an earlier journal export.
    case notAJournalExport(path: String)
    case unknownPlaceholder(String)
    case notifierNotFound(String)
    case notifierFailed(command: String, reason: String, count: Int)
    case needsTerminal
    case fullScreenUnavailable(reason: String)
    case noSyncFolder
    case gitFailed(step: String, output: String)
}

/// A failure whose `error:` lines were already printed (`quests done 1 3 5`, one of which failed): the
/// command ends with a failing status and says nothing more.
struct AlreadyReported: Error {}
