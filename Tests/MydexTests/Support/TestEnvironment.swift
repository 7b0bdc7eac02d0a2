import Foundation
import MydexCLI
import MydexServices
import MydexStore
import MydexModel
import MydexTestSupport
import PokeAPI

/// A temporary home for one test: its own database, clock, captured output and network.
final class TestEnvironment: Sendable {
    let directory: URL
    let clock = TestClock()
    let transport: any HTTPTransport
    /// Added to the context's environment (e.g. `LANG`, `MYDEX_OFFLINE`).
    let extraEnvironment: [String: String]
    /// The pictures `sprite` draws (nil: none built in, as in a mydex without sprite data).
    let sprites: SpriteSource?

    init(
        transport: any HTTPTransport = UnstubbedTransport(), environment: [String: String] = [:], sprites: SpriteSource? = nil
    ) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("mydex-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("cwd"), withIntermediateDirectories: true)
        self.transport = transport
        extraEnvironment = environment
        self.sprites = sprites
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    var databasePath: String { directory.appendingPathComponent("data/mydex.sqlite").path }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The working directory of the commands this test runs: relative paths land here.
    var currentDirectory: String { directory.appendingPathComponent("cwd").path }

    struct Run {
        var status: Int32
        var standardOutput: String
        var standardError: String

        /// Standard output as mydex's JSON document (always an object), or nil.
        func document() throws -> [String: Any]? { try MydexJSON.document(Data(standardOutput.utf8)) }
    }

    func context(output: CapturedOutput, color: Bool = false, columns: Int? = nil) -> MydexContext {
        MydexContext(
            environment: ["MYDEX_DB": databasePath, "MYDEX_API_URL": "http://pokeapi.test/api/v2"]
                .merging(extraEnvironment) { _, extra in extra },
            homeDirectory: directory.path,
            currentDirectory: currentDirectory,
            output: output.output(colorEnabled: color, columns: columns),
            clock: clock,
            random: RandomSource { 0xC0FFEE },
            transport: transport,
            timeZone: TimeZone(identifier: "UTC")!,
            busyTimeout: 5,
            sprites: sprites)
    }

    /// Runs `mydex` in-process with these arguments.
    @discardableResult
    func run(_ arguments: String..., color: Bool = false, columns: Int? = nil) async -> Run {
        await run(arguments, color: color, columns: columns)
    }

    func run(
        _ arguments: [String], color: Bool = false, columns: Int? = nil, output: CapturedOutput = CapturedOutput()
    ) async -> Run {
        let status = await Mydex.run(arguments: arguments, context: context(output: output, color: color, columns: columns))
        return Run(status: status, standardOutput: output.standardOutput, standardError: output.standardError)
    }

    func openStore() throws -> CollectionStore {
        try CollectionStore.open(path: databasePath, now: clock.now())
    }
}
