import GRDB
import MydexModel

extension TypeChart {
    /// The chart in the catalog image (`types`, `type_efficacy`, `type_efficacy_past`).
    package static func read(_ db: Database) throws -> TypeChart {
        let types = try Row.fetchAll(db, sql: "SELECT type, generation FROM catalog.types ORDER BY id")
            .map { ChartedType(name: $0["type"], generation: $0["generation"]) }
        var current: [String: [String: Int]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT attacking, defending, factor FROM catalog.type_efficacy") {
            current[row["attacking"], default: [:]][row["defending"]] = row["factor"]
        }
        var past: [String: [String: [PastFactor]]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT attacking, defending, until_generation, factor FROM catalog.type_efficacy_past") {
            past[row["attacking"], default: [:]][row["defending"], default: []]
                .append(PastFactor(untilGeneration: row["until_generation"], factor: row["factor"]))
        }
        return TypeChart(types: types, current: current, past: past)
    }
}
