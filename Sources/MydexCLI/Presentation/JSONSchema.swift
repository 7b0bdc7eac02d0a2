import Foundation
import MydexServices
import MydexStore

/// A command's result: printed as text, or with `--json` as one JSON document that starts with
/// `"schema": 1` (the README's "JSON output" documents every document and object). A command
/// builds one such value and gives it to `Printer.emit`, the one place that chooses.
protocol CommandOutput: Encodable {
    func printText(to printer: Printer) throws
}

/// The version of mydex's JSON: bumped only when a field changes meaning or disappears.
enum JSONSchema {
    static let version = 1
}

/// A command's JSON document: `"schema": 1`, then the output's own fields.
struct JSONDocument<Value: Encodable>: Encodable {
    let value: Value

    private enum Keys: String, CodingKey { case schema }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(JSONSchema.version, forKey: .schema)
        try value.encode(to: encoder)
    }
}

/// The entry object, the same in every document: the entry, and its species by number, PokeAPI
/// name and name in the user's language (slugs next to localized names).
struct EntryJSON: Encodable, Sendable {
    var id: Int64
    var dex: Int
    var species: String
    var name: String
    var nickname: String?
    var types: [String]
    var typeNames: [String]
    var favorite: Bool
    var shiny: Bool
    var caughtAt: Date
    var releasedAt: Date?

    init(_ entry: CollectionEntry) {
        id = entry.id
        dex = entry.speciesID
        species = entry.speciesName
        name = entry.name
        nickname = entry.nickname
        types = entry.types
        typeNames = entry.typeNames
        favorite = entry.isFavorite
        shiny = entry.isShiny
        caughtAt = entry.caughtAt
        releasedAt = entry.releasedAt
    }
}

/// The species object, the same in every document.
struct SpeciesJSON: Encodable, Sendable {
    var dex: Int
    var species: String
    var name: String
    /// The name in every language PokeAPI has, by language code.
    var names: [String: String]
    var genus: String?
    var types: [String]
    var typeNames: [String]
    var generation: Int?
    var heightMetres: Double
    var weightKilograms: Double
    var captureRate: Int
    var baseExperience: Int?
    var legendary: Bool
    var mythical: Bool
    var baby: Bool
    var flavorText: String?
    var sprite: String?
    var shinySprite: String?
    var cry: String?
    /// `builtin` (the catalog compiled into mydex) or `api` (fetched from PokeAPI).
    var source: String

    init(_ species: Species, _ localizer: Localizer) {
        dex = species.id
        self.species = species.name
        name = localizer.name(species)
        names = species.names
        genus = localizer.genus(species)
        types = species.types
        typeNames = species.types.map(localizer.typeName)
        generation = species.generation
        heightMetres = Double(species.height) / 10
        weightKilograms = Double(species.weight) / 10
        captureRate = species.captureRate
        baseExperience = species.baseExperience
        legendary = species.legendary
        mythical = species.mythical
        baby = species.baby
        flavorText = localizer.flavorText(species)
        sprite = species.sprite
        shinySprite = species.shinySprite
        cry = species.cry
        source = species.source.rawValue
    }
}

/// mydex's JSON: sorted keys, ISO 8601 dates, and every character a terminal could act on
/// written as a `\u` escape (JSONEncoder leaves C1 controls and bidi overrides raw).
struct JSONOutput {
    private let encoder: JSONEncoder

    init() {
        encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
    }

    static func render(_ value: some Encodable) throws -> SafeText { try JSONOutput().render(value) }

    func render(_ value: some Encodable) throws -> SafeText {
        // Foundation pretty-prints empty containers over three lines; raw newlines only occur
        // between tokens in JSON, so this cannot touch string contents.
        var json = String(decoding: try encoder.encode(value), as: UTF8.self)
        // An empty container is the only place a line holds nothing but spaces.
        if json.contains("\n\n") || json.contains(" \n") {
            json = json
                .replacingOccurrences(of: #"\[\n\s*\n\s*\]"#, with: "[]", options: .regularExpression)
                .replacingOccurrences(of: #"\{\n\s*\n\s*\}"#, with: "{}", options: .regularExpression)
        }
        guard json.unicodeScalars.contains(where: { TerminalText.isUnsafe($0) && $0.value > 0x1F }) else { return .json(json) }
        var escaped = ""
        for scalar in json.unicodeScalars {
            // C0 controls are already escaped by JSONEncoder; the rest (DEL, C1, bidi, separators) here.
            if TerminalText.isUnsafe(scalar), scalar.value > 0x1F {
                escaped += String(format: "\\u%04X", scalar.value)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return .json(escaped)
    }

    /// `value` rendered as an element of an array nested `depth` levels deep, as the encoder
    /// would print it inside a document: for documents written a piece at a time.
    func element(_ value: some Encodable, depth: Int) throws -> SafeText {
        let indent = String(repeating: "  ", count: depth)
        let rendered = try render(value)
        return .json(indent + rendered.rendered.replacingOccurrences(of: "\n", with: "\n" + indent))
    }
}
