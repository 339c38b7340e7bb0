/// Which language quests speaks, chosen as gettext programs choose: `config language` when set; else the
/// locale of `LC_ALL`, then `LC_MESSAGES`, then `LANG` (the first set and not empty); `C`, `POSIX` or no
/// locale mean English, and `LANGUAGE` is then ignored, as GNU gettext ignores it; otherwise `LANGUAGE`,
/// a colon-separated priority list, is tried first, then the locale. A language without a translation is
/// passed over; when none is left, English, without a warning.
enum LanguageChoice {
    /// The code of the language to speak (one of `Catalog.codes`, or `qps`).
    static func code(configured: String?, environment: Environment) -> String {
        if let configured, let code = shipped(configured) { return code }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale, !isPlain(locale) else { return "en" }
        let priorities = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
        return (priorities + [locale]).lazy.compactMap(shipped).first ?? "en"
    }

    /// Whether `locale` is the C library's plain one: `C`, `POSIX`, `C.UTF-8`.
    static func isPlain(_ locale: String) -> Bool {
        let name = locale.prefix { $0 != "." && $0 != "@" }
        return name == "C" || name == "POSIX"
    }

    /// The shipped language a locale or language name means (`de_AT.UTF-8` → `de`, `zh_CN` → `zh`), or nil:
    /// Chinese is Simplified Chinese except where Traditional is written (`zh_TW`, `zh_HK`, `zh_MO`,
    /// `zh-Hant`), which quests does not ship.
    static func shipped(_ locale: String) -> String? {
        let name = locale.prefix { $0 != "." && $0 != "@" }
        let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
        guard let language = parts.first else { return nil }
        if language == "zh", parts.dropFirst().contains(where: { ["tw", "hk", "mo", "hant"].contains($0) }) {
            return nil
        }
        if language == PseudoLanguage.code { return PseudoLanguage.code }
        return Catalog.codes.contains(language) ? language : nil
    }
}
