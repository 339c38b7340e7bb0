/// Something users name on the command line by its short number or its title: quests and rewards.
public protocol Nameable {
    var number: Int { get }
    var title: String { get }
}

extension Nameable {
    /// The title with its number in front, as candidates are listed: `#3 Read`.
    public var label: String { "#\(number) \(title)" }
}

/// What kind of thing a reference names, for error messages.
public enum NameableKind: String, Sendable {
    case quest, reward
}

/// Finds the item a user means by what they typed: its number (`3` or `#3`), its title in any case, or a
/// unique title prefix. Titles that merely contain the text are suggested, never picked.
public enum Reference {
    /// Resolves `reference` among `items`; active items win over inactive ones when a title or prefix
    /// matches both.
    public static func resolve<Item: Nameable>(
        _ reference: String, among items: [Item], kind: NameableKind, isActive: (Item) -> Bool = { _ in true }
    ) throws(QuestsError) -> Item {
        let text = reference.trimmingWhitespace()
        var digits = Substring(text)
        if digits.first == "#" { digits = digits.dropFirst() }
        if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits) {
            guard let item = items.first(where: { $0.number == number }) else { throw .noMatch(kind, reference, suggestions: []) }
            return item
        }
        let lowered = text.lowercased()
        guard !lowered.isEmpty else { throw .noMatch(kind, reference, suggestions: []) }
        for matches in [items.filter { $0.title.lowercased() == lowered },
                        items.filter { $0.title.lowercased().hasPrefix(lowered) }] {
            let active = matches.filter(isActive)
            let preferred = active.isEmpty ? matches : active
            if preferred.count == 1 { return preferred[0] }
            if preferred.count > 1 {
                throw .ambiguous(kind, reference, candidates: preferred.sorted { $0.number < $1.number }.map(\.label))
            }
        }
        let containing = items.filter { isActive($0) && $0.title.lowercased().contains(lowered) }
        throw .noMatch(kind, reference, suggestions: containing.sorted { $0.number < $1.number }.prefix(3).map(\.label))
    }
}

extension Quest: Nameable {
    /// Resolves a quest reference; quests active on `day` win over archived ones.
    public static func resolve(_ reference: String, among quests: [Quest], on day: LocalDay) throws(QuestsError) -> Quest {
        try Reference.resolve(reference, among: quests, kind: .quest) { !$0.isArchived(on: day) }
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
