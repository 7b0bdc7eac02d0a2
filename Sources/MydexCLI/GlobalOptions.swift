import ArgumentParser
import Foundation
import MydexServices
import MydexStore
import PokeAPI
import Synchronization

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The collection database (default: $MYDEX_DB, else $XDG_DATA_HOME/mydex/mydex.sqlite, else ~/.local/share/mydex/mydex.sqlite).",
        valueName: "path"))
    var db: String?

    @Option(name: .customLong("api-url"), help: ArgumentHelp(
        "The PokeAPI base URL (default: $MYDEX_API_URL, else \(LivePokeAPIClient.defaultBaseURL)).", valueName: "url"))
    var apiURL: String?

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        if let db, db.isEmpty { throw ValidationError("--db needs a path.") }
        if let apiURL {
            do {
                _ = try LivePokeAPIClient.validated(apiURL)
            } catch {
                throw ValidationError("--api-url must be an http or https URL, e.g. \(LivePokeAPIClient.defaultBaseURL).")
            }
        }
    }

    func databasePath(_ context: MydexContext) -> String {
        DatabaseLocation.resolve(explicit: db, environment: context.environment, homeDirectory: context.homeDirectory)
    }

    func openStore(_ context: MydexContext) throws -> CollectionStore {
        try CollectionStore.open(
            path: databasePath(context), busyTimeout: context.busyTimeout, now: context.clock.now())
    }

    func apiClient(_ context: MydexContext) throws -> LivePokeAPIClient {
        let baseURL = apiURL ?? context.environment["MYDEX_API_URL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? LivePokeAPIClient.defaultBaseURL
        let jitter = Mutex(context.random.generator())
        let clock = context.clock
        return try LivePokeAPIClient(
            baseURL: baseURL, transport: context.transport, userAgent: "mydex/\(MydexVersion.current)",
            retryPolicy: context.retryPolicy,
            sleep: { try await clock.sleep(for: $0) },
            unitRandom: { jitter.withLock { $0.nextUnit() } },
            now: { clock.now() })
    }
}

public enum MydexVersion {
    public static let current = "0.1.0"
}

/// Entry ids are the collection's own numbers (printed by `catch` and `list`), not Pokédex numbers.
enum EntryID {
    static func validate(_ id: Int64) throws {
        guard id > 0 else {
            throw ValidationError("entry ids are positive numbers, as shown by `mydex list`; got \(id).")
        }
    }
}
