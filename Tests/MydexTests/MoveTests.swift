import Foundation
import Testing
@testable import MydexCatalog
@testable import MydexModel
@testable import MydexStore
import GRDB

/// Learnsets and moves (issue 20 §2), checked against PokeAPI's own tables read here
/// (Fixtures/pokeapi-csv: every row of a sample of Pokémon across the generations and form
/// kinds), not through the code under test.
@Suite("Moves and learnsets")
struct MoveTests {
    /// PokeAPI's CSV tables, read plainly: none of these fields hold commas or quotes.
    struct Tables {
        struct Learned: Hashable { var method: String, level: Int, move: Int }
        /// (Pokémon, version group) → its rows in file order.
        let learnsets: [Int: [Int: [(learned: Learned, order: Int)]]]
        let methods: [Int: String]
        let groups: [Int: (identifier: String, order: Int)]
        /// (version group, move) → the machine's item identifier.
        let machines: [Int: [Int: String]]
        let moveIdentifiers: [Int: String]

        init() throws {
            let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/MydexTests/Fixtures/pokeapi-csv")
            func rows(_ file: String) throws -> [[String]] {
                try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                    .split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            }
            methods = Dictionary(try rows("pokemon_move_methods.csv").map { (Int($0[0]) ?? 0, $0[1]) }) { first, _ in first }
            groups = Dictionary(try rows("version_groups.csv").map { (Int($0[0]) ?? 0, ($0[1], Int($0[3]) ?? 0)) }) { first, _ in first }
            let items = Dictionary(try rows("items.csv").map { (Int($0[0]) ?? 0, $0[1]) }) { first, _ in first }
            var machines: [Int: [Int: String]] = [:]
            for row in try rows("machines.csv") { machines[Int(row[1]) ?? 0, default: [:]][Int(row[3]) ?? 0] = items[Int(row[2]) ?? 0] }
            self.machines = machines
            moveIdentifiers = Dictionary(try rows("moves.csv").map { (Int($0[0]) ?? 0, $0[1]) }) { first, _ in first }
            var learnsets: [Int: [Int: [(learned: Learned, order: Int)]]] = [:]
            for row in try rows("pokemon_moves.csv") {
                let learned = Learned(method: methods[Int(row[3]) ?? 0] ?? "?", level: Int(row[4]) ?? 0, move: Int(row[2]) ?? 0)
                learnsets[Int(row[0]) ?? 0, default: [:]][Int(row[1]) ?? 0, default: []].append((learned, Int(row[5]) ?? 0))
            }
            self.learnsets = learnsets
        }

        /// Level-up moves in the game's order: by level, then PokeAPI's `order`, then file order.
        func levelUp(_ pokemon: Int, _ group: Int) -> [Learned] {
            (learnsets[pokemon]?[group] ?? []).enumerated().filter { $0.element.learned.method == "level-up" }
                .sorted { ($0.element.learned.level, $0.element.order, $0.offset) < ($1.element.learned.level, $1.element.order, $1.offset) }
                .map(\.element.learned)
        }

        /// Every other method's moves, each once.
        func others(_ pokemon: Int, _ group: Int) -> Set<Learned> {
            Set((learnsets[pokemon]?[group] ?? []).map(\.learned).filter { $0.method != "level-up" }.map {
                Learned(method: $0.method, level: 0, move: $0.move)
            })
        }
    }

    static let sample = [1, 25, 133, 172, 252, 386, 387, 479, 495, 650, 718, 722, 810, 906, 10001, 10008, 10033, 10091, 10161]

