import Foundation
import Testing
@testable import MydexSaves

/// Generation 1 and 2 saves and .pk1/.pk2 files, read from two real saves (Red and Gold; see
/// Fixtures/saves/SOURCE.txt) and from bytes the tests build or damage themselves. Offsets the
/// tests use to build or damage bytes come from pret's layouts (pokered, pokegold, pokecrystal
/// `ram/sram.asm`), written out here independently of the readers.
@Suite("Game Boy saves")
struct GameBoySaveTests {
    // MARK: Helpers

    /// Every box of `save` holds, slot by slot, what the `.expected` file lists.
    static func checkBoxes(_ save: GameSave, against file: String, index: [String: Int]) throws {
        let expected = try Fixtures.expectedBoxes(file)
        #expect(expected.count == save.boxes.count)
        for (box, pair) in zip(save.boxes, expected).enumerated() {
            #expect(pair.1.count == 20)
            for (slot, cell) in pair.1.enumerated() where slot < pair.0.slots.count {
                check(pair.0.slots[slot], against: cell, index: index, where: "box \(box + 1) slot \(slot + 1)")
            }
        }
    }

    /// Generation 1's own species indices for the species red.sav holds, copied from PokeAPI's
    /// `pokemon_game_indices.csv` (version 1, red).
    static let redIndex: [String: Int] = ["Charmander": 176, "Pidgey": 36, "Rattata": 165]
    /// Generation 2 stores the National Pokédex number (PokeAPI's species id).
    static let goldIndex: [String: Int] = ["Totodile": 158, "Unown": 201]

    /// Generation 1's main checksum: the complement of the 8-bit sum of 0x2598–0x3522, at 0x3523.
    static func redChecksum(_ bytes: [UInt8]) -> Int {
        ~bytes[0x2598 ..< 0x3523].reduce(0) { $0 &+ Int($1) } & 0xFF
    }

    static func fixRedChecksum(_ bytes: inout [UInt8]) {
        bytes[0x3523] = UInt8(redChecksum(bytes))
    }

    /// Generation 2's checksums: the 16-bit sum of the bytes.
    static func sum16(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        bytes[range].reduce(0) { $0 + Int($1) } & 0xFFFF
    }

    static func u16le(_ bytes: [UInt8], _ offset: Int) -> Int { Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 }

    /// A one-slot list (.pk1 or .pk2) cut from a save's party: count 1, the list's species byte,
    /// 0xFF, the struct, the OT name and the nickname of party slot `slot` (0-based).
    static func cutFromParty(_ bytes: [UInt8], party: Int, structSize: Int, slot: Int) -> [UInt8] {
        let structs = party + 8, otNames = structs + 6 * structSize, nicknames = otNames + 6 * 11
        return [1, bytes[party + 1 + slot], 0xFF]
            + bytes[structs + slot * structSize ..< structs + (slot + 1) * structSize]
            + bytes[otNames + slot * 11 ..< otNames + (slot + 1) * 11]
            + bytes[nicknames + slot * 11 ..< nicknames + (slot + 1) * 11]
    }

    /// The names a cell of an `.expected` file gives: "Egg", "Unown X" or a species.
    static func check(_ saved: SavedPokemon?, against cell: String, index: [String: Int], where place: String) {
        if cell.isEmpty {
            #expect(saved == nil, "\(place) should be empty")
            return
        }
        guard let saved else {
            Issue.record("\(place) should hold \(cell)")
            return
        }
        if cell == "Egg" {
            #expect(saved.isEgg, "\(place) should be an egg")
        } else if cell.hasPrefix("Unown ") {
            #expect(!saved.isEgg)
            #expect(saved.speciesIndex == index["Unown"], "\(place)")
            #expect(saved.unownLetter == cell.dropFirst(6).lowercased(), "\(place)")
        } else {
            #expect(!saved.isEgg)
            #expect(saved.speciesIndex == index[cell], "\(place) should be \(cell)")
            #expect(saved.unownLetter == nil)
        }
    }

