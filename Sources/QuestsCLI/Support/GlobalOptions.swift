import ArgumentParser

/// When to colour output.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The store file (default: $QUESTS_DB, else $XDG_DATA_HOME/quests/quests.sqlite).", valueName: "path"),
        completion: .file())
    var db: String?

    @Option(name: .long, help: "Colour output: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto
}
