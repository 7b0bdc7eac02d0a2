/// A value put into a message's placeholder: text as it is, a count formatted as the language
/// writes numbers (and choosing the plural form).
public protocol TextArgument: Sendable {
    func text(_ format: LocaleFormat) -> String
    /// The number a plural form is chosen by, when this is a count.
    var pluralCount: Int? { get }
}

extension TextArgument {
    public var pluralCount: Int? { nil }
}

extension String: TextArgument {
    public func text(_ format: LocaleFormat) -> String { self }
}

extension Substring: TextArgument {
    public func text(_ format: LocaleFormat) -> String { String(self) }
}

extension Int: TextArgument {
    public func text(_ format: LocaleFormat) -> String { format.integer(self) }
    public var pluralCount: Int? { self }
}

extension Int64: TextArgument {
    public func text(_ format: LocaleFormat) -> String { format.integer(self) }
    public var pluralCount: Int? { Int(exactly: self) }
}

extension Int32: TextArgument {
    public func text(_ format: LocaleFormat) -> String { format.integer(self) }
    public var pluralCount: Int? { Int(self) }
}

extension UInt64: TextArgument {
    public func text(_ format: LocaleFormat) -> String { format.integer(self) }
    public var pluralCount: Int? { Int(exactly: self) }
}

/// Speaks mydex's words in one language: looks a message up by its key in that language's
/// catalog (falling back to the English source text for a key a catalog lacks), chooses its
/// plural form, and fills its named placeholders: `{name}`, and in Korean `{name:을}`, the
/// name followed by the particle that agrees with it, or `"{name}"{:이라는}`, the particle of
/// the value before it after what closes it.
public struct Translator: Sendable {
    public let language: InterfaceLanguage
    public let format: LocaleFormat

    public init(_ language: InterfaceLanguage) {
        self.language = language
        format = LocaleFormat(language)
    }

    /// The language of the command being run. Bound once by `Mydex.run` for the command's task:
    /// swift-argument-parser builds help from static configurations and errors describe
    /// themselves through `description`, and neither can be handed a context.
    @TaskLocal public static var current = Translator(.english)

    /// The message `key` in this language, its placeholders filled from `arguments`.
    public func text(_ key: String, _ arguments: [String: any TextArgument] = [:]) -> String {
        render(template(key, count: Self.pluralCount(arguments)), arguments)
    }

    /// A template with its placeholders filled (and, in the pseudo-language, accented).
    func render(_ template: String, _ arguments: [String: any TextArgument]) -> String {
        let filled = fill(template, arguments)
        return language == .pseudo ? Self.pseudo(filled.template, keeping: filled.values) : filled.text
    }

    /// The message with no placeholder filled, for tests and for the completeness check.
    func template(_ key: String, count: Int?) -> String {
        if language != .english, language != .pseudo, let entry = StringCatalog.embeddedEntry(key, in: language) {
            // Only a message with plural forms chooses one: a count in any other message is just a value.
            let index = entry.englishPlural == nil ? 0 : count.map(format.pluralIndex) ?? 0
            let translated = index < entry.translations.count ? entry.translations[index] : ""
            if !translated.isEmpty { return translated }
        }
        guard let entry = StringCatalog.embeddedEntry(key, in: .english) else { return key }
        if let plural = entry.englishPlural, let count, LocaleFormat(.english).pluralIndex(count) == 1 { return plural }
        return entry.english
    }

    /// The plural form follows `count` when there is one, else the one count among the arguments.
    private static func pluralCount(_ arguments: [String: any TextArgument]) -> Int? {
        if let count = arguments["count"]?.pluralCount { return count }
        let counts = arguments.values.compactMap(\.pluralCount)
        return counts.count == 1 ? counts[0] : nil
    }

    /// The text with placeholders filled; for the pseudo-language also the template with each
    /// placeholder marked, so that only mydex's own words are accented.
    private func fill(_ template: String, _ arguments: [String: any TextArgument]) -> (text: String, template: String, values: [String]) {
        // Read and written as UTF-8 bytes (braces are ASCII, so every cut is between characters):
        // scanning Korean or Japanese text Character by Character costs grapheme breaking, and
        // this runs for every message, a sentence per entry in `release --duplicates --dry-run`.
        guard !arguments.isEmpty || language == .pseudo, template.utf8.contains(UInt8(ascii: "{")) else { return (template, template, []) }
        let marking = language == .pseudo
        let bytes = Array(template.utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + 32)
        var marked: [UInt8] = []
        var values: [String] = []
        /// The first byte of `bytes` not yet copied.
        var copied = 0
        func append(_ part: some Collection<UInt8>, marked alike: Bool = true) {
            text.append(contentsOf: part)
            if marking, alike { marked.append(contentsOf: part) }
        }
        while let open = bytes[copied...].firstIndex(of: UInt8(ascii: "{")) {
            append(bytes[copied..<open])
            let afterOpen = open + 1
            let close = bytes[afterOpen...].firstIndex(of: UInt8(ascii: "}"))
            let placeholder = close.flatMap { Placeholder(bytes[afterOpen..<$0]) }
            if let close, let placeholder, placeholder.name.isEmpty, let particle = placeholder.particle, let previous = values.last {
                // `"{query}"{:이라는}`: the particle of the value before, after what closes it.
                append(KoreanParticle.particle(particle, after: previous).utf8)
                copied = close + 1
                continue
            }
            guard let close, let placeholder, let argument = arguments[placeholder.name] else {
                // Not a placeholder (a brace in an example), or no value given: kept as written.
                append(CollectionOfOne(UInt8(ascii: "{")))
                copied = afterOpen
                continue
            }
            var value = argument.text(format)
            if let particle = placeholder.particle { value += KoreanParticle.particle(particle, after: value) }
            append(value.utf8, marked: false)
            if marking { marked.append(contentsOf: "\u{0}\(values.count)\u{0}".utf8) }
            values.append(value)
            copied = close + 1
        }
        append(bytes[copied...])
        return (String(decoding: text, as: UTF8.self), String(decoding: marked, as: UTF8.self), values)
    }

