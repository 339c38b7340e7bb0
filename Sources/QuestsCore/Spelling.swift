/// How close two spellings are, for "did you mean" suggestions of titles and commands.
public enum Spelling {
    /// The Levenshtein distance between `a` and `b`, compared case-insensitively by character.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1]
            for (j, right) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// Whether `distance` is a plausible typo of `typed`: one edit in a short word, one in three in a longer one.
    public static func isTypo(distance: Int, of typed: String) -> Bool {
        distance <= max(1, typed.count / 3)
    }

    /// The few `names` closest to `typed` that could be a typo of it, closest first.
    public static func closest(to typed: String, among names: [String], limit: Int = 3) -> [String] {
        names.enumerated().map { (name: $0.element, order: $0.offset, distance: distance(typed, $0.element)) }
            .filter { isTypo(distance: $0.distance, of: typed) }
            .sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }
            .prefix(limit).map(\.name)
    }
}
