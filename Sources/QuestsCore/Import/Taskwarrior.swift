public enum Taskwarrior: ForeignFormat {
    public static let trackerName = "Taskwarrior"
    public static let layout = ExportLayout.file

    public static func read(_ files: ForeignFiles, clock: ImportClock) throws(ImportError) -> ForeignHistory {
        throw ImportError(file: files.name, .notThisFormat(.taskwarrior))
    }
}
