import Foundation
import QuestsCLI
import Testing

@Suite struct NewcomerTests {
    @Test func theBoardRunsOnAFreshDefaultStoreCreatedOwnerOnly() throws {
        let sandbox = try Sandbox()
        sandbox.environment["QUESTS_DB"] = nil
        let output = try sandbox.ok()
        #expect(output.contains("Saturday 2026-11-21 (today)"))
        #expect(output.contains("0 of 0 done"))
        let path = sandbox.home + "/.local/share/quests/quests.sqlite"
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func xdgDataHomeAndDbFlagPickTheStore() throws {
        let sandbox = try Sandbox()
        sandbox.environment["QUESTS_DB"] = nil
        try sandbox.ok("add", "Read", extra: ["XDG_DATA_HOME": sandbox.home + "/xdg"])
        #expect(FileManager.default.fileExists(atPath: sandbox.home + "/xdg/quests/quests.sqlite"))
        try sandbox.ok("add", "Stretch", "--db", sandbox.home + "/other.sqlite")
        let list = try sandbox.ok("list", "--db", sandbox.home + "/other.sqlite")
        #expect(list.contains("Stretch") && !list.contains("Read"))
    }

    @Test func everyCommandHasHelpWithExamples() throws {
        let sandbox = try Sandbox()
        for command in [
            "board", "next", "add", "list", "edit", "archive", "complete", "done", "undo", "streak", "achievements",
            "heatmap", "wallet", "ledger", "shop", "config",
        ] {
            let help = try sandbox.ok(command, "--help")
            #expect(help.contains("Examples:"), "\(command) --help")
            #expect(help.contains("USAGE: quests"), "\(command) --help")
        }
        #expect(try sandbox.ok("--help").contains("SUBCOMMANDS"))
        // the one constant scripts/release names archives by
        #expect(try sandbox.ok("--version") == Quests.version + "\n")
    }
}
