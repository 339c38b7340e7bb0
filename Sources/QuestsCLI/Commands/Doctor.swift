import ArgumentParser
import FoundationEssentials
import QuestsStore

extension Quests {
    /// `quests doctor`: examine the store without changing it.
    struct Doctor: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "doctor",
            abstract: "Check the store for damage, without changing it.",
            discussion: """
                Runs SQLite's integrity and foreign-key checks and the invariants quests relies on: the \
                balance equals the sum of the ledger, every completion was paid at most once, every purchase \
                was debited exactly once, no record points at nothing, and the schema version is one this \
                quests knows. The store is opened read-only: doctor never creates, migrates or repairs it. \
                Exits with status 1 when it finds a problem.

                Examples:
                  quests doctor
                  quests doctor --db ~/sync/quests.sqlite --json
                """
        )

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let environment = Environment.process
            let path = try CommandContext.storePath(options.db, environment: environment)
            let checkup = try StoreCheckup.examine(path: path) { folder, replica in
                ((try? FileSyncFolder(folder))?.files(of: replica)) ?? []
            }
            if json {
                try JSONOutput.print(CheckupDocument(checkup))
            } else {
                print(
                    Self.render(
                        checkup, style: TextStyle(enabled: Terminal.useColor(options.color, environment: environment))))
            }
            let problems = checkup.checks.reduce(0) { $0 + $1.problems.count }
            if problems > 0 { throw CommandFailure.unhealthyStore(problems: problems) }
        }

        /// The checkup as text lines fitting `columns`: each check's summary and problems wrapped under their
        /// own column.
        static func render(_ checkup: StoreCheckup, style: TextStyle, columns: Int = Terminal.columns()) -> String {
            let width = checkup.checks.map { DisplayWidth.of($0.kind.name) }.max() ?? 0
            var lines = DisplayWidth.wrap(Message.doctorStore(path: Sanitized.line(checkup.path)), to: columns)
            for check in checkup.checks {
                let name = Format.pad(check.kind.name, width)
                if check.passed {
                    lines += DisplayWidth.hanging(
                        "\(style.green("✓")) \(name)  ", check.summary.wording, width: columns)
                } else {
                    lines += DisplayWidth.hanging(
                        "\(style.red("✗")) \(name)  ", Message.doctorProblems(count: check.problems.count),
                        width: columns)
                    lines += check.problems.flatMap {
                        DisplayWidth.hanging("    ", Sanitized.line($0.wording), width: columns)
                    }
                }
            }
            if checkup.isHealthy { lines.append(Message.doctorHealthy) }
            return lines.joined(separator: "\n")
        }

        private struct CheckupDocument: JSONShape {
            struct CheckLine: JSONShape {
                let name: String
                let passed: Bool
                let summary: String
                let problems: [String]
            }

            let path: String
            let schemaVersion: Int
            let healthy: Bool
            let checks: [CheckLine]

            init(_ checkup: StoreCheckup) {
                path = checkup.path
                schemaVersion = checkup.schemaVersion
                healthy = checkup.isHealthy
                checks = checkup.checks.map {
                    CheckLine(
                        name: $0.kind.name, passed: $0.passed, summary: $0.summary.wording,
                        problems: $0.problems.map(\.wording))
                }
            }
        }
    }
}
