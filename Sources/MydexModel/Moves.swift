import Foundation
import GRDB

/// A version group: the games that share learnsets and encounters (FireRed and LeafGreen),
/// named together in the store's language ("FireRed / LeafGreen").
public struct GameGroup: Sendable, Equatable {
    public var id: Int
    /// PokeAPI's identifier, e.g. `firered-leafgreen`.
    public var identifier: String
    public var name: String
    public var generation: Int

    public init(id: Int, identifier: String, name: String, generation: Int) {
        self.id = id
        self.identifier = identifier
        self.name = name
        self.generation = generation
    }
}

/// A move as lists show it, in the store's language.
public struct MoveSummary: Sendable, Equatable, Codable, MydexRecord {
    public var id: Int
    /// PokeAPI's identifier, e.g. `thunderbolt`.
    public var identifier: String
    public var name: String
    /// PokeAPI's type name (`electric`).
    public var type: String
    /// `physical`, `special` or `status`.
    public var damageClass: String?
    public var power: Int?
    public var accuracy: Int?
    public var pp: Int?
}

/// One move of a learnset: how it is learnt (PokeAPI's method, `level-up`, `machine`, `egg`,
/// `tutor`, …), at which level for level-up, and with which machine (`tm24`) where one teaches it.
public struct LearnedMove: Sendable, Equatable {
    /// PokeAPI's name of learning by level, the one method with levels.
    public static let levelUpMethod = "level-up"

    public var method: String
    public var level: Int?
    public var machine: String?
    public var move: MoveSummary

    package init(method: String, level: Int? = nil, machine: String? = nil, move: MoveSummary) {
        self.method = method
        self.level = level
        self.machine = machine
        self.move = move
    }
}

/// Everything about a move, in the store's language.
public struct MoveDetail: Sendable, Equatable {
    public var summary: MoveSummary
    public var generation: Int
    public var priority: Int
    public var effectChance: Int?
    /// What it does: PokeAPI's effect (English, French), or else the latest game's text.
    public var effect: String?
    /// The version group `effect` is the game text of, when it is one.
    public var effectGame: GameGroup?

    package init(
        summary: MoveSummary, generation: Int, priority: Int, effectChance: Int? = nil, effect: String? = nil,
        effectGame: GameGroup? = nil
    ) {
        self.summary = summary
        self.generation = generation
        self.priority = priority
        self.effectChance = effectChance
        self.effect = effect
        self.effectGame = effectGame
    }
}

/// A Pokémon that learns a move in a version group, and how.
public struct MoveLearner: Sendable, Equatable, Codable, MydexRecord {
    /// PokeAPI's Pokémon id (10001 and up for a form with a learnset of its own).
    public var pokemonID: Int
    public var speciesID: Int
    /// Its name in the store's language: the species', or the form's whole name ("Alolan Raichu").
    public var name: String
    public var method: String
    /// For level-up, every level it learns the move at (some learn it twice).
    public var levels: [Int]
    public var machine: String?

    package init(pokemonID: Int, speciesID: Int, name: String, method: String, levels: [Int], machine: String? = nil) {
        self.pokemonID = pokemonID
        self.speciesID = speciesID
        self.name = name
        self.method = method
        self.levels = levels
        self.machine = machine
    }
}

/// A machine's item (`tm24`, `hm05`, `tr12`) as its kind and number, ordered as the games list
/// them: TMs, then HMs, then TRs, each by number.
public struct MachineLabel: Comparable, Sendable {
    public var kind: String
    public var number: Int

    public init(_ item: String?) {
        let item = item ?? ""
        kind = String(item.prefix { $0.isLetter })
        number = Int(item.drop { $0.isLetter }) ?? 0
    }

    public static func < (a: MachineLabel, b: MachineLabel) -> Bool {
        let rank = ["tm": 0, "hm": 1, "tr": 2]
        return (rank[a.kind] ?? 3, a.kind, a.number) < (rank[b.kind] ?? 3, b.kind, b.number)
    }
}
