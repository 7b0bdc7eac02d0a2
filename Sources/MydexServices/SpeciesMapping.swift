import Foundation
import MydexCatalog
import MydexModel
import MydexStore
import PokeAPI

extension Species {
    /// Combines PokeAPI's `/pokemon/{id}` and `/pokemon-species/{id}` into one species.
    public init(pokemon: PokemonResource, species: SpeciesResource, fetchedAt: Date?) {
        let artwork = pokemon.sprites?.other?.officialArtwork
        let texts = Self.texts(of: species)
        self.init(
            id: species.id, name: species.name, height: pokemon.height, weight: pokemon.weight,
            baseExperience: pokemon.baseExperience, captureRate: species.captureRate,
            generation: species.generationNumber, color: species.color?.name, habitat: species.habitat?.name,
            baby: species.isBaby, legendary: species.isLegendary, mythical: species.isMythical,
            sprite: pokemon.sprites?.frontDefault ?? artwork?.frontDefault,
            shinySprite: pokemon.sprites?.frontShiny ?? artwork?.frontShiny,
            cry: pokemon.cries?.latest ?? pokemon.cries?.legacy,
            types: pokemon.types.sorted { $0.slot < $1.slot }.map(\.type.name),
            names: texts.names, genera: texts.genera, flavorTexts: texts.flavorTexts,
            fetchedAt: fetchedAt)
        flavorTextGames = texts.games.isEmpty ? nil : texts.games
        // Kept for the generator's live mode: the cache of fetched species stores none of these.
        if let stats = pokemon.stats {
            self.stats = Dictionary(stats.map { ($0.stat.name, $0.baseStat) }, uniquingKeysWith: { first, _ in first })
            let effort = stats.compactMap { stat in stat.effort.flatMap { $0 > 0 ? (stat.stat.name, $0) : nil } }
            if stats.contains(where: { $0.effort != nil }) { effortYield = Dictionary(effort, uniquingKeysWith: { first, _ in first }) }
        }
        baseFriendship = species.baseHappiness
        eggCycles = species.hatchCounter
        abilities = pokemon.abilities?.sorted { $0.slot < $1.slot }.map { Ability(name: $0.ability.name, hidden: $0.isHidden) }
        eggGroups = species.eggGroups?.map(\.name)
        genderRate = species.genderRate
        growthRate = species.growthRate?.name
        evolutionChain = species.evolutionChain?.id
        evolvesFrom = species.evolvesFromSpecies?.id
    }

    /// Names, genera and the latest flavor text of a species, by language code (lower-case),
    /// with the game each flavor text is from.
    public static func texts(of species: SpeciesResource)
        -> (names: [String: String], genera: [String: String], flavorTexts: [String: String], games: [String: String])
    {
        var names: [String: String] = [:], genera: [String: String] = [:], flavorTexts: [String: String] = [:]
        var games: [String: String] = [:]
        for name in species.names { names[name.language.name.lowercased()] = name.name }
        for genus in species.genera { genera[genus.language.name.lowercased()] = genus.genus }
        // PokeAPI lists flavor texts oldest game first: the last one per language is the latest.
        for entry in species.flavorTextEntries {
            let language = entry.language.name.lowercased()
            flavorTexts[language] = FlavorText.clean(entry.flavorText)
            games[language] = entry.version?.name
        }
        return (names, genera, flavorTexts, games)
    }
}

extension TypeName {
    /// The names of a type fetched from PokeAPI, one per language.
    public static func from(_ type: TypeResource) -> [TypeName] {
        type.names.map { TypeName(type: type.name, language: $0.language.name, name: $0.name) }
    }
}

extension PokeAPIClient {
    /// A species: `/pokemon/{id}` and `/pokemon-species/{id}`, fetched at once, or one after the
    /// other when `oneAtATime` (a caller's limit of one request in flight).
    public func speciesData(id: Int, fetchedAt: Date?, oneAtATime: Bool = false) async throws -> Species {
        if oneAtATime {
            let pokemon = try await self.pokemon(id: id)
            return Species(pokemon: pokemon, species: try await self.species(id: id), fetchedAt: fetchedAt)
        }
        async let pokemon = self.pokemon(id: id)
        async let species = self.species(id: id)
        return Species(pokemon: try await pokemon, species: try await species, fetchedAt: fetchedAt)
    }
}

/// Game text as PokeAPI has it carries the cartridge's line breaks, form feeds and soft hyphens.
public enum FlavorText {
    public static func clean(_ text: String) -> String {
        var result = ""
        var pendingBreak = false
        var afterSoftHyphen = false
        var previous: Character?
        for character in text {
            switch character {
            case "\u{AD}":
                afterSoftHyphen = true  // a word hyphenated across lines joins again
                continue
            case "\n", "\r\n", "\r", "\u{C}", "\t", " ":
                pendingBreak = true
                continue
            default:
                if pendingBreak, let before = previous {
                    // Japanese and Chinese put no spaces between words: a line break there joins.
                    let joins = afterSoftHyphen || before == "-" || (isCJK(before) && (isCJK(character) || character.isPunctuation))
                    if !joins { result.append(" ") }
                }
                pendingBreak = false
                afterSoftHyphen = false
                result.append(character)
                previous = character
            }
        }
        return result
    }

    /// Han, kana, and full-width punctuation: scripts written without spaces between words.
    private static func isCJK(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF: return true
        default: return false
        }
    }
}
