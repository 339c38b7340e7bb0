import Foundation
import QuestsCore
import Testing

@testable import QuestsStore

/// In the spirit of TaskChampion's syncing-proptest: three replicas make random changes of every kind (weekday,
/// flexible and every-N-days schedules, completions with notes, edits, archives, purchases, refunds, packs,
/// settings, the day's focus) and sync in a random order, with files delivered late, twice, or as conflict copies; once every
/// replica has synced after the last change, all hold the same state (completion moments and notes
/// included), and the ledger rules hold everywhere: balance = sum of the ledger, each quest-day paid at
/// most once net.
@Suite struct SyncPropertyTests {
    @Test(arguments: 0..<24)
    func threeReplicasConvergeWhateverTheOrder(seed: Int) throws {
        var world = try SyncWorld(seed: UInt64(seed))
        for _ in 0..<40 {
            world.advance()
            let replica = world.random(3)
            switch world.random(10) {
            case 0, 1: try world.publish(replica)
            case 2, 3: try world.deliver(to: replica)
            default: try world.randomOperation(on: replica)
            }
        }
        try world.settleAndCheck()
    }

    /// Replicas compact their files at random moments, also while another replica is
    /// between its listing of the folder and its reading of the files (which are then gone); one replica is
    /// offline over many of those compactions. Every run converges, with the ledger rules and doctor, each
    /// replica keeps a few files, and a new machine joining the folder afterwards reaches the same state.
    @Test(arguments: 0..<16)
    func compactionAtAnyMomentConverges(seed: Int) throws {
        var world = try SyncWorld(seed: UInt64(2000 + seed))
        world.compactionWhileReading = 40
        world.ratio = 4 + seed % 8
        let sleeper = seed % 3
        for step in 0..<100 {
            world.advance()
            if step == 10 { world.offline.insert(sleeper) }
            if step == 80 { world.offline.remove(sleeper) }
            let replica = world.random(3)
            switch world.random(10) {
            case 0, 1, 2: try world.publish(replica)
            case 3, 4: try world.deliver(to: replica)
            default: try world.randomOperation(on: replica)
            }
        }
        try world.settleAndCheck()
        #expect(world.folder.count < world.written, "\(world.folder.count) files left of \(world.written) written")
        for replica in 0..<3 {
            let prefix = try world.folderName(replica) + "/"
            #expect(world.folder.filter { $0.name.hasPrefix(prefix) }.count <= SyncCompaction.mostFiles)
        }
        // A new machine reads the compacted folder: the same state.
        let newcomer = try TemporaryStore(ids: .counting(prefix: "00000009-0000-0000-0000"))
        newcomer.store.moment = world.now.instant
        let files = world.folder.count
        let report = try Syncing(newcomer.store).sync(through: world.shared, now: world.now)
        #expect(report.filesRead == files && report.unreadable.isEmpty)
        #expect(try SyncWorld.state(of: newcomer.store) == SyncWorld.state(of: world.stores[0].store))
        #expect(try newcomer.store.unreadSyncFiles(world.folder.map(\.name)).isEmpty)
        // What it remembers: one range per replica, no name.
        let replicas = Set(world.folder.map { $0.name.prefix { $0 != "/" } })
        #expect(
            try newcomer.store.db.prepare("SELECT count(*) FROM sync_seen").firstRow { $0.int(0) }
                == replicas.count)
        #expect(try newcomer.store.db.prepare("SELECT count(*) FROM sync_read").firstRow { $0.int(0) } == 0)
    }

    /// Three machines syncing twenty times a day for twenty days (the ten-year run is in scripts/bench):
    /// the folder keeps a few files per machine however many syncs wrote, what each store remembers of the
    /// files read stays one range per machine, and everything converges.
    @Test func threeMachinesSyncingTwentyTimesADayKeepAFewFilesEach() throws {
        var world = try SyncWorld(seed: 77)
        world.alwaysCompact = true
        _ = try QuestBoard(world.stores[0].store).addPack(QuestPack.bundled(named: "morning-routine"), now: world.now)
        let start = world.now.instant
        var most = 0
        for day in 0..<20 {
            for sync in 0..<20 {
                world.now = Now(
                    instant: start.addingTimeInterval(Double(day * 86_400 + sync * 2_400)), zone: world.now.zone)
                for replica in 0..<3 {
                    world.stores[replica].store.moment = world.now.instant.addingTimeInterval(Double(replica * 7))
                    if world.random(4) == 0 { try world.randomOperation(on: replica) }
                    try world.publish(replica)
                    try world.deliver(to: replica, everything: true)
                }
                most = max(most, world.folder.count)
            }
        }
        try world.settleAndCheck()
        #expect(world.written > 200)
        for replica in 0..<3 {
            let prefix = try world.folderName(replica) + "/"
            #expect(world.folder.filter { $0.name.hasPrefix(prefix) }.count <= 4)
            let remembered = try world.stores[replica].store.db.prepare("SELECT count(*) FROM sync_seen")
                .firstRow { $0.int(0) }
            #expect(remembered == 2)
        }
        #expect(most <= 3 * SyncCompaction.mostFiles)
    }

    /// Stores that held a history before they first synced (the same pack quests and quest-days among
    /// them, done at other moments or paid other rewards) send it as snapshots, with no register per record,
    /// and still converge.
    @Test(arguments: 0..<12)
    func replicasWithAHistoryBeforeTheirFirstSyncConverge(seed: Int) throws {
        var world = try SyncWorld(seed: UInt64(1000 + seed), operationsBeforeJoining: 30)
        for _ in 0..<20 {
            world.advance()
            let replica = world.random(3)
            switch world.random(6) {
            case 0, 1: try world.publish(replica)
            case 2, 3: try world.deliver(to: replica)
            default: try world.randomOperation(on: replica)
            }
        }
        try world.settleAndCheck()
    }

    @Test func theSameQuestDayDoneOnTwoMachinesBeforeTheyFirstSyncedEndsAlikeOnBoth() throws {
        var world = try SyncWorld(seed: 21, operationsBeforeJoining: 0)
        let stores = try (0..<2).map { _ in try TemporaryStore() }
        let pack = try QuestPack.bundled(named: "morning-routine")
        for (index, replica) in stores.enumerated() {
            replica.store.moment = world.now.instant
            _ = try QuestBoard(replica.store).addPack(pack, now: world.now)
            let quest = try #require(try replica.store.db.quests().first)
            let moment = Now(instant: world.now.instant.addingTimeInterval(Double(60 * index)), zone: world.now.zone)
            _ = try Completing(replica.store).complete(
                ItemReference(number: quest.number), early: true, note: "from \(index)", now: moment)
            #expect(try replica.store.joinSync() != .already)
        }
        let files = try stores.map { try #require(try $0.store.syncExport()).file }
        world.advance()
        _ = try stores[0].store.applySync([("B/0.json", files[1])], now: world.now)
        _ = try stores[1].store.applySync([("A/0.json", files[0])], now: world.now)
        // At the base the greater value wins on both: the later moment, "from 1".
        let states = try stores.map { try SyncWorld.state(of: $0.store) }
        #expect(states[0] == states[1])
        #expect(states[0].contains { $0.contains("at 2026-11-21T07:01:00Z from 1") })
        for replica in stores { #expect(try Bookkeeping(replica.store).balance() == pack.quests[0].schedule.reward) }
    }

    @Test func theFirstSyncKeepsNoRegisterPerRecordAndSendsASnapshot() throws {
        let world = try SyncWorld(seed: 5)
        let fresh = try TemporaryStore()
        let store = fresh.store
        store.moment = world.now.instant
        let quest = try QuestBoard(store).add(title: "Run", notes: "", schedule: Schedule(reward: 10), now: world.now)
        _ = try RewardShop(store).add(title: "Cake", notes: "", price: 5)
        _ = try Completing(store).complete("Run", now: world.now)
        _ = try RewardShop(store).buy("Cake", now: world.now)
        #expect(try store.joinSync() != .already)
        #expect(try store.joinSync() == .already)
        // Registers only for what changes field by field (the quest, its schedule, the reward): none for
        // the completion, the purchase or its ledger entry.
        let kinds = try store.db.prepare("SELECT DISTINCT kind FROM sync_register ORDER BY kind").rows {
            $0.text(0)
        }
        #expect(kinds == ["achievement", "quest", "reward", "version"])
        let export = try #require(try store.syncExport())
        #expect(export.file.changes.isEmpty)
        #expect(
            Set(export.file.records.map(\.kind)) == [
                "quest", "version", "reward", "completion", "purchase", "entry", "achievement",
            ])
        #expect(export.file.writtenVersion == 3)
        let decoded = try SyncFile.decode(export.file.encoded())
        #expect(decoded == export.file)
        try store.markExported(through: export.through)
        #expect(try store.syncExport() == nil)
        // Another machine reads the snapshot: the same history, again without a register per record.
        let other = world.stores[0].store
        _ = try other.applySync([("X/0.json", decoded)], now: world.now)
        #expect(try SyncWorld.state(of: other) == SyncWorld.state(of: store))
        #expect(
            try other.db.prepare(
                "SELECT kind || ' ' || field || ' ' || stamp FROM sync_register WHERE kind IN ('completion', 'purchase', 'entry')"
            ).rows { $0.text(0) } == [])
        // A later edit here stamps only the field it changed.
        _ = try QuestBoard(store).edit(
            ItemReference(number: quest.number), changes: QuestChanges(notes: "5 km"), now: world.now)
        #expect(try store.syncExport()?.file.changes.map(\.field) == ["notes"])
    }

    @Test func samePackOnTwoMachinesIsOneSetOfQuestsPaidOnce() throws {
        var world = try SyncWorld(seed: 99)
        let pack = try QuestPack.bundled(named: "morning-routine")
        for replica in 0..<2 {
            _ = try QuestBoard(world.stores[replica].store).addPack(pack, now: world.now)
            let quest = try #require(try world.stores[replica].store.db.quests().first)
            _ = try Completing(world.stores[replica].store).complete(
                ItemReference(number: quest.number), early: true, now: world.now)
        }
        world.advance()
        for replica in 0..<2 { try world.publish(replica) }
        for replica in 0..<2 { try world.deliver(to: replica, everything: true) }
        for replica in 0..<2 {
            let store = world.stores[replica].store
            #expect(try store.db.quests().count == pack.quests.count)
            #expect(try Bookkeeping(store).balance() == pack.quests[0].schedule.reward)
        }
    }

    @Test func aPackQuestArchivedHereIsNotAddedAgain() throws {
        let world = try SyncWorld(seed: 11)
        let store = world.stores[0].store
        let pack = try QuestPack.bundled(named: "study")
        _ = try QuestBoard(store).addPack(pack, now: world.now)
        let first = try #require(try store.db.quests().first)
        _ = try QuestBoard(store).archive(ItemReference(first.title), now: world.now)
        let again = try QuestBoard(store).addPack(pack, now: world.now)
        #expect(again.added.isEmpty)
        #expect(again.present.map(\.id).contains(first.id))
        #expect(try store.db.quests().count == pack.quests.count)
    }

    @Test func textThisMachineWouldRefuseWaitsAndChangesNothing() throws {
        let world = try SyncWorld(seed: 12)
        let store = world.stores[0].store
        let stamp = HybridTime(milliseconds: 1, counter: 0, replica: "X")
        let key = UUID().uuidString
        let file = SyncFile(
            replica: "X",
            changes: ["created": "2026-11-21", "title": "bad\u{0}title", "notes": ""].map {
                SyncChange(stamp: stamp, kind: "quest", key: key, field: $0.key, value: $0.value)
            })
        let outcome = try store.applySync([("X/1.json", file)], now: world.now)
        #expect(outcome.waiting == 1)
        #expect(try store.db.quests().isEmpty)
    }

    @Test func anUndoThatPaidNothingTravels() throws {
        var world = try SyncWorld(seed: 7)
        let a = world.stores[0].store
        let b = world.stores[1].store
        let quest = try QuestBoard(a).add(title: "Free", notes: "", schedule: Schedule(reward: 0), now: world.now)
        _ = try Completing(a).complete(ItemReference(quest.title), now: world.now)
        try world.publish(0)
        try world.deliver(to: 1, everything: true)
        #expect(try b.read { db in try db.paidCompletions(on: world.today) }.count == 1)
        world.advance()
        _ = try Completing(a).undo(ItemReference(quest.title), now: world.now)
        try world.publish(0)
        try world.deliver(to: 1, everything: true)
        #expect(try b.read { db in try db.paidCompletions(on: world.today) }.isEmpty)
    }

    @Test func skipsUnskipsAndVacationsTravel() throws {
        var world = try SyncWorld(seed: 9)
        let a = world.stores[0].store
        let b = world.stores[1].store
        let quest = try QuestBoard(a).add(title: "Walk", notes: "", schedule: Schedule(), now: world.now)
        func sync() throws {
            world.advance()
            for replica in 0..<2 { try world.publish(replica) }
            for replica in 0..<2 { try world.deliver(to: replica, everything: true) }
        }
        try sync()
        // The same quest-day skipped on both machines is one skip (its UUID derives from quest and day).
        _ = try Forgiveness(a).skip(ItemReference(quest.title), reason: "rain", now: world.now)
        _ = try Forgiveness(b).skip(ItemReference(quest.title), reason: "rain", now: world.now)
        let vacation = try Forgiveness(a).addVacation(
            from: .tomorrow, through: .date(world.today.adding(days: 3)), reason: "trip", now: world.now)
        try sync()
        for store in [a, b] {
            #expect(try store.db.neutralDays().isSkipped(1, on: world.today))
            #expect(try store.db.vacations() == [vacation])
            #expect(try store.db.prepare("SELECT count(*) FROM skip").firstRow { $0.int(0) } == 1)
        }
        // Unskip on B and removing the vacation on B travel to A.
        _ = try Forgiveness(b).unskip(ItemReference(quest.title), now: world.now)
        _ = try Forgiveness(b).removeVacation(on: .tomorrow, now: world.now)
        try sync()
        for store in [a, b] {
            #expect(try store.db.neutralDays() == .none)
            #expect(try store.read { db in try db.history(zone: world.now.zone) }.tally(on: world.today).skipped == 0)
        }
        // A completion replaces a skip: the lifted skip travels too.
        _ = try Forgiveness(a).skip(ItemReference(quest.title), now: world.now)
        try sync()
        _ = try Completing(b).complete(ItemReference(quest.title), early: true, now: world.now)
        try sync()
        for store in [a, b] {
            #expect(try store.db.prepare("SELECT count(*) FROM skip").firstRow { $0.int(0) } == 0)
            #expect(try store.read { db in try db.history(zone: world.now.zone) }.tally(on: world.today).isCleared)
        }
    }

    /// A quest-day skipped on two machines at other moments and for other reasons: every machine ends with
    /// the later skip whole, its moment as well as its reason.
    @Test func theLaterSkipOfAQuestDayWinsWhole() throws {
        var world = try SyncWorld(seed: 11)
        let a = world.stores[0].store
        let b = world.stores[1].store
        let quest = try QuestBoard(a).add(title: "Swim", notes: "", schedule: Schedule(), now: world.now)
        try world.publish(0)
        try world.deliver(to: 1, everything: true)
        world.advance()
        a.moment = world.now.instant
        _ = try Forgiveness(a).skip(ItemReference(quest.title), reason: "rain", now: world.now)
        world.advance()
        let later = world.now.instant
        b.moment = later
        _ = try Forgiveness(b).skip(ItemReference(quest.title), reason: "cold", now: world.now)
        world.advance()
        for replica in 0..<2 { try world.publish(replica) }
        for replica in 0..<2 { try world.deliver(to: replica, everything: true) }
        for store in [a, b] {
            let skips = try store.db.records(Skip<UUID>.declaration)
            #expect(skips.map { "\($0.reason) \($0.skippedAt == later)" } == ["cold true"])
        }
    }

    @Test func theLaterEditWinsOnEveryMachine() throws {
        var world = try SyncWorld(seed: 8)
        let a = world.stores[0].store
        let b = world.stores[1].store
        let quest = try QuestBoard(a).add(title: "Read", notes: "", schedule: Schedule(), now: world.now)
        try world.publish(0)
        try world.deliver(to: 1, everything: true)
        world.advance()
        _ = try QuestBoard(b).edit("Read", changes: QuestChanges(title: "Read a book"), now: world.now)
        world.advance()
        _ = try QuestBoard(a).edit("Read", changes: QuestChanges(title: "Read a paper", notes: "arXiv"), now: world.now)
        // B publishes last, but A edited last: A's title wins everywhere; A's notes too.
        try world.publish(0)
        try world.publish(1)
        for replica in 0..<2 { try world.deliver(to: replica, everything: true) }
        for store in [a, b] {
            let titles = try store.db.quests().filter { $0.id == quest.id }.map { "\($0.title)|\($0.notes)" }
            #expect(titles == ["Read a paper|arXiv"])
        }
    }

    @Test func onlyASyncMayLeaveADebt() throws {
        let world = try SyncWorld(seed: 10)
        let store = world.stores[0].store
        #expect(throws: DatabaseError.self) {
            try store.write { db in
                try db.append(
                    LedgerEntry(
                        id: UUID(), at: world.now.instant, amount: -5, kind: .adjustment, reference: nil, memo: ""))
            }
        }
        #expect(try Bookkeeping(store).balance() == 0)
    }

    @Test func purchasesOfTheSameDollarsOnTwoMachinesLeaveADebt() throws {
        var world = try SyncWorld(seed: 9)
        let a = world.stores[0].store
        let b = world.stores[1].store
        _ = try QuestBoard(a).add(title: "Run", notes: "", schedule: Schedule(reward: 30), now: world.now)
        _ = try RewardShop(a).add(title: "Cake", notes: "", price: 25)
        _ = try Completing(a).complete("Run", now: world.now)
        try world.publish(0)
        try world.deliver(to: 1, everything: true)
        world.advance()
        _ = try RewardShop(a).buy("Cake", now: world.now)
        _ = try RewardShop(b).buy("Cake", now: world.now)
        try world.publish(0)
        try world.publish(1)
        for replica in 0..<2 { try world.deliver(to: replica, everything: true) }
        for store in [a, b] {
            #expect(try Bookkeeping(store).balance() == -20)
            #expect(try RewardShop(store).redemptions().count == 2)
            #expect(throws: QuestsError.inDebt(.reward(title: "Cake"), debt: 20)) {
                try RewardShop(store).buy("Cake", now: world.now)
            }
            #expect(throws: QuestsError.inDebt(.streakFreeze, debt: 20)) {
                try Forgiveness(store).buyFreeze(now: world.now)
            }
        }
        // The debt survives a backup: the document says the store synced, and restores and imports elsewhere.
        let backup = try Backup.decode(
            try Backups(a).backup(appVersion: "test", exportedAt: world.now.instant).encoded())
        #expect(backup.synced && backup.allowsDebt())
        let restored = try TemporaryStore()
        try Backups(restored.store).restore(backup, savingCurrentTo: nil)
        #expect(try Bookkeeping(restored.store).balance() == -20)
        #expect(try restored.store.syncReplica() == nil)
        #expect(try restored.store.allowsDebt() && restored.store.db.ledgerProblems().isEmpty)
        #expect(try StoreCheckup.examine(path: restored.path).isHealthy)
        let imported = try TemporaryStore()
        #expect(try Backups(imported.store).importBackup(backup, dryRun: false).balanceAfter == -20)
        #expect(try imported.store.allowsDebt() && StoreCheckup.examine(path: imported.path).isHealthy)
        #expect(try Backups(imported.store).backup(appVersion: "test", exportedAt: world.now.instant).synced)
        // Without the field (a document of a store that never synced) the same debt is refused.
        var unsynced = backup
        unsynced.synced = false
        #expect(throws: BackupError.invalid(JSONError(path: "ledger[2]", problem: .belowZero(balance: -20)))) {
            try Backup.decode(unsynced.encoded())
        }
    }
}

