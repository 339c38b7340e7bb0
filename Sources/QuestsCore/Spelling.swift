/// How close two spellings are, for "did you mean" suggestions of titles and commands.
public enum Spelling {
    /// The edits (insert, delete, replace, or swap two neighbours) that turn `a` into `b`, ignoring case.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased())
        let b = Array(b.lowercased())
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        // rows[i][j]: the distance between the first i characters of a and the first j of b.
        var rows = [Array(0...b.count)]
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], rows[i - 2][j - 2] + 1)
                }
            }
            rows.append(row)
        }
        return rows[a.count][b.count]
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
