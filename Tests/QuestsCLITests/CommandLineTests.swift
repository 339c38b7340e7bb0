import Foundation
import QuestsCLI
import Testing

/// How the command line is read: global options on either side of the subcommand, and mistyped commands.
@Suite struct CommandLineTests {
    @Test func globalOptionsWorkBeforeTheSubcommand() throws {
        let sandbox = try Sandbox()
        let store = sandbox.home + "/elsewhere.sqlite"
        try sandbox.ok("--db", store, "add", "Meditate", "--reward", "8")
        #expect(try sandbox.ok("--db", store, "done", "meditate").contains("+8 DD"))
        #expect(try sandbox.json("--db=" + store, "--json", "wallet")["balance"] as? Int == 8)
        #expect(try sandbox.ok("--color", "never", "--db", store, "shop", "add", "Tea", "--price", "5").contains("Tea"))
        #expect(try sandbox.json("--json", "--db", store)["balance"] as? Int == 8)
        #expect(try sandbox.ok("--db", store, "list").contains("Meditate"))
        #expect(!(try sandbox.ok("list")).contains("Meditate"))  // the default store was never used
        #expect(try sandbox.ok("--help").contains("USAGE"))
        #expect(try sandbox.ok("--version").contains("."))
        try sandbox.expectFailure(
            ["--json", "add", "Read"],
            // add's --from is nearest
            mentioning: "unknown option '--json'. Did you mean '--from'? (see 'quests add --help')")
    }

    @Test func helpAfterGlobalOptionsIsTheTopLevelHelp() throws {
        let sandbox = try Sandbox()
        let store = sandbox.home + "/elsewhere.sqlite"
        for arguments in [
            ["--db", store, "--help"], ["--json", "-h"], ["--db=" + store, "help"], ["--color", "never", "--help"],
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            let help = result.stdout
            #expect(help.contains("A gamified daily quest tracker for the terminal."), "\(arguments)")
            #expect(!help.contains("Quests move from Upcoming to Available"), "\(arguments)")
        }
        #expect(try sandbox.ok("--db", store, "help", "add").contains("Add a recurring quest."))
        #expect(try sandbox.ok("--db", store, "add", "--help").contains("Add a recurring quest."))
        #expect(try sandbox.ok("--db", store, "--version") == Quests.version + "\n")
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test func aMistypedCommandGetsADidYouMean() throws {
        let sandbox = try Sandbox()
        try sandbox.expectFailure(
            ["achievments"], mentioning: "'achievments' is not a quests command; did you mean 'quests achievements'?")
        try sandbox.expectFailure(
            ["--db", sandbox.home + "/store.sqlite", "shop", "byu", "tea"],
            mentioning: "did you mean 'quests shop buy'?")
        try sandbox.expectFailure(["pack", "lst"], mentioning: "did you mean 'quests pack list'?")
        try sandbox.expectFailure(["hlep"], mentioning: "did you mean 'quests help'?")
        try sandbox.expectFailure(["dne", "read"], mentioning: "did you mean 'quests done'?")
        #expect(try sandbox.run("achievments").status == 64)
    }
}
