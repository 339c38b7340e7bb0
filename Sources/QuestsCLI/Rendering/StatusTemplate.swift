/// A `--template` for `quests status`: text with `{placeholder}`s filled in from today's board.
struct StatusTemplate {
    /// The values a template can show.
    enum Key: String, CaseIterable {
        case done, total, available, upcoming, next
        case nextTime = "next_time"
        case balance, streak
        /// The day's main quest, and its focus tasks done of all (`1/3`); empty on a day without them.
        case goal, focus
        /// Where the next quest's day stands when it is a counted quest (`3/8 glasses`); empty otherwise.
        case amount
    }

    private enum Part {
        case text(String)
        case value(Key)
    }

    private let parts: [Part]

    /// Reads `text`; a `{name}` that names no placeholder is refused, any other brace is kept as written.
    init(_ text: String) throws {
        var parts: [Part] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            guard !name.contains("{"), !name.isEmpty else {
                parts.append(.text(String(rest[...open])))
                rest = rest[rest.index(after: open)...]
                continue
            }
            guard let key = Key(rawValue: String(name)) else { throw CommandFailure.unknownPlaceholder(String(name)) }
            parts.append(.text(String(rest[..<open])))
            parts.append(.value(key))
            rest = rest[rest.index(after: close)...]
        }
        parts.append(.text(String(rest)))
        self.parts = parts
    }

    /// Whether the template shows `key`.
    func shows(_ key: Key) -> Bool {
        parts.contains { if case .value(key) = $0 { true } else { false } }
    }

    /// The template with each placeholder replaced by `value(key)`.
    func render(_ value: (Key) -> String) -> String {
        parts.map { part in
            switch part {
            case .text(let text): return text
            case .value(let key): return value(key)
            }
        }.joined()
    }
}
