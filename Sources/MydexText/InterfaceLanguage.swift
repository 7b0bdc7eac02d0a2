/// The language mydex speaks in: one of the nine with a full translation of its own words.
/// The data language (`--lang` and friends: any of PokeAPI's 14) decides it, so one setting
/// chooses both: es-419 speaks Spanish, ja-Hrkt Japanese, and cs, pt-BR and ja-roma (no
/// translation of mydex's words yet) English, with their Pokémon data in their own language.
public enum InterfaceLanguage: String, Sendable, CaseIterable {
    case english = "en"
    case korean = "ko"
    case japanese = "ja"
    case simplifiedChinese = "zh-Hans"
    case traditionalChinese = "zh-Hant"
    case french = "fr"
    case german = "de"
    case spanish = "es"
    case italian = "it"
    /// Accented, bracketed English for tests ("[Ćàũğĥţ {name}!]"): shows any text that did not
    /// come from the catalog. `--lang x-pseudo`, never listed to users; its data is Korean.
    case pseudo = "x-pseudo"

    /// The languages users can choose (the pseudo-language is for tests only).
    public static let translated: [InterfaceLanguage] = allCases.filter { $0 != .pseudo }

    /// The interface language for a data language code (PokeAPI's, lower-case).
    public init(dataLanguage code: String) {
        switch code.lowercased() {
        case "ko": self = .korean
        case "ja", "ja-hrkt": self = .japanese
        case "zh-hans": self = .simplifiedChinese
        case "zh-hant": self = .traditionalChinese
        case "fr": self = .french
        case "de": self = .german
        case "es", "es-419": self = .spanish
        case "it": self = .italian
        case InterfaceLanguage.pseudo.rawValue: self = .pseudo
        default: self = .english
        }
    }

    /// The catalog file holding this language's words. English is the source text (`msgid`) that
    /// every catalog carries, a test keeping each equal to the template's: the binary reads it
    /// from the Korean one and does not embed `mydex.pot` (200 KB of the same English).
    var catalogFile: String {
        switch self {
        case .english, .pseudo: InterfaceLanguage.korean.catalogFile
        default: "\(rawValue).po"
        }
    }

    /// The file the binary embeds for this language (`CMydexStrings/embedded/`): its catalog
    /// compacted (`StringCatalog.compacted`), English from the Korean catalog's `msgid`s.
    var embeddedFile: String {
        switch self {
        case .english, .pseudo: "en.po"
        default: "\(rawValue).po"
        }
    }

    /// Languages written without spaces between words, with full-width punctuation.
    public var isCJK: Bool { [.japanese, .simplifiedChinese, .traditionalChinese].contains(self) }
}
