import Foundation
import Testing
import PokeAPI
@testable import MydexCatalog
@testable import MydexModel
@testable import MydexServices
@testable import MydexStore

/// How names, types and Pokédex text are chosen and compared across languages and scripts.
@Suite("Text and languages")
struct TextAndLanguageTests {
    @Test("Language codes as people write them, and POSIX locales, map to PokeAPI's", arguments: [
        ("pt_BR", "pt-br"), ("PT", "pt-br"), ("zh_HK", "zh-hant"), ("zh_MO.UTF-8", "zh-hant"), ("zh-Hant", "zh-hant"),
        ("zh", "zh-hans"), ("zh_SG", "zh-hans"), ("es", "es"), ("es_ES.UTF-8", "es"), ("es_AR", "es-419"),
        ("de_DE@euro", "de"), ("ja_JP.eucJP", "ja"), ("JA-HRKT", "ja-hrkt"), ("fr_CA", "fr"),
        ("sv_SE", nil), ("C", nil), ("POSIX", nil), ("", nil), ("_", nil), ("-", nil),
    ] as [(String, String?)])
    func match(code: String, expected: String?) {
        #expect(DisplayLanguage.match(code) == expected)
    }

    @Test("Blank settings are skipped: the next one, then the locale, decides")
    func blankSettings() throws {
        #expect(try DisplayLanguage.resolve(explicit: "  ", environment: ["MYDEX_LANG": "fr"]) == "fr")
        #expect(try DisplayLanguage.resolve(explicit: nil, environment: ["MYDEX_LANG": "", "LANG": "de_DE.UTF-8"]) == "de")
        #expect(try DisplayLanguage.resolve(explicit: nil, environment: ["LC_ALL": "", "LC_MESSAGES": "it_IT.UTF-8", "LANG": "fr_FR"]) == "it")
        #expect(try DisplayLanguage.resolve(explicit: nil, environment: ["LC_ALL": "pt_PT.UTF-8"]) == "pt-br")
    }

