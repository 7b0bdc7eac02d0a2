import CMydexCatalog
import Foundation
import Testing
@testable import MydexCLI
@testable import MydexText

/// The catalogs: every message in every language, with the same placeholders, and the rules
/// that make sentences right (plural forms, Korean particles, numbers and dates).
@Suite("Localization")
struct LocalizationTests {
    static let catalogFolder = Fixtures.repositoryRoot.appendingPathComponent("Sources/CMydexStrings")

    static func catalog(_ file: String) throws -> StringCatalog {
        try StringCatalog(text: String(contentsOf: catalogFolder.appendingPathComponent(file), encoding: .utf8))
    }

    /// `{name}` and `{name:을}` of a text, by name.
    static func placeholders(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: "}") else { break }
            let body = rest[..<close].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            if let name = body.first, !name.isEmpty,
               name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
                names.insert(String(name))
            }
        }
        return names
    }

    @Test("Every message has all nine languages, the English's placeholders, and no copy of the English unless marked")
    func completeness() throws {
        let source = try Self.catalog("mydex.pot")
        #expect(source.ordered.count > 300, "the template holds the interface's words")
        #expect(Set(source.ordered.map(\.key)).count == source.ordered.count, "keys are unique")
        for entry in source.ordered {
            #expect(!entry.comment.isEmpty, "\(entry.key): a comment for translators")
            #expect(!entry.english.isEmpty, "\(entry.key): English text")
            if let plural = entry.englishPlural {
                #expect(Self.placeholders(plural) == Self.placeholders(entry.english), "\(entry.key): plural's placeholders")
            }
        }
        for language in InterfaceLanguage.translated where language != .english {
            let file = language.catalogFile
            let catalog = try Self.catalog(file)
            let format = LocaleFormat(language)
            #expect(catalog.header["Plural-Forms"] == format.pluralFormsHeader, "\(file): Plural-Forms")
            #expect(catalog.header["Language"] == language.rawValue, "\(file): Language")
            #expect(Set(catalog.entries.keys) == Set(source.entries.keys), "\(file): the same keys as mydex.pot")
            let forms = format.pluralIndex(1) == format.pluralIndex(2) ? 1 : 2
            for english in source.ordered {
                guard let entry = catalog.entries[english.key] else {
                    Issue.record("\(file): \(english.key) is missing")
                    continue
                }
                #expect(entry.english == english.english, "\(file): \(english.key) translates the current English")
                #expect(entry.englishPlural == english.englishPlural, "\(file): \(english.key) plural source")
                #expect(entry.translations.count == (english.englishPlural == nil ? 1 : forms), "\(file): \(english.key) forms")
                for translation in entry.translations {
                    #expect(!translation.isEmpty, "\(file): \(english.key) is empty")
                    #expect(Self.placeholders(translation) == Self.placeholders(english.english),
                            "\(file): \(english.key) has the English's placeholders: \(translation)")
                    if translation == english.english, english.english.contains(where: \.isLetter) {
                        #expect(english.flags.contains("same-as-english"),
                                "\(file): \(english.key) is still English (mark it same-as-english if that is right)")
                    }
                    for marker in Self.particleMarkers(translation) {
                        #expect(language == .korean && KoreanParticle.isParticle(marker), "\(file): \(english.key): {…:\(marker)}")
                    }
                    if language == .korean, let particle = Self.plainParticle(translation) {
                        Issue.record("\(file): \(english.key): \"\(particle)\" after a placeholder must agree with its value: write {name:…} or {:…}")
                    }
                }
            }
        }
    }

    /// The command lines of a help text's examples (`$ mydex catch --seed 42`), without their comments.
    static func exampleCommands(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("$ ") else { return nil }
            let command = trimmed.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            return String(command.reversed().drop { $0 == " " }.reversed())
        }
    }

    @Test("Help examples keep their command lines exactly, in every language (only the comments are translated)")
    func examples() throws {
        let source = try Self.catalog("mydex.pot")
        let withExamples = source.ordered.filter { !Self.exampleCommands($0.english).isEmpty }
        #expect(withExamples.count >= 20, "every command's help has examples")
        for language in InterfaceLanguage.translated where language != .english {
            let catalog = try Self.catalog(language.catalogFile)
            for english in withExamples {
                let translated = catalog.entries[english.key]?.translations.first ?? ""
                #expect(Self.exampleCommands(translated) == Self.exampleCommands(english.english),
                        "\(language.catalogFile): \(english.key)'s examples differ from the English")
            }
        }
    }

    /// A Korean particle written as plain text after a placeholder, or after the quote that
    /// closes one (`#{id}로`, `"{query}"라는`, `{suggestions}을(를)`): it cannot agree
    /// with every value. The text from the placeholder on, or nil.
    static func plainParticle(_ text: String) -> String? {
        let particles = ["이라는", "라는", "으로", "을", "를", "이", "가", "은", "는", "과", "와", "로", "아", "야"]
        var rest = Substring(text)
        while let close = rest.firstIndex(of: "}") {
            let open = rest[..<close].lastIndex(of: "{")
            var after = rest[rest.index(after: close)...]
            defer { rest = after }
            guard let open, Self.placeholders(String(rest[open...close])).count == 1 else { continue }
            // Through a closing quote (`"{query}"라는`), not a parenthesis: in `컬렉션({current})을`
            // the particle belongs to the name before it, and agrees with it as written.
            after = after.drop { "\"'”’」』".contains($0) }
            guard let particle = particles.first(where: { after.hasPrefix($0) }) else { continue }
            // A particle ends the word: what follows is not Hangul (`#{id}로 보관`, not `{count}이상`).
            let next = after.dropFirst(particle.count).first
            if let scalar = next?.unicodeScalars.first, (0xAC00...0xD7A3).contains(scalar.value) { continue }
            return String(String(rest[open...]).prefix(40)) + "…"
        }
        return nil
    }

    static func particleMarkers(_ text: String) -> [String] {
        var markers: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: "}") else { break }
            let body = rest[..<close].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            if body.count == 2, body[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
                markers.append(String(body[1]))
            }
        }
        return markers
    }

    /// English is embedded as text; every other language deflated (strings.c): the file's name in embedded/.
    static func storedFile(_ language: InterfaceLanguage) -> String {
        language == .english ? language.embeddedFile : language.embeddedFile + ".deflate"
    }

    /// A compacted catalog as embedded/ keeps it: English as it is, the others as its length
    /// (4 bytes, little-endian) then the text deflated.
    static func stored(_ compact: String, _ language: InterfaceLanguage) -> Data {
        let text = Array(compact.utf8)
        guard language != .english else { return Data(text) }
        var packed = [UInt8](repeating: 0, count: text.count + 1024)
        let written = mydex_deflate_raw(text, text.count, &packed, packed.count)
        let length = UInt32(text.count)
        return Data([UInt8(length & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 24)] + packed.prefix(written))
    }

    /// The text of a file of embedded/, as the binary reads it.
    static func text(ofStored data: Data, _ language: InterfaceLanguage) -> String? {
        let bytes = [UInt8](data)
        guard language != .english else { return String(decoding: bytes, as: UTF8.self) }
        guard bytes.count >= 4 else { return nil }
        let length = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
        var text = [UInt8](repeating: 0, count: length)
        let body = Array(bytes.dropFirst(4))
        guard mydex_inflate_raw(body, body.count, &text, length) != 0 else { return nil }
        return String(decoding: text, as: UTF8.self)
    }

    @Test("The binary carries each catalog compacted from the tree's, every language's file listed")
    func embeddedCatalogs() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.catalogFolder.path)
            .filter { $0.hasSuffix(".po") || $0.hasSuffix(".pot") }
        #expect(Set(files) == Set(InterfaceLanguage.translated.map(\.catalogFile) + ["mydex.pot"]), "one file a language, and the template")
        // The template is not embedded: English is read from the Korean catalog's msgid.
        #expect(StringCatalog.embeddedText("mydex.pot") == nil)
        let folder = Self.catalogFolder.appendingPathComponent("embedded")
        let update = ProcessInfo.processInfo.environment["MYDEX_UPDATE_GOLDEN"] == "1"
        for language in InterfaceLanguage.translated {
            let source = language.catalogFile
            let compact = try Self.catalog(source).compacted(english: language == .english, source: source)
            let file = folder.appendingPathComponent(Self.storedFile(language))
            if update { try Self.stored(compact, language).write(to: file) }
            #expect(Self.text(ofStored: try Data(contentsOf: file), language) == compact,
                    "embedded/\(Self.storedFile(language)) is not \(source) compacted: MYDEX_UPDATE_GOLDEN=1 swift test --filter embeddedCatalogs")
            #expect(StringCatalog.embeddedText(language.embeddedFile) == compact, "\(language.embeddedFile) is embedded as it is")
            // Compacted, a catalog says the same: every message, its plural forms, its text.
            let full = try Self.catalog(source), small = try StringCatalog(text: compact)
            #expect(small.ordered.map(\.key) == full.ordered.map(\.key).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
            for entry in full.ordered {
                let kept = small.entries[entry.key]
                #expect((kept?.englishPlural != nil) == (entry.englishPlural != nil), "\(source): \(entry.key)")
                if language == .english {
                    #expect(kept?.english == entry.english && kept?.englishPlural == entry.englishPlural, "\(entry.key)")
                } else {
                    #expect(kept?.translations == entry.translations, "\(source): \(entry.key)")
                }
            }
        }
        let embedded = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(Set(embedded) == Set(InterfaceLanguage.translated.map(Self.storedFile)), "nothing else in embedded/")
    }

    @Test("Each catalog is sorted by key, and a message looked up in the binary is the one a full parse finds")
    func sortedLookups() throws {
        for language in InterfaceLanguage.translated {
            let catalog = try Self.catalog(language.catalogFile)
            let keys = catalog.ordered.map { Array($0.key.utf8) }
            // Byte order, as the lookup compares: a message out of order would not be found.
            let outOfOrder = zip(keys, keys.dropFirst()).filter { !$0.lexicographicallyPrecedes($1) }
            #expect(outOfOrder.isEmpty, "\(language.catalogFile) is not sorted by msgctxt at \(outOfOrder.first.map { String(decoding: $0.1, as: UTF8.self) } ?? "")")
            for entry in catalog.ordered {
                let found = StringCatalog.embeddedEntry(entry.key, in: language)
                #expect((found?.englishPlural != nil) == (entry.englishPlural != nil), "\(language.catalogFile): \(entry.key)")
                if language == .english {
                    #expect(found?.english == entry.english && found?.englishPlural == entry.englishPlural, "\(entry.key)")
                } else {
                    #expect(found?.translations == entry.translations, "\(language.catalogFile): \(entry.key)")
                }
            }
            for missing in ["", "a", "zzz", "list.option", "list.option.sortx", "\u{7F}"] {
                #expect(StringCatalog.embeddedEntry(missing, in: language) == nil, "\(missing)")
            }
        }
    }

    @Test("Every key the code asks for is in the catalog, and every message is asked for")
    func keysInCode() throws {
        let source = try Self.catalog("mydex.pot")
        let sources = Fixtures.repositoryRoot.appendingPathComponent("Sources")
        var used: Set<String> = []
        var prefixes: Set<String> = []
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            var rest = Substring(text)
            while let range = rest.range(of: "tr(\"") {
                rest = rest[range.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                let key = String(rest[..<end])
                if let interpolation = key.range(of: "\\(") {
                    prefixes.insert(String(key[..<interpolation.lowerBound]))
                } else {
                    used.insert(key)
                }
            }
        }
        for key in used.sorted() { #expect(source.entries[key] != nil, "\(key) is used but not in mydex.pot") }
        for entry in source.ordered where !used.contains(entry.key) {
            #expect(prefixes.contains { entry.key.hasPrefix($0) }, "\(entry.key) is in mydex.pot but never used")
        }
    }

    @Test("Korean particles agree with the last sound of the word before them", arguments: [
        // A final consonant, none, and ㄹ (which takes 로, not 으로).
        ("리자몽", "을", "을"), ("피카츄", "을", "를"), ("리자몽", "를", "을"), ("피카츄", "이", "가"), ("리자몽", "가", "이"),
        ("피카츄", "은", "는"), ("리자몽", "는", "은"), ("피카츄", "과", "와"), ("리자몽", "와", "과"),
        ("리자몽", "으로", "으로"), ("피카츄", "으로", "로"), ("파이리", "로", "로"), ("레글", "으로", "로"), ("레글", "을", "을"),
        ("이브이", "아", "야"), ("리자몽", "야", "아"),
        // Digits by their Sino-Korean reading: 일, 이, 삼, 칠, 팔, 영.
        ("R1", "을", "을"), ("R2", "을", "를"), ("R3", "을", "을"), ("R7", "으로", "로"), ("R8", "이", "이"), ("R10", "으로", "으로"),
        // Latin letters where the sound is certain: l, m, n, ng; vowels; else the combined form.
        ("Sparky", "을", "를"), ("Mike", "이", "가"), ("Bill", "으로", "로"), ("Sam", "은", "은"), ("Ken", "과", "과"),
        ("King", "을", "을"), ("Max", "을", "을(를)"), ("Max", "으로", "(으)로"), ("Bob", "이", "이(가)"),
        // An emoji, kana, a closing bracket looked through.
        ("피카 ⚡", "을", "을(를)"), ("ピカ", "가", "이(가)"), ("「리자몽」", "를", "을"), ("", "을", "을(를)"),
        // A number as it is read: 영, 십, 백, 천, 만 end in a consonant, 육 too; 일 in ㄹ.
        ("#6", "로", "으로"), ("#10", "로", "으로"), ("#1000", "로", "으로"), ("10,000", "이", "이"), ("101", "가", "이"),
        ("#3", "는", "은"), ("#25", "을", "를"), ("50%", "이", "가"),
        // A name with a parenthesis takes the name's particle, not the parenthesis'.
        ("집게왕(모단단게)", "을", "을"), ("파오리(#0083)", "을", "를"), ("피카츄 (3)", "을", "를"), ("(3)", "을", "을"),
        ("킹크랩（Kingler）", "를", "을"),
        // 이라는/라는, and the combined form written as Korean writes it.
        ("불꽃", "라는", "이라는"), ("피카츄", "이라는", "라는"), ("레글", "라는", "이라는"), ("Max", "라는", "(이)라는"),
    ])
    func particles(word: String, marker: String, expected: String) {
        #expect(KoreanParticle.particle(marker, after: word) == expected)
    }

    @Test("Placeholders are filled by name, Korean particles follow the value, and a brace that is no placeholder stays")
    func filling() {
        let korean = Translator(.korean)
        #expect(korean.render("{name:을} 잡았다! {count}마리", ["name": "피카츄", "count": 1234]) == "피카츄를 잡았다! 1,234마리")
        #expect(korean.render("{name:을} 잡았다!", ["name": "리자몽"]) == "리자몽을 잡았다!")
        #expect(korean.render("{name:으로} 바꿨다.", ["name": "Sparky"]) == "Sparky로 바꿨다.")
        #expect(korean.render("\"{query}\"{:라는} 기술은 없습니다.", ["query": "불꽃"]) == "\"불꽃\"이라는 기술은 없습니다.")
        #expect(korean.render("\"{query}\"{:이라는} 기술", ["query": "피카"]) == "\"피카\"라는 기술", "the particle of the value before")
        #expect(korean.render("{name:은} 항목 #{id:로} 보관했습니다.", ["name": "화살꼬빈", "id": "6"]) == "화살꼬빈은 항목 #6으로 보관했습니다.")
        #expect(korean.render("({value:가} 아니라)", ["value": 101]) == "(101이 아니라)")
        #expect(Translator(.french).render("{count} Pokémon", ["count": 12345]) == "12\u{202F}345 Pokémon")
        #expect(Translator(.german).render("#{id}: {count}", ["id": "12345", "count": 12345]) == "#12345: 12.345",
                "ids are text, never grouped")
        let english = Translator(.english)
        #expect(english.render("{\"schema\": 1} {missing} {name}", ["name": "x"]) == "{\"schema\": 1} {missing} x")
        #expect(english.text("no.such.key") == "no.such.key", "an unknown key shows itself, and keysInCode fails")
    }

    @Test("Plural forms by CLDR's rules for whole numbers")
    func plurals() {
        let cases: [(InterfaceLanguage, Int, Int)] = [
            (.english, 0, 1), (.english, 1, 0), (.english, 2, 1), (.german, 1, 0), (.german, 21, 1), (.italian, 1, 0),
            (.spanish, 1, 0), (.spanish, 0, 1), (.french, 0, 0), (.french, 1, 0), (.french, 2, 1), (.french, 1_000_000, 1),
            (.korean, 1, 0), (.korean, 5, 0), (.japanese, 2, 0), (.simplifiedChinese, 2, 0), (.traditionalChinese, 1, 0),
        ]
        for (language, count, index) in cases {
            #expect(LocaleFormat(language).pluralIndex(count) == index, "\(language) \(count)")
        }
    }

    @Test("Numbers as each language writes them")
    func numbers() {
        let expected: [InterfaceLanguage: (String, String, String, String)] = [
            .english: ("1,234", "100,000", "0.6", "1,234.5"),
            .korean: ("1,234", "100,000", "0.6", "1,234.5"),
            .japanese: ("1,234", "100,000", "0.6", "1,234.5"),
            .simplifiedChinese: ("1,234", "100,000", "0.6", "1,234.5"),
            .traditionalChinese: ("1,234", "100,000", "0.6", "1,234.5"),
            .french: ("1\u{202F}234", "100\u{202F}000", "0,6", "1\u{202F}234,5"),
            .german: ("1.234", "100.000", "0,6", "1.234,5"),
            .italian: ("1.234", "100.000", "0,6", "1.234,5"),
            .spanish: ("1234", "100.000", "0,6", "1234,5"),
        ]
        for (language, (thousands, hundredThousand, decimal, grouped)) in expected {
            let format = LocaleFormat(language)
            #expect(format.integer(1234) == thousands, "\(language)")
            #expect(format.integer(100_000) == hundredThousand, "\(language)")
            #expect(format.decimal(0.6, digits: 1) == decimal, "\(language)")
            #expect(format.decimal(1234.5, digits: 1) == grouped, "\(language)")
            #expect(format.integer(7) == "7")
            #expect(format.integer(-1234).hasPrefix("-"))
        }
        #expect(LocaleFormat(.english).decimal(6.95, digits: 1) == "7.0")
        #expect(LocaleFormat(.english).decimal(-0.04, digits: 1) == "0.0")
        #expect(LocaleFormat(.french).percent(12.5, digits: 1) == "12,5\u{202F}%")
        #expect(LocaleFormat(.korean).percent(12.5, digits: 1) == "12.5%")
    }

    @Test("Dates as each language writes them, always one width")
    func dates() {
        let expected: [InterfaceLanguage: String] = [
            .english: "2026-01-05", .korean: "2026. 01. 05.", .japanese: "2026/01/05", .simplifiedChinese: "2026/01/05",
            .traditionalChinese: "2026/01/05", .french: "05/01/2026", .spanish: "05/01/2026", .italian: "05/01/2026",
            .german: "05.01.2026",
        ]
        for (language, text) in expected {
            let format = LocaleFormat(language)
            #expect(format.date(year: 2026, month: 1, day: 5) == text, "\(language)")
            #expect(format.date(year: 2026, month: 11, day: 24).count == text.count, "\(language): one width")
            #expect(format.dateTime(year: 2026, month: 1, day: 5, hour: 7, minute: 3) == text + " 07:03")
        }
    }

    @Test("Languages map from the data language, with the documented fallbacks")
    func interfaceLanguages() {
        let cases: [(String, InterfaceLanguage)] = [
            ("en", .english), ("ko", .korean), ("ja", .japanese), ("ja-hrkt", .japanese), ("ja-roma", .english),
            ("zh-hans", .simplifiedChinese), ("zh-hant", .traditionalChinese), ("fr", .french), ("de", .german),
            ("es", .spanish), ("es-419", .spanish), ("it", .italian), ("cs", .english), ("pt-br", .english),
            ("x-pseudo", .pseudo),
        ]
        for (code, language) in cases { #expect(InterfaceLanguage(dataLanguage: code) == language, "\(code)") }
        #expect(!InterfaceLanguage.translated.contains(.pseudo), "the pseudo-language is not offered to users")
    }

    @Test("The pseudo-language accents mydex's words only: values, commands and options stay as they are")
    func pseudo() {
        let text = Translator.pseudo("Caught \u{0}0\u{0}! See `mydex list` or --sort dex.\n\n  $ mydex catch --seed 42  # same seed", keeping: ["피카츄"])
        #expect(text == "[Ćàũğĥţ 피카츄! Šéé `mydex list` öŕ --sort ďéẋ.]\n\n  [$ mydex catch --seed 42  # šàḿé šééď]",
                "an example's command line is kept, its comment accented")
    }

    @Test("French puts a narrow no-break space before ! ? : ; and Japanese and Chinese no space beside a name")
    func typography() throws {
        let french = try Self.catalog("fr.po")
        for entry in french.ordered {
            for translation in entry.translations {
                for mark in ["!", "?", ";"] where translation.contains(" " + mark) {
                    Issue.record("fr: \(entry.key): a plain space before \(mark): \(translation)")
                }
                // A colon ends a label or introduces a value: the same rule, outside URLs and times.
                if translation.contains(" :") && !translation.contains(" ::") {
                    Issue.record("fr: \(entry.key): a plain space before a colon: \(translation)")
                }
            }
        }
        for file in ["ja.po", "zh-Hans.po", "zh-Hant.po"] {
            let catalog = try Self.catalog(file)
            for entry in catalog.ordered {
                for translation in entry.translations {
                    let characters = Array(translation)
                    for index in characters.indices.dropFirst().dropLast() where characters[index] == " " {
                        let before = characters[index - 1], after = characters[index + 1]
                        if (Self.isCJK(before) && after == "{") || (before == "}" && Self.isCJK(after)) {
                            Issue.record("\(file): \(entry.key): a space between a name and CJK text: \(translation)")
                        }
                    }
                }
            }
        }
    }

    @Test("Long values wrap as each script does: Korean between words, Japanese between characters but never before 、 or 。")
    func wrapping() {
        let korean = TextWrap.lines("서로의 꼬리를 붙여서 전기를 흐르게 하는 게 피카츄 사이의 인사법이다.", width: 30)
        #expect(korean == ["서로의 꼬리를 붙여서 전기를", "흐르게 하는 게 피카츄 사이의", "인사법이다."])
        let japanese = TextWrap.lines("おたがいの しっぽを くっつけて電気を流しあうのがピカチュウ同士の挨拶だ。", width: 20)
        #expect(japanese.allSatisfy { TerminalText.displayWidth($0) <= 20 }, "\(japanese)")
        #expect(japanese.dropFirst().allSatisfy { !$0.hasPrefix("、") && !$0.hasPrefix("。") }, "\(japanese)")
        #expect(japanese.joined().replacingOccurrences(of: " ", with: "") == "おたがいのしっぽをくっつけて電気を流しあうのがピカチュウ同士の挨拶だ。")
        #expect(TextWrap.lines("a-very-long-path/that/does/not/fit", width: 10).allSatisfy { TerminalText.displayWidth($0) <= 10 },
                "a word longer than a line is cut")
        #expect(TerminalText.displayWidth("피카츄 ピカチュウ 皮卡丘 Évoli —") == 6 + 1 + 10 + 1 + 6 + 1 + 5 + 1 + 1)
        #expect(TerminalText.displayWidth("e\u{301}") == 1, "a combining mark takes no column")
        #expect(TerminalText.displayWidth("👍🏽") == 2, "an emoji with a modifier is one wide character")
    }

    static func isCJK(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        return (0x3040...0x30FF).contains(value) || (0x4E00...0x9FFF).contains(value) || (0xFF01...0xFF60).contains(value)
            || (0x3000...0x303F).contains(value)
    }
}
