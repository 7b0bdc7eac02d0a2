import Foundation
import Testing
@testable import MydexSaves

/// Generation 3 saves and .pk3 files, read from three real saves (Ruby, Emerald, FireRed; see
/// Fixtures/saves/SOURCE.txt) and from bytes the tests build or damage themselves.
@Suite("Generation 3 saves")
struct Generation3SaveTests {
    // MARK: Helpers

    /// The internal species indices of the species the fixtures hold, copied from PokeAPI's
    /// `pokemon_game_indices.csv` (versions ruby, emerald and firered give the same numbers).
    static let speciesIndex: [String: Int] = [
        "Charmander": 4, "Pidgey": 16, "Rattata": 19, "Spearow": 21, "Mankey": 56,
        "Treecko": 277, "Combusken": 281, "Poochyena": 286, "Zigzagoon": 288, "Wingull": 309,
    ]

    /// The flash sector (0–27) holding section `id` of save slot `slot` (1 or 2), read from the
    /// sector footers (u16 id at 0xFF4) independently of the reader.
    static func sector(_ bytes: [UInt8], slot: Int, id: Int) -> Int? {
        ((slot - 1) * 14 ..< slot * 14).first { Int(bytes[$0 * 0x1000 + 0xFF4]) | Int(bytes[$0 * 0x1000 + 0xFF5]) << 8 == id }
    }

    /// PokemonStorage of a slot: sections 5–13, 3,968 bytes each (the last 2,000).
    static func storage(_ bytes: [UInt8], slot: Int) throws -> [UInt8] {
        var storage: [UInt8] = []
        for id in 5 ... 13 {
            let start = try #require(sector(bytes, slot: slot, id: id)) * 0x1000
            storage += bytes[start ..< start + (id == 13 ? 0x7D0 : 0xF80)]
        }
        return storage
    }

    /// The 80 bytes of a box slot as the save stores them (box and slot 1-based).
    static func storedBoxMon(_ bytes: [UInt8], box: Int, slot: Int) throws -> [UInt8] {
        let start = 4 + ((box - 1) * 30 + (slot - 1)) * 80
        return Array(try storage(bytes, slot: 1)[start ..< start + 80])
    }

    /// Rewrites a sector's checksum after a test changed its data (the sum of the u32 words,
    /// folded to 16 bits), over `size` bytes.
    static func fixChecksum(_ bytes: inout [UInt8], sector: Int, size: Int) {
        let start = sector * 0x1000
        var sum: UInt32 = 0
        for word in stride(from: start, to: start + size, by: 4) {
            sum &+= UInt32(bytes[word]) | UInt32(bytes[word + 1]) << 8 | UInt32(bytes[word + 2]) << 16 | UInt32(bytes[word + 3]) << 24
        }
        let folded = ((sum >> 16) &+ sum) & 0xFFFF
        bytes[start + 0xFF6] = UInt8(folded & 0xFF)
        bytes[start + 0xFF7] = UInt8(folded >> 8)
    }

    /// The 24 arrangements of the four substructs (0 growth, 1 attacks, 2 EVs, 3 misc), in the
    /// order `personality % 24` picks them: the permutations in lexicographic order (GAEM,
    /// GAME, GEAM, …), which is what pret's `GetSubstruct` table amounts to.
    static let arrangements: [[Int]] = {
        var all: [[Int]] = []
        func build(_ prefix: [Int]) {
            if prefix.count == 4 { all.append(prefix); return }
            for next in 0 ..< 4 where !prefix.contains(next) { build(prefix + [next]) }
        }
        build([])
        return all
    }()

