import Foundation
import GRDB
import MydexReliability
import MydexStore
import MydexTestSupport
import Testing

/// The quick subset of the reliability suite (docs/RELIABILITY.md) against the built binary.
/// The full run: `swift build -c release && .build/release/ReliabilityRunner --full`.
@Suite("Reliability (quick)", .serialized)
struct ReliabilityTests {
    @Test("Each reliability check passes at CI scale", arguments: ReliabilitySuite.checks.map(\.name))
    func check(name: String) async throws {
        let result = try await ReliabilitySuite.run(name, binary: try EndToEndTests.binary, scale: .quick)
        #expect(!result.figures.isEmpty)
        for problem in result.problems {
            Issue.record("\(result.name): \(problem)")
        }
    }
}

/// The audit the checks rely on: it must see what a half-done change leaves behind.
@Suite("Reliability: database audit")
struct DatabaseAuditTests {
    @Test("The audit passes a collection its history explains, and names a change the history lacks")
    func findsUnexplainedChange() async throws {
        let environment = try TestEnvironment()
        let store = try environment.openStore()
        try await store.saveSpecies(try Fixtures.speciesData(25))
        for _ in 0..<2 { _ = try await store.recordCatch(speciesID: 25, isShiny: false, at: environment.clock.now()) }
        _ = try await store.setNickname(entryID: 1, to: "Sparky", at: environment.clock.now())
        try store.close()

        let audit = DatabaseAudit(path: environment.databasePath)
        let clean = try await onDedicatedThread { try audit.report() }
        #expect(clean.isSound, "\(clean.integrity) \(clean.violations)")
        #expect(clean.counts.entries == 2 && clean.counts.released == 0 && clean.counts.history == 3, "\(clean.counts)")

        // A change written without its history row, as a half-applied write would leave it.
        let queue = try DatabaseQueue(path: environment.databasePath)
        try await queue.write { try $0.execute(sql: "UPDATE caught_pokemon SET is_favorite = 1 WHERE id = 2") }
        try queue.close()
        let tampered = try await onDedicatedThread { try audit.report() }
        #expect(tampered.integrity == "ok")
        #expect(tampered.violations == ["entry #2: favorite true, history says false"])
    }
}
