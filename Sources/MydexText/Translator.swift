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
        // Searched as UTF-8 (braces are ASCII): scanning Korean or Japanese text Character by
        // Character costs grapheme breaking, and every option's help passes through here.
        let utf8 = template.utf8
        guard !arguments.isEmpty || language == .pseudo, utf8.contains(UInt8(ascii: "{")) else { return (template, template, []) }
        let marking = language == .pseudo
        var text = ""
        var marked = ""
        var values: [String] = []
        var rest = Substring(template)
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")) {
            text += rest[..<open]
            if marking { marked += rest[..<open] }
            let afterOpen = rest.utf8.index(after: open)
            if let close = rest.utf8[afterOpen...].firstIndex(of: UInt8(ascii: "}")),
               let placeholder = Placeholder(rest[afterOpen..<close]), placeholder.name.isEmpty, let particle = placeholder.particle,
               let previous = values.last {
                // `"{query}"{:이라는}`: the particle of the value before, after what closes it.
                let agreeing = KoreanParticle.particle(particle, after: previous)
                text += agreeing
                if marking { marked += agreeing }
                rest = rest[rest.utf8.index(after: close)...]
                continue
            }
            guard let close = rest.utf8[afterOpen...].firstIndex(of: UInt8(ascii: "}")),
                  let placeholder = Placeholder(rest[afterOpen..<close]), let argument = arguments[String(placeholder.name)] else {
                // Not a placeholder (a brace in an example), or no value given: kept as written.
                text += "{"
                if marking { marked += "{" }
                rest = rest[afterOpen...]
                continue
            }
            var value = argument.text(format)
            if let particle = placeholder.particle { value += KoreanParticle.particle(particle, after: value) }
            text += value
            if marking { marked += "\u{0}\(values.count)\u{0}" }
            values.append(value)
            rest = rest[rest.utf8.index(after: close)...]
        }
        text += rest
        if marking { marked += rest }
        return (text, marked, values)
    }

    /// `{name}`, `{name:을}`, or `{:을}` (the particle of the value before it).
    private struct Placeholder {
        let name: Substring
        let particle: String?

        /// A name of ASCII letters, digits and `_`, then perhaps `:` and a Korean particle;
        /// read as bytes, as `fill` reads (this runs for every placeholder of every message).
        init?(_ body: Substring) {
            let colon = body.utf8.firstIndex(of: UInt8(ascii: ":"))
            let name = body[..<(colon ?? body.endIndex)]
            guard !name.isEmpty || colon != nil, name.utf8.allSatisfy({ byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
                default: false
                }
            }) else { return nil }
            self.name = name
            if let colon {
                let particle = String(body[body.utf8.index(after: colon)...])
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
