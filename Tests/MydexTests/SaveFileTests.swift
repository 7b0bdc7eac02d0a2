import Foundation
import MydexModel
@testable import MydexServices
import MydexStore
import Testing

/// The games' saves read into PokeAPI's words: every real save gives exactly the box contents
/// its `.expected` file lists, and the party's stats computed by mydex's formulas equal those
/// the game stored.
@Suite("Reading the games' saves")
struct SaveFileTests {
    static let saves = ["red", "gold", "ruby-slot1", "emerald-slot1", "firered-slot1"]

    static func read(_ bytes: [UInt8]) async throws -> SavePlan {
        try await SaveFileService(store: try CollectionStore.inMemory(), clock: TestClock()).read(bytes)
    }

    @Test("Every save gives exactly its expected box contents: species, eggs and Unown letters", arguments: saves)
    func expectedBoxes(name: String) async throws {
        let plan = try await Self.read(try Fixtures.save(name + ".sav"))
        #expect(plan.kind == .save)
        var seen = 0
        for (boxIndex, line) in try Fixtures.expectedBoxes(name + ".expected").enumerated() {
            for (slotIndex, cell) in line.enumerated() {
                let found = plan.entries.filter { $0.box == boxIndex + 1 && $0.slot == slotIndex + 1 }
                let place = "\(name) box \(boxIndex + 1) slot \(slotIndex + 1)"
                guard !cell.isEmpty else {
                    #expect(found.isEmpty, "\(place) should be empty: \(found.map(\.species))")
                    continue
                }
                seen += 1
                let entry = try #require(found.first, "\(place) should hold \(cell)")
                if cell == "Egg" {
                    #expect(entry.isEgg, "\(place) should be an egg")
                } else if cell.hasPrefix("Unown ") {
                    let letter = cell.dropFirst(6).lowercased()
                    #expect(entry.species == "unown" && entry.form == (letter == "a" ? nil : "unown-" + letter), "\(place)")
                } else {
                    #expect(entry.species == cell.lowercased() && !entry.isEgg, "\(place): \(entry.species), not \(cell)")
                }
            }
        }
        #expect(plan.entries.filter { $0.box != nil }.count == seen, "\(name): nothing in the boxes beyond the expected")
        #expect(seen > 0)
        #expect(plan.sha256 == sha256sum(Fixtures.saves.appendingPathComponent(name + ".sav").path))
    }

    @Test("The party's stats, computed by mydex's formulas from what the save holds, are the ones the game stored", arguments: saves)
    func partyStats(name: String) async throws {
        let store = try CollectionStore.inMemory()
        let plan = try await SaveFileService(store: store, clock: TestClock()).read(try Fixtures.save(name + ".sav"))
        let pokedex = Pokedex(store: store)
        let natures = Dictionary(uniqueKeysWithValues: try await pokedex.natures().map { ($0.identifier, $0.effect) })
        let party = plan.entries.filter { $0.box == nil }
        #expect(!party.isEmpty, "\(name) has a party")
        for entry in party {
            let stored = try #require(entry.storedStats, "a party Pokémon carries its stats")
            let facts = try #require(try await pokedex.individualFacts(formID: entry.formID ?? entry.speciesID, generation: plan.generation))
            let computed = entry.individual.stats(
                base: facts.base, nature: entry.individual.nature.flatMap { natures[$0] } ?? .neutral, isShedinja: facts.isShedinja)
            #expect(computed == stored, "\(name) party \(entry.slot ?? 0) \(entry.species) level \(entry.individual.level)")
        }
    }

    @Test("The trainer, game and individuals read from the saves are the games' own")
    func trainersAndIndividuals() async throws {
        let ruby = try await Self.read(try Fixtures.save("ruby-slot1.sav"))
        #expect(ruby.game == "ruby-sapphire" && ruby.generation == 3)
        #expect(ruby.trainerName == "LANDON" && ruby.trainerID == 60324 << 16 | 2928)
        let combusken = try #require(ruby.entries.first { $0.box == nil })
        #expect(combusken.species == "combusken" && combusken.individual.level == 30)
        #expect(combusken.individual.nature == "calm" && combusken.origin.kind == .save && combusken.origin.trainer == "LANDON")
        #expect(combusken.individual.moves.count >= 1 && combusken.identity.hasPrefix("3:"))

        let red = try await Self.read(try Fixtures.save("red.sav"))
        #expect(red.game == "red-blue" && red.trainerName == "RED" && red.trainerID == 48345)
        let charmander = try #require(red.entries.first { $0.box == nil && $0.slot == 1 })
        #expect(charmander.species == "charmander" && charmander.individual.level == 7 && charmander.individual.generation == 1)
        #expect(charmander.individual.moves == ["scratch", "growl"])

        let gold = try await Self.read(try Fixtures.save("gold.sav"))
        #expect(gold.game == "gold-silver" && gold.trainerName == "GOLD")
        let egg = try #require(gold.entries.first { $0.isEgg })
        #expect(egg.species == "togepi" && egg.nickname == nil)
    }

    @Test("A file that is no game's: its size and what it looked like, in the message")
    func notASave() async throws {
        for bytes in [[UInt8](repeating: 0xAB, count: 0x8000), [UInt8](repeating: 0, count: 0x20000), [UInt8](repeating: 7, count: 1234)] {
            await #expect(throws: SaveFileError.self) { try await Self.read(bytes) }
            do {
                _ = try await Self.read(bytes)
            } catch let error as SaveFileError {
                guard case let .notASave(size, looked) = error else { Issue.record("\(error)"); continue }
                #expect(size == bytes.count && !looked.isEmpty)
                #expect(error.description.replacingOccurrences(of: ",", with: "").contains(String(bytes.count)), "\(error.description)")
            }
        }
        #expect(SaveFileService.isBinary(try Fixtures.save("red.sav")))
        #expect(!SaveFileService.isBinary(Array("uuid,dex\n".utf8)))
    }

    @Test("A box byte flipped in a generation 1 or 2 save is refused, naming the part and both checksums")
    func damagedGameBoySave() async throws {
        for name in ["red.sav", "gold.sav"] {
            var bytes = try Fixtures.save(name)
            // In the main data both games check (generation 1: the party; generation 2: its copy too).
            let offset = name == "red.sav" ? 0x2F2C + 8 : 0x288A + 8
            bytes[offset] ^= 0x40
            do {
                let plan = try await Self.read(bytes)
                // Gold falls back to its backup copy as the game does, and says so.
                #expect(name == "gold.sav" && plan.fellBack != nil, "\(name): \(String(describing: plan.fellBack))")
            } catch let error as SaveFileError {
                guard case let .damaged(part, stored, computed) = error else { Issue.record("\(error)"); continue }
                #expect(name == "red.sav" && stored != computed && !part.isEmpty)
                #expect(error.description.contains(SaveFileError.hex(stored)) && error.description.contains(SaveFileError.hex(computed)))
            }
        }
    }

    func sha256sum(_ path: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try? process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return String(output.prefix(64))
    }
}
