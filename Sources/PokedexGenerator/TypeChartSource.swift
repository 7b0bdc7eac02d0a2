import MydexCatalog
import MydexModel

/// The type chart, from PokeAPI's CSV tables (`types.csv`, `type_efficacy.csv`,
/// `type_efficacy_past.csv`, and `moves.csv` for how many moves each type has), added to the
/// types whichever source named them.
struct TypeChartSource {
    let table: (String) throws -> [[String: String]]

    func fill(_ types: [BuiltInPokedex.TypeRecord]) throws -> [BuiltInPokedex.TypeRecord] {
        var identifiers: [Int: String] = [:], generations: [String: Int] = [:]
        for row in try table("types.csv") {
            guard let id = int(row["id"]), let name = row["identifier"], let generation = int(row["generation_id"]) else { continue }
            identifiers[id] = name
            generations[name] = generation
        }
        var ids: [String: Int] = [:]
        var damage: [String: [String: Int]] = [:]
        for row in try table("type_efficacy.csv") {
            guard let attackingID = int(row["damage_type_id"]), let attacking = identifiers[attackingID],
                  let defending = int(row["target_type_id"]).flatMap({ identifiers[$0] }), let factor = int(row["damage_factor"])
            else { throw GeneratorError.inconsistent("type_efficacy.csv row \(row)") }
            ids[attacking] = attackingID
            if factor != 100 { damage[attacking, default: [:]][defending] = factor }
        }
        var past: [String: [BuiltInPokedex.ChartRecord.PastDamage]] = [:]
        for row in try table("type_efficacy_past.csv") {
            guard let attacking = int(row["damage_type_id"]).flatMap({ identifiers[$0] }),
                  let defending = int(row["target_type_id"]).flatMap({ identifiers[$0] }),
                  let factor = int(row["damage_factor"]), let generation = int(row["generation_id"])
            else { throw GeneratorError.inconsistent("type_efficacy_past.csv row \(row)") }
            past[attacking, default: []].append(.init(type: defending, factor: factor, untilGeneration: generation))
        }
        // Moves of the games: PokeAPI numbers the shadow moves of Colosseum and XD from 10001.
        var moveCounts: [String: Int] = [:]
        for row in try table("moves.csv") {
            guard let id = int(row["id"]), id < 10000, let type = int(row["type_id"]).flatMap({ identifiers[$0] }) else { continue }
            moveCounts[type, default: 0] += 1
        }
        return types.map { type in
            guard let id = ids[type.name], let generation = generations[type.name] else { return type }
            var charted = type
            charted.chart = BuiltInPokedex.ChartRecord(
                id: id, generation: generation, damage: damage[type.name] ?? [:],
                pastDamage: (past[type.name] ?? []).sorted { ($0.type, $0.untilGeneration) < ($1.type, $1.untilGeneration) },
                moveCount: moveCounts[type.name] ?? 0)
            return charted
        }
    }

    private func int(_ text: String?) -> Int? { text.flatMap { Int($0) } }
}
