/// Where Pokémon data falls back, field by field, when PokeAPI lacks a text in the chosen
/// language: to the nearest language that reads the same, then English. PokeAPI has egg groups
/// in ja-Hrkt (kana) but not ja, so Japanese shows the kana name, not the English one.
public enum DataLanguage {
    /// The languages to try in order, `code` first (PokeAPI's codes, lower-case).
    public static func fallbacks(_ code: String) -> [String] {
        let nearest: [String] = switch code {
        case "ja": ["ja-hrkt"]
        case "ja-hrkt": ["ja"]
        case "es-419": ["es"]
        case "es": ["es-419"]
        case "zh-hant": ["zh-hans"]
        case "zh-hans": ["zh-hant"]
        default: []
        }
        return code == "en" ? ["en"] : [code] + nearest + ["en"]
    }
}
