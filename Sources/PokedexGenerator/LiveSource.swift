import Foundation
import MydexServices
import MydexStore
import PokeAPI

/// Everything from a live PokeAPI, eight requests at a time.
struct LiveSource {
    let baseURL: String

    func load() async throws -> ([BuiltInPokedex.TypeRecord], [BuiltInPokedex.SpeciesRecord]) {
        let api = try LivePokeAPIClient(
            baseURL: baseURL, transport: CurlTransport(), userAgent: "mydex-pokedex-generator",
            sleep: { try await Task.sleep(for: $0) }, unitRandom: { Double.random(in: 0..<1) }, now: { Date() })
        let count = try await api.speciesCount()
        var species: [BuiltInPokedex.SpeciesRecord] = []
        try await withThrowingTaskGroup(of: BuiltInPokedex.SpeciesRecord.self) { group in
            var next = 1
            func addNext() {
                let id = next
                next += 1
                group.addTask { BuiltInPokedex.SpeciesRecord(try await api.speciesData(id: id, fetchedAt: Date())) }
            }
            // Each task makes two requests at once: four tasks keep eight in flight.
            while next <= min(4, count) { addNext() }
            while let record = try await group.next() {
                species.append(record)
                if species.count % 100 == 0 { print("\(species.count)/\(count) species") }
                if next <= count { addNext() }
            }
        }
        let types = try await api.types().map(BuiltInPokedex.TypeRecord.init)
        return (types, species)
    }
}
