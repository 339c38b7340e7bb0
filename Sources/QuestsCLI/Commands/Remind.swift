import ArgumentParser
import FoundationEssentials
import QuestsCore
import QuestsStore

#if canImport(Glibc)
    import Glibc
#endif

extension Quests {
    /// `quests remind`: one desktop notification per quest that became Available, once a day.
    struct Remind: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remind",
            abstract: "Notify of each quest that became Available since the last reminder.",
            discussion: """
                Sends one notification per quest that is Available now, not done and not reminded of today: \
                notify-send "quests" "Read is open (+10 DD)"; a counted quest says where its day stands \
                ("Water is open: 3/8 glasses (+10 DD)"), a limit quest is never reminded of. With --command, that command runs instead with \
                the title and the body appended as two arguments (words separated by spaces, no shell). \
                Without notify-send, the line is printed. A notification that fails is sent again on the \
                next run. Meant to run every minute: see quests remind install.

                On a day with a focus, it also sends a check-in at each time of config focus-checkins \
                (quests config focus-checkins 12:00,17:00): the main quest and how many tasks are done, once \
                per time per day (after a sleep, only the latest time that has come).

                After missed days it nudges gently, twice: on the 2nd and on the 5th day in a row with quests \
                due and none done, at config nudge-at (18:00) or the first run after it, never on a vacation \
                day; then it stays silent until a quest is done again. quests config nudges off stops them. \
                Journal entries are never in a notification.

                Examples:
                  quests remind --dry-run
                  quests remind --command "notify-send --urgency=low"
                  quests remind install
                """,
            subcommands: [Install.self]
        )

        @Flag(help: "Show what would be sent; send and record nothing.")
        var dryRun = false

        @Option(help: ArgumentHelp("The notifier and its arguments (default: notify-send).", valueName: "command"))
        var command: String?

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let notifier = try Notifier(command: command, environment: .process)
            let context = try CommandContext(options)
            let reminders = try Reminding(context.store).reminders(now: context.now, record: !dryRun)
            if dryRun {
                if reminders.entries.isEmpty && reminders.checkin == nil && reminders.nudge == nil {
                    print(Message.remindNothing)
                }
                for entry in reminders.entries {
                    print(Message.remindWouldNotify(notification: Self.notification(entry)))
                }
                if let checkin = reminders.checkin {
                    print(Message.remindWouldNotify(notification: Self.checkin(checkin.focus)))
                }
                if let days = reminders.nudge { print(Message.remindWouldNotify(notification: Self.nudge(days))) }
                return
            }
            var failed: [Int] = []
            var checkinFailed = false
            var reason = ""
            for entry in reminders.entries {
                if let failure = notifier.send(title: "quests", body: Self.notification(entry)) {
                    failed.append(entry.quest.number)
                    reason = failure
                }
            }
            if let checkin = reminders.checkin,
                let failure = notifier.send(title: "quests focus", body: Self.checkin(checkin.focus))
            {
                try Reminding(context.store).forgetCheckin(at: checkin.time, on: reminders.day)
                checkinFailed = true
                reason = failure
            }
            var nudgeFailed = false
            if let days = reminders.nudge, let failure = notifier.send(title: "quests", body: Self.nudge(days)) {
                try Reminding(context.store).forgetNudge(on: reminders.day)
                nudgeFailed = true
                reason = failure
            }
            guard !failed.isEmpty || checkinFailed || nudgeFailed else { return }
            if !failed.isEmpty { try Reminding(context.store).forgetReminders(of: failed, on: reminders.day) }
            throw CommandFailure.notifierFailed(
                command: notifier.name, reason: reason,
                count: failed.count + (checkinFailed ? 1 : 0) + (nudgeFailed ? 1 : 0))
        }

        /// The nudge after `days` days in a row without a quest done: the 2nd, or the 5th and last.
        static func nudge(_ days: Int) -> String {
            days >= 5 ? Message.remindNudgeLast(count: days) : Message.remindNudge(count: days)
        }

        /// A focus check-in: `Check-in: ★ Ship the draft · 1 of 3 tasks done`, or without a main quest
        /// `Check-in: 1 of 3 focus tasks done`; `achieved` once it is.
        static func checkin(_ focus: FocusDay) -> String {
            let (done, count) = (focus.doneCount, focus.entries.count)
            let tasks =
                focus.entries.isEmpty
                ? nil
                : focus.goal == nil
                    ? Message.remindCheckinFocusTasks(done: done, count: count)
                    : Message.remindCheckinTasks(done: done, count: count)
            guard let goal = focus.goal else { return Message.remindCheckin(tasks: tasks ?? "") }
            let title = DisplayWidth.truncate(Sanitized.line(goal.title), to: 60)
            let state =
                goal.state.isAchieved ? Message.remindCheckinAchieved : tasks ?? Message.remindCheckinNotAchieved
            return Message.remindCheckinGoal(title: title, state: state)
        }

        /// `Read is open (+10 DD)`, `Water is open: 3/8 glasses (+10 DD)`.
        static func notification(_ entry: QuestsCore.Board.Entry) -> String {
            let (title, reward) = (Sanitized.line(entry.quest.title), Format.signedDD(entry.reward))
            guard let total = entry.amount, let measure = entry.schedule.measure else {
                return Message.remindNotification(title: title, reward: reward)
            }
            return Message.remindNotificationProgress(
                title: title, progress: Format.progress(total, measure), reward: reward)
        }
    }
}

