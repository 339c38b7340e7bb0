import Foundation
import QuestsCore
import QuestsStore
import QuestsTestSupport

/// Three machines living the bench's history through one sync folder on disk (docs/performance.md,
/// "Sync over years"): each day's completions, undos and purchases of the generated history happen on one
/// of the machines, at their moments, and each machine syncs twenty times a day (07:00 to 22:12, every 48
/// minutes). Everything runs in this process through the store's API, with a clock (`Now`) set to each
/// moment: `sync` below is `quests sync`'s use case (`Syncing`, Sources/QuestsStore/Sync/), without spawning
/// 200,000 processes.
final class SyncSimulation {
    /// One machine: its store file and its store, open while the simulation runs.
    final class Machine {
        let name: String
        let path: String
        var store: QuestStore?
        /// Its replica id, once it synced.
        var replica: String?
        /// Days (day numbers) on which it neither syncs nor reads: its user works offline.
        var offline: [Range<Int>] = []

        init(name: String, path: String) throws {
            self.name = name
            self.path = path
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            store = try QuestStore(path: path, ids: .random)
        }

        func open() throws -> QuestStore {
            if let store { return store }
            let opened = try QuestStore(path: path, ids: .random)
            store = opened
            return opened
        }

        /// Closes the store (SQLite folds its log back into the file), so the file can be copied.
        func close() { store = nil }

        func isOffline(on day: Int) -> Bool { offline.contains { $0.contains(day) } }
    }

    /// Something the user does on a machine at a moment.
    enum Action {
        case complete(quest: String)
        case undo(quest: String)
        case buy(reward: String)
        case sync
        /// A conflict copy of one of the machine's own files appears in its folder (what a file-sync tool
        /// makes when a copy of the machine's store writes the same name).
        case conflictCopy
    }

    struct Event {
        let at: Date
        let machine: Int
        let action: Action
    }

    /// The sync folder on disk, as `quests sync` finds it, but written without flushing each file to disk
    /// (a simulation of 200,000 syncs need not survive a power cut), and counting the files written.
    final class Folder: SyncFolder {
        let disk: FileSyncFolder
        var written = 0

        init(_ path: String) throws { disk = try FileSyncFolder(path) }

        var path: String { disk.path }
        func replicas() -> [String] { disk.replicas() }
        func files(of replica: String) -> [String] { disk.files(of: replica) }
        func attributes(_ name: String) -> (bytes: Int, modified: Date?)? { disk.attributes(name) }
        func read(_ name: String, applied: ((Int) -> Bool)?) throws -> SyncFile? {
            try disk.read(name, applied: applied)
        }
        func remove(_ names: [String], of replica: String) { disk.remove(names, of: replica) }
        func removeFolder(_ replica: String) throws { try disk.removeFolder(replica) }

