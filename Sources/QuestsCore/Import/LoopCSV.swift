public enum LoopCSV: ForeignFormat {
    public static let trackerName = "Loop Habit Tracker"
    public static let layout = ExportLayout.tree

    public static func read(_ files: ForeignFiles, clock: ImportClock) throws(ImportError) -> ForeignHistory {
        throw ImportError(file: files.name, .notThisFormat(.loop))
    }
}