    /// `{name}`, `{name:을}`, or `{:을}` (the particle of the value before it).
    private struct Placeholder {
        let name: String
        let particle: String?

        /// A name of ASCII letters, digits and `_`, then perhaps `:` and a Korean particle;
        /// read as bytes, as `fill` reads (this runs for every placeholder of every message).
        init?(_ body: ArraySlice<UInt8>) {
            let colon = body.firstIndex(of: UInt8(ascii: ":"))
            let name = body[..<(colon ?? body.endIndex)]
            guard !name.isEmpty || colon != nil, name.allSatisfy({ byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
                default: false
                }
            }) else { return nil }
            self.name = String(decoding: name, as: UTF8.self)
            if let colon {
                let particle = String(decoding: body[(colon + 1)...], as: UTF8.self)
                guard KoreanParticle.isParticle(particle) else { return nil }
                self.particle = particle
            } else {
                particle = nil
            }
        }
    }

    /// Each line of `template` bracketed and its letters accented, the placeholders' values left as they are.
    static func pseudo(_ template: String, keeping values: [String]) -> String {
        let accents: [Character: Character] = [
            "a": "à", "b": "ƀ", "c": "ć", "d": "ď", "e": "é", "f": "ƒ", "g": "ğ", "h": "ĥ", "i": "í", "j": "ĵ", "k": "ķ",
            "l": "ĺ", "m": "ḿ", "n": "ñ", "o": "ö", "p": "ṕ", "q": "ʠ", "r": "ŕ", "s": "š", "t": "ţ", "u": "ũ", "v": "ṽ",
            "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž", "A": "Å", "B": "Ɓ", "C": "Ć", "D": "Ď", "E": "É", "F": "Ƒ", "G": "Ğ",
            "H": "Ĥ", "I": "Í", "J": "Ĵ", "K": "Ķ", "L": "Ĺ", "M": "Ḿ", "N": "Ñ", "O": "Ö", "P": "Ṕ", "Q": "Ǫ", "R": "Ŕ",
            "S": "Š", "T": "Ţ", "U": "Ũ", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
        ]
        return template.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.contains(where: \.isLetter) else { return Self.restore(String(line), values) }
            var result = ""
            var inValue = false
            // Words between backquotes (`mydex list`) and option names are commands: kept as typed.
            var inCode = false
            // An example's command line (`$ mydex catch --seed 42  # comment`) is kept up to its comment.
            var inExample = line.drop { $0 == " " }.hasPrefix("$ ")
            var previous: Character = " "
            for character in line {
                if character == "\u{0}" { inValue.toggle() }
                if character == "`" { inCode.toggle() }
                if character == "#" { inExample = false }
                if inExample {
                    result.append(character)
                    continue
                }
                if !inValue, !inCode, previous != "-", !(previous == "$"), let accented = accents[character] {
                    result.append(accented)
                } else {
                    result.append(character)
                    previous = character.isLetter ? previous : character
                    continue
                }
                previous = character
            }
            let leading = result.prefix { $0 == " " }
            return Self.restore(leading + "[" + result.dropFirst(leading.count) + "]", values)
        }.joined(separator: "\n")
    }

    private static func restore(_ text: String, _ values: [String]) -> String {
        guard text.contains("\u{0}") else { return text }
        var result = ""
        var parts = text.split(separator: "\u{0}", omittingEmptySubsequences: false).makeIterator()
        var inValue = false
        while let part = parts.next() {
            if inValue, let index = Int(part), index < values.count { result += values[index] } else { result += part }
            inValue.toggle()
        }
        return result
    }
}

/// The message `key` in the current command's language (`Translator.current`).
public func tr(_ key: String, _ arguments: [String: any TextArgument] = [:]) -> String {
    Translator.current.text(key, arguments)
}

extension Sequence<String> {
    /// The items as a list inside a sentence, with the reading language's separator (", ";
    /// "、" in Japanese and Chinese): suggestions, games, names offered after a wrong value.
    public func listJoined() -> String { joined(separator: tr("entry.list-separator")) }
}