/// Three replicas, a shared folder held in memory, a moment moving on, and a seeded random source.
struct SyncWorld {
    let stores: [TemporaryStore]
    let shared: MemorySyncFolder
    /// Every file in the folder, as `replica/name`, in the order written (compaction removes some).
    var folder: [(name: String, file: SyncFile)] { shared.entries }
    /// How many files were written, compactions' included.
    var written: Int { shared.written }
    var now: Now
    var generator: UInt64
    /// How much bigger an older file must be to be left alone (`SyncCompaction.ratio`).
    var ratio = SyncCompaction.ratio
    /// The chance, in percent, that another replica compacts between a replica's listing of the folder and
    /// its reading of the files.
    var compactionWhileReading = 0
    /// Whether a replica compacts after every file it writes (else at random).
    var alwaysCompact = false
    /// Replicas that neither publish nor read (offline).
    var offline: Set<Int> = []

    /// Three stores (their ids, replica ids included, the same for a seed) that make `operationsBeforeJoining`
    /// random changes before they first sync: each then joins with a history of its own.
    init(seed: UInt64, operationsBeforeJoining: Int = 0) throws {
        stores = try (0..<3).map { try TemporaryStore(ids: .counting(prefix: "0000000\($0)-0000-0000-0000")) }
        generator = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
        shared = MemorySyncFolder(seed: seed)
        now = TemporaryStore.now("2026-11-21T07:00")
        for replica in stores { replica.store.moment = now.instant }
        for _ in 0..<operationsBeforeJoining {
            advance()
            try randomOperation(on: random(3))
        }
        for replica in stores { _ = try replica.store.joinSync() }
    }

