import Foundation
import Testing
import MydexReliability

/// The quick subset of the reliability suite (docs/RELIABILITY.md) against the built binary.
/// The full run: `swift build -c release && .build/release/mydex-reliability --full`.
@Suite("Reliability (quick)", .serialized)
struct ReliabilityTests {
    @Test("Each reliability check passes at CI scale", arguments: ReliabilitySuite.checks.map(\.name))
    func check(name: String) async throws {
        let binary = try EndToEndTests.binary
        let run = try #require(ReliabilitySuite.checks.first { $0.name == name }?.run)
        // The checks block while their processes run: keep them off Swift's cooperative threads.
        let result = try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try run(try Workspace(binary: binary, scale: .quick)) })
            }.start()
        }
        #expect(!result.figures.isEmpty)
        for problem in result.problems {
            Issue.record("\(result.name): \(problem)")
        }
    }
}
