import Foundation
import Testing
import MydexCLI
import MydexTestSupport

/// `dex`, `search`, `stats` and offline `catch`, run in-process.
@Suite("Pokédex commands")
struct PokedexCommandTests {
    @Test("catch --offline and MYDEX_OFFLINE=1 catch without any request")
    func offlineCatch() async throws {
        let environment = try TestEnvironment()  // the network fails the test if reached
        let run = await environment.run("catch", "--offline", "--seed", String(Fixtures.seed(catching: 25)))
        #expect(run.status == 0)
        #expect(run.standardOutput == "Caught Pikachu #0025 (Electric)! It is entry #1.\n")
        #expect(run.standardError == "Started a new collection at \(environment.databasePath)\n")
        let viaEnvironment = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"])
        #expect(await viaEnvironment.run("catch").status == 0)
    }

    @Test("When PokeAPI is unreachable, catch succeeds and says so on stderr")
    func unreachableCatch() async throws {
        let environment = try TestEnvironment(transport: UnreachableTransport())
        let run = await environment.run("catch", "--seed", String(Fixtures.seed(catching: 151)))
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("Caught Mew #0151"))
        #expect(run.standardError.contains("caught from the built-in Pokédex"))
        #expect(environment.clock.sleeps.count == 3, "retries before falling back")
    }

    @Test("catch --generation and --weighted")
    func catchFilters() async throws {
        let environment = try TestEnvironment()
        let run = await environment.run("catch", "--offline", "--generation", "2", "--weighted", "--json")
        let dex = try #require(try run.document()?.object("entry")?["dex"] as? Int)
        #expect((152...251).contains(dex))
        let bad = await environment.run("catch", "--offline", "--generation", "0")
        #expect(bad.status == 64)
        let unknown = await environment.run("catch", "--offline", "--generation", "42")
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("--generation 42"))
        #expect(unknown.standardError.contains("Generations are 1–9"))
    }

    @Test("dex shows any species in the chosen language, falling back to English per field")
    func dexShow() async throws {
        let environment = try TestEnvironment()
        let korean = await environment.run("dex", "25", "--lang", "ko")
        #expect(korean.status == 0)
        for expected in ["#0025 피카츄", "쥐포켓몬", "전기", "0.4 m", "6.0 kg", "255 중 190", "아직 없음", "인사법이다"] {
            #expect(korean.standardOutput.contains(expected), "missing \(expected)")
        }
        let byName = await environment.run("dex", "ピカチュウ", "--json")
        let document = try #require(try byName.document())
        #expect(document["schema"] as? Int == 1)
        let species = try #require(document.object("species"))
        #expect(species["dex"] as? Int == 25)
        #expect(species["name"] as? String == "Pikachu")
        // Sprigatito has no Korean Pokédex text: the English one is shown.
        let fallback = await environment.run("dex", "906", "--lang", "ko")
        #expect(fallback.standardOutput.contains("나오하"))
        #expect(fallback.standardOutput.contains("The sweet scent its body gives off"))
        let missing = await environment.run("dex", "pikachuu")
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("Did you mean Pikachu (#0025)?"))
        #expect(await environment.run("dex", "25", "--lang", "tlh").status == 64)
    }

    @Test("The locale chooses the language when --lang and MYDEX_LANG are unset")
    func localeLanguage() async throws {
        let environment = try TestEnvironment(environment: ["LANG": "ja_JP.UTF-8"])
        let run = await environment.run("dex", "1")
        #expect(run.standardOutput.hasPrefix("#0001 フシギダネ"))
    }

    @Test("dex list pages through the Pokédex with caught species marked")
    func dexList() async throws {
        let environment = try TestEnvironment()
        await environment.run("catch", "--offline", "--seed", String(Fixtures.seed(catching: 4)))
        let page = await environment.run("dex", "list", "--limit", "3", "--offset", "2")
        let lines = page.standardOutput.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix("#0003  Venusaur"))
        #expect(lines[2].hasPrefix("#0004  Charmander") && lines[2].contains("✓"))
        #expect(page.standardError.contains("Species 3–5 of 1,025. Next page: --offset 5"))
        let caught = try #require(try await environment.run("dex", "list", "--caught", "--json").document())
        #expect(caught["total"] as? Int == 1)
        #expect(caught.objects("results")?.first?.object("species")?["dex"] as? Int == 4)
        let missing = try #require(try await environment.run("dex", "list", "--missing", "--generation", "1", "--json").document())
        #expect(missing["total"] as? Int == 150)
        let fire = try #require(try await environment.run("dex", "list", "--type", "불꽃", "--generation", "1", "--json").document())
        #expect(fire["total"] as? Int == 12)
        #expect(await environment.run("dex", "list", "--caught", "--missing").status == 64)
        let badType = await environment.run("dex", "list", "--type", "plasma")
        #expect(badType.status == 64)
        #expect(badType.standardError.contains("--type plasma"))
        #expect(badType.standardError.contains("Electric"))
    }

    @Test("Missing means not held now, as dex progress counts it: a released species is missing, not --never-caught")
    func missingIsNotHeld() async throws {
        let environment = try TestEnvironment()
        try await environment.recordCatches([1, 4, 27])
        #expect(await environment.run("release", "3").status == 0)  // the only Sandshrew
        let progress = try #require(try await environment.run("dex", "progress", "--dex", "kanto", "--json").document())
        let kanto = try #require(progress.objects("pokedexes")?.first)
        #expect(kanto["caught"] as? Int == 2 && kanto["total"] as? Int == 151)
        let missing = try #require(try await environment.run("dex", "list", "--missing", "--dex", "kanto", "--limit", "200", "--json").document())
        #expect(missing["total"] as? Int == 149, "151 less the two held, as progress counts")
        let missingDex = missing.objects("results")?.compactMap { $0.object("species")?["dex"] as? Int } ?? []
        #expect(missingDex.contains(27) && !missingDex.contains(1))
        let held = try #require(try await environment.run("dex", "list", "--caught", "--dex", "kanto", "--json").document())
        #expect(held.objects("results")?.compactMap { $0.object("species")?["dex"] as? Int } == [1, 4])
        let never = try #require(try await environment.run("dex", "list", "--never-caught", "--dex", "kanto", "--limit", "200", "--json").document())
        #expect(never["total"] as? Int == 148, "Sandshrew was caught once")
        #expect(await environment.run("dex", "list", "--missing", "--never-caught").status == 64)
    }

    @Test("Japanese names keep the dex table aligned")
    func wideDexTable() async throws {
        let environment = try TestEnvironment()
        let lines = (await environment.run("dex", "list", "--limit", "3", "--lang", "ja")).standardOutput
            .split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        let genColumns = lines.dropFirst().map { line in
            TerminalWidth.of(String(line[..<(line.range(of: " 1")?.lowerBound ?? line.endIndex)]))
        }
        #expect(Set(genColumns).count == 1, "\(lines.joined(separator: "\n"))")
    }

    @Test("search finds numbers, scripts, accents and nicknames; suggests when nothing matches")
    func searchCommand() async throws {
        let environment = try TestEnvironment()
        let korean = await environment.run("search", "피카")
        #expect(korean.status == 0)
        #expect(korean.standardOutput.contains("#0025  Pikachu  피카츄 (ko)"))
        let both = await environment.run("search", "nidoran", "--json")
        let results = try #require(try both.document()?.objects("results"))
        #expect(results.compactMap { $0.object("species")?["dex"] as? Int } == [29, 32])
        await environment.run("catch", "--offline", "--seed", String(Fixtures.seed(catching: 133)))
        await environment.run("nickname", "1", "Évoli Jr")
        let nickname = await environment.run("search", "evoli")
        #expect(nickname.standardOutput.contains("#1 Évoli Jr"))
        let none = await environment.run("search", "charmandr")
        #expect(none.status == 1)
        #expect(none.standardError.contains("Did you mean Charmander (#0004)"))
        #expect(await environment.run("search", "   ").status == 64)
    }

    @Test("stats draws completion per generation and the type mix, and --json has the figures")
    func statsCommand() async throws {
        let environment = try TestEnvironment()
        for species in [1, 4, 7] {
            await environment.run("catch", "--offline", "--seed", String(Fixtures.seed(catching: species)))
        }
        let run = await environment.run("stats")
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("3/1025 species (0.3%)"))
        #expect(run.standardOutput.contains("Gen 1    ") && run.standardOutput.contains("3/151"))
        #expect(run.standardOutput.contains("█"))
        let stats = try #require(try await environment.run("stats", "--json").document())
        #expect(stats["speciesCaught"] as? Int == 3)
        #expect(stats["held"] as? Int == 3)
        let korean = await environment.run("stats", "--lang", "ko")
        #expect(korean.standardOutput.contains("풀"))
    }
}
