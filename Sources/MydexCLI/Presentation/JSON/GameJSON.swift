import Foundation
import MydexModel
import MydexServices
import MydexText

// The games and places of the Pokédex as every document writes them.

/// A game in JSON: `{"identifier", "name", "versionGroup", "generation"}` (PokeAPI's version,
/// its name, its version group, its generation).
struct GameJSON: Encodable, Sendable {
    var identifier: String
    var name: String
    var versionGroup: String
    var generation: Int

    init(identifier: String, name: String, versionGroup: String, generation: Int) {
        self.identifier = identifier
        self.name = name
        self.versionGroup = versionGroup
        self.generation = generation
    }

    init(_ game: Game) {
        self.init(identifier: game.identifier, name: game.name, versionGroup: game.versionGroup, generation: game.generation)
    }
}

/// A version group in JSON: `{"identifier", "name", "generation"}`, its games' names together.
struct GameGroupJSON: Encodable, Sendable {
    var identifier: String
    var name: String
    var generation: Int

    init(_ group: GameGroup) {
        identifier = group.identifier
        name = group.name
        generation = group.generation
    }
}

/// A place in JSON: PokeAPI's identifier, its name, its region (null for none).
struct PlaceJSON: Encodable, Sendable {
    var identifier: String
    var name: String
    var region: String?

    private enum Keys: String, CodingKey { case identifier, name, region }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(identifier, forKey: .identifier)
        try container.encode(name, forKey: .name)
        try container.encode(region, forKey: .region)
    }
}
