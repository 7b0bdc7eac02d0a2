import Foundation
import MydexServices
import MydexStore
import MydexModel
import MydexTestSupport
import PokeAPI
import Testing

/// `sprite --big`: PokeAPI's 96×96 sprites (real ones, Fixtures/media) served through
/// MYDEX_MEDIA_URL, decoded with libpng.
@Suite("Big sprites")
struct BigSpriteTests {
    static let regular = "PokeAPI/sprites/master/sprites/pokemon/150.png"
    static let shiny = "PokeAPI/sprites/master/sprites/pokemon/shiny/150.png"

    /// Serves the media fixtures by path, or `body` for every request when given.
    static func server(body: Data? = nil) throws -> TestHTTPServer {
        try TestHTTPServer { request in
            if let body { return .response(status: 200, headers: ["Content-Type": "text/html"], body: body) }
            guard let data = try? CryTests.fixture(String(request.path.dropFirst())) else { return .response(status: 404) }
            return .response(status: 200, headers: ["Content-Type": "image/png"], body: data)
        }
    }

    static func environment(_ server: TestHTTPServer) throws -> TestEnvironment {
        try TestEnvironment(transport: CurlTransport(), environment: ["MYDEX_MEDIA_URL": "http://127.0.0.1:\(server.port)/"])
    }

    @Test("A real 96×96 PokeAPI sprite decodes to its pixels; transparency is kept")
    func decodes() throws {
        let sprite = try BigSpriteService.decode(CryTests.fixture(Self.regular))
        #expect(sprite.width == 96 && sprite.height == 96)
        let opaque = sprite.pixels.compactMap { $0 }.count
        #expect(opaque > 500 && opaque < 96 * 96 / 2, "\(opaque) opaque pixels")
        #expect(sprite[0, 0] == nil, "the corner is transparent")
        #expect(try BigSpriteService.decode(CryTests.fixture(Self.shiny)) != sprite)
    }

    @Test("Damaged and foreign data are errors with a reason, never a crash")
    func damaged() throws {
        let png = try CryTests.fixture(Self.regular)
        #expect(throws: BigSpriteService.DecodeError.self) { try BigSpriteService.decode(Data("<html>".utf8)) }
        #expect(throws: BigSpriteService.DecodeError.self) { try BigSpriteService.decode(png.prefix(40)) }
        var generator = SeededGenerator(seed: 7)
        var failures = 0
        for _ in 0..<300 {
            var bytes = [UInt8](png)
            for _ in 0..<(1 + generator.nextInt(below: 8)) {
                bytes[8 + generator.nextInt(below: bytes.count - 8)] = UInt8(generator.nextInt(below: 256))
            }
            do { _ = try BigSpriteService.decode(Data(bytes)) } catch { failures += 1; #expect(!error.detail.isEmpty) }
        }
        #expect(failures > 0, "mutations that break the checksums are reported")
    }

    @Test("sprite --big draws PokeAPI's picture, fetched once, then from the cache")
    func fetchedAndCached() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let environment = try Self.environment(server)
        let first = await environment.run("sprite", "150", "--big", "--no-title", "--color", "always")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.split(separator: "\n").count > 20, "a 96-pixel-tall picture is more than 20 lines")
        #expect(server.requests.map(\.path) == ["/" + Self.regular])
        #expect(FileManager.default.fileExists(atPath: environment.path(".cache/mydex/sprites/150.png")))
        let again = await environment.run("sprite", "150", "--big", "--no-title", "--color", "always")
        #expect(again.standardOutput == first.standardOutput)
        #expect(server.requests.count == 1, "the second picture came from the cache")
        let shiny = await environment.run("sprite", "mewtwo", "--big", "--shiny", "--no-title")
        #expect(shiny.status == 0)
        #expect(server.requests.last?.path == "/" + Self.shiny)
    }

    @Test("An HTML page instead of a PNG is one line and exit 1; nothing is cached")
    func notAPicture() async throws {
        let server = try Self.server(body: Data("<html><body>Rate limited</body></html>".utf8))
        defer { server.stop() }
        let environment = try Self.environment(server)
        let run = await environment.run("sprite", "150", "--big")
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("Error: http://127.0.0.1:") && run.standardError.contains("is not a picture mydex can read"))
        #expect(run.standardError.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: environment.path(".cache/mydex/sprites/150.png")))
    }
}
