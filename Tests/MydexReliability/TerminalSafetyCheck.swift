import Foundation
import GRDB
import MydexServices
import MydexTestSupport

/// 7. Nicknames and PokeAPI strings carrying ESC, CSI, OSC, C1 controls, NUL and bidirectional
/// overrides never reach the terminal raw, in any command or output format.
enum TerminalSafetyCheck {
    static let hostile = [
        "\u{1B}[31mred\u{1B}[0m", "\u{1B}]0;pwned\u{7}", "\u{9B}2J", "nul\u{0}byte", "\u{202E}gnp.exe", "\u{2066}iso\u{2069}",
        "\u{85}nel", "\u{1B}P+q\u{1B}\\", "\u{7F}del", "\u{2028}ls",
    ]

    /// Pikachu's real responses with hostile text in every string mydex shows.
    static func hostileServer(speciesCount: Int = 1025) throws -> LocalHTTPServer {
        let text = hostile.joined(separator: " ")
        let pokemon = try mutate(resource: "pokemon/25") { json in
            json["name"] = "pikachu\(text)"
            json["types"] = [["slot": 1, "type": ["name": "electric\u{1B}[5m", "url": "x"]]]
        }
        let species = try mutate(resource: "pokemon-species/25") { json in
            json["name"] = "pikachu\u{1B}[2J"
            json["names"] = [["name": "Pika\(text)chu", "language": ["name": "en", "url": "x"]]]
            json["genera"] = [["genus": "Mouse\(text)", "language": ["name": "en", "url": "x"]]]
            json["flavor_text_entries"] = [["flavor_text": "Text\(text)", "language": ["name": "en", "url": "x"], "version": ["name": "red", "url": "x"]]]
        }
        return try LocalHTTPServer { request in
            if request.path.contains("pokemon-species/?") || request.path.hasSuffix("pokemon-species/") {
                return .json(Data(#"{"count": \#(speciesCount), "results": []}"#.utf8))
            }
            return .json(request.path.contains("pokemon-species") ? species : pokemon)
        }
    }

    static func mutate(resource: String, _ change: (inout [String: Any]) -> Void) throws -> Data {
        guard let real = FuzzCheck.fixture(resource), var json = try JSONSerialization.jsonObject(with: real) as? [String: Any] else {
            throw SuiteError("missing fixture \(resource)")
        }
        change(&json)
        return try JSONSerialization.data(withJSONObject: json)
    }

    static func run(_ workspace: Workspace) throws -> CheckResult {
        var result = CheckResult("Terminal safety")
        let server = try hostileServer()
        defer { server.stop() }
        let (path, plain) = try workspace.database("terminal")
        let runner = plain.with(["MYDEX_API_URL": server.baseURL])
        let seed = String(seedCatching(25))
        _ = try runner.run(["catch", "--seed", seed])
        _ = try runner.run(["catch", "--offline"])
        // A nickname cannot be set with controls through mydex: plant one as a damaged or
        // hand-edited database would have it.
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "UPDATE caught_pokemon SET nickname = ? WHERE id = 2", arguments: [hostile.joined()]) }
        try queue.close()

        let backup = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("hostile-backup.sqlite").path
        _ = try runner.run(["backup", backup])
        let syncServer = try hostileServer(speciesCount: 3)
        defer { syncServer.stop() }
        let commands: [[String]] = [
            ["catch", "--seed", seed], ["list"], ["list", "--all", "--sort", "nickname"], ["show", "1"], ["show", "2"], ["history"],
            ["dex", "25"], ["dex", "list", "--limit", "30"], ["search", "pika"], ["search", "red"], ["stats"],
            ["favorite", "1"], ["unfavorite", "1"], ["nickname", "1", "Sparky"], ["nickname", "1", "--clear"],
            ["release", "2", "--force"], ["unrelease", "2", "--dry-run"], ["release", "--duplicates", "--dry-run"], ["backup"],
            ["backup", "--list"], ["restore", backup, "--dry-run"], ["restore", backup, "--yes"],
            ["dex", "sync", "--max-age", "0", "--api-url", syncServer.baseURL],
            ["dex", hostile.joined()], ["search", hostile.joined()], ["show", "\u{1B}[31m"], ["list", "--sort", "\u{1B}]0;x\u{7}"],
            ["--db", "/tmp/\u{1B}[31m/\u{202E}x.sqlite", "list"],
        ]
        var outputs = 0
        var escapedInText = 0, escapedInJSON = 0
        for command in commands {
            for format in [[], ["--json"]] {
                let outcome = try runner.run(command + format)
                // Proof that the hostile text did reach the output, escaped.
                if outcome.standardOutput.contains("\\u{1B}") { escapedInText += 1 }
                if outcome.standardOutput.contains("\\u001B") || outcome.standardOutput.contains("\\u001b") { escapedInJSON += 1 }
                for (stream, bytes) in [("stdout", outcome.outputBytes), ("stderr", outcome.errorBytes)] {
                    outputs += 1
                    if let raw = rawControl(in: bytes) {
                        result.problem("\((command + format).map(\.debugDescription).joined(separator: " ")) \(stream): raw \(raw)")
                    }
                }
            }
        }
        if escapedInText == 0 || escapedInJSON == 0 {
            result.problem("the hostile text never showed up escaped (text \(escapedInText), JSON \(escapedInJSON)): the check tested nothing")
        }
        result.figure("outputs showing the hostile text escaped (text / JSON)", "\(escapedInText) / \(escapedInJSON)")
        let colour = try coloured(runner, &result)
        result.figure("commands × formats run", commands.count * 2)
        result.figure("outputs scanned (stdout and stderr)", outputs)
        result.figure("on a terminal with colour", colour)
        result.figure("hostile strings", hostile.map { $0.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value > 0x2000 }.map { String(format: "U+%04X", $0.value) }.joined(separator: "+") }.joined(separator: ", "))
        return result
    }

    /// On a pseudo-terminal (through `script`), colour is on: only mydex's own SGR codes may appear.
    private static func coloured(_ runner: MydexRunner, _ result: inout CheckResult) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return "skipped (no script(1))" }
        var checked = 0
        for command in [["list", "--all"], ["show", "1"], ["history"], ["dex", "25"]] {
            // What mydex writes, not a pager's screen handling: the listings go to `less` on a terminal.
            let bytes = try runner.runOnTerminal(
                command, environment: ["NO_COLOR": nil, "TERM": "xterm-256color", "MYDEX_PAGER": "cat"]).outputBytes
            checked += 1
            if let raw = rawControl(in: bytes, allowingSGR: true) {
                result.problem("\(command.joined(separator: " ")) on a terminal: raw \(raw)")
            }
            if !bytes.contains(0x1B) { result.problem("\(command.joined(separator: " ")) on a terminal: no colour at all") }
        }
        return "\(checked) commands, only SGR colour codes"
    }

    /// The first control that could drive a terminal, if any: ESC (except, when allowed, a plain
    /// `ESC [ digits ; … m` colour code), NUL, BEL, C1 controls, bidi overrides and isolates,
    /// line and paragraph separators.
    static func rawControl(in bytes: Data, allowingSGR: Bool = false) -> String? {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var index = 0
        while index < scalars.count {
            let value = scalars[index].value
            if value == 0x1B, allowingSGR, index + 1 < scalars.count, scalars[index + 1] == "[" {
                var end = index + 2
                while end < scalars.count, "0123456789;".unicodeScalars.contains(scalars[end]) { end += 1 }
                if end < scalars.count, scalars[end] == "m" {
                    index = end + 1
                    continue
                }
            }
            // Line feeds are output; a terminal (script) also turns them into CR LF.
            let isLineEnd = value == 0x0A || (value == 0x0D && allowingSGR)
            switch value {
            case _ where isLineEnd:
                break
            case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C, 0x2028, 0x2029:
                return String(format: "U+%04X", value)
            default:
                break
            }
            index += 1
        }
        return nil
    }

    static func seedCatching(_ speciesID: Int) -> UInt64 { SeededGenerator.seed(catching: speciesID, among: 1025) }
}