        func write(_ file: SyncFile, replica: String, name: String) throws {
            let replicaFolder = path + "/" + replica
            try FileManager.default.createDirectory(atPath: replicaFolder, withIntermediateDirectories: true)
            let temporary = replicaFolder + "/." + name + ".tmp"
            try Data(file.encoded()).write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, replicaFolder + "/" + name) == 0 else {
                throw ProcessTimer.Failure(description: "cannot rename \(temporary)")
            }
            written += 1
        }
    }

    let folder: Folder
    let machines: [Machine]
    var calendar: Calendar

    // What happened, for the report.
    var syncs = 0
    var filesWritten: Int { folder.written }
    var filesRead = 0
    var compactions = 0
    var renewals: [(previous: String, replica: String)] = []
    var mostFiles = 0
    var refused: [String: Int] = [:]
    var done = 0

    init(folder: String, machines: [Machine], calendar: Calendar) throws {
        self.machines = machines
        self.calendar = calendar
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        self.folder = try Folder(folder)
    }

    func now(_ at: Date) -> Now { Now(instant: at, calendar: calendar) }

    /// Does `action` on machine `index` at `at`; a refusal (a quest not known there yet, a balance too
    /// low there) is counted, as a user would see an error and go on.
    func perform(_ action: Action, on index: Int, at: Date) throws {
        let store = try machines[index].open()
        store.moment = at
        do {
            switch action {
            case .complete(let quest):
                _ = try Completing(store).complete(ItemReference(quest), early: true, now: now(at))
            case .undo(let quest): _ = try Completing(store).undo(ItemReference(quest), now: now(at))
            case .buy(let reward): _ = try RewardShop(store).buy(ItemReference(reward), now: now(at))
            case .sync: try sync(index, at: at)
            case .conflictCopy: try conflictCopy(on: index)
            }
            done += 1
        } catch let error as QuestsError {
            refused[
                String(describing: action).prefix { $0 != "(" } + ": " + "\(error)".prefix { $0 != "(" }, default: 0] +=
                1
        }
    }

    // MARK: quests sync, in process

    /// One `quests sync` of machine `index` (`Syncing.sync`): a store that finds a file it did not write in
    /// its own folder becomes a new replica; it reads the files it has not read, applies them, writes its own
    /// changes and folds its files.
    func sync(_ index: Int, at: Date) throws {
        let store = try machines[index].open()
        store.moment = at
        // As every `quests` command does first (CommandContext): the limit quests' days that ended are paid.
        try Measuring(store).settleEndedDays(now: now(at))
        try count(try Syncing(store).sync(through: folder, now: now(at)), on: index)
    }

    /// `quests sync --forget REPLICA` on machine `index` (`Syncing.forget`): a sync, then what the replica
    /// wrote carried in one file of the machine's own, and its folder removed.
    func forget(_ target: String, on index: Int, at: Date) throws {
        let store = try machines[index].open()
        store.moment = at
        var synced: SyncReport?
        let forgotten = try Syncing(store).forget(target, through: folder, now: now(at)) { synced = $0 }
        if let synced { try count(synced, on: index) }
        if forgotten.compacted { compactions += 1 }
    }

    /// Counts what a sync of machine `index` did; a file it could not read stops the simulation.
    func count(_ report: SyncReport, on index: Int) throws {
        syncs += 1
        machines[index].replica = report.replica
        if let renewal = report.renewal { renewals.append((renewal.previous, renewal.replica)) }
        filesRead += report.filesRead
        if report.compacted { compactions += 1 }
        if let unreadable = report.unreadable.first {
            throw ProcessTimer.Failure(description: "cannot read \(unreadable.name): \(unreadable.error)")
        }
        mostFiles = max(mostFiles, folder.files(of: report.replica).count)
    }

    /// A Syncthing conflict copy of the machine's newest own file, in its own folder.
    func conflictCopy(on index: Int) throws {
        let store = try machines[index].open()
        guard let replica = machines[index].replica, let newest = folder.files(of: replica).last,
            let day = calendar.dateComponents([.year, .month, .day], from: store.moment ?? Date()) as DateComponents?
        else { return }
        let stamp = String(format: "%04d%02d%02d-120000-QUESTS7", day.year ?? 0, day.month ?? 0, day.day ?? 0)
        let copy = String(newest.dropLast(5)) + ".sync-conflict-" + stamp + ".json"
        try FileManager.default.copyItem(
            atPath: folder.path + "/" + replica + "/" + newest, toPath: folder.path + "/" + replica + "/" + copy)
    }

    // MARK: the days

    /// Runs `events` (any order) with each online machine's twenty syncs a day between them, from day
    /// `days.lowerBound` through `days.upperBound - 1`, calling `afterDay` after each.
    func live(_ events: [Event], days: Range<Int>, afterDay: (Int) throws -> Void = { _ in }) throws {
        var byDay: [Int: [Event]] = [:]
        for event in events { byDay[Int(event.at.timeIntervalSince1970 / 86_400), default: []].append(event) }
        for day in days {
            var today = byDay[day] ?? []
            for (index, machine) in machines.enumerated() where !machine.isOffline(on: day) {
                for tick in 0..<20 {
                    let at = Date(
                        timeIntervalSince1970: Double(day) * 86_400 + 7 * 3_600 + Double(tick * 48 * 60 + index * 97))
                    today.append(Event(at: at, machine: index, action: .sync))
                }
            }
            today.sort { $0.at < $1.at }
            for event in today { try perform(event.action, on: event.machine, at: event.at) }
            try afterDay(day)
        }
    }

    /// The folder's files by replica, and its bytes.
    func census() -> (files: [String: Int], bytes: Int) {
        var counts: [String: Int] = [:]
        var bytes = 0
        for replica in folder.replicas() {
            counts[replica] = folder.files(of: replica).count
            bytes += folder.bytes(of: replica)
        }
        return (counts, bytes)
    }

    /// The history's events from day `from` on (before `until`), each on a machine: half on the first, three
    /// in ten on the second, two in ten on the third (the same split for the same history); those of
    /// `awayOn` days that would fall to the first go to the second. Undos in the history (a completion
    /// undone a minute later) are a completion and its undo on one machine.
    static func events(of backup: Backup, days: Range<Int>, awayOn: Int? = nil) -> [Event] {
        let titles = Dictionary(backup.quests.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        let rewardTitles = Dictionary(backup.rewards.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        var events: [Event] = []
        // Drawn from the moment, so that an event falls to the same machine in every world that lives it.
        func machine(_ at: Date) -> Int {
            var random = SplitMix(seed: UInt64(at.timeIntervalSince1970) &* 0x5EED)
            let roll = Int(random.next() % 10)
            let index = roll < 5 ? 0 : roll < 8 ? 1 : 2
            return index == 0 && Int(at.timeIntervalSince1970 / 86_400) == awayOn ? 1 : index
        }
        func within(_ at: Date) -> Bool { days.contains(Int(at.timeIntervalSince1970 / 86_400)) }
        for completion in backup.completions where within(completion.completedAt) {
            guard let title = titles[completion.quest] else { continue }
            events.append(
                Event(
                    at: completion.completedAt, machine: machine(completion.completedAt),
                    action: .complete(quest: title)))
        }
        for entry in backup.ledger where entry.kind == .undo && within(entry.at) {
            // "undo Quest 12 · 2019-03-04"
            let title = String(entry.memo.dropFirst("undo ".count).prefix { $0 != "·" }).trimmingCharacters(
                in: .whitespaces)
            let index = machine(entry.at)
            events.append(Event(at: entry.at.addingTimeInterval(-60), machine: index, action: .complete(quest: title)))
            events.append(Event(at: entry.at, machine: index, action: .undo(quest: title)))
        }
        for redemption in backup.redemptions where within(redemption.at) {
            events.append(
                Event(
                    at: redemption.at, machine: machine(redemption.at),
                    action: .buy(reward: rewardTitles[redemption.reward] ?? redemption.title)))
        }
        return events
    }

    /// `backup` with only what happened before day `before` and from day `from` on: no freezes, skips or
    /// vacations (the simulation has none). With `before` at `from`, only the quests and rewards.
    static func history(_ backup: Backup, from: Int, before: Int) -> Backup {
        var cut = backup
        func within(_ at: Date) -> Bool { (from..<before).contains(Int(at.timeIntervalSince1970 / 86_400)) }
        cut.completions = backup.completions.filter { within($0.completedAt) }
        cut.ledger = backup.ledger.filter { within($0.at) && $0.kind != .freeze }
        cut.redemptions = backup.redemptions.filter { within($0.at) }
        cut.skips = []
        cut.vacations = []
        return cut
    }
}

extension SyncFolder {
    /// The bytes of `replica`'s files, as the folder lists them now.
    func bytes(of replica: String) -> Int {
        files(of: replica).reduce(0) { $0 + (attributes(replica + "/" + $1)?.bytes ?? 0) }
    }
}
