/// Finds the quest a user means by what they typed: its number, its title in any case, or a unique
/// title prefix. Titles that merely contain the text are suggested, never picked.
public enum QuestReference {
    /// Resolves `reference` among `quests`. Quests still active on `day` win over archived ones when a
    /// title or prefix matches both.
    public static func resolve(_ reference: String, among quests: [Quest], on day: LocalDay) throws(QuestsError) -> Quest {
        let text = reference.trimmingWhitespace()
        var digits = Substring(text)
        if digits.first == "#" { digits = digits.dropFirst() }
        if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits) {
            guard let quest = quests.first(where: { $0.number == number }) else { throw .noSuchQuest(reference, suggestions: []) }
            return quest
        }
        let lowered = text.lowercased()
        guard !lowered.isEmpty else { throw .noSuchQuest(reference, suggestions: []) }
        for matches in [quests.filter { $0.title.lowercased() == lowered },
                        quests.filter { $0.title.lowercased().hasPrefix(lowered) }] {
            let active = matches.filter { !$0.isArchived(on: day) }
            let preferred = active.isEmpty ? matches : active
            if preferred.count == 1 { return preferred[0] }
            if preferred.count > 1 {
                throw .ambiguousQuest(reference, candidates: preferred.sorted { $0.number < $1.number }.map(\.label))
            }
        }
        let containing = quests.filter { !$0.isArchived(on: day) && $0.title.lowercased().contains(lowered) }
        throw .noSuchQuest(reference, suggestions: containing.sorted { $0.number < $1.number }.prefix(3).map(\.label))
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
