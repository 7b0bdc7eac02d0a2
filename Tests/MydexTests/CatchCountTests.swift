import Foundation
import Testing
import MydexCLI
import MydexServices
@testable import MydexStore
@testable import MydexModel
import MydexTestSupport
import Synchronization

/// `catch --count N`: N catches in one process, each kept with its history row.
@Suite("Catching many at once")
struct CatchCountTests {
    private func counts(_ environment: TestEnvironment) async throws -> CollectionCounts {
        let store = try environment.openStore()
        defer { try? store.close() }
        return try await store.counts()
    }

    @Test("--count N gives N entries and N history rows, a line each, and a summary on stderr")
    func countGivesN() async throws {
        let environment = try TestEnvironment()
        let run = await environment.run("catch", "--offline", "--count", "25", "--seed", "7")
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("Caught ") }
        #expect(lines.count == 25)
        #expect(lines.last?.hasSuffix("It is entry #25.") == true)
        #expect(run.standardError.contains("Caught 25 Pokémon of "))
        // Not a terminal: no bar, no carriage returns.
        #expect(!run.standardError.contains("\r"))
        #expect(try await counts(environment) == CollectionCounts(entries: 25, released: 0, historyRows: 25, cachedSpecies: 0))

        // The same seed catches the same Pokémon.
        let again = try TestEnvironment()
        let repeated = await again.run("catch", "--offline", "--count", "25", "--seed", "7")
        #expect(repeated.standardOutput == run.standardOutput)
    }

    @Test("--json prints the caught entries as an array")
    func countJSON() async throws {
        let environment = try TestEnvironment()
        let run = await environment.run("catch", "--offline", "--count", "3", "--json")
        let document = try #require(try run.document())
        let entries = try #require(document.objects("entries"))
        #expect(entries.compactMap { $0["id"] as? Int } == [1, 2, 3])
        #expect(document["caught"] as? Int == 3)
        #expect(document["requested"] as? Int == 3)
        #expect(document["interrupted"] == nil)
    }

    @Test("A bar on a terminal's stderr, ending at N of N")
    func progressBar() async throws {
        let environment = try TestEnvironment()
        let run = await environment.run(["catch", "--offline", "--count", "12"]) { context, output in
            context.output = output.output(columns: 60, standardErrorIsTerminal: true)
        }
        #expect(run.status == 0)
        let frames = run.standardError.components(separatedBy: "\r\u{1B}[2K").filter { $0.contains("caught") }
        #expect(frames.count == 12)
        #expect(frames.last?.contains("12/12 caught") == true)
        #expect(frames.last?.contains("██████") == true)
    }

    @Test("When PokeAPI is unreachable each catch falls back, and the note is given once")
    func fallbackPerCatch() async throws {
        let environment = try TestEnvironment(transport: UnreachableTransport())
        let run = await environment.run("catch", "--count", "4")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("Caught ") }.count == 4)
        #expect(run.standardError.components(separatedBy: "built-in Pokédex").count - 1 == 1)
        #expect(try await counts(environment).historyRows == 4)
    }

    @Test("Ctrl-C stops between catches, keeps those caught and exits 130")
    func interrupted() async throws {
        let environment = try TestEnvironment()
        let interrupts = SimulatedInterrupts()
        let written = Mutex((standardOutput: "", standardError: "", frames: 0))
        let run = await environment.run(["catch", "--offline", "--count", "50"]) { context, _ in
            context.interrupts = interrupts.interrupts
            // A terminal whose third bar frame comes with a Ctrl-C.
            context.output = Output(
                colorEnabled: false, standardErrorIsTerminal: true, standardErrorColumns: 80,
                write: { stream, text in
                    let press = written.withLock { written in
                        guard stream == .standardError else {
                            written.standardOutput += text
                            return false
                        }
                        written.standardError += text
                        if text.contains("caught") { written.frames += 1 }
                        return text.contains("caught") && written.frames == 3
                    }
                    if press { interrupts.press() }
                    return nil
                })
        }
        #expect(run.status == 130)
        let (standardOutput, standardError, _) = written.withLock { $0 }
        #expect(standardOutput.split(separator: "\n").count == 3)
        #expect(standardError.contains("Stopped: Caught 3 of 50 Pokémon"))
        #expect(try await counts(environment) == CollectionCounts(entries: 3, released: 0, historyRows: 3, cachedSpecies: 0))
        #expect(!interrupts.isListening)
    }

    @Test("Bad counts are usage errors", arguments: [["--count", "0"], ["--count", "1000001"], ["--count", "2", "--cry"]])
    func badCounts(arguments: [String]) async throws {
        let environment = try TestEnvironment()
        let run = await environment.run(["catch", "--offline"] + arguments)
        #expect(run.status == 64)
        #expect(run.standardError.contains("--c"))
    }
}