extension Quests.Remind {
    /// `quests remind install`: a systemd user timer (or a crontab line) that runs `quests remind`.
    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract: "Run quests remind every minute: a systemd user timer, or a crontab line with --cron.",
            discussion: """
                Writes quests-remind.service and quests-remind.timer (every minute, Persistent=true, so it \
                catches up after sleep) in $XDG_CONFIG_HOME/systemd/user (else ~/.config/systemd/user), \
                running this quests binary on the store --db or QUESTS_DB names (else the default store), \
                with the notifier --command names (else notify-send). \
                notify-send needs the session bus: when DBUS_SESSION_BUS_ADDRESS is unset, quests remind uses \
                $XDG_RUNTIME_DIR/bus (else /run/user/UID/bus); if your bus is elsewhere, run \
                systemctl --user import-environment DBUS_SESSION_BUS_ADDRESS.

                With --dry-run (before or after install), prints the units it would write and writes nothing.

                Examples:
                  quests remind install --dry-run
                  quests remind install && systemctl --user daemon-reload && systemctl --user enable --now quests-remind.timer
                  quests remind install --command "notify-send --urgency=low"
                  (crontab -l; quests remind install --cron) | crontab -
                """
        )

        @Flag(help: "Print a crontab line instead of writing systemd units.")
        var cron = false

        /// `quests remind`, whose `--command` (written before or after `install`) the timer runs, and whose
        /// `--dry-run` makes this a preview.
        @ParentCommand var remind: Quests.Remind

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let environment = Environment.process
            var command = [CommandContext.runningBinary, "remind"]
            if let db = [options.db, environment["QUESTS_DB"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) {
                command += ["--db", CommandContext.absolute(db)]
            }
            if let notifier = remind.command {
                _ = try Notifier(command: notifier, environment: environment)  // refused now, not every minute
                command += ["--command", notifier]
            }
            if cron {
                print("* * * * * " + command.map(Self.cronQuoted).joined(separator: " "))
                return
            }
            let home = environment["HOME"] ?? ""
            let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
            guard config.hasPrefix("/") else { throw CommandFailure.noHome }
            let folder = config + "/systemd/user"
            let units = [("quests-remind.service", Self.service(command)), ("quests-remind.timer", Self.timer)]
            if remind.dryRun {
                for (name, text) in units {
                    print(Message.remindWouldWrite(path: Sanitized.line(folder + "/" + name)))
                    print(text, terminator: "")
                }
                return
            }
            for (name, text) in units {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name), options: .atomic)
                } catch {
                    throw CommandFailure.cannotWrite(
                        path: folder + "/" + name, reason: Self.reason(error))
                }
            }
            print(Message.remindInstalled(folder: Sanitized.line(folder)))
        }

        /// The service: `quests remind`, once.
        static func service(_ command: [String]) -> String {
            """
            # Written by `quests remind install`; started every minute by quests-remind.timer.
            [Unit]
            Description=quests: notify of quests that became available

            [Service]
            Type=oneshot
            # notify-send needs DBUS_SESSION_BUS_ADDRESS: quests remind uses $XDG_RUNTIME_DIR/bus when it is
            # unset; if your bus is elsewhere: systemctl --user import-environment DBUS_SESSION_BUS_ADDRESS
            ExecStart=\(command.map(systemdQuoted).joined(separator: " "))

            """
        }

        /// The timer: every minute, catching up once after the machine slept through its time.
        static let timer = """
            # Written by `quests remind install`.
            [Unit]
            Description=Run quests remind every minute

            [Timer]
            OnCalendar=*-*-* *:*:00
            AccuracySec=1s
            Persistent=true

            [Install]
            WantedBy=timers.target

            """

        /// `word` as one argument of a systemd command line.
        static func systemdQuoted(_ word: String) -> String {
            let escaped = word.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
                .replacing("%", with: "%%").replacing("$", with: "$$")
            return "\"" + escaped + "\""
        }

        /// `word` as one argument of a crontab command (sh, where cron reads an unescaped `%` as a newline).
        static func cronQuoted(_ word: String) -> String {
            "'" + word.replacing("'", with: "'\\''").replacing("%", with: "\\%") + "'"
        }

        /// Why writing a unit failed, as the system says it (`Permission denied`).
        private static func reason(_ error: Error) -> String {
            guard let underlying = (error as? CocoaError)?.userInfo["NSUnderlyingError"] as? POSIXError else {
                return String(describing: error)
            }
            return String(cString: strerror(underlying.code.rawValue))
        }
    }
}
