import ArgumentParser
import FoundationEssentials

/// The shell completion scripts, with the command aliases (`done`) that argument-parser's generators
/// leave out: each alias is offered beside its command and completes as it does.
enum CompletionScript {
    /// The completion script for `shell`.
    static func script(for shell: CompletionShell) -> String {
        var lines = Quests.completionScript(for: shell).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        let commands = Quests.configuration.subcommands
        let names = commands.map { $0.name } + ["help"]
        let namesAndAliases = commands.flatMap { [$0.name] + $0.configuration.aliases } + ["help"]
        // bash and zsh dispatch on `board|next|...)` and bash offers `compgen -W 'board next ...'`.
        lines = lines.map {
            $0.replacing(
                names.joined(separator: "|") + ")", with: namesAndAliases.joined(separator: "|") + ")"
            )
            .replacing(
                "compgen -W '\(names.joined(separator: " "))'",
                with: "compgen -W '\(namesAndAliases.joined(separator: " "))'")
        }
        if shell == .bash { lines = withTitlesVerbatim(withGlobalOptionsAtTheTop(lines)) }
        for command in commands {
            let name = command.name
            for alias in command.configuration.aliases {
                switch shell {
                case .bash:
                    lines += ["_quests_\(alias)() {", "    _quests_\(name)", "}"]
                case .zsh:
                    lines = lines.flatMap { line in
                        line.trimmingSpaces().hasPrefix("'\(name):")
                            ? [line, line.replacing("'\(name):", with: "'\(alias):")] : [line]
                    }
                    let end =
                        lines.lastIndex { $0.hasPrefix("if [[ \"${funcstack[1]}\" = _quests ]]") } ?? lines.endIndex
                    lines.insert(
                        contentsOf: ["_quests_\(alias)() {", "    _quests_\(name) \"${@}\"", "}", ""], at: end)
                case .fish:
                    lines = lines.flatMap { line in
                        if line == "        case '\(name)'" {
                            return [line + " '\(alias)'", "            set unparsed_tokens[1] '\(name)'"]
                        }
                        let offer =
                            "complete -c 'quests' -n '__quests_should_offer_completions_for_positional \"quests\" -eq 1' -fa '\(name)' "
                        return line.hasPrefix(offer)
                            ? [line, line.replacing("-fa '\(name)' ", with: "-fa '\(alias)' ")] : [line]
                    }
                default:
                    break
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// bash: the titles quests offers (already matched to what was typed), one a line, are each quoted as
    /// one shell word (`printf %q`) in place of the `filenames` option's quoting, which leaves a `$` bare.
    /// Through `compgen -W` they went through the shell's expansions, which dropped an apostrophe.
    private static func withTitlesVerbatim(_ lines: [String]) -> [String] {
        let helper = [
            "__quests_add_verbatim() {",
            "    local completion",
            "    compopt +o filenames 2>/dev/null",
            "    while IFS='' read -r completion; do",
            "        [[ -n \"${completion}\" ]] && COMPREPLY+=(\"$(printf '%q' \"${completion}\")\")",
            "    done <<< \"${1}\"",
            "}",
            "",
        ]
        let rewritten = lines.map {
            $0.replacing(
                "__quests_add_completions -W \"$(__quests_custom_complete ",
                with: "__quests_add_verbatim \"$(__quests_custom_complete ")
        }
        let start = rewritten.firstIndex { $0.hasPrefix("__quests_custom_complete()") } ?? 0
        return Array(rewritten[..<start]) + helper + Array(rewritten[start...])
    }

    /// bash: the global options are offered, and skipped with their value, before the subcommand too.
    private static func withGlobalOptionsAtTheTop(_ lines: [String]) -> [String] {
        let top = [
            "    local -a non_repeating_flags=(--version -h --help)", "    local -a repeating_options=()",
            "    local -a non_repeating_options=()", "    __quests_offer_flags_options 0",
        ]
        guard let start = (0..<lines.count).first(where: { Array(lines[$0...].prefix(top.count)) == top }) else {
            return lines
        }
        let flags = Quests.globalOptions.filter { Quests.globalOptionTakesValue($0) == false }.sorted()
        let options = Quests.globalOptions.filter { Quests.globalOptionTakesValue($0) == true }.sorted()
        let replacement = [
            "    local -a non_repeating_flags=(\((["--version", "-h", "--help"] + flags).joined(separator: " ")))",
            "    local -a repeating_options=()",
            "    local -a non_repeating_options=(\(options.joined(separator: " ")))",
            "    __quests_offer_flags_options 0",
            "    case \"${prev}\" in",
            "    '--db') __quests_add_completions -f; return ;;",
            "    '--color') __quests_add_completions -W '\(ColorChoice.allCases.map(\.rawValue).joined(separator: "'$'\\n''"))'; return ;;",
            "    esac",
        ]
        return Array(lines[..<start]) + replacement + Array(lines[(start + top.count)...])
    }
}
