import Foundation
import MydexCatalog
import MydexModel
import MydexServices
import MydexStore
import PokeAPI

/// Everything from a live PokeAPI, eight requests at a time.
struct LiveSource {
    let baseURL: String

    func load() async throws -> ([BuiltInPokedex.TypeRecord], [Species]) {
        let api = try LivePokeAPIClient(
            baseURL: baseURL, transport: CurlTransport(), userAgent: "mydex-pokedex-generator",
            sleep: { try await Task.sleep(for: $0) }, unitRandom: { Double.random(in: 0..<1) }, now: { Date() })
        let count = try await api.speciesCount()
        var species: [Species] = []
        try await withThrowingTaskGroup(of: Species.self) { group in
            var next = 1
            func addNext() {
                let id = next
                next += 1
                group.addTask { try await api.speciesData(id: id, fetchedAt: nil) }
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