    @Test("Every learnset of Pokémon across the generations and form kinds is PokeAPI's, in every game", arguments: sample)
    func learnsetsMatchTheTables(pokemon: Int) async throws {
        let tables = try Tables()
        let pokedex = Pokedex(store: try CollectionStore.inMemory())
        let groups = try #require(tables.learnsets[pokemon]).keys.sorted()
        #expect(!groups.isEmpty)
        // The games offered are those with rows, latest first (the default is the first).
        let offered = try await pokedex.learnsetGroups(pokemonID: pokemon)
        #expect(offered.map(\.id) == groups.sorted { (tables.groups[$0]?.order ?? 0) > (tables.groups[$1]?.order ?? 0) })
        for group in groups {
            let learned = try await pokedex.learnset(pokemonID: pokemon, groupID: group)
            let levelUp = learned.filter { $0.method == "level-up" }.map { Tables.Learned(method: $0.method, level: $0.level ?? -1, move: $0.move.id) }
            #expect(levelUp == tables.levelUp(pokemon, group), "level-up of \(pokemon) in version group \(group)")
            let others = learned.filter { $0.method != "level-up" }
            #expect(Set(others.map { Tables.Learned(method: $0.method, level: 0, move: $0.move.id) }) == tables.others(pokemon, group),
                    "other methods of \(pokemon) in version group \(group)")
            #expect(others.count == tables.others(pokemon, group).count, "each move once a method")
            for move in others where move.method == "machine" {
                #expect(move.machine == tables.machines[group]?[move.move.id], "the machine of \(move.move.identifier) in \(group)")
            }
            #expect(learned.allSatisfy { tables.moveIdentifiers[$0.move.id] == $0.move.identifier })
        }
    }

    @Test("Who learns a move in a game: among the sample, exactly those PokeAPI lists, by method")
    func learnersMatchTheTables() async throws {
        let tables = try Tables()
        let pokedex = Pokedex(store: try CollectionStore.inMemory())
        let sample = Set(Self.sample)
        // Thunderbolt, Tackle, Volt Tackle, Solar Beam; in Red/Blue, FireRed, Sword/Shield and Scarlet/Violet.
        for move in [85, 33, 344, 76] {
            for group in [1, 7, 20, 25] {
                var expected: [String: Set<Int>] = [:]
                for (pokemon, groups) in tables.learnsets {
                    for row in groups[group] ?? [] where row.learned.move == move { expected[row.learned.method, default: []].insert(pokemon) }
                }
                let learners = try await pokedex.learners(moveID: move, groupID: group).filter { sample.contains($0.pokemonID) }
                #expect(Dictionary(grouping: learners, by: \.method).mapValues { Set($0.map(\.pokemonID)) } == expected,
                        "learners of move \(move) in version group \(group)")
                for learner in learners where learner.method == "level-up" {
                    let levels = tables.levelUp(learner.pokemonID, group).filter { $0.move == move }.map(\.level)
                    #expect(learner.levels == levels)
                }
            }
        }
    }

    @Test("dex moves: a game by name, a method, a form without moves of its own, JSON")
    func command() async throws {
        let tables = try Tables()
        let environment = try TestEnvironment()
        let run = await environment.run("dex", "moves", "pikachu", "--game", "firered", "--json")
        #expect(run.status == 0, "\(run.standardError)")
        let document = try #require(try run.document())
        #expect((document["game"] as? [String: Any])?["identifier"] as? String == "firered-leafgreen")
        let moves = try #require(document["moves"] as? [[String: Any]])
        let levelUp = moves.filter { $0["method"] as? String == "level-up" }.compactMap { move -> Tables.Learned? in
            guard let level = move["level"] as? Int, let id = (move["move"] as? [String: Any])?["id"] as? Int else { return nil }
            return Tables.Learned(method: "level-up", level: level, move: id)
        }
        #expect(levelUp == tables.levelUp(25, 7))

        // Gigantamax Pikachu has no learnset in PokeAPI: its species' stands for it.
        let gmax = await environment.run("dex", "moves", "pikachu", "--form", "gmax", "--game", "sword-shield", "--method", "machine")
        let plain = await environment.run("dex", "moves", "pikachu", "--game", "sword-shield", "--method", "machine")
        #expect(gmax.status == 0 && plain.status == 0, "\(gmax.standardError)")
        #expect(gmax.standardOutput.split(separator: "\n").dropFirst() == plain.standardOutput.split(separator: "\n").dropFirst())
        #expect(gmax.standardOutput.contains("TR"), "Sword/Shield's records are listed")

        // Text: a heading a method, levels in a column, the latest game by default.
        let text = await environment.run("dex", "moves", "pikachu", "--game", "red", "--method", "level-up")
        #expect(text.standardOutput.hasPrefix("Pikachu: moves in Red / Blue (generation 1)\n\nLevel up\n"))
        #expect(text.standardOutput.contains("  9  Thunder Wave   Electric  Status"))
        let latest = await environment.run("dex", "moves", "pikachu")
        #expect(latest.standardOutput.hasPrefix("Pikachu: moves in Champions"))
        #expect(latest.standardError.contains("Other games: scarlet-violet,"))
    }

    @Test("dex moves and dex move say plainly what the data lacks, with what to ask instead")
    func problems() async throws {
        let environment = try TestEnvironment()
        let sylveon = await environment.run("dex", "moves", "sylveon", "--game", "red")
        #expect(sylveon.status == 1)
        #expect(sylveon.standardError.contains("PokeAPI has no moves for Sylveon in Red / Blue. Games with its moves: champions, scarlet-violet,"))
        let game = await environment.run("dex", "moves", "pikachu", "--game", "nosuch")
        #expect(game.status == 64)
        #expect(game.standardError.contains("no game is named \"nosuch\""))
        let egg = await environment.run("dex", "moves", "pikachu", "--game", "firered", "--method", "egg")
        #expect(egg.status == 0)
        #expect(egg.standardError.contains("Pikachu learns no moves by Egg moves in FireRed / LeafGreen."))
        let typo = await environment.run("dex", "move", "thunderbolr")
        #expect(typo.status == 64)
        #expect(typo.standardError.contains("no move is named \"thunderbolr\". Did you mean Thunderbolt?"))
        let notThere = await environment.run("dex", "move", "volt tackle", "--game", "red")
        #expect(notThere.status == 1)
        #expect(notThere.standardError.contains("no Pokémon learns Volt Tackle in Red / Blue. Games where some do:"))
    }

    @Test("dex move: figures, PokeAPI's effect, the game's text in other languages, and who learns it")
    func movePage() async throws {
        let environment = try TestEnvironment()
        let english = await environment.run("dex", "move", "10만볼트", "--game", "firered")
        #expect(english.status == 0, "\(english.standardError)")
        #expect(english.standardOutput.contains("  Effect         Inflicts regular damage. Has a chance to paralyze the target.\n"))
        #expect(english.standardOutput.contains("  Effect chance  10%\n"))
        #expect(english.standardOutput.contains("Learnt in FireRed / LeafGreen (generation 3)\n  Level up (4)  Pikachu (26), Raichu (1), Electabuzz (47), Elekid (41)\n"))
        let german = await environment.run("dex", "move", "thunderbolt", "--lang", "de")
        #expect(german.standardOutput.contains("Donnerblitz"))
        // PokeAPI's German text of the move is Sword and Shield's, its latest.
        #expect(german.standardOutput.contains("  Text (Schwert / Schild)  Eine starke Elektro-Attacke, die das Ziel eventuell paralysiert.\n"))
        let json = try #require(try (await environment.run("dex", "move", "thunderbolt", "--game", "red", "--json")).document())
        let move = try #require(json["move"] as? [String: Any])
        #expect(move["power"] as? Int == 90 && move["accuracy"] as? Int == 100 && move["pp"] as? Int == 15)
        #expect(move["damageClass"] as? String == "special" && move["effectChance"] as? Int == 10)
        let learners = try #require(json["learners"] as? [[String: Any]])
        #expect(learners.contains { $0["name"] as? String == "Pikachu" && $0["method"] as? String == "machine" && $0["machine"] as? String == "tm24" })
    }

    @Test("The learnset encoding reads back what it wrote, multi-byte gaps and a cut blob included")
    func encoding() {
        let pairs = [[1, 33], [1, 45], [0, 919], [100, 300]]
        #expect(LearnsetEncoding.decode(LearnsetEncoding.encodeLevelUp(pairs), levelUp: true).map { [$0.level ?? -1, $0.move] } == pairs)
        let set = [919, 5, 300, 5, 6]
        #expect(LearnsetEncoding.decode(LearnsetEncoding.encodeSet(set), levelUp: false).map(\.move) == [5, 6, 300, 919])
        let cut = LearnsetEncoding.encodeSet([5, 900]).dropLast()
        #expect(LearnsetEncoding.decode(cut, levelUp: false).map(\.move) == [5], "a cut varint ends the list")
    }
}

