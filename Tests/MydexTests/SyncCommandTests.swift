import Foundation
import MydexServices
import MydexStore
import MydexModel
import PokeAPI
import Synchronization
import Testing
@testable import MydexCLI

/// `mydex dex sync` as a user runs it: what it asks, what it says, and how it stops.
@Suite("dex sync, the command")
struct SyncCommandTests {
    /// Type requests (not the list) among `paths`.
    private func typeRequests(_ paths: [String]) -> [String] {
        paths.filter { $0.hasPrefix("type/") && !$0.hasPrefix("type/?") }
    }

    @Test("A sync of fresh data asks PokeAPI nothing; --max-age 0 asks again for everything")
    func freshSyncAsksNothing() async throws {
        let transport = SyntheticTransport(SyntheticPokeAPI(count: 12))
        let environment = try TestEnvironment(transport: transport)
        let first = await environment.run("dex", "sync")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput == "Synced 12 of 12 species (12 fetched); type names refreshed.\n")
        #expect(typeRequests(transport.paths).count == 21)
        #expect(transport.peakTypeConcurrency > 1, "type names were fetched one at a time")
        #expect(transport.peakTypeConcurrency <= SyncService.maxConcurrency)

        let before = transport.paths.count
        environment.clock.advance(by: 3600)
        let again = await environment.run("dex", "sync")
        #expect(again.status == 0)
        #expect(again.standardOutput == "Synced 12 of 12 species (12 already fresh); type names already fresh.\n")
        #expect(Array(transport.paths.dropFirst(before)) == [], "a sync of fresh data made requests")

