import Foundation
import MydexCatalog
import MydexModel
import MydexServices
import MydexStore
import PokeAPI

/// PokeAPI responses on disk (`pokemon-species/{id}/index.json`, …) plus PokeAPI's CSV tables.
struct LocalSource {
    let apiDirectory: String
    let csvDirectory: String

    private func json<T: Decodable>(_ path: String, as type: T.Type) throws -> T? {
        let url = URL(fileURLWithPath: apiDirectory).appendingPathComponent(path).appendingPathComponent("index.json")
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try JSONDecoder().decode(T.self, from: data)
    }

    /// Rows of a CSV table as dictionaries (PokeAPI's tables quote fields with commas).
    func csv(_ name: String) throws -> [[String: String]] {
        let url = URL(fileURLWithPath: csvDirectory).appendingPathComponent(name)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw GeneratorError.missing(url.path) }
        var rows = CSV.parse(text)
        guard !rows.isEmpty else { return [] }
        let header = rows.removeFirst()
        return rows.filter { $0.count == header.count }.map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    func load() throws -> ([BuiltInPokedex.TypeRecord], [BuiltInPokedex.TermRecord], [Species]) {
        guard let list = try json("pokemon-species", as: ResourceList.self) else {
            throw GeneratorError.missing("\(apiDirectory)/pokemon-species/index.json")
        }
        // The default form of each species: height, weight, base experience and types.
        let pokemonRows = try csv("pokemon.csv").filter { $0["is_default"] == "1" }
        let formBySpecies = Dictionary(pokemonRows.compactMap { row in
            Int(row["species_id"] ?? "").map { ($0, row) }
        }, uniquingKeysWith: { first, _ in first })
        let typeNamesByID = Dictionary(uniqueKeysWithValues: try csv("types.csv").compactMap { row in
            Int(row["id"] ?? "").flatMap { id in row["identifier"].map { (id, $0) } }
        })
        var typesByPokemon: [Int: [(slot: Int, type: String)]] = [:]
        for row in try csv("pokemon_types.csv") {
            guard let pokemon = Int(row["pokemon_id"] ?? ""), let slot = Int(row["slot"] ?? ""),
                  let typeID = Int(row["type_id"] ?? ""), let type = typeNamesByID[typeID] else { continue }
            typesByPokemon[pokemon, default: []].append((slot, type))
        }

        var species: [Species] = []
        for id in 1...list.count {
            guard let resource = try json("pokemon-species/\(id)", as: SpeciesResource.self) else {
                throw GeneratorError.missing("pokemon-species/\(id)")
            }
            if let pokemon = try json("pokemon/\(id)", as: PokemonResource.self) {
                species.append(Species(pokemon: pokemon, species: resource, fetchedAt: nil))
                continue
            }
            guard let form = formBySpecies[id], let pokemonID = Int(form["id"] ?? ""),
                  let height = Int(form["height"] ?? ""), let weight = Int(form["weight"] ?? "") else {
                throw GeneratorError.missing("pokemon.csv row for species \(id)")
            }
            let types = (typesByPokemon[pokemonID] ?? []).sorted { $0.slot < $1.slot }.map(\.type)
            guard !types.isEmpty else { throw GeneratorError.inconsistent("no types for species \(id)") }
            // The URLs PokeAPI's /pokemon responses give, by their fixed pattern.
            let sprites = "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon"
            let texts = Species.texts(of: resource)
            species.append(Species(
                id: id, name: resource.name, height: height, weight: weight,
                baseExperience: Int(form["base_experience"] ?? ""), captureRate: resource.captureRate,
                generation: resource.generationNumber, color: resource.color?.name, habitat: resource.habitat?.name,
                baby: resource.isBaby, legendary: resource.isLegendary, mythical: resource.isMythical,
                sprite: "\(sprites)/\(pokemonID).png", shinySprite: "\(sprites)/shiny/\(pokemonID).png",
                cry: "https://raw.githubusercontent.com/PokeAPI/cries/main/cries/pokemon/latest/\(pokemonID).ogg",
                types: types, names: texts.names, genera: texts.genera, flavorTexts: texts.flavorTexts))
            species[species.count - 1].flavorTextGames = texts.games.isEmpty ? nil : texts.games
        }

        guard let typeList = try json("type", as: NamedResourceList.self) else {
            throw GeneratorError.missing("\(apiDirectory)/type/index.json")
        }
        let types = try typeList.results.map { entry -> BuiltInPokedex.TypeRecord in
            let id = entry.url?.split(separator: "/").last.map(String.init) ?? entry.name
            guard let type = try json("type/\(id)", as: TypeResource.self) else { throw GeneratorError.missing("type/\(id)") }
            return BuiltInPokedex.TypeRecord(type)
        }
        let terms = try SpeciesDetails(table: csv).fill(&species)
        return (types, terms, species)
    }
}

extension BuiltInPokedex.TypeRecord {
    init(_ type: TypeResource) {
        self.init(
            name: type.name,
            names: Dictionary(type.names.map { ($0.language.name.lowercased(), $0.name) }, uniquingKeysWith: { first, _ in first }))
    }
}

/// RFC 4180 CSV: commas, quoted fields, doubled quotes, CRLF or LF.
enum CSV {
    static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            if quoted {
                if character == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.append("\"") } else {
                            quoted = false
                            handle(next)
                        }
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else {
                handle(character)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows

        func handle(_ character: Character) {
            switch character {
            case "\"": quoted = true
            case ",": row.append(field); field = ""
            case "\n", "\r\n": row.append(field); field = ""; rows.append(row); row = []
            case "\r": break
            default: field.append(character)
            }
        }
    }
}