    /// Game Boy text for the tests' own bytes: capitals (0x80…), digits (0xF6…), the terminator.
    static func text(_ string: String, length: Int = 11) -> [UInt8] {
        var bytes = string.unicodeScalars.map { scalar -> UInt8 in
            switch scalar {
            case "A" ... "Z": UInt8(0x80 + scalar.value - 65)
            case "0" ... "9": UInt8(0xF6 + scalar.value - 48)
            default: 0x7F
            }
        }
        bytes.append(0x50)
        return bytes + [UInt8](repeating: 0x50, count: max(0, length - bytes.count))
    }

    // MARK: Red

    @Test("Red's save is read as Red/Blue, with its trainer, 12 boxes of 20 and no box names")
    func redSave() throws {
        let bytes = try Fixtures.save("red.sav")
        let save = try #require(try Generation1Save.read(bytes))
        #expect(save.game == .redBlue)
        #expect(save.trainerName == "RED")
        // Bytes 0x2605–0x2606 of red.sav, big-endian.
        #expect(save.trainerID == 0xBCD9)
        #expect(save.boxes.count == 12)
        #expect(save.boxes.allSatisfy { $0.slots.count == 20 && $0.name == nil })
    }

    @Test("Every Pokémon in Red's boxes is in the slot red.expected gives, with its species index")
    func redBoxes() throws {
        let save = try #require(try Generation1Save.read(Fixtures.save("red.sav")))
        try Self.checkBoxes(save, against: "red.expected", index: Self.redIndex)
    }

    @Test("Red's party is the save's own list, with party levels and stats")
    func redParty() throws {
        let bytes = try Fixtures.save("red.sav")
        let save = try #require(try Generation1Save.read(bytes))
        // The party list at 0x2F2C: count, then the species.
        let count = Int(bytes[0x2F2C])
        #expect(save.party.map(\.speciesIndex) == bytes[0x2F2D ..< 0x2F2D + count].map(Int.init))
        #expect(save.party.first?.speciesIndex == Self.redIndex["Charmander"])
        for (slot, pokemon) in save.party.enumerated() {
            // The party struct's level (@33) and max HP (@34), 44 bytes a slot from 0x2F34.
            let start = 0x2F34 + slot * 44
            #expect(pokemon.storedLevel == Int(bytes[start + 33]))
            #expect(pokemon.partyStats?.hp == Int(bytes[start + 34]) << 8 | Int(bytes[start + 35]))
            #expect(pokemon.trainerName == "RED")
            #expect(pokemon.moves.count == 4 && pokemon.ppUps.count == 4)
        }
    }

