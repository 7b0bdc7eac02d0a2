import MydexCatalog
import MydexModel

/// The games (PokeAPI's versions) with their version groups, generations and names, from
/// PokeAPI's CSV tables (`versions.csv`, `version_groups.csv`, `version_names.csv`).
struct GameSource {
    let table: (String) throws -> [[String: String]]

    func load() throws -> [BuiltInPokedex.GameRecord] {
        let languages = Dictionary(try table("languages.csv").compactMap { row in
            int(row["id"]).flatMap { id in row["identifier"].map { (id, $0) } }
        }) { first, _ in first }
        var groups: [Int: (identifier: String, generation: Int, order: Int)] = [:]
        for row in try table("version_groups.csv") {
            guard let id = int(row["id"]), let identifier = row["identifier"], let generation = int(row["generation_id"]),
                  let order = int(row["order"]) else { throw GeneratorError.inconsistent("version_groups.csv row \(row)") }
            groups[id] = (identifier, generation, order)
        }
        var names: [Int: [String: String]] = [:]
        for row in try table("version_names.csv") {
            guard let version = int(row["version_id"]), let language = int(row["local_language_id"]).flatMap({ languages[$0] }),
                  let name = row["name"], !name.isEmpty else { continue }
            names[version, default: [:]][language] = name
        }
        return try table("versions.csv").map { row in
            guard let id = int(row["id"]), let identifier = row["identifier"], let groupID = int(row["version_group_id"]),
                  let group = groups[groupID] else { throw GeneratorError.inconsistent("versions.csv row \(row)") }
            return BuiltInPokedex.GameRecord(
                id: id, identifier: identifier, versionGroup: group.identifier, versionGroupID: groupID,
                generation: group.generation, order: group.order, names: names[id] ?? [:])
        }
    }

    private func int(_ text: String?) -> Int? { text.flatMap { Int($0) } }
}
