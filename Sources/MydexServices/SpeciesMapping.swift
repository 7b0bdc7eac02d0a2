import Foundation
import MydexStore
import PokeAPI

extension SpeciesData {
    /// Combines PokeAPI's `/pokemon/{id}` and `/pokemon-species/{id}` into what the store caches.
    public init(pokemon: PokemonResource, species: SpeciesResource, fetchedAt: Date) {
        let artwork = pokemon.sprites?.other?.officialArtwork
        self.init(
            id: species.id, name: species.name, heightDecimetres: pokemon.height, weightHectograms: pokemon.weight,
            baseExperience: pokemon.baseExperience, captureRate: species.captureRate,
            generation: species.generationNumber, color: species.color?.name, habitat: species.habitat?.name,
            isBaby: species.isBaby, isLegendary: species.isLegendary, isMythical: species.isMythical,
            spriteURL: pokemon.sprites?.frontDefault ?? artwork?.frontDefault,
            shinySpriteURL: pokemon.sprites?.frontShiny ?? artwork?.frontShiny,
            cryURL: pokemon.cries?.latest ?? pokemon.cries?.legacy,
            types: pokemon.types.sorted { $0.slot < $1.slot }.map(\.type.name),
            localizations: Self.localizations(of: species),
            fetchedAt: fetchedAt)
    }

    /// Names, genera and the latest flavor text of a species, one entry per language.
    public static func localizations(of species: SpeciesResource) -> [Localization] {
        var byLanguage: [String: Localization] = [:]
        func edit(_ language: String, _ change: (inout Localization) -> Void) {
            let code = language.lowercased()
            change(&byLanguage[code, default: Localization(language: code)])
        }
        for name in species.names { edit(name.language.name) { $0.name = name.name } }
        for genus in species.genera { edit(genus.language.name) { $0.genus = genus.genus } }
        // PokeAPI lists flavor texts oldest game first: the last one per language is the latest.
        for entry in species.flavorTextEntries {
            edit(entry.language.name) { $0.flavorText = FlavorText.clean(entry.flavorText) }
        }
        return byLanguage.values.sorted { $0.language < $1.language }
    }
}

extension TypeLocalization {
    /// The names of a type fetched from PokeAPI, one per language.
    public static func from(_ type: TypeResource) -> [TypeLocalization] {
        type.names.map { TypeLocalization(type: type.name, language: $0.language.name, name: $0.name) }
    }
}

extension PokeAPIClient {
    /// A species as the store keeps it: `/pokemon/{id}` and `/pokemon-species/{id}`, fetched at
    /// once, or one after the other when `oneAtATime` (a caller's limit of one request in flight).
    public func speciesData(id: Int, fetchedAt: Date, oneAtATime: Bool = false) async throws -> SpeciesData {
        if oneAtATime {
            let pokemon = try await self.pokemon(id: id)
            return SpeciesData(pokemon: pokemon, species: try await self.species(id: id), fetchedAt: fetchedAt)
        }
        async let pokemon = self.pokemon(id: id)
        async let species = self.species(id: id)
        return SpeciesData(pokemon: try await pokemon, species: try await species, fetchedAt: fetchedAt)
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
