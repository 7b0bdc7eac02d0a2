import Foundation
import MydexTestSupport
import Testing

/// docs/GUIDE.md, the reference the README points to, must cover the binary as it is: a section
/// for every command, naming each of its options; the options every command takes, once.
@Suite("The guide")
struct GuideTests {
    static let guide = Fixtures.repositoryRoot.appendingPathComponent("docs/GUIDE.md")
    /// What every command takes, described once in the guide rather than in each section.
    static let common: Set<String> = ["db", "json", "lang", "color", "quiet", "no-pager", "api-url", "version", "help"]

    /// The guide's command sections: each `### ` heading with the text under it.
    static func sections(_ text: String) -> [(heading: String, text: String)] {
        var sections: [(String, String)] = []
        for part in text.components(separatedBy: "\n### ").dropFirst() {
            let body = part.components(separatedBy: "\n## ").first ?? part
            sections.append((String(body.prefix { $0 != "\n" }), body))
        }
        return sections
    }

    @Test("docs/GUIDE.md has a section for every command of the binary, naming each of its options")
    func guideIsCurrent() async throws {
        let dump = try await ChildProcess(try EndToEndTests.binary, ["--experimental-dump-help"], environment: [:]).outcome()
        let info = try #require(try JSONSerialization.jsonObject(with: dump.outputBytes) as? [String: Any])
        let root = try #require(info["command"] as? [String: Any])
        let text = try String(contentsOf: Self.guide, encoding: .utf8)
        let sections = Self.sections(text)
        var problems: [String] = []
        var checked = 0
        func walk(_ command: [String: Any], _ path: [String]) {
            for sub in command["subcommands"] as? [[String: Any]] ?? [] where sub["shouldDisplay"] as? Bool != false {
                guard let name = sub["commandName"] as? String, name != "help" else { continue }
                let full = (path + [name]).joined(separator: " ")
                // `dex show` is `dex`'s default: its section is `mydex dex <number|name>`.
                let patterns = ["`mydex \(full)"] + (full == "dex show" ? ["`mydex dex <"] : [])
                let mine = sections.filter { section in patterns.contains { section.heading.contains($0) } }
                let options = (sub["arguments"] as? [[String: Any]] ?? []).filter { $0["shouldDisplay"] as? Bool != false }
                    .flatMap { $0["names"] as? [[String: String]] ?? [] }.filter { $0["kind"] == "long" }.compactMap { $0["name"] }
                if mine.isEmpty, (sub["subcommands"] as? [[String: Any]])?.isEmpty == false {
                    walk(sub, path + [name])
                    continue
                }
                if mine.isEmpty { problems.append("no section for `mydex \(full)`") }
                let body = mine.map(\.text).joined(separator: "\n")
                for option in options where !Self.common.contains(option) && !body.contains("--\(option)") {
                    problems.append("`mydex \(full)`'s section never names --\(option)")
                }
                checked += 1
                walk(sub, path + [name])
            }
        }
        walk(root, [])
        for option in Self.common.subtracting(["version", "help"]) where !text.contains("--\(option)") {
            problems.append("the guide never names --\(option)")
        }
        #expect(checked > 20, "the binary's commands were not read")
        #expect(problems.isEmpty, "docs/GUIDE.md is behind the binary: \(problems)")
    }
}
