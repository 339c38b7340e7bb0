import ArgumentParser
import FoundationEssentials
import QuestsCore
import QuestsStore

/// What shell completion offers for the values users type: quest and reward titles, pack ids, setting
/// keys. The shell calls back into quests for these; the store is read as it is, never created or changed.
enum Completions {
    /// The titles of the quests not archived.
    static let quests = CompletionKind.custom { words, _, prefix in
        let quests = (try? store(for: words).map { try QuestBoard($0).allQuests() }) ?? []
        return matching(prefix, quests.filter { $0.versions.last?.schedule.archived != true }.map(\.title))
    }

    /// The titles of the rewards in the shop.
    static let rewards = CompletionKind.custom { words, _, prefix in
        matching(
            prefix,
            ((try? store(for: words).map { try RewardShop($0).rewards() }) ?? []).filter { !$0.removed }.map(\.title))
    }

    /// The first days of the vacations (any day of one names it).
    static let vacations = CompletionKind.custom { words, _, prefix in
        matching(
            prefix,
            ((try? store(for: words).map { try Forgiveness($0).allVacations() }) ?? []).map(
                \.days.lowerBound.description))
    }

    /// The ids of the bundled packs.
    static let packs = CompletionKind.custom { _, _, prefix in
        matching(prefix, QuestPack.bundled.map(\.id))
    }

    /// The setting keys.
    static let settingKeys = CompletionKind.list(
        Settings.Key.allCases.map(\.rawValue) + [
            Quests.Config.syncDir, Quests.Config.language, Quests.Config.backupDir, Quests.Config.backupKeep,
        ])

    /// The store the command line being completed names (`--db`, else the default), when it exists.
    private static func store(for words: [String]) -> QuestStore? {
        var option: String?
        for (index, word) in words.enumerated() {
            if word == "--db", index + 1 < words.count { option = words[index + 1] }
            if word.hasPrefix("--db=") { option = String(word.dropFirst(5)) }
        }
        guard let path = try? CommandContext.storePath(option, environment: .process) else { return nil }
        return try? QuestStore(readingExisting: path)
    }

    /// The candidates that start with `prefix` in any case, spelled with the prefix as typed, since
    /// shells keep only candidates that start with exactly what was typed and references ignore case.
    private static func matching(_ typed: String, _ candidates: [String]) -> [String] {
        // bash and zsh hand the word over as typed; fish hands over what it says.
        let prefix = Environment.process["SAP_SHELL"] == "fish" ? typed : dequoted(typed)
        return candidates.compactMap { candidate in
            if candidate.hasPrefix(prefix) { return candidate }
            guard candidate.lowercased().hasPrefix(prefix.lowercased()) else { return nil }
            return prefix + candidate.dropFirst(prefix.count)
        }
    }

    /// What the shell word `typed` says, as far as it was typed, with its backslashes and quotes taken
    /// away (`Pack\ tomorrow\'s`, `'Pack tom`).
    static func dequoted(_ typed: String) -> String {
        var text = ""
        var quote: Character?
        var escaped = false
        for character in typed {
            if escaped {
                text.append(character)
                escaped = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    text.append(character)
                }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        return text
    }
}
