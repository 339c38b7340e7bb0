import FoundationEssentials

/// Something users name on the command line by its short number or its title: quests and rewards.
public protocol Nameable {
    var number: Int { get }
    var title: String { get }
    /// The identity that is the same on every machine (numbers are each machine's own).
    var id: UUID { get }
}

extension Nameable {
    /// The title with its number in front, as candidates are listed: `#3 Read`.
    public var label: String { "#\(number) \(title)" }
}

/// What a user typed to name a quest or a reward, parsed once at the edge: a number (`3` or `#3`) or
/// title text. The use case resolves it among the items it reads, inside its own transaction.
public struct ItemReference: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The text as typed, for title matching and messages.
    public let text: String
    /// The number it names, when it is one (`3` or `#3`).
    public let number: Int?

    public init(_ text: String) {
        self.text = text
        var digits = Substring(text.trimmingWhitespace())
        if digits.first == "#" { digits = digits.dropFirst() }
        number = !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit) ? Int(digits) : nil
    }

    /// The item numbered `number`.
    public init(number: Int) {
        self.init("#\(number)")
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }
}

/// What kind of thing a reference names, for error messages.
public enum NameableKind: String, Sendable {
    case quest, reward
    /// A focus task, named by its position on the day's list or its title.
    case task
}

/// Finds the item a user means by what they typed: its number (`3` or `#3`), else its title in any case,
/// a unique start of its UUID (at least 8 characters, the same on every machine), a unique title prefix or word start (the two together: a word that starts two titles is ambiguous), or a
/// unique part of it, tried in that order. A title made of digits is reachable by its title when no item has that number. With no
/// match, the titles closest to what was typed are suggested.
public enum Reference {
    /// Resolves `reference` among `items`; active items win over inactive ones when a title matches both.
    public static func resolve<Item: Nameable>(
        _ reference: ItemReference, among items: [Item], kind: NameableKind, isActive: (Item) -> Bool = { _ in true }
    ) throws(QuestsError) -> Item {
        if let number = reference.number, let item = items.first(where: { $0.number == number }) {
            return item
        }
        let lowered = reference.text.trimmingWhitespace().lowercased()
        guard !lowered.isEmpty else { throw .noMatch(kind, reference.text, suggestions: []) }
        // A title prefix and a word start are one tier: "water" names neither "Water plants" nor "Drink
        // water" while both exist.
        let tiers: [(String) -> Bool] = [
            { $0 == lowered },
            { startsTitleOrWord(lowered, of: $0) },
            { $0.contains(lowered) },
        ]
        for (index, matchesTitle) in tiers.enumerated() {
            // After an exact title: the identity every machine shares, by a start of at least 8 characters.
            if index == 1, lowered.count >= 8, lowered.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                let matches = items.filter { $0.id.uuidString.lowercased().hasPrefix(lowered) }
                if matches.count == 1 { return matches[0] }
            }
            let matches = items.filter { matchesTitle($0.title.lowercased()) }
            let active = matches.filter(isActive)
            let preferred = active.isEmpty ? matches : active
            if preferred.count == 1 { return preferred[0] }
            if preferred.count > 1 {
                throw .ambiguous(
                    kind, reference.text, candidates: preferred.sorted { $0.number < $1.number }.map(\.label))
            }
        }
        throw .noMatch(kind, reference.text, suggestions: closest(to: lowered, among: items.filter(isActive)))
    }

    /// The few items whose title, or one of its words, could be a typo of `typed`; closest first.
    static func closest<Item: Nameable>(to typed: String, among items: [Item]) -> [String] {
        items.map { item in
            (item, ([item.title] + words(of: item.title)).map { Spelling.distance(typed, $0) }.min() ?? .max)
        }
        .filter { Spelling.isTypo(distance: $0.1, of: typed) }
        .sorted { ($0.1, $0.0.number) < ($1.1, $1.0.number) }
        .prefix(3).map(\.0.label)
    }

    /// Whether `typed` (lowercased) starts `title` (lowercased) or one of its words.
    static func startsTitleOrWord(_ typed: String, of title: String) -> Bool {
        title.hasPrefix(typed) || words(of: title).contains { $0.hasPrefix(typed) }
    }

    private static func words(of title: String) -> [String] {
        title.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}

extension Quest: Nameable {
    /// Resolves a quest reference; quests active on `day` win over archived ones.
    public static func resolve(_ reference: ItemReference, among quests: [Quest], on day: LocalDay) throws(QuestsError)
        -> Quest
    {
        try Reference.resolve(reference, among: quests, kind: .quest) { !$0.isArchived(on: day) }
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
