

/// Where Pokémon data falls back, field by field, when PokeAPI lacks a text in the chosen
/// language: to the nearest language that reads the same, then English. PokeAPI has egg groups
/// in ja-Hrkt (kana) but not ja, so Japanese shows the kana name, not the English one.
public enum DataLanguage {
    /// The languages to try in order, `code` first (PokeAPI's codes, lower-case).
    public static func fallbacks(_ code: String) -> [String] {
        code == "en" ? ["en"] : [code] + (nearest[code].map { [$0] } ?? []) + ["en"]
    }

    /// The language tried right after each that has one (before English).
    static let nearest: [String: String] = [
        "ja": "ja-hrkt", "ja-hrkt": "ja",
        "es-419": "es", "es": "es-419",
        "zh-hant": "zh-hans", "zh-hans": "zh-hant",
    ]

    /// Languages whose catalog text the same as another's is stored once, as the other's: a
    /// read falls back to it (`fallbacks`), so nothing shown changes.
    package static let storedThrough: [String: String] = ["es-419": "es", "ja-hrkt": "ja"]

    /// `fallbacks` in SQL, for a language that is bound rather than known when the SQL is
    /// written: the nearest language of `language` (an expression, e.g. `:language`), else NULL.
    /// It depends on the bound value alone, so SQLite computes it once and still finds rows by key.
    package static func nearestSQL(_ language: String) -> String {
        "(CASE \(language) "
            + nearest.sorted { $0.key < $1.key }.map { "WHEN '\($0.key)' THEN '\($0.value)' " }.joined()
            + "END)"
    }
}
