import Foundation
import Testing
import MydexCatalog
import MydexModel
import MydexServices
@testable import MydexStore

/// The living dex: progress per Pokédex (species, shiny, forms), a Pokédex's boxes, what is
/// left, and what a catch completes.
@Suite("Living dex")
struct LivingDexTests {
    let environment: TestEnvironment
    let store: CollectionStore
    let pokedex: Pokedex

    init() throws {
        environment = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"])
        store = try environment.openStore()
        pokedex = Pokedex(store: store)
    }

    func hold(_ ids: some Sequence<Int>, shiny: Bool = false) async throws {
        for id in ids { _ = try await store.recordCatch(speciesID: id, isShiny: shiny, at: TestClock.start) }
    }

    func progress(_ identifier: String, _ query: ProgressQuery = ProgressQuery()) async throws -> DexProgress {
        let dex = try #require(try await pokedex.gamePokedexes().first { $0.identifier == identifier })
        return try #require(try await pokedex.progress(of: [dex], query).first)
    }

    @Test("Progress counts held species per Pokédex and generation; released ones never, shinies with --shiny")
    func speciesProgress() async throws {
        let empty = try await progress("national")
        #expect(empty.caught == 0 && empty.total == 1025)
        #expect(empty.generations.map(\.generation) == Array(1...9) && empty.generations.map(\.total).reduce(0, +) == 1025)
        #expect(empty.generations.first?.total == 151)

        try await hold(1...151)
        try await hold([25, 25], shiny: true)  // more of one species counts once
        let kanto = try await progress("kanto")
        #expect(kanto.caught == 151 && kanto.total == 151)
        #expect(try await progress("national").generations.first?.caught == 151)
        #expect(try await progress("original-johto").caught == 151)  // Johto's dex lists the Kanto species too
        #expect(try await progress("kanto", ProgressQuery(shiny: true)).caught == 1)

        let released = try await store.recordCatch(speciesID: 152, isShiny: false, at: TestClock.start)
        _ = try await store.release(entryID: released.id, force: true, at: TestClock.start)
        #expect(try await progress("national").caught == 151, "a released Pokémon is not in the living dex")
    }

    @Test("--forms counts every collectible form: regional forms and looks, never battle-only ones")
    func formProgress() async throws {
        var expected = 0
        for id in 1...151 { expected += try await pokedex.forms(ofSpecies: id).count { !$0.battleOnly } }
        let before = try await progress("kanto", ProgressQuery(forms: true))
        #expect(before.total == expected && before.total > 151)
        try await hold([37])
        _ = try await store.recordCatch(speciesID: 37, formID: 10205, isShiny: false, at: TestClock.start)
        #expect(try await progress("kanto", ProgressQuery(forms: true)).caught == 2)
        // stats counts each entry's own types: the Alolan one is Ice.
        let types = try await pokedex.stats().types
        #expect(types.first { $0.type == "ice" }?.count == 1 && types.first { $0.type == "fire" }?.count == 1)
        #expect(try await progress("kanto").caught == 1, "two forms are still one species")
    }

    @Test("dex progress and box --dex name Pokédexes by identifier or in any language, and say which when unsure")
    func commands() async throws {
        try await hold([1, 4, 7])
        let json = try #require(try await environment.run("dex", "progress", "--dex", "kanto", "--json").document())
        let dexes = try #require(json["pokedexes"] as? [[String: Any]])
        #expect(dexes.count == 1 && dexes[0]["caught"] as? Int == 3 && dexes[0]["total"] as? Int == 151)
        let korean = await environment.run("dex", "progress", "--dex", "관동", "--lang", "ko")
        #expect(korean.status == 0 && korean.standardOutput.contains("관동") && korean.standardOutput.contains("3 / 151"))
        // A region's name with two whole-region Pokédexes is its newest; parts of a region are asked.
        let johto = try #require(try await environment.run("dex", "progress", "--dex", "johto", "--json").document())
        #expect((johto["pokedexes"] as? [[String: Any]])?.first?["pokedex"] as? String == "updated-johto")
        let unsure = await environment.run("dex", "progress", "--dex", "kalos")
        #expect(unsure.status == 64 && unsure.standardError.contains("Central Kalos, Coastal Kalos, Mountain Kalos"),
                "\(unsure.standardError)")
        // Korean names PokeAPI lacks, a game's name or short name for its Pokédex, in Korean.
        for (name, expected) in [("성도", "성도 (하트골드·소울실버)"), ("전국", "전국"), ("스칼렛", "팔데아"), ("sv", "팔데아"),
                                 ("소드", "가라르"), ("갑옷섬", "갑옷섬"), ("hgss", "성도 (하트골드·소울실버)")] {
            let run = await environment.run("dex", "progress", "--dex", name, "--lang", "ko")
            #expect(run.status == 0 && run.standardOutput.split(separator: "\n").dropFirst().first?.hasPrefix(expected + " ") == true,
                    "--dex \(name): \(run.standardOutput)\(run.standardError)")
        }
        let unknown = await environment.run("dex", "progress", "--dex", "칸토", "--lang", "ko")
        #expect(unknown.status == 64 && unknown.standardError.contains("전국, 관동, 성도 (골드·실버·크리스탈), 호연"),
                "the Pokédexes offered by their Korean names: \(unknown.standardError)")
        let all = await environment.run("dex", "progress")
        #expect(all.standardOutput.contains("National") && all.standardOutput.contains("Paldea")
            && !all.standardOutput.contains("Conquest"), "the games' Pokédexes only")

        let box = try #require(try await environment.run("box", "--dex", "kanto", "--json").document())
        let slots = try #require(box["slots"] as? [[String: Any]])
        #expect(slots.count == 30 && box["boxes"] as? Int == 6)
        #expect(slots.filter { $0["held"] as? Int == 1 }.compactMap { $0["dex"] as? Int } == [1, 4, 7])
        let paldea = try #require(try await environment.run("box", "--dex", "paldea", "--json").document())
        #expect((paldea["slots"] as? [[String: Any]])?.first?["species"] as? String == "sprigatito", "in the Pokédex's order")
        let beyond = await environment.run("box", "7", "--dex", "kanto")
        #expect(beyond.status == 64 && beyond.standardError.contains("Kanto fills 6 boxes (151 Pokémon)"))

        let left = try #require(try await environment.run("dex", "list", "--missing", "--dex", "kanto", "--json").document())
        #expect(left["total"] as? Int == 148)
    }

    @Test("A catch that fills a box of the national living dex or a whole Pokédex says so; a species held already does not")
    func milestones() async throws {
        try await hold(1...29)
        let thirtieth = try await store.recordCatch(speciesID: 30, isShiny: false, at: TestClock.start)
        let box = try await pokedex.milestones(completedBy: thirtieth)
        #expect(box.box.map { [$0.number, $0.first, $0.last] } == [1, 1, 30] && box.pokedexes.isEmpty)
        let again = try await store.recordCatch(speciesID: 30, isShiny: false, at: TestClock.start)
        #expect(try await pokedex.milestones(completedBy: again) == CatchMilestones())

        try await hold(31...150)
        let mew = try await store.recordCatch(speciesID: 151, isShiny: false, at: TestClock.start)
        #expect(try await pokedex.milestones(completedBy: mew).pokedexes.map(\.identifier) == ["kanto"])
    }
}
