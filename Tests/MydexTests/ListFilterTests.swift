import Foundation
@testable import MydexCLI
import MydexModel
import MydexStore
import MydexTestSupport
import Testing

/// `list`'s filters, pages and groups, and `search --limit`, as a user sees them.
@Suite("List filters")
struct ListFilterTests {
    let environment: TestEnvironment

    init() throws { environment = try TestEnvironment() }

    /// What a collector might hold (entry ids 1–8): Charmander twice (one shiny), Vulpix (a
    /// favorite), Pikachu "Sparky", Cyndaquil (generation 2), Squirtle (released), Charizard,
    /// Pikachu again.
    private func seed() async throws {
        let store = try environment.openStore()
        let now = environment.clock.now()
        for (species, shiny) in [(4, false), (4, true), (37, false), (25, false), (155, false), (7, false), (6, false), (25, false)] {
            _ = try await store.recordCatch(speciesID: species, isShiny: shiny, at: now)
        }
        _ = try await store.setFavorite(entryID: 3, true, at: now)
        _ = try await store.setNickname(entryID: 4, to: "Sparky", at: now)
        _ = try await store.release(entryID: 6, force: false, at: now)
        try store.close()
    }

    private func ids(_ arguments: String...) async throws -> [Int] {
        let run = await environment.run(["list", "--json"] + arguments)
        #expect(run.status == 0, "\(arguments): \(run.standardError)")
        return try #require(try run.document()?.objects("entries")).compactMap { $0["id"] as? Int }
    }

    @Test("Filters combine; --type takes a type in any language")
    func combinedFilters() async throws {
        try await seed()
        #expect(try await ids("--type", "fire") == [1, 2, 3, 5, 7])
        #expect(try await ids("--type", "불꽃", "--generation", "1") == [1, 2, 3, 7])
        #expect(try await ids("--type", "FIRE", "--shiny") == [2])
        #expect(try await ids("--type", "feu", "--favorites") == [3])
        #expect(try await ids("--generation", "2") == [5])
        #expect(try await ids("--type", "water") == [])
        #expect(try await ids("--type", "water", "--all") == [6])
        #expect(try await ids("--released") == [6])
        #expect(try await ids("--type", "fire", "--sort", "dex", "--reverse") == [5, 3, 7, 2, 1])

        let korean = await environment.run("list", "--type", "불꽃", "--shiny", "--lang", "ko")
        #expect(korean.standardOutput.contains("파이리") && korean.standardOutput.contains("불꽃"))
        #expect(korean.standardError == "포켓몬 1마리, 즐겨찾기 0마리, 색이 다른 포켓몬 1마리\n", "the summary in Korean")
        let released = await environment.run("list", "--released")
        #expect(released.standardOutput.split(separator: "\n").first?.hasSuffix("RELEASED") == true)
        let none = await environment.run("list", "--type", "water")
        #expect(none.status == 0 && none.standardOutput.isEmpty)
        #expect(none.standardError == "No Pokémon match these filters.\n")
    }

    @Test("--legendary, --mythical and --ultra-beast keep those species (any of the kinds given), with the other filters")
    func kinds() async throws {
        let store = try environment.openStore()
        // Pikachu, Mewtwo (legendary), Mew (mythical), Nihilego (an Ultra Beast), Zapdos (legendary), Poipole (an Ultra Beast).
        for species in [25, 150, 151, 793, 145, 803] {
            _ = try await store.recordCatch(speciesID: species, isShiny: false, at: environment.clock.now())
        }
        try store.close()
        #expect(try await ids("--legendary") == [2, 5])
        #expect(try await ids("--mythical") == [3])
        #expect(try await ids("--ultra-beast") == [4, 6])
        #expect(try await ids("--legendary", "--mythical") == [2, 3, 5])
        #expect(try await ids("--legendary", "--type", "electric") == [5])
        let korean = await environment.run("list", "--ultra-beast", "--lang", "ko")
        #expect(korean.standardOutput.contains("텅비드") && korean.standardOutput.contains("베베놈"))
    }

    @Test("--name matches a nickname or a species name in any language, folded as search folds")
    func nameFilter() async throws {
        try await seed()
        #expect(try await ids("--name", "spark") == [4])
        #expect(try await ids("--name", "ＳＰＡＲＫＹ") == [4])  // full width and case do not matter
        #expect(try await ids("--name", "피카") == [4, 8])
        #expect(try await ids("--name", "pika") == [4, 8])
        #expect(try await ids("--name", "파이리") == [1, 2])
        #expect(try await ids("--name", "ヒトカゲ") == [1, 2])  // Charmander in Japanese
        #expect(try await ids("--name", "ひとかげ") == [1, 2])  // hiragana finds katakana
        #expect(try await ids("--name", "pika", "--favorites") == [])
        #expect(try await ids("--name", "char", "--type", "flying") == [7])
    }

