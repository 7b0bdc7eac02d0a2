import Foundation
import MydexModel
import MydexServices
import MydexText

// Moves, learnsets and learners as `dex moves` and `dex move` write them.

/// The Pokémon a learnset or an encounter is of: PokeAPI's Pokémon, its species, its form, its name.
struct MovePokemonJSON: Encodable, Sendable {
    var id: Int
    var species: Int
    var form: String
    var name: String
}

struct MoveSummaryJSON: Encodable, Sendable {
    var id: Int
    var identifier: String
    var name: String
    var type: String
    var typeName: String
    var damageClass: String?
    var power: Int?
    var accuracy: Int?
    var pp: Int?

    init(_ move: MoveSummary, _ localizer: Localizer) {
        id = move.id
        identifier = move.identifier
        name = move.name
        type = move.type
        typeName = localizer.typeName(move.type)
        damageClass = move.damageClass
        power = move.power
        accuracy = move.accuracy
        pp = move.pp
    }

    private enum Keys: String, CodingKey { case id, identifier, name, type, typeName, damageClass, power, accuracy, pp }

    // Absent figures are null, not missing: every move object has the same members.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(identifier, forKey: .identifier)
        try container.encode(name, forKey: .name)
        try container.encode(type, forKey: .type)
        try container.encode(typeName, forKey: .typeName)
        try container.encode(damageClass, forKey: .damageClass)
        try container.encode(power, forKey: .power)
        try container.encode(accuracy, forKey: .accuracy)
        try container.encode(pp, forKey: .pp)
    }
}

struct LearnedMoveJSON: Encodable, Sendable {
    var method: String
    var level: Int?
    var machine: String?
    var move: MoveSummaryJSON

    init(_ learned: LearnedMove, _ localizer: Localizer) {
        method = learned.method
        level = learned.level
        machine = learned.machine
        move = MoveSummaryJSON(learned.move, localizer)
    }

    private enum Keys: String, CodingKey { case method, level, machine, move }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(method, forKey: .method)
        try container.encode(level, forKey: .level)
        try container.encode(machine, forKey: .machine)
        try container.encode(move, forKey: .move)
    }
}
