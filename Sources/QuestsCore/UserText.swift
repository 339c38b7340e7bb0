/// The one rule for text people give quests, wherever it comes from (the command line, a pack, a backup):
/// it is stored exactly as given, so text the store could not keep whole (a NUL) is refused rather than
/// cut, and each kind of text has a length limit, so that no single field can make every command slow.
/// Also how messages quote such text back: cut to a readable length.
public enum UserText {
    /// A kind of text, each with its own length limit.
    public enum Field: String, Sendable {
        /// Quest and reward titles, pack names, the title a purchase was made under.
        case title
        /// Notes, descriptions, ledger memos.
        case notes
        /// A journal entry (`quests journal TEXT`).
        case journal

        /// The most characters (Unicode scalars) a text of this kind may have.
        public var limit: Int {
            switch self {
            case .title: return 200
            case .notes: return 5_000
            case .journal: return 2_000
            }
        }
    }

    /// Why a text was refused.
    public enum Problem: Equatable, Sendable {
        case containsNUL
        case tooLong(limit: Int)
    }

    /// What is wrong with `text` as a `field`, or nil when it may be stored.
    public static func problem(with text: String, as field: Field) -> Problem? {
        if text.utf8.withContiguousStorageIfAvailable({ $0.contains(0) }) ?? text.utf8.contains(0) {
            return .containsNUL
        }
        // A text has no more characters than bytes: most are short enough not to need counting.
        if text.utf8.count <= field.limit { return nil }
        var count = 0
        for _ in text.unicodeScalars {
            count += 1
            if count > field.limit { return .tooLong(limit: field.limit) }
        }
        return nil
    }

    /// Refuses `text` as a `field` when it breaks the rule.
    public static func check(_ text: String, as field: Field) throws(QuestsError) {
        if let problem = problem(with: text, as: field) { throw .invalidText(field, problem) }
    }

    /// How many characters of input a message quotes before cutting it with "…".
    public static let quoteLimit = 60

    /// `text` in double quotes for a message, cut to `quoteLimit` characters with "…" so that a huge
    /// input never makes a huge message. (The command line removes control characters when it prints.)
    public static func quoted(_ text: String) -> String {
        "\"\(cut(text))\""
    }

    /// `text` cut to `quoteLimit` characters with "…", for a message that names it without quotes.
    public static func cut(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: quoteLimit, limitedBy: scalars.endIndex),
            end != scalars.endIndex
        else { return text }
        return String(scalars[..<end]) + "…"
    }
}
