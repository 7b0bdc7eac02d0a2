import Foundation
@testable import MydexModel
@testable import MydexServices
@testable import MydexStore
import MydexTestSupport
import PokeAPI
import Synchronization
import Testing

@Suite("dex sync against a local PokeAPI")
struct SyncTests {
    let environment: TestEnvironment
    let store: CollectionStore

    init() throws {
        environment = try TestEnvironment()
        store = try environment.openStore()
    }

    private func service(_ server: TestHTTPServer) throws -> SyncService {
        let api = try LivePokeAPIClient(
            baseURL: server.baseURL, transport: CurlTransport(), userAgent: "mydex/test",
            retryPolicy: RetryPolicy(maxAttempts: 2), sleep: { _ in }, unitRandom: { 0 }, now: { TestClock.start })
        return SyncService(store: store, api: api, clock: environment.clock)
    }

    @Test("Fetches every species with at most 8 requests in flight, then skips what is fresh")
    func fullSyncThenResume() async throws {
        let api = SyntheticPokeAPI(count: 40, delay: 0.02)
        let server = try TestHTTPServer(handler: api.reply)
        defer { server.stop() }
        let reports = Mutex<[SyncService.Progress]>([])
        let summary = try await service(server).sync(maxAge: 86400) { progress in reports.withLock { $0.append(progress) } }
        #expect(summary.total == 40)
        #expect(summary.fetched == 40)
        #expect(summary.failures.isEmpty)
        #expect(summary.typeNames == .refreshed)
        #expect(api.peakConcurrency <= SyncService.maxConcurrency)
        #expect(api.peakConcurrency >= 4, "sync did not fetch in parallel")
        #expect(reports.withLock { $0.last } == .init(done: 40, total: 40, failed: 0))
        let pokedex = Pokedex(store: store)
        #expect(try await pokedex.species(id: 25)?.source == .api)
        #expect(try await pokedex.species(id: 30)?.name == "synthetic-30")
        #expect(try await pokedex.species(id: 41)?.source == .builtin)

        let before = server.requests.count
        let again = try await service(server).sync(maxAge: 86400)
        #expect(again.fetched == 0)
        #expect(again.fresh == 40)
        let speciesRequests = server.requests.dropFirst(before).filter { $0.path.contains("/pokemon/") }
        #expect(speciesRequests.isEmpty, "a fresh species was fetched again")
    }

    @Test("A failure midway keeps what was fetched, says what failed, and the next run fetches only the rest")
    func partialFailure() async throws {
        let api = SyntheticPokeAPI(count: 20, failing: [7, 13])
        let server = try TestHTTPServer(handler: api.reply)
        defer { server.stop() }
        let summary = try await service(server).sync(maxAge: 86400)
        #expect(summary.fetched == 18)
        #expect(summary.failures.map(\.speciesID) == [7, 13])
        #expect(summary.failures.first?.reason.contains("HTTP 500") == true)
        #expect(try await store.apiFetchDates().count == 18)

        api.failing.withLock { $0 = [] }
        let before = server.requests.count
        let retry = try await service(server).sync(maxAge: 86400)
        #expect(retry.fetched == 2)
        #expect(retry.fresh == 18)
        let refetched = Set(server.requests.dropFirst(before).compactMap { request -> Int? in
            let parts = request.path.split(separator: "/")
            return parts.count == 4 && parts[2] == "pokemon" ? Int(parts[3]) : nil
        })
        #expect(refetched == [7, 13])
    }

    @Test("A limit of one request keeps one request in flight")
    func oneAtATime() async throws {
        let api = SyntheticPokeAPI(count: 6, delay: 0.02)
        let server = try TestHTTPServer(handler: api.reply)
        defer { server.stop() }
        let summary = try await service(server).sync(maxAge: 86400, concurrency: 1)
        #expect(summary.fetched == 6)
        #expect(api.peakConcurrency == 1)
    }

    @Test("--max-age 0 fetches everything again")
    func maxAgeZero() async throws {
        let api = SyntheticPokeAPI(count: 5)
        let server = try TestHTTPServer(handler: api.reply)
        defer { server.stop() }
        _ = try await service(server).sync(maxAge: 86400)
        environment.clock.advance(by: 1)
        #expect(try await service(server).sync(maxAge: 0).fetched == 5)
    }
}