    @Test("An unsupported language is refused with the list of those that are")
    func unsupportedMessage() {
        let message = DisplayLanguage.Problem.unsupported("tlh", source: "MYDEX_LANG").description
        #expect(message.hasPrefix("MYDEX_LANG=tlh: no Pokémon data in that language. Choose one of: en, ko, ja,"))
        for code in DisplayLanguage.supported { #expect(message.contains(code)) }
    }

    @Test("Localized text falls back to English field by field, then to PokeAPI's name")
    func localizer() throws {
        let typeNames = [
            TypeName(type: "fire", language: "en", name: "Fire"), TypeName(type: "fire", language: "ko", name: "불꽃"),
            TypeName(type: "grass", language: "en", name: "Grass"), TypeName(type: "poison", language: "ja", name: "どく"),
        ]
        let korean = Localizer(language: "KO", typeNames: typeNames)
        #expect(korean.language == "ko")
        #expect(korean.typeName("fire") == "불꽃")
        #expect(korean.typeName("grass") == "Grass")
        #expect(korean.typeName("poison") == "Poison", "neither Korean nor English: the API name, capitalised")
        #expect(korean.typeName("stellar") == "Stellar")

        var bulbasaur = try Fixtures.speciesData(1)
        #expect(korean.types(bulbasaur) == "Grass/Poison")
        #expect(korean.name(bulbasaur) == "이상해씨")
        #expect(korean.genus(bulbasaur) == "씨앗포켓몬")
        (bulbasaur.names, bulbasaur.genera, bulbasaur.flavorTexts) = (["en": "Bulbasaur"], ["en": "Seed Pokémon"], ["en": "A seed."])
        #expect(korean.name(bulbasaur) == "Bulbasaur")
        #expect(korean.genus(bulbasaur) == "Seed Pokémon")
        #expect(korean.flavorText(bulbasaur) == "A seed.")
        (bulbasaur.names, bulbasaur.genera, bulbasaur.flavorTexts) = ([:], [:], [:])
        #expect(korean.name(bulbasaur) == "bulbasaur")
        #expect(korean.genus(bulbasaur) == nil)
        #expect(korean.flavorText(bulbasaur) == nil)
    }

    @Test("Search text ignores case, accents, width, kana kind and punctuation", arguments: [
        ("Mr. Mime", "mrmime"), ("Nidoran♀", "nidoran"), ("Flabébé", "flabebe"), ("Porygon-Z", "porygonz"),
        ("ＰＩＫＡＣＨＵ", "pikachu"), ("#151", "151"), ("Farfetch’d", "farfetchd"), ("   ", ""), ("피카츄!", "피카츄"),
    ])
    func normalized(text: String, expected: String) {
        #expect(SearchText.normalized(text) == expected)
    }

    @Test("ASCII text gets the same key as the whole folding gives it")
    func asciiKeys() {
        let every = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        for text in [every, "Mr. Mime", "Porygon-Z", "NIDORAN f", "ho-oh 250", "Sparky_2!"] {
            #expect(SearchText.normalized(text) == SearchText.folded(text), "\(text)")
        }
    }

    @Test("Hiragana and katakana spellings compare equal")
    func kana() {
        #expect(SearchText.normalized("ぴかちゅう") == SearchText.normalized("ピカチュウ"))
        #expect(SearchText.normalized("ﾋﾟｶﾁｭｳ") == SearchText.normalized("ピカチュウ"))  // half-width katakana
        // Sound marks, half-width or spacing, compose with the letter before them.
        #expect(SearchText.normalized("ｶﾞﾙｰﾗ") == "ガルーラ" && SearchText.normalized("がるーら") == "ガルーラ")
        #expect(SearchText.normalized("ひ゜かちゅう") == "ピカチュウ")
        #expect(SearchText.normalized("ゔ") == "ヴ" && SearchText.normalized("ゝ") == "ヽ")
    }

    @Test("Edit distance counts characters, whatever their script", arguments: [
        ("", "abc", 3), ("abc", "", 3), ("", "", 0), ("kitten", "sitting", 3), ("pikachu", "pikachu", 0),
        ("pikachuu", "pikachu", 1), ("피카츄", "피카추", 1), ("ab", "ba", 2),
    ] as [(String, String, Int)])
    func distance(a: String, b: String, expected: Int) {
        #expect(SearchText.distance(a, b) == expected)
        #expect(SearchText.distance(b, a) == expected)
    }

    @Test("Game text loses the cartridge's line breaks, form feeds and soft hyphens", arguments: [
        ("A strange seed was\nplanted on its\u{C}back at birth.", "A strange seed was planted on its back at birth."),
        ("  leading\n\nand   trailing \r\n", "leading and trailing"),
        ("evolu\u{AD}\ntion", "evolution"),
        ("well-\nknown", "well-known"),
        ("tab\tseparated", "tab separated"),
        ("ピカチュウは\nでんきを\nためる。", "ピカチュウはでんきをためる。"),
        ("でんき\n。", "でんき。"),
        ("でんき\n!", "でんき!"),
        ("でんき\nABC", "でんき ABC"),
        ("皮卡丘\r\n会放电", "皮卡丘会放电"),
        ("", ""),
    ])
    func flavorText(raw: String, cleaned: String) {
        #expect(FlavorText.clean(raw) == cleaned)
    }

    @Test("Sprites and cries fall back to the official artwork and the legacy cry")
    func spriteFallbacks() throws {
        var json = try JSONSerialization.jsonObject(with: Fixtures.data("pokemon/25")) as? [String: Any] ?? [:]
        json["sprites"] = [
            "front_default": NSNull(), "front_shiny": NSNull(),
            "other": ["official-artwork": ["front_default": "https://art/25.png", "front_shiny": "https://art/shiny/25.png"]],
        ]
        json["cries"] = ["latest": NSNull(), "legacy": "https://cries/legacy/25.ogg"]
        let pokemon = try JSONDecoder().decode(PokemonResource.self, from: JSONSerialization.data(withJSONObject: json))
        let species = Species(pokemon: pokemon, species: try Fixtures.species(25), fetchedAt: TestClock.start)
        #expect(species.sprite == "https://art/25.png")
        #expect(species.shinySprite == "https://art/shiny/25.png")
        #expect(species.cry == "https://cries/legacy/25.ogg")
    }
}
