import Foundation
import MydexStore
import MydexModel

/// The random pick `catch` makes, shared with `sprite random` so that both pick alike (and a
/// seed picks the same Pokémon in both): the species first, then shininess, from one generator.
public struct RandomSpecies: Sendable {
    public static let shinyOdds = 4096

    let pokedex: Pokedex

    public init(store: CollectionStore) { pokedex = Pokedex(store: store) }

    /// A species uniformly from `1...count`.
    public static func uniform(among count: Int, using generator: inout SeededGenerator) -> Int {
        generator.nextInt(below: count) + 1
    }

    /// One in 4096.
    public static func rollShiny(using generator: inout SeededGenerator) -> Bool {
        generator.nextInt(below: shinyOdds) == 0
    }

    /// A pick among the stored species of a generation, uniform or weighted by capture rate.
    public func pick(generation: Int?, weighted: Bool, using generator: inout SeededGenerator) async throws -> Int {
        let candidates = try await pokedex.catchCandidates(generation: generation)
        guard !candidates.isEmpty else {
            throw PokedexError.unknownGeneration(generation ?? 0, known: try await pokedex.generations())
        }
        guard weighted else { return candidates[generator.nextInt(below: candidates.count)].id }
        // A capture rate of 255 (Caterpie) is 85 times as likely as 3 (Mewtwo).
        let total = candidates.reduce(0) { $0 + max($1.captureRate, 1) }
        var roll = generator.nextInt(below: total)
        for candidate in candidates {
            roll -= max(candidate.captureRate, 1)
            if roll < 0 { return candidate.id }
        }
        return candidates[candidates.count - 1].id
    }

    /// What `catch --offline` picks: a species from the built-in Pokédex, then shininess.
    public func offline(
        generation: Int? = nil, weighted: Bool = false, using generator: inout SeededGenerator
    ) async throws -> (speciesID: Int, shiny: Bool) {
        guard generation == nil && !weighted else {
            let speciesID = try await pick(generation: generation, weighted: weighted, using: &generator)
            return (speciesID, Self.rollShiny(using: &generator))
        }
        return Self.offline(amongBuiltIn: try await pokedex.builtInSpeciesCount(), using: &generator)
    }

    /// The uniform offline pick among the built-in Pokédex's `count` species, for a caller that
    /// read the count without opening a Pokédex (`Catalog.speciesCount()`).
    public static func offline(amongBuiltIn count: Int, using generator: inout SeededGenerator) -> (speciesID: Int, shiny: Bool) {
        let speciesID = uniform(among: count, using: &generator)
        return (speciesID, rollShiny(using: &generator))
    }
}
