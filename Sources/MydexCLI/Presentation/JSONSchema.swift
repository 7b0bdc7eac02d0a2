import Foundation
import MydexModel
import MydexServices
import MydexText

/// A command's result: printed as text, or with `--json` as one JSON document that starts with
/// `"schema": 1` (docs/GUIDE.md's "JSON output" documents every document and object). A command
/// builds one such value and gives it to `Printer.emit`, the one place that chooses.
protocol CommandOutput: Encodable {
    func printText(to printer: Printer) throws
}

/// A command's result written as its pages are read, in either form (`list`, `history`): what
/// memory could not hold whole. The document it writes is the one `JSONOutput` would render.
protocol StreamedOutput: Sendable {
    func printText(to printer: Printer) async throws
    func printJSON(to printer: Printer) async throws
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
    /// PokeAPI's identifier of the entry's form (`vulpix-alola`; the species' own: `vulpix`).
    var form: String
    var name: String
    var nickname: String?
    var types: [String]
    var typeNames: [String]
    var favorite: Bool
    var shiny: Bool
    var caughtAt: Date
    var releasedAt: Date?
    /// The entry's stable identity, the same wherever it is exported and imported.
    var uuid: String
}

extension EntryJSON {
    init(_ entry: CollectionEntry) {
        id = entry.id
        dex = entry.speciesID
        species = entry.speciesName
        form = entry.form
        name = entry.name
        nickname = entry.nickname
        types = entry.types
        typeNames = entry.typeNames
        favorite = entry.isFavorite
        shiny = entry.isShiny
        caughtAt = entry.caughtAt
        releasedAt = entry.releasedAt
        uuid = entry.uuid
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
    /// Base stats by PokeAPI stat name (`hp`, `attack`, …), and their sum.
    var stats: [String: Int]?
    var statTotal: Int?
    var abilities: [AbilityJSON]?
    /// Every path of the chain from its first species, in `dex` and `show` only.
    var evolution: [[EvolutionStepJSON]]?
    var eggGroups: [TermJSON]?
    /// Chance of being female in percent; absent when `genderless`.
    var femalePercent: Double?
    var genderless: Bool?
    var growthRate: String?
    var habitat: TermJSON?
    /// Training and breeding, in `dex` and `show`: effort values given by stat (those that
    /// give some), base friendship, the chance of a Poké Ball at full HP (0–1, generation 5
    /// and later), egg cycles and the steps they take (257 a cycle).
    var effortYield: [String: Int]?
    var baseFriendship: Int?
    var catchChance: Double?
    var eggCycles: Int?
    var eggSteps: Int?
    /// `dex` only: what it may hold in the wild, `{item, name, rarity, game}` a game (PokeAPI's
    /// item id and version identifier, rarity in percent), in the games' order.
    var heldItems: [HeldItemJSON]?
    /// `dex` and `show` only: the game `flavorText` is from, by name, where the catalog knows it.
    var flavorTextGame: String?

    struct HeldItemJSON: Encodable, Sendable {
        var item: Int
        var name: String
        var rarity: Int
        var game: String
    }
    /// What each attacking type does to it by the current games' chart, in the chart's order,
    /// and its abilities that change that (noted, not applied): in `dex` and `show`.
    var typeDefenses: [TypeDefenseJSON]?
    var abilityEffects: [AbilityEffectJSON]?
    /// With `dex --game`: the game whose generation's chart `typeDefenses` follow.
    var typeChart: TypeChartJSON?

    struct TypeChartJSON: Encodable, Sendable {
        var game: String
        var name: String
        var generation: Int
    }
    /// The form shown (`dex NAME --form …`), and every form of the species: in `dex` only.
    var form: FormJSON?
    var forms: [FormJSON]?
    /// Every game's Pokédex entry, each text once with its games: with `dex --all-entries` only.
    var pokedexEntries: [PokedexEntryJSON]?

    struct AbilityJSON: Encodable, Sendable {
        var slug: String
        var name: String
        var hidden: Bool
    }

    struct TermJSON: Encodable, Sendable {
        var slug: String
        var name: String
    }

    /// An attacking type and the multiplier its moves have: 0, 0.25, 0.5, 1, 2 or 4.
    struct TypeDefenseJSON: Encodable, Sendable {
        var type: String
        var name: String
        var multiplier: Double
    }

    /// An ability that changes what hurts its Pokémon: each effect is a type with its multiplier
    /// (Levitate: ground 0), or a rule (`only-super-effective`; `super-effective-reduced`, 0.75).
    struct AbilityEffectJSON: Encodable, Sendable {
        var ability: String
        var name: String
        var effects: [Effect]

        struct Effect: Encodable, Sendable {
            var type: String?
            var rule: String?
            var multiplier: Double?
        }
    }

    /// A species on a path of its evolution chain, and how it evolves from the one before.
    struct EvolutionStepJSON: Encodable, Sendable {
        var dex: Int
        var species: String
        var name: String
        var held: Int
        var methods: [EvolutionMethodJSON]
        /// `methods` as text, in the display language.
        var description: String?
    }

    /// One way of evolving: PokeAPI's trigger and conditions (`Species.Evolution`'s fields), and
    /// the trigger's localized name.
    struct EvolutionMethodJSON: Encodable, Sendable {
        var method: Species.Evolution
        var triggerName: String

        private enum Keys: String, CodingKey { case triggerName }

        func encode(to encoder: any Encoder) throws {
            try method.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(triggerName, forKey: .triggerName)
        }
    }

    /// A species with its base stats, abilities, breeding and, when `profile` has the chain (in
    /// `dex` and `show`), its evolution; names from `profile`'s terms.
    init(_ species: Species, _ localizer: Localizer, profile: SpeciesProfile) {
        self.init(species, localizer)
        let presentation = Presentation(timeZone: nil, localizer: localizer)
        stats = species.stats
        statTotal = species.stats.map { $0.values.reduce(0, +) }
        abilities = species.abilities?.map {
            AbilityJSON(slug: $0.name, name: presentation.abilityName($0.name, profile), hidden: $0.hidden)
        }
        if profile.chain.count > 1 {
            evolution = presentation.evolutionChains(profile).map { path in
                path.map { link in
                    EvolutionStepJSON(
                        dex: link.id, species: link.speciesName, name: link.name, held: link.held,
                        methods: link.evolution.map {
                            EvolutionMethodJSON(method: $0, triggerName: presentation.termName("evolution-trigger", $0.trigger, profile))
                        },
                        description: link.evolution.isEmpty ? nil
                            : presentation.evolutionMethods(link.evolution, profile))
                }
            }
        }
        typeChart = profile.chartGame.map { TypeChartJSON(game: $0.identifier, name: $0.name, generation: $0.generation) }
        if !profile.typeDefenses.isEmpty {
            typeDefenses = profile.typeDefenses.map {
                TypeDefenseJSON(type: $0.type, name: localizer.typeName($0.type), multiplier: Double($0.factor) / 100)
            }
            abilityEffects = profile.abilityDefenses.map { note in
                AbilityEffectJSON(ability: note.ability, name: presentation.abilityName(note.ability, profile), effects: note.effects.map {
                    switch $0 {
                    case .type(let type, let percent): .init(type: type, rule: nil, multiplier: Double(percent) / 100)
                    case .onlySuperEffective: .init(type: nil, rule: "only-super-effective", multiplier: nil)
                    case .superEffectiveReduced: .init(type: nil, rule: "super-effective-reduced", multiplier: 0.75)
                    }
                })
            }
        }
        eggGroups = species.eggGroups?.map { TermJSON(slug: $0, name: profile.name("egg-group", $0) ?? $0) }
        if let rate = species.genderRate {
            genderless = rate < 0
            femalePercent = rate < 0 ? nil : Double(rate) * 12.5
        }
        growthRate = species.growthRate
        habitat = species.habitat.map { TermJSON(slug: $0, name: presentation.termName("habitat", $0, profile)) }
        effortYield = species.effortYield
        baseFriendship = species.baseFriendship
        catchChance = (CatchOdds.pokeBallAtFullHP(captureRate: species.captureRate) * 10_000).rounded() / 10_000
        eggCycles = species.eggCycles
        eggSteps = species.eggCycles.map(CatchOdds.eggSteps)
        flavorTextGame = profile.pokedexGame
        heldItems = profile.heldItems.isEmpty ? nil
            : profile.heldItems.map { HeldItemJSON(item: $0.item, name: $0.name, rarity: $0.rarity, game: $0.game) }
    }

    private init(_ species: Species, _ localizer: Localizer) {
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
}

extension JSONOutput {
    /// `value` as an element of a document's array, at the depth `JSONArrayStream` puts it.
    static func element(_ value: some Encodable) throws -> SafeText {
        .json("    " + (EntryJSON.nested(value, indent: "    ") ?? "null"))
    }
}

/// A document whose array is written element by element as its pages are read (`list`,
/// `export`, `history`): `{"key" : [ … ], …the rest}`, exactly as `JSONOutput` renders the
/// whole document, which memory could not hold for a large collection. Keys are sorted: the
/// array's key sorts before every other key of the document.
struct JSONArrayStream {
    let key: String
    private var previous: SafeText?

    init(key: String) { self.key = key }

    /// Adds an element rendered at depth 2 (`EntryJSON.element(depth: 2)`,
    /// `JSONOutput.element`). Each is written once the next one comes: all but the last take a comma.
    mutating func append(_ element: SafeText, to emit: (SafeText) throws -> Void) throws {
        if let previous { try emit(previous + ",") } else { try emit(.json("{\n  \"\(key)\" : [")) }
        previous = element
    }

    /// Ends the array and the document with the rest of its fields (`"schema" : 1`), in key order.
    func finish(_ rest: [String], to emit: (SafeText) throws -> Void) throws {
        let tail = rest.isEmpty ? "" : ",\n" + rest.map { "  " + $0 }.joined(separator: ",\n")
        if let previous {
            try emit(previous)
            try emit(.json("  ]" + tail + "\n}"))
        } else {
            try emit(.json("{\n  \"\(key)\" : []" + tail + "\n}"))
        }
    }
}

extension EntryJSON {
    /// This entry as an element of a document's array nested `depth` levels deep, exactly as
    /// `JSONOutput` renders it inside a document (a test compares the two on hostile text), but
    /// written directly: `list --json` prints one per entry, and `JSONEncoder` took 30 µs each,
    /// seconds for a large collection. `export` writes its times to the millisecond (`exact`),
    /// so that they come back as they were.
    func element(depth: Int, exact: Bool = false, encounter: TransferredEncounter? = nil) -> SafeText {
        let outer = String(repeating: "  ", count: depth)
        let inner = outer + "  "
        func string(_ text: String) -> String { JSONText.quoted(text) }
        func list(_ values: [String]) -> String {
            values.isEmpty ? "[]" : "[\n" + values.map { inner + "  " + string($0) }.joined(separator: ",\n") + "\n" + inner + "]"
        }
        func time(_ date: Date) -> String { string(exact ? TransferTime.text(date) : JSONText.iso8601(date)) }
        var fields: [String] = [
            "\"caughtAt\" : " + time(caughtAt),
            "\"dex\" : \(dex)",
        ]
        if let encounter, let text = Self.nested(encounter, indent: inner) { fields.append("\"encounter\" : " + text) }
        fields += [
            "\"favorite\" : \(favorite)",
            "\"form\" : " + string(form),
            "\"id\" : \(id)",
            "\"name\" : " + string(name),
        ]
        if let nickname { fields.append("\"nickname\" : " + string(nickname)) }
        if let releasedAt { fields.append("\"releasedAt\" : " + time(releasedAt)) }
        fields += [
            "\"shiny\" : \(shiny)",
            "\"species\" : " + string(species),
            "\"typeNames\" : " + list(typeNames),
            "\"types\" : " + list(types),
            "\"uuid\" : " + string(uuid),
        ]
        return .json(outer + "{\n" + fields.map { inner + $0 }.joined(separator: ",\n") + "\n" + outer + "}")
    }

    /// `value` as `JSONOutput` renders it, its lines after the first indented by `indent`: an
    /// object inside an element (the few entries caught from an encounter carry one).
    static func nested(_ value: some Encodable, indent: String) -> String? {
        guard let text = try? JSONOutput.render(value).rendered else { return nil }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 ? String($0.element) : indent + $0.element }.joined(separator: "\n")
    }
}

/// JSON text as `JSONOutput` writes it: JSONEncoder's escapes, plus `\u` escapes for what a
/// terminal could act on.
enum JSONText {
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 {
                    result += "\\u" + hex4(scalar.value, uppercase: false)
                } else if TerminalText.isUnsafe(scalar) {
                    result += "\\u" + hex4(scalar.value, uppercase: true)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func hex4(_ value: UInt32, uppercase: Bool) -> String {
        let digits = String(value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `2026-11-21T07:35:00Z`, as JSONEncoder's `.iso8601` writes a date (whole seconds, UTC).
    static func iso8601(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = GregorianDays.civil(fromDays: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60))Z"
    }
}

/// A form: PokeAPI's id and identifier, its names, and what kind it is.
struct FormJSON: Encodable, Sendable {
    var id: Int
    /// PokeAPI's identifier (`vulpix-alola`): what `--form` and lookups accept.
    var form: String
    var name: String
    var formName: String?
    var `default`: Bool
    var regional: Bool
    var mega: Bool
    var gigantamax: Bool
    var cosmetic: Bool
    var battleOnly: Bool
    /// Whether a catch can meet it.
    var wild: Bool
    var types: [String]
    /// Whether mydex has a box sprite of this form's own (else the species' is drawn).
    var ownSprite: Bool

    init(_ form: PokemonForm, speciesName: String) {
        id = form.id
        self.form = form.identifier
        name = Presentation.formName(form, speciesName: speciesName)
        formName = form.formName
        `default` = form.isSpeciesDefault
        regional = form.regional
        mega = form.mega
        gigantamax = form.gmax
        cosmetic = form.cosmetic
        battleOnly = form.battleOnly
        wild = form.wild
        types = form.types
        ownSprite = form.hasOwnSprite
    }
}

/// One Pokédex entry in JSON: the games that show it (PokeAPI's identifiers and their names),
/// the text, and the language it is in.
struct PokedexEntryJSON: Encodable, Sendable {
    var games: [String]
    var gameNames: [String]
    var text: String
    var language: String

    init(_ entry: PokedexEntry) {
        games = entry.games.map(\.identifier)
        gameNames = entry.games.map(\.name)
        text = entry.text
        language = entry.language
    }
}
