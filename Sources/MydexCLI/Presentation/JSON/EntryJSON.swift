import Foundation
import MydexModel
import MydexServices
import MydexText

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
    // The individual (issue 31), under names scripts can rely on; absent for an entry made
    // before mydex kept it (unknown).
    var level: Int?
    var gender: Gender?
    var nature: String?
    var ability: String?
    var hiddenAbility: Bool?
    /// The personality value (generation 3 on): what its nature, gender, ability and shininess
    /// follow from where its generation derives them.
    var personality: UInt32?
    /// Keyed by PokeAPI's stat identifiers; DVs in generations 1–2 (`generation` says).
    var ivs: StatsJSON?
    var evs: StatsJSON?
    var stats: StatsJSON?
    /// The IVs' total as a share of their highest, in percent, to two decimals.
    var ivPercent: Double?
    /// PokeAPI's characteristic id (1–30); absent in generations 1–2.
    var characteristic: Int?
    var hiddenPower: HiddenPowerJSON?
    var moves: [String]?
    var heldItem: String?
    /// The generation whose rules made it.
    var generation: Int?
    var origin: OriginJSON?
    /// For an entry read from a game's file: what the game kept beside the individual
    /// (`experience`, `friendship`, `pokerus`, `ppUps`, `metLocation`, `metLevel`), where it was
    /// (`game`, `box`, `slot`, `sha256`) and its `identity`.
    var saved: SavedRecord?
}

/// Six values keyed by PokeAPI's stat identifiers.
struct StatsJSON: Encodable, Sendable {
    let values: StatValues

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: StatKind.self)
        for stat in StatKind.allCases { try container.encode(values[stat], forKey: stat) }
    }

    /// As JSONOutput renders it, inside an object whose fields are indented by `indent`.
    func text(indent: String) -> String {
        "{\n" + StatKind.sortedKeys.map { "\(indent)  \"\($0.rawValue)\" : \(values[$0])" }.joined(separator: ",\n") + "\n" + indent + "}"
    }
}

extension StatKind: CodingKey {
    /// The six in the order a document's sorted keys put them.
    static let sortedKeys: [StatKind] = [.attack, .defense, .hp, .specialAttack, .specialDefense, .speed]
}

struct HiddenPowerJSON: Encodable, Sendable {
    var power: Int
    var type: String
}

/// Where the entry came from: `catch`, `encounter` or `hand` (`mydex add`), with the game, the
/// ball and the original trainer where known, and what `add` drew because it was not given.
struct OriginJSON: Encodable, Sendable {
    var ball: String?
    var drawn: [String]?
    var game: String?
    var kind: String
    var trainer: String?
    var trainerID: UInt32?

    init(_ origin: EntryOrigin) {
        ball = origin.ball
        drawn = origin.kind == .hand ? origin.drawn : nil
        game = origin.game
        kind = origin.kind.rawValue
        trainer = origin.trainer
        trainerID = origin.trainerID
    }
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
        if let individual = entry.individual {
            level = individual.level
            gender = individual.gender
            nature = individual.nature
            ability = individual.ability
            hiddenAbility = individual.ability == nil ? nil : individual.hiddenAbility
            personality = individual.personality
            ivs = StatsJSON(values: individual.ivs)
            evs = StatsJSON(values: individual.evs)
            stats = entry.stats.map(StatsJSON.init(values:))
            ivPercent = individual.ivPercentRounded
            characteristic = individual.characteristicID
            let power = individual.hiddenPower
            hiddenPower = HiddenPowerJSON(power: power.power, type: power.type)
            moves = individual.moves
            heldItem = individual.heldItem
            generation = individual.generation
        }
        origin = entry.origin.map(OriginJSON.init)
        saved = entry.saved
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
        func optional(_ key: String, _ value: String?) { if let value { fields.append("\"\(key)\" : " + value) } }
        func object(_ pairs: [(String, String?)]) -> String {
            "{\n" + pairs.compactMap { key, value in value.map { inner + "  \"\(key)\" : " + $0 } }.joined(separator: ",\n")
                + "\n" + inner + "}"
        }
        // In the order of a document's sorted keys (JSONOutput's; a test compares the two).
        var fields: [String] = []
        optional("ability", ability.map(string))
        fields.append("\"caughtAt\" : " + time(caughtAt))
        optional("characteristic", characteristic.map(String.init))
        fields.append("\"dex\" : \(dex)")
        if let encounter, let text = Self.nested(encounter, indent: inner) { fields.append("\"encounter\" : " + text) }
        optional("evs", evs?.text(indent: inner))
        fields += [
            "\"favorite\" : \(favorite)",
            "\"form\" : " + string(form),
        ]
        optional("gender", gender.map { string($0.rawValue) })
        optional("generation", generation.map(String.init))
        optional("heldItem", heldItem.map(string))
        optional("hiddenAbility", hiddenAbility.map(String.init))
        optional("hiddenPower", hiddenPower.map { object([("power", String($0.power)), ("type", string($0.type))]) })
        fields.append("\"id\" : \(id)")
        optional("ivPercent", ivPercent.map { "\($0)" })
        optional("ivs", ivs?.text(indent: inner))
        optional("level", level.map(String.init))
        optional("moves", moves.map(list))
        fields.append("\"name\" : " + string(name))
        optional("nature", nature.map(string))
        optional("nickname", nickname.map(string))
        optional("origin", origin.map { origin in
            object([
                ("ball", origin.ball.map(string)),
                ("drawn", origin.drawn.map { $0.isEmpty ? "[]" : "[\n" + $0.map { inner + "    " + string($0) }.joined(separator: ",\n") + "\n" + inner + "  ]" }),
                ("game", origin.game.map(string)), ("kind", string(origin.kind)), ("trainer", origin.trainer.map(string)),
                ("trainerID", origin.trainerID.map(String.init)),
            ])
        })
        optional("personality", personality.map(String.init))
        optional("releasedAt", releasedAt.map(time))
        optional("saved", saved.flatMap { Self.nested($0, indent: inner) })
        fields += [
            "\"shiny\" : \(shiny)",
            "\"species\" : " + string(species),
        ]
        optional("stats", stats?.text(indent: inner))
        fields += [
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
