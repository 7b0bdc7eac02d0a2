import Foundation
import GRDB
import MydexModel
@testable import MydexStore
import Testing

/// `pokemon_wild`, the newest learnset and encounter levels a catch reads in one seek, is what
/// reading every game's learnsets and encounters gives, for every form in the catalog.
@Suite("A catch's wild facts")
struct WildFactsTests {
    @Test("The derived newest learnset and encounter levels equal what every game's tables give, for every form")
    func derivedEqualsGames() async throws {
        let store = try CollectionStore.inMemory()
        let mismatches = try await store.read { db in
            let generation = try Int.fetchOne(db, sql: "SELECT max(generation) FROM catalog.games") ?? 0
            var mismatches: [String] = []
            var (withMoves, withLevels) = (0, 0)
            for form in try Int.fetchAll(db, sql: "SELECT id FROM catalog.forms ORDER BY id") {
                let derived = try Pokedex.individualFacts(formID: form, generation: generation, game: nil, db)
                let read = try Pokedex.individualFacts(formID: form, generation: generation, game: nil, derived: false, db)
                guard let derived, let read else {
                    if (derived == nil) != (read == nil) { mismatches.append("form \(form): one is missing") }
                    continue
                }
                if !derived.levelUpMoves.isEmpty { withMoves += 1 }
                if !derived.encounterLevels.isEmpty { withLevels += 1 }
                if derived.levelUpMoves.map({ "\($0.level) \($0.move)" }) != read.levelUpMoves.map({ "\($0.level) \($0.move)" })
                    || derived.versionGroup != read.versionGroup || derived.encounterLevels != read.encounterLevels
                    || derived.encounterGroup != read.encounterGroup || derived.ruleLevel != read.ruleLevel
                    || derived.heldItems.map(\.item) != read.heldItems.map(\.item) || derived.heldItemGame != read.heldItemGame {
                    mismatches.append("form \(form)")
                }
            }
            // Most forms have moves and many are met in the wild: the comparison saw real data.
            if withMoves < 1_200 || withLevels < 500 { mismatches.append("only \(withMoves) with moves, \(withLevels) with levels") }
            return mismatches
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}
