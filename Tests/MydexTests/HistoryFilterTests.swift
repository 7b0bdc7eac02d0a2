import Foundation
@testable import MydexCLI
import MydexModel
import MydexStore
import MydexTestSupport
import Testing

/// `history`'s filters and its terminal default, as a user sees them.
@Suite("History filters")
struct HistoryFilterTests {
    let environment: TestEnvironment

    init() throws { environment = try TestEnvironment() }

    /// 2026-11-18 (UTC): Pikachu caught (entry 1) and nicknamed Sparky; 2026-11-19: Eevee
    /// caught (entry 2) and favorited; 2026-11-20: Eevee released (with --force), 22 Magikarp caught.
    private func seed() async throws {
        let store = try environment.openStore()
        let day: TimeInterval = 86_400
        let start = environment.clock.now()
        _ = try await store.recordCatch(speciesID: 25, isShiny: false, at: start)
        _ = try await store.setNickname(entryID: 1, to: "Sparky", at: start + 60)
        _ = try await store.recordCatch(speciesID: 133, isShiny: false, at: start + day)
        _ = try await store.setFavorite(entryID: 2, true, at: start + day + 60)
        _ = try await store.release(entryID: 2, force: true, at: start + 2 * day)
        for index in 0..<22 { _ = try await store.recordCatch(speciesID: 129, isShiny: false, at: start + 2 * day + Double(index)) }
        try store.close()
    }

    private func actions(_ arguments: String...) async throws -> [String] {
        let run = await environment.run(["history", "--json"] + arguments)
        #expect(run.status == 0, "\(arguments): \(run.standardError)")
        return try #require(try run.document()?.objects("events")).compactMap { $0["action"] as? String }
    }

    @Test("--entry, --action and --since select events, and combine")
    func filters() async throws {
        try await seed()
        #expect(try await actions("--entry", "1") == ["nickname-set", "catch"])
        #expect(try await actions("--entry", "2") == ["release", "favorite", "catch"])
        #expect(try await actions("--action", "favorite") == ["favorite"])
        #expect(try await actions("--action", "catch", "--entry", "2") == ["catch"])
        #expect(try await actions("--since", "2026-11-19", "--entry", "2") == ["release", "favorite", "catch"])
        #expect(try await actions("--since", "2026-11-20", "--entry", "2") == ["release"])
        #expect(try await actions("--since", "2026-11-19T11:07", "--entry", "2") == ["release", "favorite"])
        #expect(try await actions("--since", "2026-11-20", "--action", "catch").count == 22)
        #expect(try await actions("--since", "2026-11-20", "--action", "catch", "--limit", "3").count == 3)
        #expect(try await actions("--action", "unrelease") == [])
        let none = await environment.run("history", "--action", "unrelease")
        #expect(none.status == 0 && none.standardError == "No events match these filters.\n")
    }

    @Test("On a terminal the latest 20 are shown and a line says how to see more; into a pipe, all")
    func terminalDefault() async throws {
        try await seed()
        let terminal = await environment.run("history", columns: 100)
        #expect(terminal.standardOutput.split(separator: "\n").count == 21)
        #expect(terminal.standardError == "Showing the latest 20 of 27 events. More: --limit 0 for all\n")
        let piped = await environment.run("history")
        #expect(piped.standardOutput.split(separator: "\n").count == 28)
        #expect(piped.standardError.isEmpty)
        let all = await environment.run(["history", "--limit", "0"], columns: 100)
        #expect(all.standardOutput.split(separator: "\n").count == 28 && all.standardError.isEmpty)
        let few = await environment.run(["history", "--limit", "2"], columns: 100)
        #expect(few.standardError == "Showing the latest 2 of 27 events. More: --limit 10, or --limit 0 for all\n")
        let json = try #require(try await environment.run(["history", "--json"], columns: 100).document())
        #expect(json.objects("events")?.count == 27)
    }

    @Test("ENTRY shows the nickname when there is one")
    func nicknameInEntryColumn() async throws {
        try await seed()
        let lines = (await environment.run("history", "--entry", "1")).standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.dropFirst().allSatisfy { $0.contains("#1 Sparky") })
        #expect((await environment.run("history", "--entry", "2")).standardOutput.contains("#2 Eevee"))
    }

    @Test("Bad values exit 64: a date with an example, an unknown action with the list")
    func badValues() async throws {
        try await seed()
        for date in ["2026-13-01", "2026-02-30", "yesterday", "2026-11-01T25:00", "2026-11-1"] {
            let run = await environment.run("history", "--since", date)
            #expect(run.status == 64, "\(date)")
            #expect(run.standardError.contains("--since \(date)") && run.standardError.contains("e.g. 2026-11-01"))
        }
        let action = await environment.run("history", "--action", "eat")
        #expect(action.status == 64)
        #expect(action.standardError.contains("catch") && action.standardError.contains("unrelease"))
        #expect(await environment.run("history", "--limit", "-1").status == 64)
        #expect(await environment.run("history", "--entry", "0").status == 64)
        let help = await environment.run("history", "--help")
        #expect(help.standardOutput.contains("nickname-set") && help.standardOutput.contains("import"))
        let completion = await environment.run("--generate-completion-script", "bash")
        #expect(completion.standardOutput.contains("nickname-cleared"))
    }

    @Test("--since reads a day or a moment in the user's time zone, or in the offset it names")
    func sinceDates() throws {
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        let utc = try #require(TimeZone(identifier: "UTC"))
        let midnight = Date(timeIntervalSince1970: 1_794_960_000)  // 2026-11-18 00:00 UTC
        #expect(LocalDate.parse("2026-11-18", timeZone: utc) == midnight)
        #expect(LocalDate.parse("2026-11-18", timeZone: seoul) == midnight - 9 * 3600)
        #expect(LocalDate.parse("2026-11-18T09:30", timeZone: seoul) == midnight + 30 * 60)
        #expect(LocalDate.parse("2026-11-18 09:30:15", timeZone: utc) == midnight + 9 * 3600 + 30 * 60 + 15)
        #expect(LocalDate.parse("2026-11-18T09:00+09:00", timeZone: utc) == midnight)
        #expect(LocalDate.parse("2026-11-18T00:00Z", timeZone: seoul) == midnight)
        #expect(LocalDate.parse("2024-02-29", timeZone: utc) != nil)
        for bad in ["2025-02-29", "2026-11-18T", "2026-11-18T9:00", "2026-11-18x", ""] {
            #expect(LocalDate.parse(bad, timeZone: utc) == nil, "\(bad)")
        }
    }
}
