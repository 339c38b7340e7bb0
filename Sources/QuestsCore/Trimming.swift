/// Trimming as Foundation's `trimmingCharacters(in:)` does it, Unicode scalar by scalar, without Foundation.
extension String {
    /// Without the spaces at either end: tabs, Unicode's space separators (Zs) and U+200B, Foundation's
    /// `CharacterSet.whitespaces`. Line breaks stay.
    public func trimmingSpaces() -> String {
        trimming { $0 == "\t" || $0 == "\u{200B}" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// Without the spaces and line breaks at either end: Unicode's White_Space and U+200B, Foundation's
    /// `CharacterSet.whitespacesAndNewlines`.
    public func trimmingSpacesAndNewlines() -> String {
        trimming { $0 == "\u{200B}" || $0.properties.isWhitespace }
    }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
