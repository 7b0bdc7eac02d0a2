import Foundation
import MydexStore
import PokeAPI

extension SpeciesData {
    /// Combines PokeAPI's `/pokemon/{id}` and `/pokemon-species/{id}` into what the store caches.
    public init(pokemon: PokemonResource, species: SpeciesResource, fetchedAt: Date) {
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
            localizations: byLanguage.values.sorted { $0.language < $1.language },
            fetchedAt: fetchedAt)
    }
}

/// Game text as PokeAPI has it carries the cartridge's line breaks, form feeds and soft hyphens.
public enum FlavorText {
    public static func clean(_ text: String) -> String {
        var result = text
            .replacingOccurrences(of: "\u{AD}\n", with: "")  // a word hyphenated across lines
            .replacingOccurrences(of: "\u{AD}", with: "")
            .replacingOccurrences(of: "-\n", with: "-")
        for separator in ["\r\n", "\n", "\u{0C}", "\r", "\t"] {
            result = result.replacingOccurrences(of: separator, with: " ")
        }
        while result.contains("  ") { result = result.replacingOccurrences(of: "  ", with: " ") }
        return result.trimmingCharacters(in: .whitespaces)
    }
}
