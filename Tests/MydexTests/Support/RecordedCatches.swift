import Foundation
@testable import MydexStore
@testable import MydexModel

extension TestEnvironment {
    /// Records catches of these built-in species straight into the store, in this order (entry
    /// ids 1, 2, …), a second apart: a collection to act on, without the network or `catch`.
    func recordCatches(_ species: [Int]) async throws {
        let store = try openStore()
        defer { try? store.close() }
        for id in species {
            clock.advance(by: 1)
            _ = try await store.recordCatch(speciesID: id, isShiny: false, at: clock.now())
        }
    }

    /// The database file as it is on disk: a dry run or a refused change leaves it byte for byte.
    func databaseBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: databasePath)) }
}
