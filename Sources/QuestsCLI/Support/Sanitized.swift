/// User text made safe to print: control characters (escape sequences, carriage returns...) removed.
enum Sanitized {
    /// `text` without control characters; newlines and tabs become spaces so it stays on one line.
    static func line(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control:
                if scalar == "\n" || scalar == "\t" { result.append(" ") }
            case .format where (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value):
                continue  // bidirectional overrides can disguise text
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }
}
