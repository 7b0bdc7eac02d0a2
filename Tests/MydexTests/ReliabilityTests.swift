import Foundation
import Testing
import MydexReliability

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