/// The catalog as the binary carries it: its pages, each compressed, read through a VFS.
@Suite("The catalog's pages")
struct CatalogPagesTests {
    @Test("A paged image attaches and reads as the database it was made from; a damaged one is refused")
    func pagedImage() async throws {
        let database = try #require(Catalog.database(paged: Data(bytes: UnsafeRawPointer(bitPattern: Catalog.embedded.address)!,
                                                                 count: Catalog.embedded.count)))
        #expect(database.starts(with: Data("SQLite format 3\0".utf8)))
        let pages = try Catalog.paged(database)
        #expect(pages.count < database.count * 2 / 3, "a third of the image saved, with the tables most commands read kept plain")
        let fromPages = try CollectionStore.inMemory(catalog: Catalog(image: pages))
        let fromDatabase = try CollectionStore.inMemory(catalog: Catalog(image: database))
        let sql = "SELECT count(*), sum(length(name)) FROM catalog.move_names"
        let counts = try await [fromPages, fromDatabase].asyncMap { store in
            try await store.read { db in try Row.fetchOne(db, sql: sql).map { [$0[0] as Int, $0[1] as Int] } }
        }
        #expect(counts[0] == counts[1] && counts[0]?.first ?? 0 > 8000)
        // Pages deflated with a table's dictionary read back as deflated alone do.
        #expect(pages[16] > 0, "some tables' pages are primed with a dictionary")
        // A byte changed in the first page (kept plain, after the tables and the dictionaries):
        // SQLite cannot read the header.
        var damaged = pages
        func read32(_ at: Int) -> Int { Int(pages[at]) | Int(pages[at + 1]) << 8 | Int(pages[at + 2]) << 16 | Int(pages[at + 3]) << 24 }
        let (pageCount, dictionaries) = (read32(12), read32(16))
        let tables = 20 + 4 * dictionaries + 4 * (dictionaries + 1) + (pageCount + 3) / 4 * 4 + 4 * (pageCount + 1)
        damaged[tables + read32(tables - 4 * (pageCount + 1)) + 8] ^= 0xFF
        #expect(throws: CatalogError.self) { _ = try CollectionStore.inMemory(catalog: Catalog(image: damaged)) }
        // A damaged byte in the tables or a dictionary is an error or a readable catalog, never a crash.
        let dictionaryEnd = tables + read32(20 + 4 * dictionaries + 4 * dictionaries)
        for position in stride(from: 8, to: dictionaryEnd, by: max(1, dictionaryEnd / 400)) {
            var broken = pages
            broken[position] ^= 0x5A
            guard let store = try? CollectionStore.inMemory(catalog: Catalog(image: broken)) else { continue }
            _ = try? await store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM catalog.species_texts WHERE genus IS NOT NULL") }
        }
    }
}

extension CatalogPagesTests {
    @Test("The binary embeds the image's files one after the other, each small enough for git")
    func pageFiles() throws {
        let folder = Fixtures.repositoryRoot.appendingPathComponent("Sources/CMydexCatalog")
        let source = try String(contentsOf: folder.appendingPathComponent("catalog.c"), encoding: .utf8)
        let embedded = source.split(separator: "\n").filter { $0.hasPrefix("#embed \"") }.map { $0.dropFirst(8).dropLast() }
        #expect(embedded.map(String.init) == Catalog.pageFiles)
        var whole = Data()
        for name in Catalog.pageFiles {
            let part = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(part.count < 3 * 1024 * 1024, "\(name) is \(part.count) bytes")
            whole += part
        }
        #expect(whole == Data(bytes: UnsafeRawPointer(bitPattern: Catalog.embedded.address)!, count: Catalog.embedded.count))
        #expect(try Catalog.parts(of: whole) == Catalog.pageFiles.map { try Data(contentsOf: folder.appendingPathComponent($0)) })
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
