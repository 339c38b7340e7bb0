import Foundation
import QuestsCore
import QuestsStore
import QuestsTestSupport

/// Three machines living the bench's history through one sync folder on disk (docs/performance.md,
/// "Sync over years"): each day's completions, undos and purchases of the generated history happen on one
/// of the machines, at their moments, and each machine syncs twenty times a day (07:00 to 22:12, every 48
/// minutes). Everything runs in this process through the store's API, with a clock (`Now`) set to each
/// moment: `sync` below does what `quests sync` does (Sources/QuestsCLI/Commands/Sync.swift,
/// Support/SyncFolder.swift and Support/SyncCompactor.swift), without spawning 200,000 processes.
final class SyncSimulation {
    /// One machine: its store file and its store, open while the simulation runs.
    final class Machine {
        let name: String
        let path: String
        var store: QuestStore?
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

    let folder: String
    let machines: [Machine]
    var calendar: Calendar
    var random = SplitMix(seed: 28)

    // What happened, for the report.
    var syncs = 0
    var filesWritten = 0
    var filesRead = 0
    var compactions = 0
    var renewals: [(previous: String, replica: String)] = []
    var mostFiles = 0
    var refused: [String: Int] = [:]
    var done = 0

    init(folder: String, machines: [Machine], calendar: Calendar) throws {
        self.folder = folder
        self.machines = machines
        self.calendar = calendar
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
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

    // MARK: the folder

    func files(in replica: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + replica)) ?? [])
            .filter { !$0.hasPrefix(".") && !$0.hasPrefix("~") }.sorted()
    }

    func replicas() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    func size(_ name: String) -> Int {
        var status = stat()
        return stat(folder + "/" + name, &status) == 0 ? Int(status.st_size) : 0
    }

    func write(_ file: SyncFile, replica: String, name: String) throws {
        let replicaFolder = folder + "/" + replica
        try FileManager.default.createDirectory(atPath: replicaFolder, withIntermediateDirectories: true)
        let temporary = replicaFolder + "/." + name + ".tmp"
        try Data(file.encoded()).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, replicaFolder + "/" + name) == 0 else {
            throw ProcessTimer.Failure(description: "cannot rename \(temporary)")
        }
        filesWritten += 1
    }

    func tag() -> String { String(format: "%08x", UInt32.random(in: 0...UInt32.max, using: &random)) }

    // MARK: quests sync, in process

    /// One `quests sync` of machine `index`: a store that finds a file it did not write in its own folder
    /// becomes a new replica; it reads the files it has not read, applies them, writes its own changes and
    /// folds its files (`SyncCompaction.plan`, `SyncFile.folded`).
    func sync(_ index: Int, at: Date) throws {
        let store = try machines[index].open()
        store.moment = at
        syncs += 1
        _ = try store.joinSync()
        var replica = try store.syncReplica() ?? ""
        let ownNames = files(in: replica)
        if !ownNames.isEmpty, try !store.foreignOwnFiles(ownNames).isEmpty, let renewal = try store.renewReplica() {
            renewals.append((renewal.previous, renewal.replica))
            replica = renewal.replica
        } else {
            let present = Set(ownNames)
            let missing = try store.ownSyncFiles().filter { !present.contains($0) }
            if !missing.isEmpty { try store.resendOwnChanges(missing: missing.sorted()) }
        }
        let others = replicas().filter { $0 != replica }
        let names = others.flatMap { other in files(in: other).map { other + "/" + $0 } }
        var read: [(name: String, file: SyncFile)] = []
        for name in try store.unreadSyncFiles(names) {
            // A file folded away since the listing is gone: the next sync reads the one that holds it.
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
            let skipping = (replica: String(name.prefix { $0 != "/" }), applied: try store.appliedSyncSeqs(name))
            read.append((name, try SyncFile.decode(Array(data), skipping: skipping)))
        }
        filesRead += read.count
        _ = try store.applySync(read, now: now(at))
        try store.forgetSyncNames(notIn: names, listed: others)
        let export = try store.syncExport()
        if let export {
            let name = export.name(tag: tag()).description
            try store.noteOwnSyncFile(name)
            try write(export.file, replica: replica, name: name)
            try store.markExported(through: export.through)
        }
        if export != nil || ownNames.count > SyncCompaction.mostFiles { try compact(store, replica: replica) }
        mostFiles = max(mostFiles, files(in: replica).count)
    }

    /// Folds the newest of the replica's own files, as `SyncCompactor.compact` does.
    func compact(_ store: QuestStore, replica: String) throws {
        let own = try store.ownSyncFiles()
        let files = self.files(in: replica).compactMap { name in
            own.contains(name)
                ? SyncFileName(name).map { (name: name, range: $0, bytes: size(replica + "/" + name)) } : nil
        }.sorted { ($0.range.first, $0.range.last) < ($1.range.first, $1.range.last) }
        guard let range = SyncCompaction.plan(files.map(\.bytes)) else { return }
        let chosen = Array(files[range])
        let contents = try chosen.map {
            try SyncFile.decode(
                Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + replica + "/" + $0.name))))
        }
        let name = SyncFileName(
            first: chosen.map(\.range.first).min() ?? 0, last: chosen.map(\.range.last).max() ?? 0, tag: tag()
        ).description
        try store.noteOwnSyncFile(name)
        try write(SyncFile.folded(contents, replica: replica), replica: replica, name: name)
        for file in chosen { unlink(folder + "/" + replica + "/" + file.name) }
        try store.dropOwnSyncFiles(chosen.map(\.name))
        compactions += 1
    }

    /// `quests sync --forget REPLICA` on machine `index`: a sync, then what the replica wrote carried in one
    /// file of the machine's own, and its folder removed.
    func forget(_ target: String, on index: Int, at: Date) throws {
        try sync(index, at: at)
        let store = try machines[index].open()
        guard let own = try store.syncReplica() else { return }
        let contents = try files(in: target).map {
            try SyncFile.decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + target + "/" + $0))))
        }
        let carried = SyncFile.carried(contents, by: own)
        if !carried.changes.isEmpty || !carried.records.isEmpty, let range = try store.reserveSyncRange() {
            let name = SyncFileName(first: range.first, last: range.last, tag: tag()).description
            try store.noteOwnSyncFile(name)
            try write(carried, replica: own, name: name)
        }
        try FileManager.default.removeItem(atPath: folder + "/" + target)
        try compact(store, replica: own)
    }

    /// A Syncthing conflict copy of the machine's newest own file, in its own folder.
    func conflictCopy(on index: Int) throws {
        let store = try machines[index].open()
        guard let replica = try store.syncReplica(), let newest = files(in: replica).last,
            let day = calendar.dateComponents([.year, .month, .day], from: store.moment ?? Date()) as DateComponents?
        else { return }
        let stamp = String(format: "%04d%02d%02d-120000-QUESTS7", day.year ?? 0, day.month ?? 0, day.day ?? 0)
        let copy = String(newest.dropLast(5)) + ".sync-conflict-" + stamp + ".json"
        try FileManager.default.copyItem(
            atPath: folder + "/" + replica + "/" + newest, toPath: folder + "/" + replica + "/" + copy)
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
        for replica in replicas() {
            let names = files(in: replica)
            counts[replica] = names.count
            bytes += names.reduce(0) { $0 + size(replica + "/" + $1) }
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
