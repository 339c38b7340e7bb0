// quests-bench: generates a ten-year store with quests' own code (in a child process), then times quests
// commands as whole processes against a floor binary and `sqlite3 -json`. Run it through scripts/bench,
// which builds the release binaries first.
// Usage: quests-bench [--runs N] [--work DIR] [--dynamic PATH-TO-DYNAMIC-QUESTS] [--sync-years N] [--sync-only]
import Foundation
import QuestsCore
import QuestsStore

let usage = "usage: quests-bench [--runs N] [--work DIR] [--dynamic PATH] [--sync-years N] [--sync-only]"
var options = (runs: 15, work: "/tmp/quests-bench", dynamic: String?.none, syncYears: 1, syncOnly: false)
let childModes: Set<String> = ["generate", "simulate-sync"]
var argumentList = Array(CommandLine.arguments.dropFirst().drop(while: { childModes.contains($0) }))
while !argumentList.isEmpty {
    let flag = argumentList.removeFirst()
    if flag == "--sync-only" {
        options.syncOnly = true
        continue
    }
    guard let value = argumentList.first else {
        print("\(flag) needs a value")
        exit(64)
    }
    argumentList.removeFirst()
    switch flag {
    case "--runs": options.runs = Int(value) ?? options.runs
    case "--work": options.work = value
    case "--dynamic": options.dynamic = value
    case "--sync-years": options.syncYears = min(max(Int(value) ?? options.syncYears, 0), 10)
    default:
        print("unknown option \(flag); \(usage)")
        exit(64)
    }
}

let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
let quests = buildFolder + "/quests"
let floor = buildFolder + "/quests-floor"
let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first { FileManager.default.isExecutableFile(atPath: $0) }
let work = options.work
let files = FileManager.default
if !childModes.contains(CommandLine.arguments.dropFirst().first ?? "") {
    try? files.removeItem(atPath: work)
    try files.createDirectory(atPath: work, withIntermediateDirectories: true)
}

setenv("TZ", "UTC", 1)
tzset()
let nowText = "2026-11-21T20:00"
let now = Date(timeIntervalSince1970: Double(LocalDay(nowText.prefix(10))?.dayNumber ?? 0) * 86_400 + 20 * 3_600)
var calendar = Calendar(identifier: .gregorian)
calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone

/// Writes the generated history into a new store at `path` (through restore, as a user would load it),
/// records its achievements, and returns the quest `complete` can time: due today, open, not done yet.
@MainActor func makeStore(_ generator: HistoryGenerator, at path: String) throws -> (backup: Backup, openQuest: Int) {
    let started = Date()
    var backup = generator.backup(now: now)
    backup.journal = generator.journal(now: now)
    let store = try QuestStore(path: path, ids: .random)
    try Backups(store).restore(backup, savingCurrentTo: path + ".empty")
    try files.removeItem(atPath: path + ".empty")
    let focus = try generator.addFocus(to: path, now: now, calendar: calendar)
    _ = try ProgressTracker(store).achievements(now: Now(instant: now, calendar: calendar))
    let today = LocalDay(dayNumber: Int(now.timeIntervalSince1970 / 86_400))
    let doneToday = Set(backup.completions.filter { $0.day == today }.map(\.quest))
    guard
        let open = backup.quests.first(where: { quest in
            quest.isScheduled(on: today) && !doneToday.contains(quest.id)
                && (quest.schedule(on: today)?.time?.minutes ?? 0) <= 20 * 60
        })
    else { throw ProcessTimer.Failure(description: "no open quest today") }
    let ledgerCount = backup.ledger.count
    print(
        String(
            format:
                "generated %@: %d quests, %d completions, %d ledger entries, %d rewards, %d purchases, "
                + "a focus on %d days with %d tasks in %.1f s",
            (path as NSString).lastPathComponent, backup.quests.count, backup.completions.count, ledgerCount,
            backup.rewards.count, backup.redemptions.count, focus.days, focus.tasks, Date().timeIntervalSince(started)))
    return (try Backups(store).backup(appVersion: "quests-bench", exportedAt: now), open.number)
}

