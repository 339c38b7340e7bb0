import Foundation
import QuestsCore
import QuestsStore

/// The sync section of the bench (issue 28, docs/performance.md "Sync over years"): two folders holding the
/// same history, built in process by `SyncSimulation`, then timed as whole `quests` processes.
///
/// - `ten-years`: three machines lived the history through the folder, from its first day: each syncs
///   twenty times a day, the second is offline two months in years 3, 6 and 9 and the third three months in
///   year 5 (their users work on meanwhile); in year 7 a conflict copy of a file of the third machine's
///   appears in its folder (what a copy of its store writing the same name leaves), so it becomes a new
///   machine, and a month later the first machine forgets its old id (`sync --forget`). On the last day the
///   first machine is away and the others do its share.
/// - `one-week`: the first machine held the same history up to a week before the end, joined the folder
///   (writing it as one snapshot), the two others joined empty, and the three lived the last week alike.
enum SyncBench {
    struct Paths {
        let root: String
        /// Three machines lived the history through it (ten years unless `--sync-years` says fewer).
        var tenYears: String { root + "/years" }
        var oneWeek: String { root + "/one-week" }
        /// The first machine after the last day: it read everything (a sync with nothing new).
        var quiet: String { root + "/t-a.sqlite" }
        /// The first machine before the last day (a sync bringing the day).
        var beforeDay: String { root + "/before-day.sqlite" }
        var summary: String { root + "/summary.txt" }
    }

    static func day(_ number: Int, hour: Double) -> Date {
        Date(timeIntervalSince1970: Double(number) * 86_400 + hour * 3_600)
    }

