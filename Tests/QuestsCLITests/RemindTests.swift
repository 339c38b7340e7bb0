import Foundation
import Testing

/// `quests remind`: one notification per quest that became Available, at most once a day.
@Suite struct RemindTests {
    /// A notifier script that appends its arguments (each followed by `|`) as one line to `sent`, then exits
    /// with `status`; a failing one records nothing.
    func notifier(_ sandbox: Sandbox, named name: String = "notify", exit status: Int = 0) throws -> String {
        let path = sandbox.home + "/" + name
        let record =
            "for word in \"$@\"; do printf '%s|' \"$word\" >> '\(sandbox.home)/sent'; done; echo >> '\(sandbox.home)/sent'"
        let script = "#!/bin/sh\n" + (status == 0 ? record : "exit \(status)") + "\n"
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755]))
        return path
    }

    func sent(_ sandbox: Sandbox) -> [String] {
        guard let text = try? String(contentsOfFile: sandbox.home + "/sent", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    @Test func eachQuestIsRemindedOfOnceADayWhenItOpens() throws {
        let sandbox = try StatusTests.fixedBoard()
        let command = try notifier(sandbox) + " --urgency=low"
        #expect(try sandbox.ok("remind", "--command", command) == "")
        #expect(sent(sandbox) == ["--urgency=low|quests|Run is open (+20 DD)|"])
        try sandbox.ok("remind", "--command", command, extra: ["QUESTS_NOW": "2026-11-21T20:59"])
        #expect(sent(sandbox).count == 1, "Run was reminded of today; Read is still Upcoming")
        try sandbox.ok("remind", "--command", command, extra: ["QUESTS_NOW": "2026-11-21T21:00"])
        #expect(sent(sandbox).last == "--urgency=low|quests|Read is open (+10 DD)|")
        try sandbox.ok("done", "Read", extra: ["QUESTS_NOW": "2026-11-21T21:05"])
        // Two days later (a machine that slept): what is open today, nothing of the days that are over.
        try sandbox.ok("remind", "--command", command, extra: ["QUESTS_NOW": "2026-11-23T08:30"])
        #expect(
            Array(sent(sandbox).dropFirst(2)) == [
                "--urgency=low|quests|Run is open (+20 DD)|", "--urgency=low|quests|Stretch is open (+5 DD)|",
            ])
        try sandbox.ok("remind", "--command", command, extra: ["QUESTS_NOW": "2026-11-23T08:31"])
        #expect(sent(sandbox).count == 4)
    }

    /// The check-ins of `sent`, without the quests' reminders.
    func checkins(_ sandbox: Sandbox) -> [String] {
        sent(sandbox).filter { $0.contains("Check-in") }
    }

    @Test func focusCheckinsAreSentOncePerTimeOnDaysWithAFocus() throws {
        let sandbox = try StatusTests.fixedBoard()
        let command = try notifier(sandbox)
        try sandbox.ok("config", "focus-checkins", "17:00, 12:00")
        #expect(try sandbox.ok("config", "focus-checkins").contains("12:00,17:00"))
        // No focus today: no check-in.
        try sandbox.ok("remind", "--command", command, extra: ["QUESTS_NOW": "2026-11-21T12:00"])
        #expect(checkins(sandbox).isEmpty)
        try sandbox.ok("focus", "goal", "Ship the draft")
        try sandbox.ok("focus", "add", "Write the intro")
        try sandbox.ok("focus", "add", "Write the outro")
        #expect(
            try sandbox.ok("remind", "--dry-run", extra: ["QUESTS_NOW": "2026-11-21T12:01"])
                .contains("would notify: Check-in: ★ Ship the draft · 0 of 2 tasks done"))
        try sandbox.ok("remind", "--command", command, extra: ["QUESTS_NOW": "2026-11-21T12:01"])
        #expect(checkins(sandbox) == ["quests focus|Check-in: ★ Ship the draft · 0 of 2 tasks done|"])
        try sandbox.ok("remind", "--command", command, extra: ["QUESTS_NOW": "2026-11-21T16:59"])
        #expect(checkins(sandbox).count == 1)
        try sandbox.ok("focus", "done", "intro")
        try sandbox.ok("remind", "--command", command, extra: ["QUESTS_NOW": "2026-11-21T17:05"])
        try sandbox.ok("remind", "--command", command, extra: ["QUESTS_NOW": "2026-11-21T17:06"])
        #expect(
            Array(checkins(sandbox).dropFirst()) == ["quests focus|Check-in: ★ Ship the draft · 1 of 2 tasks done|"])
        // After a sleep through both times, one check-in: the latest.
        let tomorrow = ["QUESTS_NOW": "2026-11-22T18:00"]
        try sandbox.ok("focus", "add", "Tidy the desk", extra: tomorrow)
        try sandbox.ok("remind", "--command", command, extra: tomorrow)
        #expect(Array(checkins(sandbox).dropFirst(2)) == ["quests focus|Check-in: 0 of 1 focus task done|"])
        // A failed notification is sent again on the next run.
        let failing = try notifier(sandbox, named: "failing", exit: 3)
        try sandbox.ok("focus", "goal", "Rest", extra: ["QUESTS_NOW": "2026-11-23T12:00"])
        let result = try sandbox.run(["remind", "--command", failing], extra: ["QUESTS_NOW": "2026-11-23T12:00"])
        #expect(result.status != 0 && result.stderr.contains("will be sent again on the next run"))
        try sandbox.ok("remind", "--command", command, extra: ["QUESTS_NOW": "2026-11-23T12:01"])
        #expect(checkins(sandbox).last == "quests focus|Check-in: ★ Rest · not achieved yet|")
        // Bad values are refused; none turns them off.
        try sandbox.expectFailure(["config", "focus-checkins", "25:00"], mentioning: "focus-checkins")
        try sandbox.expectFailure(["config", "focus-checkins", "12:00,12:00"], mentioning: "focus-checkins")
        try sandbox.ok("config", "focus-checkins", "none")
        #expect(
            try sandbox.ok("remind", "--dry-run", extra: ["QUESTS_NOW": "2026-11-23T18:00"]).contains("Check-in")
                == false)
    }

    @Test func aDryRunSendsAndRecordsNothing() throws {
        let sandbox = try StatusTests.fixedBoard()
        let command = try notifier(sandbox)
        #expect(try sandbox.ok("remind", "--dry-run", "--command", command) == "would notify: Run is open (+20 DD)\n")
        #expect(sent(sandbox).isEmpty)
        try sandbox.ok("remind", "--command", command)
        #expect(sent(sandbox) == ["quests|Run is open (+20 DD)|"])
        #expect(try sandbox.ok("remind", "--dry-run", "--command", command) == "No quest to remind of now.\n")
    }

    @Test func aFailingNotifierIsReportedAndTriedAgain() throws {
        let sandbox = try StatusTests.fixedBoard()
        let failing = try notifier(sandbox, named: "broken", exit: 3)
        let result = try sandbox.run(["remind", "--command", failing])
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("error: the notifier \"/") && result.stderr.split(separator: "\n").count == 1)
        #expect(
            result.stderr.hasSuffix(" failed with exit status 3; its reminder will be sent again on the next run\n"),
            "\(result.stderr)")
        try sandbox.ok("remind", "--command", try notifier(sandbox))
        #expect(sent(sandbox) == ["quests|Run is open (+20 DD)|"])
        try sandbox.expectFailure(
            ["remind", "--command", sandbox.home + "/missing"], mentioning: "cannot find the notifier")
    }

    @Test func withoutANotifierTheReminderIsPrinted() throws {
        let sandbox = try StatusTests.fixedBoard()
        #expect(try sandbox.ok("remind", extra: ["PATH": sandbox.home]) == "Run is open (+20 DD)\n")
        #expect(try sandbox.ok("remind", extra: ["PATH": sandbox.home]) == "")
    }

    @Test func installWritesASystemdUserTimer() throws {
        let sandbox = try Sandbox()
        sandbox.environment["XDG_CONFIG_HOME"] = sandbox.home + "/config"
        let store = sandbox.home + "/other.sqlite"
        let output = try sandbox.ok("remind", "install", "--db", store)
        #expect(output.contains("systemctl --user daemon-reload && systemctl --user enable --now quests-remind.timer"))
        let folder = sandbox.home + "/config/systemd/user"
        let service = try String(contentsOfFile: folder + "/quests-remind.service", encoding: .utf8)
        let timer = try String(contentsOfFile: folder + "/quests-remind.timer", encoding: .utf8)
        #expect(service.contains("\n[Service]\nType=oneshot\n"))
        let execStart = try #require(service.split(separator: "\n").first { $0.hasPrefix("ExecStart=\"") })
        #expect(execStart.hasSuffix("/quests\" \"remind\" \"--db\" \"\(store)\""))
        let binary = String(execStart.dropFirst("ExecStart=\"".count).prefix { $0 != "\"" })
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        #expect(timer.contains("\n[Timer]\nOnCalendar=*-*-* *:*:00\nAccuracySec=1s\nPersistent=true\n"))
        #expect(timer.contains("\n[Install]\nWantedBy=timers.target\n"))
        #expect(!FileManager.default.fileExists(atPath: store), "installing opens no store")
        try verifyUnits(in: folder)
    }

    /// `--dry-run`, before or after `install`: the units it would write, and nothing written.
    @Test func installWithADryRunPreviewsAndWritesNothing() throws {
        let sandbox = try Sandbox()
        sandbox.environment["XDG_CONFIG_HOME"] = sandbox.home + "/config"
        let folder = sandbox.home + "/config/systemd/user"
        for arguments in [["remind", "install", "--dry-run"], ["remind", "--dry-run", "install"]] {
            let result = try sandbox.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let output = result.stdout
            #expect(output.hasPrefix("Would write \(folder)/quests-remind.service:\n"), "\(output)")
            #expect(output.contains("\nWould write \(folder)/quests-remind.timer:\n"))
            #expect(output.contains("\n[Service]\nType=oneshot\n") && output.contains("\n[Timer]\n"))
            #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/config"), "\(arguments)")
        }
    }

    /// `systemd-analyze verify` passes the units in `folder`, where it is installed.
    func verifyUnits(in folder: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let analyze = "/usr/bin/systemd-analyze"
        guard FileManager.default.isExecutableFile(atPath: analyze) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: analyze)
        process.arguments = ["verify", folder + "/quests-remind.timer", folder + "/quests-remind.service"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(messages)", sourceLocation: sourceLocation)
    }

    /// `install --command CMD`: the timer and the crontab line run that notifier, quoted for systemd and
    /// for sh; a notifier that cannot be found is refused and nothing is written.
    @Test func installCarriesTheNotifierCommand() throws {
        let sandbox = try StatusTests.fixedBoard()
        sandbox.environment["XDG_CONFIG_HOME"] = sandbox.home + "/config"
        let command = try notifier(sandbox) + #" --hint=100%$HOME\n "it's""#
        try sandbox.ok("remind", "install", "--command", command)
        let folder = sandbox.home + "/config/systemd/user"
        let service = try String(contentsOfFile: folder + "/quests-remind.service", encoding: .utf8)
        let execStart = try #require(service.split(separator: "\n").first { $0.hasPrefix("ExecStart=\"") })
        #expect(
            execStart.hasSuffix(
                #"/quests" "remind" "--db" "\#(sandbox.home)/store.sqlite" "--command" "\#(sandbox.home)/notify --hint=100%%$$HOME\\n \"it's\"""#
            ))
        try verifyUnits(in: folder)

        let line = try sandbox.ok("remind", "install", "--cron", "--command", command)
        #expect(
            line.hasSuffix(
                #"/quests' 'remind' '--db' '\#(sandbox.home)/store.sqlite' '--command' '\#(sandbox.home)/notify --hint=100\%$HOME\n "it'\''s"'"#
                    + "\n"))
        // The line as sh runs it once cron has read its `\%`: the notifier gets the words as written.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = [
            "-c", String(line.dropFirst("* * * * * ".count).dropLast()).replacingOccurrences(of: "\\%", with: "%"),
        ]
        shell.environment = sandbox.environment.filter { $0.key != "QUESTS_DB" }
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(sent(sandbox) == [#"--hint=100%$HOME\n|"it's"|quests|Run is open (+20 DD)|"#])

        try FileManager.default.removeItem(atPath: folder)
        try sandbox.expectFailure(
            ["remind", "install", "--command", sandbox.home + "/missing --urgency=low"],
            mentioning: "cannot find the notifier")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func statusAndRemindHaveHelpWithExamples() throws {
        let sandbox = try Sandbox()
        for command in [["status"], ["remind"], ["remind", "install"]] {
            let result = try sandbox.run(command + ["--help"])
            let help = result.stdout
            #expect(result.status == 0)
            #expect(
                help.contains("Examples:") && help.contains("USAGE: quests \(command.joined(separator: " "))"),
                "\(command)")
        }
    }

    @Test func installWithCronPrintsACrontabLine() throws {
        let sandbox = try Sandbox()
        sandbox.environment["XDG_CONFIG_HOME"] = sandbox.home + "/config"
        let line = try sandbox.ok("remind", "install", "--cron")
        #expect(line.hasPrefix("* * * * * '/"))
        #expect(line.hasSuffix("/quests' 'remind' '--db' '\(sandbox.home)/store.sqlite'\n"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/config"))
    }
}