// Generating holds the whole history in memory. It runs in a child process: a process started from a
// large one inherits its peak memory figure, which would hide the commands' own.
if CommandLine.arguments.dropFirst().first == "generate" {
    let history = try makeStore(HistoryGenerator(), at: work + "/history.sqlite")
    let perfect = try makeStore(HistoryGenerator(completionRate: 1), at: work + "/perfect.sqlite")
    try Data(history.backup.encoded()).write(to: URL(fileURLWithPath: work + "/history.json"))
    try "\(history.openQuest) \(perfect.openQuest)".write(
        toFile: work + "/open-quests", atomically: true, encoding: .utf8)
    exit(0)
}
// The sync section's folders (three machines syncing through ten years, SyncBench) are built in a child
// process too.
if CommandLine.arguments.dropFirst().first == "simulate-sync" {
    print(
        try SyncBench.build(
            root: work + "/sync-years", years: options.syncYears, history: HistoryGenerator().backup(now: now),
            now: now, calendar: calendar), terminator: "")
    exit(0)
}
var openQuests: [Int] = []
if !options.syncOnly {
    _ = try ProcessTimer.spawn(
        [CommandLine.arguments[0], "generate", "--work", work], environment: ["TZ": "UTC"],
        stdout: work + "/generated.txt")
    print(try String(contentsOfFile: work + "/generated.txt", encoding: .utf8), terminator: "")
    openQuests = try String(contentsOfFile: work + "/open-quests", encoding: .utf8).split(separator: " ").compactMap {
        Int($0)
    }
}
let backupFile = work + "/history.json"

// The release binary must resolve time zones by name with their DST rules: a static build that lost ICU's
// time zones would fall back to GMT silently, and debug builds (what the tests run) would not show it.
// 23:30 UTC on 2026-03-29 is already the 30th in Berlin (summer time, +2).
let zoneCheck = work + "/zone-check.json"
_ = try ProcessTimer.spawn(
    [quests, "board", "--json", "--db", work + "/zone-check.sqlite"],
    environment: ["TZ": "Europe/Berlin", "QUESTS_NOW": "2026-03-29T23:30:00Z", "HOME": work], stdout: zoneCheck)
guard try String(contentsOfFile: zoneCheck, encoding: .utf8).contains("\"today\" : \"2026-03-30\"") else {
    print("error: \(quests) does not resolve time zones (Europe/Berlin read as GMT); its figures would be meaningless")
    exit(1)
}