    /// A stored (encrypted, shuffled) BoxPokemon rewritten as PKHeX writes a .pk3: the secure
    /// words XORed back and the substructs put in the order growth, attacks, EVs, misc.
    static func decryptedCanonical(_ stored: [UInt8]) -> [UInt8] {
        func u32(_ offset: Int) -> UInt32 {
            UInt32(stored[offset]) | UInt32(stored[offset + 1]) << 8 | UInt32(stored[offset + 2]) << 16 | UInt32(stored[offset + 3]) << 24
        }
        let key = u32(0) ^ u32(4)
        var plain = stored
        for word in 0 ..< 12 {
            let value = u32(32 + word * 4) ^ key
            for byte in 0 ..< 4 { plain[32 + word * 4 + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(byte))) }
        }
        let arrangement = arrangements[Int(u32(0) % 24)]
        var result = plain
        for type in 0 ..< 4 {
            let position = arrangement.firstIndex(of: type) ?? 0
            result[32 + type * 12 ..< 32 + type * 12 + 12] = plain[32 + position * 12 ..< 32 + position * 12 + 12]
        }
        return result
    }

    /// A decrypted, canonical-order 80-byte .pk3 of `species` with `personality`, its checksum set.
    static func handMade(species: Int, personality: UInt32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 80)
        for byte in 0 ..< 4 { bytes[byte] = UInt8(truncatingIfNeeded: personality >> (8 * UInt32(byte))) }
        bytes[8 ..< 14] = [0xCF, 0xC8, 0xC9, 0xD1, 0xC8, 0xFF]  // "UNOWN"
        bytes[18] = 2
        bytes[19] = 0x02  // has species
        bytes[32] = UInt8(species & 0xFF)
        bytes[33] = UInt8(species >> 8)
        var sum = 0
        for word in 0 ..< 24 { sum += Int(bytes[32 + word * 2]) | Int(bytes[33 + word * 2]) << 8 }
        bytes[28] = UInt8(sum & 0xFF)
        bytes[29] = UInt8(sum >> 8 & 0xFF)
        return bytes
    }

    // MARK: The three saves

    @Test("Ruby, Emerald and FireRed saves are told apart and hold their boxes where the game shows them",
          arguments: [("ruby-slot1", SaveGame.rubySapphire), ("emerald-slot1", .emerald), ("firered-slot1", .fireRedLeafGreen)])
    func boxesMatchTheGame(file: String, game: SaveGame) throws {
        let save = try #require(try Generation3Save.read(Fixtures.save("\(file).sav")))
        let expected = try Fixtures.expectedBoxes("\(file).expected")
        #expect(save.game == game)
        #expect(save.fellBack == nil)
        #expect(save.boxes.count == 14)
        #expect(expected.count == 14)
        for (boxIndex, (box, cells)) in zip(save.boxes, expected).enumerated() {
            #expect(box.slots.count == 30, "box \(boxIndex + 1)")
            #expect(cells.count == 30, "box \(boxIndex + 1) of .expected")
            #expect(box.name == "BOX\(boxIndex + 1)")
            for (slotIndex, (pokemon, cell)) in zip(box.slots, cells).enumerated() {
                let place = "\(file) box \(boxIndex + 1) slot \(slotIndex + 1)"
                switch cell {
                case "":
                    #expect(pokemon == nil, "\(place) should be empty")
                case "Egg":
                    #expect(pokemon?.isEgg == true, "\(place) should hold an egg")
                    #expect(pokemon?.damaged == false, "\(place)")
                default:
                    let pokemon = try #require(pokemon, "\(place) should hold \(cell)")
                    #expect(!pokemon.isEgg, "\(place)")
                    #expect(!pokemon.damaged, "\(place)")
                    if cell.hasPrefix("Unown ") {
                        #expect(pokemon.speciesIndex == 201, "\(place)")
                        #expect(pokemon.unownLetter == String(cell.dropFirst(6)).lowercased(), "\(place)")
                    } else {
                        let index = try #require(Self.speciesIndex[cell], "add \(cell) to the table")
                        #expect(pokemon.speciesIndex == index, "\(place) should be \(cell)")
                        #expect(pokemon.unownLetter == nil, "\(place)")
                    }
                }
            }
        }
    }

    @Test("The trainer's name and IDs come from the save",
          arguments: [("ruby-slot1", "LANDON", 2928, 60324), ("emerald-slot1", "STU", 63469, 47593), ("firered-slot1", "FIRE", 59943, 23043)])
    func trainer(file: String, name: String, trainerID: Int, secretID: Int) throws {
        let save = try #require(try Generation3Save.read(Fixtures.save("\(file).sav")))
        #expect(save.trainerName == name)
        #expect(save.trainerID == UInt16(trainerID))
        #expect(save.secretID == UInt16(secretID))
        // The player's own Pokémon carry the same trainer.
        for (_, pokemon) in save.pokemon where !pokemon.isEgg {
            #expect(pokemon.trainerName == name)
            #expect(pokemon.trainerID == UInt16(trainerID) && pokemon.secretID == UInt16(secretID))
        }
    }

    @Test("The party is read from where each game keeps it",
          arguments: [("ruby-slot1", "Combusken", 30), ("emerald-slot1", "Wingull", 2), ("firered-slot1", "Pidgey", 3)])
    func party(file: String, species: String, level: Int) throws {
        let save = try #require(try Generation3Save.read(Fixtures.save("\(file).sav")))
        #expect(save.party.count == 1)
        let first = try #require(save.party.first)
        #expect(first.speciesIndex == Self.speciesIndex[species])
        #expect(first.storedLevel == level)
        #expect(!first.damaged)
        let stats = try #require(first.partyStats)
        #expect(stats.array.allSatisfy { $0 > 0 })
    }

    @Test("A party Pokémon's stored stats are the game's, in PokeAPI's order")
    func partyStats() throws {
        let save = try #require(try Generation3Save.read(Fixtures.save("ruby-slot1.sav")))
        let combusken = try #require(save.party.first)
        let stats = try #require(combusken.partyStats)
        #expect(stats == SavedStats(hp: 83, attack: 54, defense: 47, specialAttack: 61, specialDefense: 47, speed: 42))
        // HP has no nature: ⌊(2 × base 60 + IV + ⌊EV / 4⌋) × level / 100⌋ + level + 10.
        let level = try #require(combusken.storedLevel)
        #expect(stats.hp == (2 * 60 + combusken.ivs.hp + combusken.evs.hp / 4) * level / 100 + level + 10)
        // Defense and Sp. Atk are untouched by this one's nature (Calm: −Attack, +Sp. Def).
        #expect(stats.defense == (2 * 60 + combusken.ivs.defense + combusken.evs.defense / 4) * level / 100 + 5)
        #expect(stats.specialAttack == (2 * 85 + combusken.ivs.specialAttack + combusken.evs.specialAttack / 4) * level / 100 + 5)
        #expect(stats.speed == (2 * 55 + combusken.ivs.speed + combusken.evs.speed / 4) * level / 100 + 5)
        #expect(combusken.moves.count == 4 && combusken.moves.allSatisfy { $0 > 0 })
    }

    @Test("An egg is named as the game names it, in Japanese, and keeps its trainer's name")
    func egg() throws {
        let save = try #require(try Generation3Save.read(Fixtures.save("ruby-slot1.sav")))
        let egg = try #require(save.boxes[6].slots[5])
        #expect(egg.isEgg)
        #expect(egg.language == 1)
        #expect(egg.nickname == "タマゴ")
        #expect(egg.trainerName == "LANDON")
    }

    @Test("A save without its emulator footer reads the same")
    func withoutFooter() throws {
        let bytes = try Fixtures.save("emerald-slot1.sav")
        #expect(bytes.count == 131_088)
        let withFooter = try Generation3Save.read(bytes)
        let without = try Generation3Save.read(Array(bytes.prefix(131_072)))
        #expect(withFooter != nil)
        #expect(withFooter == without)
    }

    // MARK: Save slots and checksums

    @Test("Both save slots of the fixtures are whole; the first is the newer one")
    func fixturesSlots() throws {
        for file in ["ruby-slot1.sav", "emerald-slot1.sav", "firered-slot1.sav"] {
            let bytes = try Fixtures.save(file)
            for id in 0 ..< 14 {
                let first = try #require(Self.sector(bytes, slot: 1, id: id), "\(file) slot 1 section \(id)")
                let second = try #require(Self.sector(bytes, slot: 2, id: id), "\(file) slot 2 section \(id)")
                #expect(bytes[first * 0x1000 + 0xFFC] == 2 && bytes[second * 0x1000 + 0xFFC] == 1, "\(file) counters")
            }
        }
    }

    @Test("A damaged box section in the newer slot falls back to the older slot and says which section")
    func fallsBack() throws {
        var bytes = try Fixtures.save("ruby-slot1.sav")
        let sector = try #require(Self.sector(bytes, slot: 1, id: 5))
        bytes[sector * 0x1000 + 4 + 8] ^= 0xFF  // box 1 slot 1's nickname
        let save = try #require(try Generation3Save.read(bytes))
        let damage = try #require(save.fellBack)
        #expect(damage.part == .section(5, slot: 1))
        #expect(damage.stored != damage.computed)
        #expect(damage.stored == Int(bytes[sector * 0x1000 + 0xFF6]) | Int(bytes[sector * 0x1000 + 0xFF7]) << 8)
        // Slot 2 is an older save of this game: a Poochyena led the party then.
        #expect(save.party.first?.speciesIndex == Self.speciesIndex["Poochyena"])
        #expect(save.game == .rubySapphire)
    }

    @Test("The same box section damaged in both slots is reported as damage, not read")
    func bothDamaged() throws {
        var bytes = try Fixtures.save("firered-slot1.sav")
        for slot in 1 ... 2 {
            let sector = try #require(Self.sector(bytes, slot: slot, id: 5))
            bytes[sector * 0x1000 + 4 + 8] ^= 0xFF
        }
        let error = #expect(throws: SaveReadError.self) { try Generation3Save.read(bytes) }
        guard case .damaged(let damage)? = error else {
            Issue.record("expected .damaged, got \(String(describing: error))")
            return
        }
        #expect(damage.part == .section(5, slot: 1))
        #expect(damage.stored != damage.computed)
    }

    @Test("Damage only where mydex does not read still lets the newer slot be read")
    func damageOutsideWhatIsRead() throws {
        var bytes = try Fixtures.save("emerald-slot1.sav")
        for slot in 1 ... 2 {
            let sector = try #require(Self.sector(bytes, slot: slot, id: 3))
            bytes[sector * 0x1000 + 0x10] ^= 0xFF
        }
        let save = try #require(try Generation3Save.read(bytes))
        #expect(save.fellBack == nil)
        #expect(save.party.first?.speciesIndex == Self.speciesIndex["Wingull"])
    }

    @Test("A save counter that wrapped around to 0 is the newer one, as the game decides")
    func counterWraps() throws {
        let bytes = try Fixtures.save("ruby-slot1.sav")
        func withCounters(_ first: UInt8, _ second: UInt8) -> [UInt8] {
            var changed = bytes
            for sector in 0 ..< 28 {
                let value = sector < 14 ? first : second
                changed[sector * 0x1000 + 0xFFC ..< sector * 0x1000 + 0x1000] = [value, value, value, value]
            }
            return changed
        }
        // Slot 1 at 0xFFFFFFFF, slot 2 at 0: slot 2 (the older save, Poochyena first) is newer.
        let wrapped = try #require(try Generation3Save.read(withCounters(0xFF, 0)))
        #expect(wrapped.party.first?.speciesIndex == Self.speciesIndex["Poochyena"])
        let other = try #require(try Generation3Save.read(withCounters(0, 0xFF)))
        #expect(other.party.first?.speciesIndex == Self.speciesIndex["Combusken"])
    }

    @Test("Ruby stays Ruby when its Battle Tower record fills the bytes Emerald uses for its key")
    func rubyWithBattleTowerName() throws {
        var bytes = try Fixtures.save("ruby-slot1.sav")
        for slot in 1 ... 2 {
            let sector = try #require(Self.sector(bytes, slot: slot, id: 0))
            bytes[sector * 0x1000 + 0xAC ..< sector * 0x1000 + 0xB0] = [0xC6, 0xBB, 0xC8, 0xBE]  // "LAND"
            Self.fixChecksum(&bytes, sector: sector, size: 0x890)
        }
        let save = try #require(try Generation3Save.read(bytes))
        #expect(save.game == .rubySapphire)
        #expect(save.fellBack == nil)
    }

    // MARK: Not a save

    @Test("Files of the wrong size, garbage and truncated saves are not generation 3 saves")
    func notASave() throws {
        let ruby = try Fixtures.save("ruby-slot1.sav")
        var state: UInt32 = 12345
        let noise = (0 ..< 131_072).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("one byte short", [UInt8](repeating: 0, count: 131_071)),
            ("zeros", [UInt8](repeating: 0, count: 131_072)),
            ("erased flash", [UInt8](repeating: 0xFF, count: 131_072)),
            ("noise", noise),
            ("truncated save", Array(ruby.prefix(100_000))),
            ("save with too long a trailer", ruby.prefix(131_072) + [UInt8](repeating: 0, count: 0x1001)),
            ("a generation 1 save", try Fixtures.save("red.sav")),
        ]
        for (name, bytes) in cases {
            #expect(try Generation3Save.read(bytes) == nil, "\(name)")
        }
    }

    // MARK: .pk3 files

    @Test("Every box slot cut from a save reads as the same Pokémon, as stored or as PKHeX writes it",
          arguments: ["ruby-slot1", "emerald-slot1", "firered-slot1"])
    func pk3FromSave(file: String) throws {
        let bytes = try Fixtures.save("\(file).sav")
        let save = try #require(try Generation3Save.read(bytes))
        var count = 0
        for (boxIndex, box) in save.boxes.enumerated() {
            for (slotIndex, fromSave) in box.slots.enumerated() {
                guard let fromSave else { continue }
                let place = "\(file) box \(boxIndex + 1) slot \(slotIndex + 1)"
                let stored = try Self.storedBoxMon(bytes, box: boxIndex + 1, slot: slotIndex + 1)
                #expect(Generation3Pokemon.read(stored) == fromSave, "\(place)")
                let decrypted = Self.decryptedCanonical(stored)
                #expect(decrypted != stored, "\(place)")
                #expect(Generation3Pokemon.read(decrypted) == fromSave, "\(place) decrypted")
                count += 1
            }
        }
        #expect(count >= 4)
    }

    @Test("The substructs are ordered as pret's GetSubstruct table orders them")
    func substructOrder() {
        #expect(Self.arrangements.count == 24)
        for (index, arrangement) in Self.arrangements.enumerated() {
            // The reader's table gives each substruct's position; the arrangement, what sits where.
            let positions = Generation3Pokemon.substructPositions[index]
            #expect((0 ..< 4).map { arrangement[positions[$0]] } == [0, 1, 2, 3], "personality % 24 = \(index)")
        }
    }

    @Test("A party Pokémon's 100 bytes read as a .pk3 keep the level and stats")
    func pk3Party() throws {
        let bytes = try Fixtures.save("firered-slot1.sav")
        let save = try #require(try Generation3Save.read(bytes))
        let sector = try #require(Self.sector(bytes, slot: 1, id: 1))
        let start = sector * 0x1000 + 0x38
        let file = Array(bytes[start ..< start + 100])
        let pokemon = try #require(Generation3Pokemon.read(file))
        #expect(pokemon == save.party.first)
        #expect(pokemon.storedLevel == 3)
        #expect(pokemon.partyStats != nil)
        var decrypted = Self.decryptedCanonical(Array(file.prefix(80)))
        decrypted += file[80...]
        #expect(Generation3Pokemon.read(decrypted) == pokemon)
    }

    @Test("A .pk3 with a changed byte is marked damaged", arguments: [false, true])
    func pk3Damaged(decrypted: Bool) throws {
        let bytes = try Fixtures.save("emerald-slot1.sav")
        var file = try Self.storedBoxMon(bytes, box: 13, slot: 16)  // Treecko
        if decrypted { file = Self.decryptedCanonical(file) }
        #expect(Generation3Pokemon.read(file)?.damaged == false)
        file[40] ^= 0x5A
        let damaged = try #require(Generation3Pokemon.read(file))
        #expect(damaged.damaged)
    }

    @Test("Wrong sizes and empty slots are not Pokémon files")
    func pk3NotAPokemon() {
        #expect(Generation3Pokemon.read([]) == nil)
        #expect(Generation3Pokemon.read([UInt8](repeating: 0, count: 79)) == nil)
        #expect(Generation3Pokemon.read([UInt8](repeating: 0, count: 81)) == nil)
        #expect(Generation3Pokemon.read([UInt8](repeating: 0, count: 80)) == nil)
        #expect(Generation3Pokemon.read([UInt8](repeating: 0, count: 100)) == nil)
    }

    @Test("Unown's letter comes from its personality value, A to Z then ! and ?",
          arguments: [(UInt32(0x0001_0203), "question"), (0x0001_0202, "exclamation"), (0x0001_0201, "z"), (0, "a"), (0x0303_0303, "d")])
    func unown(personality: UInt32, letter: String) throws {
        let pokemon = try #require(Generation3Pokemon.read(Self.handMade(species: 201, personality: personality)))
        #expect(!pokemon.damaged)
        #expect(pokemon.speciesIndex == 201)
        #expect(pokemon.unownLetter == letter)
        #expect(pokemon.nickname == "UNOWN")
        let other = try #require(Generation3Pokemon.read(Self.handMade(species: 1, personality: personality)))
        #expect(other.unownLetter == nil)
    }

    // MARK: Text

    @Test("Game Freak's character set reads letters, digits and symbols and never stops on an unknown byte")
    func text() {
        #expect(Generation3Text.decode([0xC6, 0xBB, 0xC8, 0xBE, 0xC9, 0xC8, 0xFF, 0xBB]) == "LANDON")
        #expect(Generation3Text.decode([0xD5, 0xEE, 0x00, 0xA1, 0xAA, 0xAB, 0xAC, 0xB5, 0xB6, 0x1B]) == "az 09!?♂♀é")
        #expect(Generation3Text.decode([0x60, 0x6F, 0x8B, 0xFF], japanese: true) == "タマゴ")
        #expect(Generation3Text.decode([0x01, 0x51, 0xFF], japanese: true) == "あア")
        #expect(Generation3Text.decode([0xBB, 0x0A, 0xFC, 0xBC]) == "A\u{FFFD}\u{FFFD}B")
        #expect(Generation3Text.decode((0 ... 255).map { UInt8($0) }).count > 100)
    }

    @Test("A save whose trainer's own Pokémon are Japanese is read with the Japanese characters")
    func japaneseDetection() {
        let own = SavedPokemon(speciesIndex: 1, trainerName: "あい", trainerID: 1, secretID: 2, language: 1)
        #expect(Generation3Save.isJapanese(nameBytes: [0x01, 0x02], trainerID: 1, secretID: 2, pokemon: [own]))
        let english = SavedPokemon(speciesIndex: 1, trainerName: "AB", trainerID: 1, secretID: 2, language: 2)
        #expect(!Generation3Save.isJapanese(nameBytes: [0xBB, 0xBC], trainerID: 1, secretID: 2, pokemon: [english]))
        // With no Pokémon of the player's, a name in kana is Japanese, a Latin one is not.
        #expect(Generation3Save.isJapanese(nameBytes: [0x01, 0x02], trainerID: 1, secretID: 2, pokemon: []))
        #expect(!Generation3Save.isJapanese(nameBytes: [0x06, 0xE0, 0xE3], trainerID: 1, secretID: 2, pokemon: []))
    }
}
