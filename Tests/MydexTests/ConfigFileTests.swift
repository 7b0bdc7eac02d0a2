import Foundation
import MydexCLI
import PokeAPI
import Testing

/// The config file (`$XDG_CONFIG_HOME/mydex/config.toml`, else `~/.config/mydex/config.toml`)
/// and `--quiet`.
@Suite("Config file and --quiet")
struct ConfigFileTests {
    /// Writes `text` as the config file of `environment`'s home.
    static func write(_ text: String, in environment: TestEnvironment, folder: String = ".config") throws {
        let file = URL(fileURLWithPath: environment.path("\(folder)/mydex/config.toml"))
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    @Test("lang: a flag beats the environment, which beats the file, which beats the locale")
    func languagePrecedence() async throws {
        let environment = try TestEnvironment(environment: ["LANG": "de_DE.UTF-8"])
        try Self.write("# my settings\nlang = \"ko\"\n", in: environment)
        #expect(await environment.run("dex", "25").standardOutput.hasPrefix("#0025 피카츄"))
        #expect(await environment.run("dex", "25", "--lang", "fr").standardOutput.hasPrefix("#0025 Pikachu"))
        let overridden = try TestEnvironment(environment: ["MYDEX_LANG": "ja"])
        try Self.write("lang = \"ko\"\n", in: overridden)
        #expect(await overridden.run("dex", "25").standardOutput.hasPrefix("#0025 ピカチュウ"))
    }

    @Test("XDG_CONFIG_HOME, when absolute, is where the file is")
    func xdgConfigHome() async throws {
        let probe = try TestEnvironment()
        let environment = try TestEnvironment(environment: ["XDG_CONFIG_HOME": probe.path("elsewhere")])
        try Self.write("lang = \"ja\"\n", in: probe, folder: "elsewhere")
        // The default place is ignored when XDG_CONFIG_HOME names another.
        try Self.write("lang = \"ko\"\n", in: environment)
        #expect(await environment.run("dex", "25").standardOutput.hasPrefix("#0025 ピカチュウ"))
    }

    @Test(
        "a bad file exits 64 naming the file, the line and the key, and changes nothing",
        arguments: [
            ("lang = \"ko\"\n\ncolour = \"always\"\n", 3, "unknown key 'colour'. Did you mean 'color'?"),
            ("offline = \"yes\"\n", 1, "offline must be true or false"),
            ("lang = \"xx\"\n", 1, "lang must be one of"),
            ("timeout = 0\n", 1, "timeout must be whole seconds from 1 to 600"),
            ("\"color\" = \"sometimes\"\n", 1, "color must be \"auto\", \"always\", \"never\""),
            ("api-url = \"ftp://mirror\"\n", 1, "api-url must be an http or https URL"),
            ("sprites = 1\n", 1, "sprites must be true or false"),
            ("lang = \"ko\"\n[extras]\nx = 1\n", 2, "unknown key 'extras'"),
            ("lang = \"ko\"\ntimeout = \n", 2, "not valid TOML"),
        ] as [(String, Int, String)])
    func badFile(text: String, line: Int, message: String) async throws {
        let environment = try TestEnvironment()
        try Self.write(text, in: environment)
        let run = await environment.run("catch", "--offline")
        #expect(run.status == 64)
        let file = environment.path(".config/mydex/config.toml")
        #expect(run.standardError.hasPrefix("Error: \(file), line \(line): "), "\(run.standardError)")
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: environment.databasePath), "a command ran despite a bad config file")
    }

    @Test("offline = true catches offline without a request; MYDEX_OFFLINE=0 overrides it")
    func offline() async throws {
        // The unstubbed transport fails the test if reached.
        let environment = try TestEnvironment()
        try Self.write("offline = true\n", in: environment)
        let caught = await environment.run("catch", "--json")
        #expect(caught.status == 0, "\(caught.standardError)")
        #expect(try caught.document()?["offlineReason"] as? String == "offline mode")

        let transport = ScriptedTransport([.status(503)])
        let online = try TestEnvironment(transport: transport, environment: ["MYDEX_OFFLINE": "0"])
        try Self.write("offline = true\n", in: online)
        _ = await online.run("catch", "--json")
        #expect(!transport.requests.isEmpty, "MYDEX_OFFLINE=0 did not win over the file")
    }

    @Test("api-url and timeout from the file reach the PokeAPI client when the environment has none")
    func apiURLAndTimeout() async throws {
        let transport = ScriptedTransport([.status(503)])
        let environment = try TestEnvironment(transport: transport, environment: ["MYDEX_API_URL": ""])
        try Self.write("api-url = \"http://mirror.test/api/v2\"\ntimeout = 3\n", in: environment)
        _ = await environment.run("catch")
        let first = try #require(transport.requests.first)
        #expect(first.url.hasPrefix("http://mirror.test/api/v2/"), "\(first.url)")
        #expect(first.deadline <= .seconds(3))
    }

    @Test("color = \"always\" colours into a pipe, unless NO_COLOR is set; --color never beats it")
    func color() async throws {
        let environment = try TestEnvironment(sprites: .builtIn)
        try Self.write("color = \"always\"\n", in: environment)
        #expect(await environment.run("sprite", "25", "--no-title").standardOutput.contains("\u{1B}["))
        #expect(!(await environment.run("sprite", "25", "--no-title", "--color", "never").standardOutput.contains("\u{1B}[")))
        let noColor = try TestEnvironment(environment: ["NO_COLOR": "1"], sprites: .builtIn)
        try Self.write("color = \"always\"\n", in: noColor)
        let plain = await noColor.run("sprite", "25", "--no-title")
        #expect(plain.status == 0 && !plain.standardOutput.contains("\u{1B}["))
    }

    @Test("sprites = false: no picture beside show or dex on a terminal; `sprite` still draws")
    func noSprites() async throws {
        let environment = try TestEnvironment(environment: ["COLORTERM": "truecolor"], sprites: .builtIn)
        let withPicture = await environment.run("dex", "25", color: true, columns: 120)
        #expect(withPicture.standardOutput.contains("▀") || withPicture.standardOutput.contains("▄"))
        try Self.write("sprites = false\n", in: environment)
        let without = await environment.run("dex", "25", color: true, columns: 120)
        #expect(!without.standardOutput.contains("▀") && !without.standardOutput.contains("▄"))
        #expect(without.standardOutput.contains("피카츄") || without.standardOutput.contains("Pikachu"))
        let sprite = await environment.run("sprite", "25", "--no-title", color: true, columns: 120)
        #expect(sprite.standardOutput.contains("▀") || sprite.standardOutput.contains("▄"))
    }

    @Test("--quiet: no notices on stderr, errors still; before or after the command")
    func quiet() async throws {
        let environment = try TestEnvironment()
        let missing = await environment.run("list")
        #expect(missing.standardError.contains("No collection"))
        #expect(await environment.run("list", "--quiet").standardError.isEmpty)

        let caught = await environment.run("--quiet", "catch", "--offline")
        #expect(caught.status == 0)
        #expect(caught.standardOutput.contains("Caught "))
        #expect(caught.standardError.isEmpty, "a new collection is news, not an error: \(caught.standardError)")

        let failed = await environment.run("show", "99", "--quiet")
        #expect(failed.status == 1)
        #expect(failed.standardError.contains("#99"))
    }
}