    /// Builds both folders under `root`; writes a summary (`key value` lines) and returns it as text.
    @MainActor static func build(root: String, years: Int, history backup: Backup, now: Date, calendar: Calendar) throws
        -> String
    {
        let paths = Paths(root: root)
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let last = Int(now.timeIntervalSince1970 / 86_400)
        let first = last - 365 * years - years / 4
        var summary: [(String, String)] = []
        var report = ""
        let started = Date()

        // Ten years, three machines.
        let machines = try ["a", "b", "c"].map { try SyncSimulation.Machine(name: $0, path: root + "/t-\($0).sqlite") }
        for year in [2, 5, 8] where year < years {
            machines[1].offline.append((first + year * 365 + 150)..<(first + year * 365 + 210))
        }
        if years > 4 { machines[2].offline.append((first + 4 * 365 + 30)..<(first + 4 * 365 + 120)) }
        machines[0].offline.append(last..<(last + 1))
        let world = try SyncSimulation(folder: paths.tenYears, machines: machines, calendar: calendar)
        try restore(
            SyncSimulation.history(backup, from: first, before: first), into: machines[0], at: day(first, hour: 0))
        for index in [0, 1, 2, 0] { try world.sync(index, at: day(first, hour: 6)) }
        var events = SyncSimulation.events(of: backup, days: first..<(last + 1), awayOn: last)
        let copyDay = first + 6 * 365 + 100
        if years > 6 { events.append(.init(at: day(copyDay, hour: 12), machine: 2, action: .conflictCopy)) }
        var forgotten: String?
        try world.live(events, days: first..<(last + 1)) { dayNumber in
            if dayNumber == last - 1 {
                // What the first machine did late that day goes out now; then it is away for the last day.
                try world.sync(0, at: day(last, hour: 0.5))
                machines[0].close()
                try FileManager.default.copyItem(atPath: machines[0].path, toPath: paths.beforeDay)
            }
            if dayNumber >= copyDay + 30, forgotten == nil, let renewal = world.renewals.first {
                try world.forget(renewal.previous, on: 0, at: day(dayNumber, hour: 23))
                forgotten = renewal.previous
            }
            if (dayNumber - first) % 365 == 364 {
                let census = world.census()
                print(
                    String(
                        format:
                            "  year %d: %d syncs, %d files written, %d read, %d compactions; folder %@, %.1f MB (%.0f s)",
                        (dayNumber - first) / 365 + 1, world.syncs, world.filesWritten, world.filesRead,
                        world.compactions,
                        census.files.values.map(String.init).joined(separator: "+"), Double(census.bytes) / 1e6,
                        Date().timeIntervalSince(started)))
            }
        }
        try world.sync(0, at: day(last, hour: 23))
        let census = world.census()
        let snapshot = try snapshotBytes(of: machines[0], at: now, root: root)
        for machine in machines { machine.close() }
        summary += [
            ("syncs", "\(world.syncs)"), ("written", "\(world.filesWritten)"), ("read", "\(world.filesRead)"),
            ("compactions", "\(world.compactions)"), ("renewals", "\(world.renewals.count)"),
            ("mostFiles", "\(world.mostFiles)"),
            ("actions", "\(world.done)"), ("refused", "\(world.refused.values.reduce(0, +))"),
            ("files", census.files.sorted { $0.key < $1.key }.map { "\($0.value)" }.joined(separator: "+")),
            ("bytes", "\(census.bytes)"), ("snapshot", "\(snapshot)"),
        ]
        report += String(
            format:
                "%d years, three machines: %d syncs wrote %d files (%d compactions, %d renewal(s), at most %d files of one machine at once); %d actions done, %d refused %@\n",
            years, world.syncs, world.filesWritten, world.compactions, world.renewals.count, world.mostFiles,
            world.done,
            world.refused.values.reduce(0, +), world.refused.description)
        report += String(
            format:
                "  folder: %@ files by machine, %.1f MB = %.2f × one machine's snapshot of the same history (%.1f MB); %.0f s\n",
            census.files.sorted { $0.key < $1.key }.map { "\($0.value)" }.joined(separator: "+"),
            Double(census.bytes) / 1e6,
            Double(census.bytes) / Double(snapshot), Double(snapshot) / 1e6, Date().timeIntervalSince(started))

        // One week, the same history.
        let week = try ["a", "b", "c"].map { try SyncSimulation.Machine(name: $0, path: root + "/w-\($0).sqlite") }
        week[0].offline.append(last..<(last + 1))
        let young = try SyncSimulation(folder: paths.oneWeek, machines: week, calendar: calendar)
        try restore(
            SyncSimulation.history(backup, from: first, before: last - 6), into: week[0], at: day(last - 7, hour: 22))
        for index in [0, 1, 2, 0] { try young.sync(index, at: day(last - 7, hour: 23)) }
        try young.live(
            SyncSimulation.events(of: backup, days: (last - 6)..<(last + 1), awayOn: last),
            days: (last - 6)..<(last + 1))
        try young.sync(0, at: day(last, hour: 23))
        for machine in week { machine.close() }
        let youngCensus = young.census()
        summary += [
            ("weekFiles", youngCensus.files.sorted { $0.key < $1.key }.map { "\($0.value)" }.joined(separator: "+")),
            ("weekBytes", "\(youngCensus.bytes)"),
        ]
        report += String(
            format: "one week after joining with the same history: %@ files by machine, %.1f MB; %.0f s in all\n",
            youngCensus.files.sorted { $0.key < $1.key }.map { "\($0.value)" }.joined(separator: "+"),
            Double(youngCensus.bytes) / 1e6, Date().timeIntervalSince(started))
        try summary.map { "\($0.0) \($0.1)" }.joined(separator: "\n").write(
            toFile: paths.summary, atomically: true, encoding: .utf8)
        return report
    }

    /// Loads `backup` into the machine's store as `quests restore` does.
    @MainActor static func restore(_ backup: Backup, into machine: SyncSimulation.Machine, at moment: Date) throws {
        let store = try machine.open()
        store.moment = moment
        try Backups(store).restore(backup, savingCurrentTo: machine.path + ".empty")
        try FileManager.default.removeItem(atPath: machine.path + ".empty")
    }

    /// The size of the snapshot a store holding the machine's history writes when it first syncs.
    @MainActor static func snapshotBytes(of machine: SyncSimulation.Machine, at now: Date, root: String) throws -> Int {
        let backup = try Backups(machine.open()).backup(appVersion: "quests-bench", exportedAt: now)
        let fresh = try SyncSimulation.Machine(name: "snapshot", path: root + "/snapshot.sqlite")
        try restore(backup, into: fresh, at: now)
        // Its first sync, into a folder of its own: the one file it writes is the snapshot.
        let folder = root + "/snapshot"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let syncFolder = try FileSyncFolder(folder)
        let report = try Syncing(try fresh.open()).sync(through: syncFolder, now: Now(instant: now, zone: .utc))
        let bytes = syncFolder.bytes(of: report.replica)
        fresh.close()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: fresh.path + suffix) }
        try FileManager.default.removeItem(atPath: folder)
        return bytes
    }
}
