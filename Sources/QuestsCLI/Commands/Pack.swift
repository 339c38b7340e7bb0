import ArgumentParser
import FoundationEssentials
import QuestsCore
import QuestsStore

extension Quests {
    /// `quests pack`: ready-made sets of quests.
    struct Pack: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pack",
            abstract: "Start from a ready-made pack of quests.",
            discussion: """
                quests comes with Morning Routine, Fitness, Study and Self-Care ('quests pack list' shows them all). A pack \
                file of your own uses the same JSON format (see docs/packs.md).

                Examples:
                  quests pack list
                  quests pack show morning-routine
                  quests pack add fitness
                  quests pack add ./my-pack.json
                """,
            subcommands: [List.self, Show.self, Add.self],
            defaultSubcommand: List.self
        )
    }
}

extension Quests.Pack {
    /// `quests pack list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the bundled packs.",
            discussion: """
                Examples:
                  quests pack list
                  quests pack list --json
                """
        )

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        /// Packs need no store; taken so that global options work with every command (`quests --db X pack list`).
        @OptionGroup var options: GlobalOptions

        func run() throws {
            let packs = QuestPack.bundled
            if json {
                try JSONOutput.print(["packs": packs.map(JSONShapes.PackSummary.init)])
                return
            }
            let idWidth = packs.map(\.id.count).max() ?? 0
            let width = Terminal.columns()
            for pack in packs.map(PackWording.worded) {
                print(
                    DisplayWidth.truncate(
                        "\(Format.pad(pack.id, idWidth))  \(pack.name) · \(Message.packQuests(count: pack.quests.count))",
                        to: width))
                print(
                    String(repeating: " ", count: idWidth + 2)
                        + DisplayWidth.truncate(pack.description, to: width - idWidth - 2))
            }
            print("")
            for line in DisplayWidth.wrap(Message.packListHint, to: width) { print(line) }
        }
    }

    /// `quests pack show NAME`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show the quests of a bundled pack or a pack file.",
            discussion: """
                Examples:
                  quests pack show fitness
                  quests pack show "Morning Routine"
                  quests pack show ./my-pack.json --json
                """
        )

        @Argument(
            help: ArgumentHelp(
                "A bundled pack's id or name, a pack file (ending in .json or containing /), or - for standard input.",
                valueName: "pack"), completion: Completions.packs)
        var pack: String

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        /// Packs need no store; taken so that global options work with every command (`quests --db X pack list`).
        @OptionGroup var options: GlobalOptions

        func run() throws {
            let source = try PackSource.load(pack)
            if json {
                try JSONOutput.print(JSONShapes.PackDetail(source))
                return
            }
            let pack = PackWording.worded(source)
            let width = Terminal.columns()
            print(
                DisplayWidth.truncate(
                    Message.packHeading(name: Sanitized.line(pack.name), id: pack.id, version: String(pack.version)),
                    to: width))
            for line in DisplayWidth.wrap(Sanitized.line(pack.description), to: width) { print(line) }
            print("")
            for quest in pack.quests {
                let schedule = quest.schedule
                let rest = " · \(Format.time(schedule.time)) · \(Format.days(schedule)) · \(Format.dd(schedule.reward))"
                print(
                    "  "
                        + DisplayWidth.truncate(
                            Sanitized.line(quest.title), to: max(width - 2 - DisplayWidth.of(rest), 8)) + rest)
                if !quest.notes.isEmpty {
                    print("    " + DisplayWidth.truncate(Sanitized.line(quest.notes), to: width - 4))
                }
            }
        }
    }

    /// `quests pack add NAME|FILE|-`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a pack's quests to your board.",
            discussion: """
                The quests start today. A quest whose title is already an active quest is skipped, so adding a \
                pack twice changes nothing. A pack file is checked completely first: a bad one adds nothing.

                Examples:
                  quests pack add morning-routine
                  quests pack add ./my-pack.json
                  curl -s https://example.com/pack.json | quests pack add -
                """
        )

        @Argument(
            help: ArgumentHelp(
                "A bundled pack's id or name, a pack file (ending in .json or containing /), or - for standard input.",
                valueName: "pack"), completion: Completions.packs)
        var pack: String

        @OptionGroup var options: GlobalOptions

        func run() throws {
            // A bundled pack's quests are added in the reader's language; their identity is the same in any.
            let context = try CommandContext(options)
            let pack = PackWording.worded(try PackSource.load(pack))
            let outcome = try QuestBoard(context.store).addPack(pack, now: context.now)
            let name = Sanitized.line(pack.name)
            if outcome.added.isEmpty {
                print(Message.packNothingToAdd(count: pack.quests.count, name: name))
                return
            }
            print(Message.packAdded(count: outcome.added.count, name: name))
            for quest in outcome.added {
                print("  \(QuestSummary.line(quest, on: quest.createdDay, style: context.style))")
            }
            if !outcome.present.isEmpty {
                print(
                    Message.packAlreadyPresent(
                        quests: outcome.present.map { "#\($0.number) \(Sanitized.line($0.title))" }.joined(
                            separator: ", ")))
            }
        }
    }
}

/// Where a pack comes from: the bundled ones by id or name, a file, or standard input.
enum PackSource {
    static func load(_ reference: String) throws -> QuestPack {
        if reference == "-" {
            return try parse(
                Descriptor.readStandardInput(), source: Message.packFromStandardInput)
        }
        guard reference.hasSuffix(".json") || reference.contains("/") else {
            // A bundled pack by its id or English name, or by its name in the reader's language.
            let wanted = reference.lowercased()
            if let pack = QuestPack.bundled.first(where: { PackWording.worded($0).name.lowercased() == wanted }) {
                return pack
            }
            return try QuestPack.bundled(named: reference)
        }
        guard let data = FileManager.default.contents(atPath: reference) else {
            throw CommandFailure.cannotRead(path: reference)
        }
        return try parse(Array(data), source: reference)
    }

    private static func parse(_ bytes: [UInt8], source: String) throws -> QuestPack {
        do {
            return try QuestPack.parse(bytes)
        } catch {
            throw QuestsError.invalidPack(source: source, problem: error)
        }
    }
}