    @Test("--limit and --offset show a page and say where it stands; JSON carries total, offset and limit")
    func paging() async throws {
        try await seed()
        let first = await environment.run("list", "--limit", "3")
        #expect(first.standardOutput.split(separator: "\n").count == 4)
        #expect(first.standardError == "7 Pokémon, 1 favorite, 1 shiny\nEntries 1–3 of 7. Next page: --offset 3\n")
        let last = await environment.run("list", "--limit", "3", "--offset", "6")
        #expect(last.standardOutput.split(separator: "\n").count == 2)
        #expect(last.standardError.hasSuffix("Entries 7–7 of 7.\n"))
        let beyond = await environment.run("list", "--offset", "9")
        #expect(beyond.standardOutput.isEmpty)
        #expect(beyond.standardError == "No entries on this page: there are 7 (try a smaller --offset).\n")
        let whole = await environment.run("list")
        #expect(!whole.standardError.contains("Entries"))

        let document = try #require(try await environment.run("list", "--json", "--limit", "2", "--offset", "2", "--type", "fire").document())
        #expect(document.objects("entries")?.compactMap { $0["id"] as? Int } == [3, 5])
        #expect(document["total"] as? Int == 5)
        #expect(document["offset"] as? Int == 2)
        #expect(document["limit"] as? Int == 2)
        let unpaged = try #require(try await environment.run("list", "--json").document())
        #expect(unpaged["total"] as? Int == 7 && unpaged["offset"] as? Int == 0 && unpaged["limit"] == nil)
        #expect(PageLine.text(.entries, offset: 50, shown: 50, total: 4873).plain == "Entries 51–100 of 4,873. Next page: --offset 100")
    }

    @Test("--group shows one row per species with held, shiny and favorite counts, sortable by count")
    func groups() async throws {
        try await seed()
        let run = await environment.run("list", "--group", "--sort", "count")
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            DEX    NAME        TYPES        HELD  SHINY  FAV
            #0004  Charmander  Fire            2      1
            #0025  Pikachu     Electric        2
            #0006  Charizard   Fire/Flying     1
            #0037  Vulpix      Fire            1           1
            #0155  Cyndaquil   Fire            1

            """)
        #expect(run.standardError == "5 species\n")
        let document = try #require(try await environment.run("list", "--group", "--sort", "count", "--limit", "1", "--json").document())
        let group = try #require(document.objects("groups")?.first)
        #expect(group["dex"] as? Int == 4 && group["species"] as? String == "charmander" && group["name"] as? String == "Charmander")
        #expect(group["held"] as? Int == 2 && group["shiny"] as? Int == 1 && group["favorites"] as? Int == 0)
        #expect(document["total"] as? Int == 5 && document["limit"] as? Int == 1)

        func dexOrder(_ arguments: String...) async throws -> [Int] {
            let run = await environment.run(["list", "--group", "--json"] + arguments)
            return try #require(try run.document()?.objects("groups")).compactMap { $0["dex"] as? Int }
        }
        #expect(try await dexOrder() == [4, 37, 25, 155, 6])  // by first catch
        #expect(try await dexOrder("--sort", "dex") == [4, 6, 25, 37, 155])
        #expect(try await dexOrder("--sort", "count", "--reverse") == [155, 37, 6, 25, 4])
        #expect(try await dexOrder("--sort", "name") == [6, 4, 155, 25, 37])
        #expect(try await dexOrder("--type", "불꽃", "--all") == [4, 37, 155, 6])
        #expect(try await dexOrder("--released") == [7])
        let page = await environment.run("list", "--group", "--limit", "2", "--offset", "2")
        #expect(page.standardError == "Species 3–4 of 5. Next page: --offset 4\n")
    }

    @Test("Bad filter values exit 64 and say what is valid")
    func badValues() async throws {
        try await seed()
        let unknownType = await environment.run("list", "--type", "lava")
        #expect(unknownType.status == 64)
        #expect(unknownType.standardError.contains("--type lava") && unknownType.standardError.contains("Fire"))
        let generation = await environment.run("list", "--generation", "42")
        #expect(generation.status == 64 && generation.standardError.contains("Generations are 1–9"))
        for arguments in [
            ["--released", "--all"], ["--limit", "0"], ["--offset", "-1"], ["--generation", "0"], ["--sort", "count"],
            ["--group", "--sort", "nickname"], ["--name", "!?"],
        ] {
            let run = await environment.run(["list"] + arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.standardOutput.isEmpty)
        }
    }

    @Test("search --limit shows the first results and says how many there are")
    func searchLimit() async throws {
        try await seed()
        let all = try #require(try await environment.run("search", "pi", "--json").document())
        let total = try #require(all["total"] as? Int)
        #expect(total > 3 && all.objects("results")?.count == total)
        let limited = await environment.run("search", "pi", "--limit", "2")
        #expect(limited.status == 0)
        #expect(limited.standardOutput.split(separator: "\n").count == 3)
        #expect(limited.standardError == "Showing the first 2 of \(total) results. All: --limit \(total)\n")
        let document = try #require(try await environment.run("search", "pi", "--limit", "2", "--json").document())
        #expect(document.objects("results")?.count == 2 && document["total"] as? Int == total)
        #expect(await environment.run("search", "pi", "--limit", "0").status == 64)
    }
}