        let forced = await environment.run("dex", "sync", "--max-age", "0")
        #expect(forced.standardOutput == "Synced 12 of 12 species (12 fetched); type names refreshed.\n")
        let asked = Array(transport.paths.dropFirst(before))
        #expect(asked.contains("pokemon-species/?limit=1"))
        #expect(typeRequests(asked).count == 21)
    }

    @Test("A sync that reaches PokeAPI ends catch's memory of a failure")
    func syncClearsUnreachableMemory() async throws {
        let environment = try TestEnvironment(transport: SyntheticTransport(SyntheticPokeAPI(count: 3)))
        let store = try environment.openStore()
        try await store.rememberPokeAPIUnreachable(reason: "Could not resolve host: pokeapi.test", at: environment.clock.now())
        let run = await environment.run("dex", "sync")
        #expect(run.status == 0)
        #expect(try await store.pokeAPIUnreachable() == nil)
    }

    @Test("--concurrency 1 fetches type names one at a time too")
    func typesOneAtATime() async throws {
        let transport = SyntheticTransport(SyntheticPokeAPI(count: 3))
        let environment = try TestEnvironment(transport: transport)
        let run = await environment.run("dex", "sync", "--concurrency", "1")
        #expect(run.status == 0)
        #expect(typeRequests(transport.paths).count == 21)
        #expect(transport.peakTypeConcurrency == 1)
    }

    @Test("Failed species are named in the summary line, and the counts add up")
    func failuresNamed() async throws {
        let transport = SyntheticTransport(SyntheticPokeAPI(count: 12, failing: [7, 12]))
        let environment = try TestEnvironment(transport: transport)
        let run = await environment.run("dex", "sync")
        #expect(run.status == 1)
        #expect(run.standardOutput == "Synced 10 of 12 species (10 fetched); 2 failed: #7 Squirtle, #12 Butterfree; type names refreshed.\n")
        #expect(run.standardError.contains("#7: cannot reach PokeAPI"))
        #expect(run.standardError.contains("Run `mydex dex sync` again to retry them."))
    }

    @Test("Many failures: five named, the rest counted")
    func manyFailures() async throws {
        let transport = SyntheticTransport(SyntheticPokeAPI(count: 12, failing: [2, 3, 4, 5, 6, 8, 9]))
        let environment = try TestEnvironment(transport: transport)
        let run = await environment.run("dex", "sync")
        #expect(run.status == 1)
        #expect(run.standardOutput.contains(
            "Synced 5 of 12 species (5 fetched); 7 failed: #2 Ivysaur, #3 Venusaur, #4 Charmander, #5 Charmeleon, #6 Charizard and 2 more;"))
        #expect(run.standardError.contains("… and 2 more."))
    }

    @Test("When species after species find PokeAPI unreachable, the sync stops and counts what it did not try")
    func stopsWhenUnreachable() async throws {
        let transport = SyntheticTransport(SyntheticPokeAPI(count: 40), unreachable: Set(11...40))
        let environment = try TestEnvironment(transport: transport)
        // --concurrency 2: one species at a time, so the order is fixed.
        let run = await environment.run("dex", "sync", "--concurrency", "2")
        #expect(run.status == 1)
        let limit = SyncService.unreachableStreakLimit
        #expect(run.standardOutput.hasPrefix("Synced 10 of 40 species (10 fetched); \(limit) failed: #11 Metapod,"))
        #expect(run.standardOutput.hasSuffix("; \(40 - 10 - limit) not tried (PokeAPI stopped answering); type names not refreshed.\n"))
        #expect(run.standardError.contains("PokeAPI stopped answering, so the sync stopped; 10 species were saved."))
        let requested = Set(transport.paths.compactMap { $0.hasPrefix("pokemon/") ? Int($0.split(separator: "/")[1]) : nil })
        #expect(requested == Set(1...(10 + limit)))
        let store = try environment.openStore()
        #expect(try await store.pokeAPIUnreachable() != nil, "the next catch would wait on PokeAPI again")
    }

    @Test("Ctrl-C stops the sync: what was saved stays saved, it says how to resume, exit 130")
    func interrupted() async throws {
        let interrupts = SimulatedInterrupts()
        let transport = SyntheticTransport(SyntheticPokeAPI(count: 40)) { requests in
            if requests == 6 { interrupts.press() }
        }
        let environment = try TestEnvironment(transport: transport)
        let run = await environment.run(["dex", "sync"]) { context, _ in context.interrupts = interrupts.interrupts }
        #expect(run.status == 130)
        let saved = try await environment.openStore().apiFetchDates().count
        #expect((1..<40).contains(saved))
        #expect(run.standardError.contains("Stopped: \(saved) species saved; run `mydex dex sync` again to resume."))
        #expect(run.standardOutput.isEmpty)
        #expect(interrupts.installCount == 1)
        #expect(!interrupts.isListening, "Ctrl-C still goes to a finished sync")

        let resumed = await environment.run("dex", "sync")
        #expect(resumed.status == 0)
        #expect(resumed.standardOutput.hasPrefix("Synced 40 of 40 species (\(40 - saved) fetched, \(saved) already fresh);"))
    }

    @Test("Ctrl-C with --json still prints the summary, marked as interrupted")
    func interruptedJSON() async throws {
        let interrupts = SimulatedInterrupts()
        let transport = SyntheticTransport(SyntheticPokeAPI(count: 40)) { requests in
            if requests == 3 { interrupts.press() }
        }
        let environment = try TestEnvironment(transport: transport)
        let run = await environment.run(["dex", "sync", "--json"]) { context, _ in context.interrupts = interrupts.interrupts }
        #expect(run.status == 130)
        let json = try #require(try run.document())
        #expect(json["schema"] as? Int == 1)
        #expect(json["stopped"] as? String == "interrupted")
        #expect(json["typeNames"] as? String == "not-tried")
        let counts = ["fetched", "fresh", "notTried"].compactMap { json[$0] as? Int }.reduce(0, +)
        #expect(counts + ((json["failures"] as? [Any])?.count ?? 0) == 40)
    }

    @Test("On a terminal the bar fits its width and shows the rate and the time left")
    func barFitsTerminal() async throws {
        let clock = Mutex<TestClock?>(nil)
        let slow = SlowTransport(SyntheticTransport(SyntheticPokeAPI(count: 30))) { clock.withLock { $0?.advance(by: 0.25) } }
        let environment = try TestEnvironment(transport: slow)
        clock.withLock { $0 = environment.clock }
        let run = await environment.run(["dex", "sync"]) { context, output in
            context.output = output.output(columns: 50, standardErrorIsTerminal: true)
        }
        #expect(run.status == 0)
        let erase = "\r\u{1B}[2K"
        // Besides the bar, stderr holds the "Started a new collection at PATH" line.
        let frames = run.standardError.components(separatedBy: erase).filter { $0.contains("species") }
        #expect(frames.count > 10)
        for frame in frames {
            #expect(TerminalText.displayWidth(frame) <= 49, "wider than the terminal: \(frame)")
        }
        #expect(frames.contains { $0.contains("/s") && $0.contains(" left") && $0.contains("█") })
        #expect(run.standardError.hasSuffix(erase), "the bar was left on the screen")
    }

    @Test("The bar's text: count, rate, time left, failures")
    func barText() {
        let progress = SyncService.Progress(done: 500, total: 1000, failed: 2, fresh: 0)
        #expect(SyncProgress.bar(progress, pace: .init(progress, elapsed: 10), columns: 80)
            == "███████████████░░░░░░░░░░░░░░░ 500/1000 species  50/s  0:10 left  2 failed")
    }

    @Test("The bar shrinks, then goes, on narrow terminals", arguments: [60, 50, 30, 12])
    func narrowBar(columns: Int) {
        let progress = SyncService.Progress(done: 500, total: 1000, failed: 2, fresh: 0)
        let bar = SyncProgress.bar(progress, pace: .init(progress, elapsed: 10), columns: columns)
        #expect(TerminalText.displayWidth(bar) <= columns - 1)
        #expect(bar.hasPrefix(columns >= 50 ? "█" : "500/1000"))
    }

    @Test("Without a terminal, a line every 10% with the rate")
    func plainProgressLine() {
        let progress = SyncService.Progress(done: 412, total: 1025, failed: 0, fresh: 12)
        #expect(SyncProgress.line(progress, pace: .init(progress, elapsed: 20)) == "sync: 412/1025 species, 20/s, about 0:31 left")
        let start = SyncService.Progress(done: 12, total: 1025, failed: 0, fresh: 12)
        #expect(SyncProgress.line(start, pace: .init(start, elapsed: 0)) == "sync: 12/1025 species")
    }

    @Test("dex sync --help says what MYDEX_TIMEOUT bounds")
    func help() async throws {
        let run = await try TestEnvironment().run("dex", "sync", "--help")
        #expect(run.standardOutput.contains("MYDEX_TIMEOUT"))
        #expect(run.standardOutput.contains("bounds each request"))
    }
}