let baseEnvironment = ["TZ": "UTC", "QUESTS_NOW": nowText, "HOME": work, "PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
// A user's store was judged by their earlier commands (`complete`, `achievements`) that day, in their time
// zone: judged so by the binary timed, `complete` meets the stores as it meets theirs.
for store in ["history", "perfect"] where !options.syncOnly {
    _ = try ProcessTimer.spawn(
        [quests, "achievements"], environment: baseEnvironment.merging(["QUESTS_DB": work + "/\(store).sqlite"]) { $1 })
}
let timer = ProcessTimer(
    environment: baseEnvironment.merging(["QUESTS_DB": work + "/history.sqlite"]) { $1 }, runs: options.runs)
let perfectTimer = ProcessTimer(
    environment: baseEnvironment.merging(["QUESTS_DB": work + "/perfect.sqlite"]) { $1 }, runs: options.runs)

// SPEC 11's budget, against the floor: what a person types or a bar runs, a command that writes with its
// durable commit, a report over a month.
let read = 2.0
let write = 2.5
let monthReport = 3.0

/// One line of the report: a command's figures against its reference and target.
struct Line {
    let name: String
    let figures: ProcessTimer.Figures
    let reference: (name: String, figures: ProcessTimer.Figures)?
    let target: Double?
    let memoryTarget: Double?

    var ratio: Double? { reference.map { figures.median / $0.figures.median } }

    var markdown: String {
        let ratioText =
            ratio.map { String(format: "%.2f× %@ (%.1f)", $0, reference?.name ?? "", reference?.figures.median ?? 0) }
            ?? "—"
        let targetText = target.map { "≤ \(Self.decimals($0))×" } ?? "—"
        let memoryText = memoryTarget.map { String(format: " (≤ %.0f)", $0) } ?? ""
        var verdict = "—"
        if let ratio, let target { verdict = ratio <= target ? "met" : "above" }
        if let memoryTarget, figures.peakMegabytes > memoryTarget { verdict = "above (memory)" }
        return String(
            format: "| %@ | %.1f | %.1f–%.1f | %@ | %@ | %@ | %.1f%@ | %@ |", name, figures.median,
            figures.lowerQuartile, figures.upperQuartile, ratioText, instructionsText, targetText,
            figures.peakMegabytes, memoryText, verdict)
    }

    /// The instructions of one run in millions, and their ratio to the reference's; "—" when not counted.
    var instructionsText: String {
        guard let instructions = figures.instructions else { return "—" }
        let millions = String(format: "%.2f", Double(instructions) / 1e6)
        guard let referenceInstructions = reference?.figures.instructions else { return millions }
        return millions + String(format: " (%.2f×)", Double(instructions) / Double(referenceInstructions))
    }

    /// `value` with one decimal, or two where one would round it (1.5 → "1.5", 1.25 → "1.25").
    static func decimals(_ value: Double) -> String {
        let one = String(format: "%.1f", value)
        return Double(one) == value ? one : String(format: "%.2f", value)
    }
}

@MainActor func removeSavedCopies(of path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    for file in try files.contentsOfDirectory(atPath: folder) where file.hasPrefix(name + ".before-restore-") {
        try files.removeItem(atPath: folder + "/" + file)
    }
}

@MainActor func measure(_ timer: ProcessTimer, label: String, store: String, openQuest: Int) throws -> [Line] {
    print("timing \(label)…")
    let floorCommand = [floor, store]
    func line(
        _ name: String, target: Double?, memory: Double? = nil, _ arguments: [String],
        before: () throws -> Void = {}, after: () throws -> Void = {}
    ) throws -> Line {
        let (figures, floorFigures) = try timer.compare(
            [quests] + arguments, with: floorCommand, before: before, after: after)
        return Line(
            name: "\(label) \(name)", figures: figures, reference: floorFigures.map { (name: "floor", figures: $0) },
            target: target, memoryTarget: memory)
    }
    /// The board in German against the board in English (issue 26: the catalog costs nothing a user feels).
    func boardInGerman() throws -> Line {
        let (german, english) = try timer.compare(
            [quests, "board"], with: [quests, "board"], extra: ["LANG": "de_DE.UTF-8"])
        return Line(
            name: "\(label) board in German", figures: german,
            reference: english.map { (name: "board in English", figures: $0) }, target: 1.05, memoryTarget: 25)
    }
    let quest = String(openQuest)
    let complete = { _ = try ProcessTimer.spawn([quests, "complete", quest], environment: timer.environment) }
    let undo = { _ = try ProcessTimer.spawn([quests, "undo", quest], environment: timer.environment) }
    return [
        Line(
            name: "\(label) floor", figures: try timer.time(floorCommand), reference: nil, target: nil,
            memoryTarget: nil),
        try line("board", target: read, memory: 25, ["board"]),
        try boardInGerman(),
        try line("status", target: read, memory: 25, ["status"]),
        try line("focus", target: read, memory: 25, ["focus"]),
        try line("month", target: read, memory: 25, ["month"]),
        try line("journal", target: read, memory: 25, ["journal"]),
        try line("journal --insights", target: read, memory: 25, ["journal", "--insights"]),
        try line("complete", target: write, ["complete", quest], after: undo),
        try line("undo", target: write, ["undo", quest], before: complete),
        try line("streak", target: read, memory: 25, ["streak"]),
        try line("heatmap", target: read, memory: 25, ["heatmap"]),
        try line("achievements", target: read, memory: 25, ["achievements"]),
        try line("shop", target: read, memory: 25, ["shop"]),
        try line("stats", target: monthReport, memory: 25, ["stats"]),
        try line("show", target: read, memory: 25, ["show", quest]),
        try line("log --month", target: monthReport, memory: 25, ["log", "--month", "2026-10"]),
        // Its target is absolute: the whole ten years to a pipe within 1 s (1000 ms in the median column).
        try line("log (whole, to a pipe)", target: nil, ["log"]),
    ]
}

/// `quests sync` on the ten-year history, two machines through a plain folder: `here` synced and read the
/// other machine's snapshot; a sync with nothing new, then one bringing in a day of the other machine's
/// changes (five completions, an undo and a redo, an edit), each run on the store as it was before it.
@MainActor func measureSync(_ timer: ProcessTimer) throws -> [Line] {
    print("timing sync…")
    let folder = work + "/sync"
    let share = folder + "/share"
    let thereShare = folder + "/there-share"
    for path in [share, thereShare] { try files.createDirectory(atPath: path, withIntermediateDirectories: true) }
    let here = folder + "/here.sqlite"
    let there = folder + "/there.sqlite"
    let day = folder + "/day.sqlite"
    for path in [here, there] { try files.copyItem(atPath: work + "/history.sqlite", toPath: path) }
    func run(_ arguments: [String]) throws {
        _ = try ProcessTimer.spawn([quests] + arguments, environment: timer.environment)
    }
    /// The other machine's files reach the shared folder (as Syncthing would carry them).
    func deliver() throws {
        for replica in try files.contentsOfDirectory(atPath: thereShare) {
            try files.createDirectory(atPath: share + "/" + replica, withIntermediateDirectories: true)
            for file in try files.contentsOfDirectory(atPath: thereShare + "/" + replica)
            where !files.fileExists(atPath: share + "/" + replica + "/" + file) {
                try files.copyItem(
                    atPath: thereShare + "/" + replica + "/" + file, toPath: share + "/" + replica + "/" + file)
            }
        }
    }
    try run(["sync", share, "--db", here])
    try run(["sync", thereShare, "--db", there])
    try deliver()
    try run(["sync", share, "--db", here])
    var completed: [Int] = []
    for quest in 1...50 where completed.count < 5 {
        if (try? run(["complete", String(quest), "--early", "--db", there])) != nil { completed.append(quest) }
    }
    if let last = completed.last {
        try run(["undo", String(last), "--db", there])
        try run(["complete", String(last), "--early", "--db", there])
    }
    try run(["edit", "1", "--title", "Quest one", "--db", there])
    try run(["sync", thereShare, "--db", there])
    try files.copyItem(atPath: here, toPath: folder + "/before-day.sqlite")
    try deliver()
    let floorCommand = [floor, here]
    let (nothing, nothingFloor) = try timer.compare([quests, "sync", share, "--db", here], with: floorCommand)
    let (dayFigures, dayFloor) = try timer.compare(
        [quests, "sync", share, "--db", day], with: floorCommand,
        before: {
            for suffix in ["", "-wal", "-shm"] { try? files.removeItem(atPath: day + suffix) }
            try files.copyItem(atPath: folder + "/before-day.sqlite", toPath: day)
            // The copy's pages are written out now, not by the sync's first fsync inside the timed run.
            let copy = FileHandle(forUpdatingAtPath: day)
            try copy?.synchronize()
            try copy?.close()
        })
    return [
        Line(
            name: "ten-year sync (nothing new)", figures: nothing,
            reference: nothingFloor.map { (name: "floor", figures: $0) },
            target: read, memoryTarget: 25),
        Line(
            name: "ten-year sync (a day from another machine)", figures: dayFigures,
            reference: dayFloor.map { (name: "floor", figures: $0) },
            target: write, memoryTarget: nil),
    ]
}

/// What the sync simulation left, printed after the table.
var syncYearsReport = ""

/// Sync after years of three machines syncing twenty times a day (SyncBench, built in a child process): a
/// sync with nothing new and one bringing the last day of the two other machines' changes, each against the
/// floor on the same store; a new empty machine joining the ten-year folder against one joining the
/// one-week folder, which holds the same history as one snapshot and a week of files. Each timed sync runs
/// on the store as it was before it; the folders must come out of the timing as they went in.
@MainActor func measureSyncYears() throws -> [Line] {
    print("simulating \(options.syncYears) years of three machines syncing twenty times a day…")
    _ = try ProcessTimer.spawn(
        [CommandLine.arguments[0], "simulate-sync", "--work", work, "--sync-years", String(options.syncYears)],
        environment: ["TZ": "UTC"], stdout: work + "/simulated-sync.txt")
    let simulated = try String(contentsOfFile: work + "/simulated-sync.txt", encoding: .utf8)
    print(simulated, terminator: "")
    syncYearsReport = simulated.split(separator: "\n").filter { !$0.hasPrefix("  year") }.joined(separator: "\n")
    let paths = SyncBench.Paths(root: work + "/sync-years")
    print("timing sync after \(options.syncYears) years…")
    let environment = baseEnvironment.merging(["QUESTS_NOW": "2026-11-21T23:30"]) { $1 }
    let syncTimer = ProcessTimer(environment: environment, runs: options.runs)
    let floorCommand = [floor, paths.quiet]
    func census(_ folder: String) -> [String] { (files.subpaths(atPath: folder) ?? []).sorted() }
    func remove(_ path: String) { for suffix in ["", "-wal", "-shm"] { try? files.removeItem(atPath: path + suffix) } }
    let folders = (census(paths.tenYears), census(paths.oneWeek))
    let (quiet, quietFloor) = try syncTimer.compare(
        [quests, "sync", paths.tenYears, "--db", paths.quiet], with: floorCommand)
    let day = paths.root + "/day.sqlite"
    let (dayFigures, dayFloor) = try syncTimer.compare(
        [quests, "sync", paths.tenYears, "--db", day], with: floorCommand,
        before: {
            remove(day)
            try files.copyItem(atPath: paths.beforeDay, toPath: day)
            // The copy's pages are written out now, not by the sync's first fsync inside the timed run.
            let copy = FileHandle(forUpdatingAtPath: day)
            try copy?.synchronize()
            try copy?.close()
        })
    // Joining takes seconds: fewer runs.
    let joinTen = paths.root + "/join-ten.sqlite"
    let joinWeek = paths.root + "/join-week.sqlite"
    remove(joinTen)
    remove(joinWeek)
    var joinTimer = ProcessTimer(environment: environment, runs: max(3, options.runs / 3))
    joinTimer.warmups = 1
    joinTimer.countsInstructions = false  // billions each: minutes under callgrind
    let (joinTenFigures, joinWeekFigures) = try joinTimer.compare(
        [quests, "sync", paths.tenYears, "--db", joinTen],
        with: [quests, "sync", paths.oneWeek, "--db", joinWeek],
        after: {
            remove(joinTen)
            remove(joinWeek)
        })
    guard census(paths.tenYears) == folders.0, census(paths.oneWeek) == folders.1 else {
        throw ProcessTimer.Failure(description: "a timed sync changed a sync folder")
    }
    let label = "\(options.syncYears)-year 3-machine sync"
    return [
        Line(
            name: "\(label) (nothing new)", figures: quiet, reference: quietFloor.map { (name: "floor", figures: $0) },
            target: read, memoryTarget: 25),
        Line(
            name: "\(label) (the last day of the 2 others)", figures: dayFigures,
            reference: dayFloor.map { (name: "floor", figures: $0) },
            target: write, memoryTarget: nil),
        Line(
            name: "new machine joins, after 1 week", figures: joinWeekFigures ?? joinTenFigures, reference: nil,
            target: nil, memoryTarget: nil),
        Line(
            name: "new machine joins, after \(options.syncYears) years", figures: joinTenFigures,
            reference: joinWeekFigures.map { (name: "after 1 week", figures: $0) }, target: 1, memoryTarget: nil),
    ]
}

var lines: [Line] = []
if !options.syncOnly {
    lines += try measure(timer, label: "ten-year", store: work + "/history.sqlite", openQuest: openQuests[0])
    lines += try measureSync(timer)
}
if options.syncYears > 0 { lines += try measureSyncYears() }
if !options.syncOnly {
    lines += try measure(perfectTimer, label: "perfect", store: work + "/perfect.sqlite", openQuest: openQuests[1])
    print("timing backup, import and restore…")
}
/// What the day's snapshot adds to the first write of the day, and a JSON backup's time (SPEC 21: under a third).
var snapshotCost: (added: Double, backup: Double)?
if options.syncOnly {
} else if let sqlite3 {
    // Each reads or writes the whole history: minutes under callgrind, so wall time alone.
    var timer = timer
    timer.countsInstructions = false
    // Every table the store holds but the sync bookkeeping, which a backup leaves out.
    _ = try ProcessTimer.spawn(
        [
            sqlite3, work + "/history.sqlite",
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'sync_%'",
        ], environment: [:], stdout: work + "/tables.txt")
    let tables = try String(contentsOfFile: work + "/tables.txt", encoding: .utf8).split(separator: "\n")
    let dump = try timer.time(
        [sqlite3, "-json", work + "/history.sqlite", tables.map { "SELECT * FROM \($0);" }.joined(separator: " ")],
        stdout: work + "/dump.json")
    let reference = (name: "sqlite3", figures: dump)
    lines.append(Line(name: "sqlite3 -json dump", figures: dump, reference: nil, target: nil, memoryTarget: nil))
    let backup = try timer.time(
        [quests, "backup", work + "/out.json"], after: { try files.removeItem(atPath: work + "/out.json") })
    lines.append(Line(name: "backup", figures: backup, reference: reference, target: 2, memoryTarget: 150))
    // SPEC 21: the first write of a day takes the day's snapshot first, which may cost it less than a third of
    // a JSON backup of the same store more than a plain write. A plain write finds today's snapshot there;
    // the first of the day finds the backups folder gone (as on a new day) and takes one.
    let quest = String(openQuests[0])
    let undo = { _ = try ProcessTimer.spawn([quests, "undo", quest], environment: timer.environment) }
    let plainWrite = try timer.time([quests, "complete", quest], after: undo)
    let firstWrite = try timer.time(
        [quests, "complete", quest], before: { try? files.removeItem(atPath: work + "/backups") }, after: undo)
    lines.append(
        Line(
            name: "complete, first of the day (snapshot)", figures: firstWrite,
            reference: (name: "complete", figures: plainWrite), target: nil, memoryTarget: nil))
    snapshotCost = (firstWrite.median - plainWrite.median, backup.median)
    let target = work + "/target.sqlite"
    lines.append(
        Line(
            name: "restore",
            figures: try timer.time(
                [quests, "restore", "--yes", backupFile, "--db", target],
                before: { try files.copyItem(atPath: work + "/history.sqlite", toPath: target) },
                after: {
                    try files.removeItem(atPath: target)
                    try removeSavedCopies(of: target)
                }),
            reference: reference, target: 3, memoryTarget: 100))
    // What SQLite itself takes to put the same pages into a store as restore does (its backup API, into a
    // store that keeps a write-ahead log), with nothing to read or check.
    let pageCopy = try timer.time(
        [sqlite3, target, ".restore " + work + "/history.sqlite"],
        before: {
            try files.copyItem(atPath: work + "/history.sqlite", toPath: target)
        }, after: { try files.removeItem(atPath: target) })
    lines.append(
        Line(
            name: "sqlite3 .restore (the same pages, no reading)", figures: pageCopy,
            reference: reference, target: nil, memoryTarget: nil))
    lines.append(
        Line(
            name: "import (all present)", figures: try timer.time([quests, "import", backupFile]),
            reference: reference, target: nil, memoryTarget: 150))
} else {
    print("sqlite3 not found: skipping backup, restore and import (install the sqlite3 package)")
}

if let dynamic = options.dynamic, !options.syncOnly {
    print("timing start-up…")
    let staticStart = try timer.time([quests, "--version"])
    let reference = (name: "static", figures: staticStart)
    lines.append(
        Line(
            name: "start-up, static (`--version`)", figures: staticStart, reference: nil, target: nil, memoryTarget: nil
        ))
    lines.append(
        Line(
            name: "start-up, dynamic (`--version`)", figures: try timer.time([dynamic, "--version"]),
            reference: reference, target: nil, memoryTarget: nil))
}

print("")
print("\(options.runs) runs each after 2 warm-ups; milliseconds (median, interquartile range); peak RSS in MB.")
print(
    "Each command's floor runs alternate with its own runs; the ratio is of the two medians (floor median in brackets)."
)
print(
    "A child inherits its parent's peak memory figure, so figures up to the harness's own (about 16 MB) read as that.")
if ProcessTimer.valgrind == nil {
    print("valgrind not found: instructions not counted (install the valgrind package)")
} else {
    print("Instructions: one more run of each under callgrind, in millions (ratio to its reference's).")
}
print("")
print("| command | median ms | IQR ms | ratio | instructions M | target | peak MB | verdict |")
print("|---|---|---|---|---|---|---|---|")
for line in lines { print(line.markdown) }
if let snapshotCost {
    print("")
    print(
        String(
            format: "The day's snapshot adds %.1f ms to the first write of the day: %.2f of a JSON backup (%.1f ms); "
                + "target under 0.33, %@.", snapshotCost.added, snapshotCost.added / snapshotCost.backup,
            snapshotCost.backup, snapshotCost.added < snapshotCost.backup / 3 ? "met" : "above"))
}
if !syncYearsReport.isEmpty {
    print("")
    print(syncYearsReport)
}