    @Test("A byte changed in the current box (bank 1, under the main checksum) makes Red's save damaged, with both checksums")
    func redDamaged() throws {
        var bytes = try Fixtures.save("red.sav")
        let stored = Int(bytes[0x3523])
        #expect(stored == Self.redChecksum(bytes))
        // The current box (box 3, bank 1 @0x30C0): its first Pokémon's DVs (struct @0x30C0 + 22, DVs @27).
        bytes[0x30C0 + 22 + 27] ^= 0x10
        let computed = Self.redChecksum(bytes)
        #expect(computed != stored)
        #expect(throws: SaveReadError.damaged(SaveDamage(part: .mainData, stored: stored, computed: computed))) {
            try Generation1Save.read(bytes)
        }
        // Put back, the save reads again.
        bytes[0x30C0 + 22 + 27] ^= 0x10
        #expect(try Generation1Save.read(bytes) != nil)
    }

    @Test("A byte changed in a box of bank 2, whose checksum the game never checks, reads as the game shows it")
    func redBankedBoxUnchecked() throws {
        var bytes = try Fixtures.save("red.sav")
        let original = try #require(try Generation1Save.read(bytes))
        // Box 1 in bank 2 (0x4000): nicknames start after the count, 21 species, 20 structs of 33
        // and 20 OT names of 11; slot 1's "PIDGEY" becomes "RIDGEY" (P 0x8F, R 0x91).
        #expect(bytes[0x4000 + 22 + 20 * 33 + 20 * 11] == 0x8F)
        bytes[0x4000 + 22 + 20 * 33 + 20 * 11] = 0x91
        let changed = try #require(try Generation1Save.read(bytes))
        #expect(changed.boxes[0].slots[0]?.nickname == "RIDGEY")
        var expected = original
        expected.boxes[0].slots[0]?.nickname = "RIDGEY"
        #expect(changed == expected)
    }

    @Test("Yellow is told by its starter, Pikachu")
    func yellow() throws {
        var bytes = try Fixtures.save("red.sav")
        // wPlayerStarter (0x29C3): Charmander (0xB0) in this Red save, Pikachu (0x54) in Yellow.
        #expect(bytes[0x29C3] == 0xB0)
        bytes[0x29C3] = 0x54
        Self.fixRedChecksum(&bytes)
        #expect(try Generation1Save.read(bytes)?.game == .yellow)
    }

    @Test("Before the player first changes boxes, only the current box holds Pokémon")
    func boxesNotSetUp() throws {
        var bytes = try Fixtures.save("red.sav")
        // The box number (0x284C): bit 7 set once the player has changed boxes; box 3 is current.
        #expect(bytes[0x284C] == 0x82)
        bytes[0x284C] = 0x02
        Self.fixRedChecksum(&bytes)
        let save = try #require(try Generation1Save.read(bytes))
        let occupied = save.boxes.enumerated().filter { $0.element.slots.contains { $0 != nil } }.map(\.offset)
        #expect(occupied == [2])
    }

    @Test("A party Pokémon cut from Red's save as a .pk1 reads the same as in the save")
    func pk1() throws {
        let bytes = try Fixtures.save("red.sav")
        let save = try #require(try Generation1Save.read(bytes))
        for slot in save.party.indices {
            let file = Self.cutFromParty(bytes, party: 0x2F2C, structSize: 44, slot: slot)
            #expect(file.count == 69)
            #expect(Generation1Pokemon.read(file) == save.party[slot])
        }
    }

    // MARK: Gold

    @Test("Gold's save is read as Gold/Silver, with its trainer and 14 named boxes of 20")
    func goldSave() throws {
        let bytes = try Fixtures.save("gold.sav")
        #expect(bytes.count == 32_816)
        let save = try #require(try Generation2Save.read(bytes))
        #expect(save.game == .goldSilver)
        #expect(save.trainerName == "GOLD")
        // Bytes 0x2009–0x200A of gold.sav, big-endian.
        #expect(save.trainerID == 0xA7F4)
        #expect(save.fellBack == nil)
        #expect(save.boxes.count == 14)
        #expect(save.boxes.allSatisfy { $0.slots.count == 20 })
        #expect(save.boxes.map(\.name) == (1 ... 14).map { "BOX\($0)" })
        // The clock the emulator appended does not matter.
        #expect(try Generation2Save.read(Array(bytes.prefix(0x8000))) == save)
    }

    @Test("Every Pokémon, egg and Unown letter in Gold's boxes is where gold.expected has it")
    func goldBoxes() throws {
        let save = try #require(try Generation2Save.read(Fixtures.save("gold.sav")))
        try Self.checkBoxes(save, against: "gold.expected", index: Self.goldIndex)
    }

    @Test("Gold's party is the save's own list, with friendship, Pokérus and no caught data")
    func goldParty() throws {
        let bytes = try Fixtures.save("gold.sav")
        let save = try #require(try Generation2Save.read(bytes))
        // The party list at 0x288A; structs of 48 from 0x2892.
        #expect(save.party.map(\.speciesIndex) == bytes[0x288B ..< 0x288B + Int(bytes[0x288A])].map(Int.init))
        let unown = try #require(save.party.first)
        #expect(unown.speciesIndex == 201 && unown.unownLetter != nil)
        #expect(unown.friendship == Int(bytes[0x2892 + 27]))
        #expect(unown.pokerus == Int(bytes[0x2892 + 28]))
        #expect(unown.storedLevel == Int(bytes[0x2892 + 31]))
        #expect(unown.metLevel == nil && unown.metLocation == nil && unown.trainerFemale == nil)
    }

    @Test("A byte changed in Gold's main data makes the game's backup be read; changed in both, the save is damaged")
    func goldDamaged() throws {
        var bytes = try Fixtures.save("gold.sav")
        let original = try #require(try Generation2Save.read(bytes))
        let stored = Self.u16le(bytes, 0x2D69)
        #expect(stored == Self.sum16(bytes, 0x2009 ..< 0x2D69))
        // The party's first DV byte: main copy 0x2892 + 21; the backup keeps the Pokémon data
        // (from 0x288A) at 0x10E8.
        bytes[0x2892 + 21] ^= 0x01
        let computed = Self.sum16(bytes, 0x2009 ..< 0x2D69)
        let fellBack = try #require(try Generation2Save.read(bytes))
        #expect(fellBack.fellBack == SaveDamage(part: .mainData, stored: stored, computed: computed))
        #expect(fellBack.party == original.party)
        #expect(fellBack.boxes == original.boxes)

        bytes[0x10E8 + 8 + 21] ^= 0x01
        #expect(throws: SaveReadError.damaged(SaveDamage(part: .mainDataAndBackup, stored: stored, computed: computed))) {
            try Generation2Save.read(bytes)
        }
    }

    @Test("Gold's boxes have no checksum: a byte changed in one reads as the game shows it")
    func goldBoxUnchecked() throws {
        var bytes = try Fixtures.save("gold.sav")
        let original = try #require(try Generation2Save.read(bytes))
        // Box 1 (0x4000): nicknames after the count, 21 species, 20 structs of 32 and 20 OT names;
        // "TOTODILE" becomes "ROTODILE" (T 0x93, R 0x91).
        let nickname = 0x4000 + 22 + 20 * 32 + 20 * 11
        #expect(bytes[nickname] == 0x93)
        bytes[nickname] = 0x91
        var expected = original
        expected.boxes[0].slots[0]?.nickname = "ROTODILE"
        #expect(try Generation2Save.read(bytes) == expected)
    }

    @Test("A party Pokémon cut from Gold's save as a .pk2 reads the same as in the save")
    func pk2() throws {
        let bytes = try Fixtures.save("gold.sav")
        let save = try #require(try Generation2Save.read(bytes))
        #expect(!save.party.isEmpty)
        for slot in save.party.indices {
            let file = Self.cutFromParty(bytes, party: 0x288A, structSize: 48, slot: slot)
            #expect(file.count == 73)
            #expect(Generation2Pokemon.read(file) == save.party[slot])
        }
    }

    // MARK: Crystal, built

    /// A Crystal save built from nothing: check values, a party of one Totodile caught by a girl
    /// in the day at level 5 on map 26, 14 empty boxes, and the main checksum at Crystal's place.
    static func builtCrystal() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 0x8000)
        bytes[0x2008] = 99
        bytes[0x2D0F] = 127
        bytes.replaceSubrange(0x2009 ..< 0x200B, with: [0x12, 0x34])
        bytes.replaceSubrange(0x200B ..< 0x2016, with: text("KRIS"))
        for box in 0 ..< 14 {
            let offset = (box < 7 ? 0x4000 : 0x6000) + (box % 7) * 0x450
            bytes[offset] = 0
            bytes[offset + 1] = 0xFF
            bytes.replaceSubrange(0x2703 + box * 9 ..< 0x2703 + box * 9 + 9, with: text("BOX\(box + 1)", length: 9))
        }
        let party = 0x2865, mon = party + 8
        bytes.replaceSubrange(party ..< party + 3, with: [1, 158, 0xFF])
        bytes[mon] = 158
        bytes[mon + 2] = 10  // Scratch
        bytes.replaceSubrange(mon + 6 ..< mon + 8, with: [0x12, 0x34])
        bytes.replaceSubrange(mon + 21 ..< mon + 23, with: [0xF4, 0x3A])
        bytes[mon + 23] = 0xC0 | 35  // 3 PP ups
        bytes[mon + 29] = 2 << 6 | 5  // day, level 5
        bytes[mon + 30] = 0x80 | 26  // a girl, map 26
        bytes[mon + 31] = 5
        bytes.replaceSubrange(mon + 288 ..< mon + 299, with: text("KRIS"))
        bytes.replaceSubrange(mon + 354 ..< mon + 365, with: text("TOTODILE"))
        let sum = sum16(bytes, 0x2009 ..< 0x2B83)
        bytes[0x2D0D] = UInt8(sum & 0xFF)
        bytes[0x2D0E] = UInt8(sum >> 8)
        return bytes
    }

    @Test("Crystal is told by where its checksum is, and its caught data is read")
    func crystal() throws {
        let bytes = Self.builtCrystal()
        let save = try #require(try Generation2Save.read(bytes))
        #expect(save.game == .crystal)
        #expect(save.trainerName == "KRIS" && save.trainerID == 0x1234)
        #expect(save.boxes.count == 14 && save.boxes[13].name == "BOX14")
        let totodile = try #require(save.party.first)
        #expect(totodile.speciesIndex == 158 && totodile.nickname == "TOTODILE")
        #expect(totodile.metTimeOfDay == 2 && totodile.metLevel == 5 && totodile.metLocation == 26)
        #expect(totodile.trainerFemale == true)
        #expect(totodile.ppUps == [3, 0, 0, 0])
        // DVs 0xF4 0x3A: Attack 15, Defense 4, Speed 3, Special 10; HP from their low bits
        // (1, 0, 1, 0 as 8, 4, 2, 1) is 10.
        #expect(totodile.ivs == SavedStats(hp: 10, attack: 15, defense: 4, specialAttack: 10, specialDefense: 10, speed: 3))
        #expect(try Generation1Save.read(bytes) == nil)
    }

    // MARK: What is not read

    @Test("Garbage, wrong sizes and other generations' saves are not Game Boy saves")
    func notSaves() throws {
        var generator = Self.SeededBytes(seed: 0x5EED)
        let garbage = (0 ..< 0x8000).map { _ in generator.next() }
        for bytes in [garbage, [UInt8](repeating: 0, count: 0x8000), [UInt8](repeating: 0xFF, count: 0x8000), [1, 2, 3], []] {
            #expect(try Generation1Save.read(bytes) == nil)
            #expect(try Generation2Save.read(bytes) == nil)
        }
        var red = try Fixtures.save("red.sav")
        red.removeLast(1)
        #expect(try Generation1Save.read(red) == nil)
        for name in ["ruby-slot1.sav", "emerald-slot1.sav", "firered-slot1.sav"] {
            let bytes = try Fixtures.save(name)
            #expect(try Generation1Save.read(bytes) == nil)
            #expect(try Generation2Save.read(bytes) == nil)
        }
        #expect(Generation1Pokemon.read([UInt8](repeating: 0, count: 69)) == nil)
        #expect(Generation2Pokemon.read([UInt8](repeating: 0, count: 73)) == nil)
        #expect(Generation1Pokemon.read([1, 36, 0xFF]) == nil)
    }

    @Test("A Gold save is not read as Red, nor a Red save as Gold")
    func crossedGenerations() throws {
        #expect(try Generation1Save.read(Fixtures.save("gold.sav")) == nil)
        #expect(try Generation2Save.read(Fixtures.save("red.sav")) == nil)
        // Damaged, each is still not the other's.
        var gold = try Fixtures.save("gold.sav")
        gold[0x2892 + 21] ^= 1
        gold[0x10E8 + 8 + 21] ^= 1
        #expect(try Generation1Save.read(gold) == nil)
        var red = try Fixtures.save("red.sav")
        red[0x30C0 + 22 + 27] ^= 0x10
        #expect(try Generation2Save.read(red) == nil)
    }

    @Test("Japanese and Korean saves and files are refused by name, not misread")
    func otherReleases() throws {
        // Japanese generation 1: party at 0x2ED5, current box (30 slots) at 0x302D, checksum at 0x3594.
        var japanese = [UInt8](repeating: 0, count: 0x8000)
        japanese.replaceSubrange(0x2598 ..< 0x259E, with: Self.text("RED", length: 6))
        japanese.replaceSubrange(0x2ED5 ..< 0x2ED7, with: [0, 0xFF])
        japanese.replaceSubrange(0x302D ..< 0x302F, with: [0, 0xFF])
        japanese[0x3594] = UInt8(~japanese[0x2598 ..< 0x3594].reduce(0) { $0 &+ Int($1) } & 0xFF)
        #expect(throws: SaveReadError.unsupported(.japaneseGeneration1Saves)) { try Generation1Save.read(japanese) }
        #expect(try Generation2Save.read(japanese) == nil)

        // Korean Gold/Silver: check values 99 @0x2008 and 127 after the checksum @0x2DAB.
        var korean = [UInt8](repeating: 0, count: 0x8000)
        korean[0x2008] = 99
        korean[0x2DAD] = 127
        korean[0x2009] = 0x42
        korean[0x2DAB] = 0x42
        #expect(throws: SaveReadError.unsupported(.koreanGoldSilverSaves)) { try Generation2Save.read(korean) }
        #expect(try Generation1Save.read(korean) == nil)

        // Japanese .pk1 and .pk2: names of 6 bytes (59 and 63 bytes in all).
        let pk1 = [1, 36, 0xFF] + [UInt8](repeating: 0, count: 44 + 12)
        #expect(throws: SaveReadError.unsupported(.japaneseGeneration1Files)) { try Generation1Pokemon.readFile(pk1) }
        #expect(Generation1Pokemon.read(pk1) == nil)
        let pk2 = [1, 158, 0xFF] + [UInt8](repeating: 0, count: 48 + 12)
        #expect(throws: SaveReadError.unsupported(.japaneseGeneration2Files)) { try Generation2Pokemon.readFile(pk2) }
    }

    // MARK: Values

    @Test("Unown's letter comes from the middle bits of its DVs, A to Z")
    func unownLetters() {
        // All middle bits clear: 0 → A; all set (0x66 0x66): 255 / 10 = 25 → Z; Attack's alone
        // (0x60): 0b1100_0000 = 192 → 19 → T.
        #expect(Generation2Pokemon.unownLetter(ByteReader([0x00, 0x00]), dvsAt: 0) == "a")
        #expect(Generation2Pokemon.unownLetter(ByteReader([0x66, 0x66]), dvsAt: 0) == "z")
        #expect(Generation2Pokemon.unownLetter(ByteReader([0x60, 0x00]), dvsAt: 0) == "t")
    }

    @Test("Game Boy text stops at its terminator and shows unknown bytes as �")
    func gameBoyText() {
        #expect(GameBoyText.decode([0x91, 0x84, 0x83, 0x50, 0x84], generation: 1) == "RED")
        #expect(GameBoyText.decode([0x8F, 0xA8, 0xAA, 0xA0, 0x7F, 0xF7, 0xEF, 0xF5], generation: 1) == "Pika 1♂♀")
        #expect(GameBoyText.decode([0x80, 0x01], generation: 1) == "A\u{FFFD}")
        #expect(GameBoyText.decode([0xC0, 0xBD], generation: 2) == "Ä\u{FFFD}")
        #expect(GameBoyText.decode([0xBD], generation: 1) == "'s")
    }

    /// A small deterministic byte generator (xorshift), so the garbage is the same on every run.
    private struct SeededBytes {
        var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt8 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }
}