    var today: LocalDay { now.position(dayStart: .midnight).day }

    mutating func random(_ bound: Int) -> Int {
        generator = generator &+ 0x9E37_79B9_7F4A_7C15
        var z = generator
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    /// Moves the moment on by up to three hours; replicas' clocks sometimes disagree by a few minutes.
    mutating func advance() {
        now = Now(instant: now.instant.addingTimeInterval(Double(60 + random(180 * 60))), zone: now.zone)
        for replica in stores { replica.store.moment = now.instant.addingTimeInterval(Double(random(600)) - 300) }
    }

    /// The replica folder name of replica `index` (its replica id, as in a real folder).
    func folderName(_ index: Int) throws -> String {
        try stores[index].store.syncReplica() ?? "R\(index)"
    }

    /// The replica writes its new changes as a file, as `quests sync` does (`Syncing`: its name noted before
    /// it is written), and sometimes folds its files.
    mutating func publish(_ replica: Int) throws {
        guard !offline.contains(replica) else { return }
        let syncing = Syncing(stores[replica].store, tag: shared.tag)
        _ = try syncing.writeChanges(to: shared, replica: try folderName(replica))
        if alwaysCompact || random(3) > 0 {
            _ = syncing.compact(shared, replica: try folderName(replica), ratio: ratio)
        }
    }

    /// The replica reads what reached it: some files are late (not yet there), some come twice, some as
    /// conflict copies; sometimes another replica compacts between the listing and the reading, so that
    /// listed files are gone when read (skipped, as `quests sync` does).
    mutating func deliver(to replica: Int, everything: Bool = false) throws {
        guard !offline.contains(replica) else { return }
        let own = try folderName(replica) + "/"
        var arrived: [(name: String, file: SyncFile)] = []
        for entry in folder where !entry.name.hasPrefix(own) {
            if !everything, random(3) == 0 { continue }
            arrived.append(entry)
            if random(4) == 0 { arrived.append((entry.name + ".sync-conflict-20261121-\(random(1000))", entry.file)) }
        }
        if !everything, random(2) == 0 { arrived.shuffle(using: &self) }
        let store = stores[replica].store
        let unread = Set(try store.unreadSyncFiles(arrived.map(\.name)))
        if random(100) < compactionWhileReading {
            let other = (replica + 1 + random(2)) % 3
            if !offline.contains(other) { try publish(other) }
        }
        let present = Set(folder.map(\.name))
        var read: [(name: String, file: SyncFile)] = []
        for entry in arrived where unread.contains(entry.name) || random(5) == 0 {
            // A file removed since the listing is gone; a conflict copy stays while its original... is copied.
            let original = entry.name.components(separatedBy: ".sync-conflict-")[0]
            guard present.contains(original) else { continue }
            read.append(entry)
        }
        let stamped = try store.db.state("seq").flatMap { Int($0) } ?? 0
        _ = try store.applySync(read, now: now)
        try store.forgetSyncNames(
            notIn: arrived.map(\.name), listed: Array(Set(arrived.map { String($0.name.prefix { $0 != "/" }) })))
        // Applying makes records match what arrived: nothing of it comes back as this replica's own change
        // (an apply that lost a field, a flexible schedule's kind say, would be stamped again here).
        let restamped = try store.db.prepare("SELECT kind || ' ' || field FROM sync_register WHERE seq > ?")
            .rows([.integer(Int64(stamped))]) { $0.text(0) }
        #expect(restamped.isEmpty, "applying stamped changes of its own: \(restamped)")
    }

    /// Every replica publishes and reads everything, twice; then all show the same state, the ledger rules
    /// hold on each, and doctor finds each healthy (day counts kept right by the sync, a debt accepted).
    mutating func settleAndCheck(sourceLocation: SourceLocation = #_sourceLocation) throws {
        offline = []
        for _ in 0..<2 {
            for replica in 0..<3 { try publish(replica) }
            for replica in 0..<3 { try deliver(to: replica, everything: true) }
        }
        let states = try stores.map { try Self.state(of: $0.store) }
        #expect(states[0] == states[1], sourceLocation: sourceLocation)
        #expect(states[1] == states[2], sourceLocation: sourceLocation)
        for replica in stores {
            try Self.checkLedger(of: replica.store)
            let checkup = try StoreCheckup.examine(path: replica.path)
            #expect(checkup.isHealthy, "\(checkup.checks.filter { !$0.passed })", sourceLocation: sourceLocation)
        }
    }

    mutating func randomOperation(on replica: Int) throws {
        let store = stores[replica].store
        let quests = try store.db.quests()
        let quest = quests.isEmpty ? nil : ItemReference(number: quests[random(quests.count)].number)
        let day: DayReference = [.yesterday, .today, .today][random(3)]
        // Flexible schedules travel as a version's kind: quotas a week or a month, every N days from a day.
        let flexible = [
            try ScheduleDays.parse("3/week"), try ScheduleDays.parse("8/month"), try ScheduleDays.parse("2/week"),
            ScheduleDays(kind: .every(days: 2 + random(3), from: nil)),
        ]
        do {
            let position = ItemReference(number: 1 + random(3))
            let focusDay: DayReference = [.yesterday, .today, .today, .tomorrow][random(4)]
            switch random(28) {
            case 0: _ = try QuestBoard(store).addPack(QuestPack.bundled[random(QuestPack.bundled.count)], now: now)
            case 1:
                _ = try QuestBoard(store).add(
                    title: "Quest \(random(5))", notes: "", schedule: Schedule(reward: random(3) * 5), now: now)
            case 2, 3, 4: if let quest { _ = try Completing(store).complete(quest, on: day, early: true, now: now) }
            case 5: if let quest { _ = try Completing(store).undo(quest, on: day, now: now) }
            case 6:
                if let quest {
                    _ = try QuestBoard(store).edit(
                        quest, changes: QuestChanges(title: "Edited \(random(9))", reward: random(4) * 5), now: now)
                }
            case 7: if let quest { _ = try QuestBoard(store).archive(quest, now: now) }
            case 8: if let quest { _ = try QuestBoard(store).unarchive(quest, now: now) }
            case 9: _ = try RewardShop(store).add(title: "Reward \(random(3))", notes: "", price: 5 + random(20))
            case 10:
                let rewards = try RewardShop(store).rewards().filter { !$0.removed }
                if !rewards.isEmpty {
                    _ = try RewardShop(store).buy(
                        ItemReference(number: rewards[random(rewards.count)].number), now: now)
                } else {
                    _ = try RewardShop(store).refundLastPurchase(now: now)
                }
            case 11: _ = try Preferences(store).set(.backfillDays, to: String(3 + random(10)))
            case 12, 13:
                if let quest {
                    _ = try Forgiveness(store).skip(quest, on: day, reason: "reason \(random(3))", now: now)
                }
            case 14: if let quest { _ = try Forgiveness(store).unskip(quest, on: day, now: now) }
            case 15:
                _ = try Forgiveness(store).addVacation(
                    from: [.yesterday, .today, .tomorrow][random(3)], through: [nil, .tomorrow][random(2)],
                    reason: "trip \(random(3))", now: now)
            case 16:
                let vacations = try store.db.vacations()
                if !vacations.isEmpty {
                    _ = try Forgiveness(store).removeVacation(
                        on: .date(vacations[random(vacations.count)].days.lowerBound), now: now)
                }
            case 17:
                let days = flexible[random(flexible.count)]
                _ = try QuestBoard(store).add(
                    title: "Flexible \(random(5))", notes: "",
                    schedule: days.applied(to: Schedule(reward: 5 + random(3) * 5)), now: now)
            case 18:
                if let quest {
                    _ = try QuestBoard(store).edit(
                        quest, changes: QuestChanges(days: flexible[random(flexible.count)]), now: now)
                }
            case 19:
                // A quest added by mistake: deleted when it has no history, here and then everywhere it has none.
                if let quest {
                    _ = try QuestBoard(store).delete(
                        id: try QuestBoard(store).questToDelete(quest, now: now).id, now: now)
                }
            // The day's focus: tasks, main quests, their payments, the limit and carry-over travel too.
            case 21, 22:
                _ = try FocusPlanner(store).addTask(
                    "Task \(random(6))", priority: FocusPriority.allCases[random(3)], reward: random(3) * 5,
                    on: focusDay, now: now)
            case 23: _ = try FocusPlanner(store).completeTask(position, on: day, now: now)
            case 24: _ = try FocusPlanner(store).undoTask(position, on: day, now: now)
            case 25:
                if random(2) == 0 {
                    _ = try FocusPlanner(store).dropTask(position, on: focusDay, now: now)
                } else {
                    _ = try FocusPlanner(store).editTask(
                        position, on: focusDay, title: "Edited task \(random(4))", priority: .high, now: now)
                }
            case 26:
                switch random(3) {
                case 0: _ = try FocusPlanner(store).setGoal("Goal \(random(3))", on: focusDay, now: now)
                case 1: _ = try FocusPlanner(store).achieveGoal(on: day, now: now)
                default: _ = try FocusPlanner(store).notYet(on: day, now: now)
                }
            case 27:
                if random(3) == 0 {
                    _ = try Preferences(store).set(.focusLimit, to: String(2 + random(3)))
                } else {
                    _ = try FocusPlanner(store).carry(to: focusDay, now: now)
                }
            default:
                // A completion with a note: the same quest-day done on two machines keeps the later note.
                if let quest {
                    _ = try Completing(store).complete(quest, on: day, early: true, note: "note \(random(4))", now: now)
                }
            }
        } catch is QuestsError {
            // Refused by a rule (not scheduled, already archived, too little DD...): changes nothing.
        }
    }

    /// Everything sync promises to make equal, by identity (numbers differ per machine).
    static func state(of store: QuestStore) throws -> [String] {
        let quests = try store.db.quests()
        let uuidOf = Dictionary(uniqueKeysWithValues: quests.map { ($0.number, $0.id.uuidString) })
        var lines = quests.map { quest in
            "quest \(quest.id) \(quest.title) \(quest.notes) \(quest.createdDay) "
                + quest.versions.map { "\($0.effectiveFrom):\($0.schedule)" }.sorted().joined(separator: ",")
        }
        lines += try store.db.prepare("SELECT quest, day, completed_at, note FROM completion").rows {
            "done \(uuidOf[$0.int(0)] ?? "?") \($0.text(1)) at \($0.text(2)) \($0.text(3))"
        }
        lines += try RewardShop(store).rewards().map { "reward \($0.id) \($0.title) \($0.price) \($0.removed)" }
        lines += try RewardShop(store).redemptions().map { "purchase \($0.id) \($0.title) \($0.price) \($0.refunded)" }
        lines += try store.read { db in try db.records(FocusGoal.declaration, orderedBy: "day") }.map {
            "goal \($0.day) \($0.title) \($0.state) \($0.reward) \(String(describing: $0.carriedFrom)) \($0.setAt)"
        }
        lines += try store.read { db in try db.records(FocusTask.declaration, orderedBy: "id") }.map {
            "task \($0.id) \($0.day) \($0.title) \($0.priority) \(String(describing: $0.at)) \(String(describing: $0.until)) \($0.reward) \($0.state) "
                + "\(String(describing: $0.carriedFrom)) \($0.addedAt)"
        }
        lines += try store.db.prepare(
            "SELECT uuid, amount FROM ledger_entry WHERE kind NOT IN ('quest-reward', 'undo', 'focus-task', 'focus-goal')"
        )
        .rows { "entry \($0.text(0)) \($0.int(1))" }
        lines += try store.db.prepare("SELECT key, value FROM setting").rows {
            "setting \($0.text(0)) \($0.text(1))"
        }
        lines += try store.db.prepare("SELECT key, earned_day FROM achievement").rows {
            "achievement \($0.text(0)) \($0.text(1))"
        }
        lines += try store.db.prepare("SELECT uuid, quest, day, reason FROM skip")
            .rows { "skip \($0.text(0)) \(uuidOf[$0.int(1)] ?? "?") \($0.text(2)) \($0.text(3))" }
        lines += try store.db.vacations().map { "vacation \($0.id) \($0.days) \($0.reason)" }
        lines += try store.read { db in try db.records(JournalEntry.declaration, orderedBy: "id") }.map {
            "journal \($0.id) \($0.day) \($0.text) \($0.createdAt) \($0.updatedAt) \($0.deleted)"
        }
        // What the rule makes of them: each day's counts, skips included.
        lines += try store.db.prepare("SELECT day, completed, unscheduled, skipped FROM day_count")
            .rows { "count \($0.text(0)) \($0.int(1)) \($0.int(2)) \($0.int(3))" }
        lines.append("balance \(try Bookkeeping(store).balance())")
        return lines.sorted()
    }

    /// Balance = sum of the ledger; each quest-day paid at most once net, and only while completed.
    static func checkLedger(of store: QuestStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let sum =
            try store.db.prepare("SELECT coalesce(sum(amount), 0) FROM ledger_entry").firstRow { $0.int(0) }
            ?? 0
        #expect(try Bookkeeping(store).balance() == sum, sourceLocation: sourceLocation)
        // A replica may be in debt (`allowsDebt`): the rules hold otherwise, the running balance included.
        let problems = try store.db.ledgerProblems()
        #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
        let orphans = try store.db.prepare(
            """
            SELECT reference, sum(amount) FROM ledger_entry WHERE kind IN ('quest-reward', 'undo')
            GROUP BY reference HAVING sum(amount) <> 0 AND reference NOT IN (SELECT uuid FROM completion)
              AND reference NOT IN (SELECT uuid FROM focus_task) AND reference NOT IN (SELECT uuid FROM focus_goal)
            """
        ).rows { "\($0.text(0)) \($0.int(1))" }
        #expect(orphans.isEmpty, "paid without a completion: \(orphans)", sourceLocation: sourceLocation)
    }
}

extension SyncWorld: RandomNumberGenerator {
    mutating func next() -> UInt64 { UInt64(random(Int.max)) }
}
