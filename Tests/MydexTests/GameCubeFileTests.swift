import Foundation
import Testing
@testable import MydexSaves

/// .ck3 (Pokémon Colosseum, 312 bytes) and .xk3 (Pokémon XD, 196 bytes) files. No real file is
/// in the fixtures, so the tests build the bytes themselves from the layout, written out here
/// independently of the reader: offsets read for facts from PKHeX (kwsch/PKHeX,
/// `PKHeX.Core/PKM/CK3.cs` and `PKHeX.Core/PKM/XK3.cs`; sizes `PKHeX.Core/PKM/Util/PokeCrypto.cs`;
/// GameCube origin and language codes `PKHeX.Core/Game/Enums/GCVersion.cs`,
/// `PKHeX.Core/Game/Enums/LanguageGC.cs`). Everything big-endian; text UTF-16BE ending at 0x0000.
@Suite("GameCube Pokémon files")
struct GameCubeFileTests {
    // MARK: Helpers

    static func put8(_ bytes: inout [UInt8], _ offset: Int, _ value: Int) {
        bytes[offset] = UInt8(value)
    }

    static func put16(_ bytes: inout [UInt8], _ offset: Int, _ value: Int) {
        bytes[offset] = UInt8(value >> 8 & 0xFF)
        bytes[offset + 1] = UInt8(value & 0xFF)
    }

    static func put32(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt32) {
        for index in 0 ..< 4 { bytes[offset + index] = UInt8(value >> (24 - 8 * UInt32(index)) & 0xFF) }
    }

    /// A name field of 22 bytes: the text in UTF-16BE, a 0x0000 terminator, then `trash` (what
    /// an earlier, longer name left behind, which the reader must not show).
    static func putText(_ bytes: inout [UInt8], _ offset: Int, _ text: String, trash: String = "") {
        var at = offset
        for unit in text.utf16 { put16(&bytes, at, Int(unit)); at += 2 }
        put16(&bytes, at, 0)
        at += 2
        for unit in trash.utf16 where at + 2 <= offset + 22 { put16(&bytes, at, Int(unit)); at += 2 }
    }

    /// Colosseum's starter Espeon (internal index 196, as the national number below 252), caught
    /// by WES, level 30, with a nickname left as the species' name.
    /// CK3.cs offsets: species u16 @0x00, PID u32 @0x04, version @0x08, regions @0x09/@0x0A,
    /// language @0x0B, met location u16 @0x0C, met level @0x0E, ball @0x0F, OT gender @0x10,
    /// SID u16 @0x14, TID u16 @0x16, OT name @0x18, displayed nickname @0x2E, nickname @0x44,
    /// EXP u32 @0x5C, level @0x60, moves (u16, PP, PP ups) ×4 @0x78, item u16 @0x88, current HP
    /// u16 @0x8A, stats u16 ×6 @0x8C, EVs u16 ×6 @0x98, IVs u16 ×6 @0xA4 (HP, Atk, Def, SpA,
    /// SpD, Spe), friendship u16 @0xB0, Pokérus strain @0xCA (low half), egg @0xCB, ability
    /// @0xCC, Pokérus days @0xD0.
    static func colosseumEspeon() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 312)
        put16(&bytes, 0x00, 196)
        put32(&bytes, 0x04, 0x1234_5678)
        put8(&bytes, 0x08, 11)  // GCVersion.CXD
        put8(&bytes, 0x09, 2)  // NTSC-U
        put8(&bytes, 0x0A, 2)
        put8(&bytes, 0x0B, 2)  // English
        put16(&bytes, 0x0C, 0x0123)
        put8(&bytes, 0x0E, 25)
        put8(&bytes, 0x0F, 4)  // Poké Ball
        put8(&bytes, 0x10, 0)  // male
        put16(&bytes, 0x14, 12_345)
        put16(&bytes, 0x16, 31_562)
        putText(&bytes, 0x18, "WES", trash: "LEY")
        putText(&bytes, 0x2E, "ESPEON")
        putText(&bytes, 0x44, "ESPEON")
        put32(&bytes, 0x5C, 27_000)
        put8(&bytes, 0x60, 30)
        let moves = [(94, 10, 0), (234, 5, 1), (129, 20, 2), (270, 20, 3)]  // Psychic, Morning Sun, Swift, Helping Hand
        for (index, move) in moves.enumerated() {
            put16(&bytes, 0x78 + 4 * index, move.0)
            put8(&bytes, 0x7A + 4 * index, move.1)
            put8(&bytes, 0x7B + 4 * index, move.2)
        }
        put16(&bytes, 0x88, 200)  // Leftovers
        put16(&bytes, 0x8A, 88)
        for (index, stat) in [95, 58, 54, 103, 80, 90].enumerated() { put16(&bytes, 0x8C + 2 * index, stat) }
        for (index, ev) in [12, 3, 4, 252, 0, 237].enumerated() { put16(&bytes, 0x98 + 2 * index, ev) }
        for (index, iv) in [31, 7, 20, 30, 25, 28].enumerated() { put16(&bytes, 0xA4 + 2 * index, iv) }
        put16(&bytes, 0xB0, 140)
        put8(&bytes, 0xCA, 3)
        put8(&bytes, 0xCB, 0)
        put8(&bytes, 0xCC, 0)
        put8(&bytes, 0xD0, 2)
        return bytes
    }

    /// XD's starter Eevee, nicknamed "VEE" (over an older "VOLTA"), caught by MICHAEL in the
    /// German release, level 10.
    /// XK3.cs offsets: species u16 @0x00, item u16 @0x02, current HP u16 @0x04, friendship u16
    /// @0x06, met location u16 @0x08, met level @0x0E, ball @0x0F, OT gender @0x10, level @0x11,
    /// Pokérus strain @0x13 (low half), Pokérus days @0x15, flags @0x1D (bit 5 invalid, 6
    /// ability, 7 egg), EXP u32 @0x20, SID u16 @0x24, TID u16 @0x26, PID u32 @0x28, version
    /// @0x34, regions @0x35/@0x36, language @0x37, OT name @0x38, displayed nickname @0x4E,
    /// nickname @0x64, moves (u16, PP, PP ups) ×4 @0x80, stats u16 ×6 @0x90, EVs u16 ×6 @0x9C,
    /// IVs u8 ×6 @0xA8, Shadow ID u16 @0xBA.
    static func xdEevee() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 196)
        put16(&bytes, 0x00, 133)
        put16(&bytes, 0x02, 184)  // Soothe Bell
        put16(&bytes, 0x04, 31)
        put16(&bytes, 0x06, 70)
        put16(&bytes, 0x08, 131)
        put8(&bytes, 0x0E, 10)
        put8(&bytes, 0x0F, 4)
        put8(&bytes, 0x10, 0)
        put8(&bytes, 0x11, 10)
        put8(&bytes, 0x12, 0x2A)  // contest sheen, not read
        put8(&bytes, 0x13, 1)
        put8(&bytes, 0x15, 0xFF)  // no days left: cured
        put8(&bytes, 0x1D, 0x44)  // ability bit (6), captured flag (2)
        put32(&bytes, 0x20, 1_000)
        put16(&bytes, 0x24, 4_242)
        put16(&bytes, 0x26, 60_123)
        put32(&bytes, 0x28, 0xFEDC_BA98)
        put8(&bytes, 0x34, 11)  // GCVersion.CXD
        put8(&bytes, 0x35, 3)  // PAL
        put8(&bytes, 0x36, 3)
        put8(&bytes, 0x37, 3)  // LanguageGC.German
        putText(&bytes, 0x38, "MICHAEL")
        putText(&bytes, 0x4E, "VEE", trash: "TA")
        putText(&bytes, 0x64, "VEE", trash: "TA")
        let moves = [(33, 35, 0), (39, 30, 1), (270, 20, 2), (28, 15, 3)]  // Tackle, Tail Whip, Helping Hand, Sand-Attack
        for (index, move) in moves.enumerated() {
            put16(&bytes, 0x80 + 4 * index, move.0)
            put8(&bytes, 0x82 + 4 * index, move.1)
            put8(&bytes, 0x83 + 4 * index, move.2)
        }
        for (index, stat) in [31, 17, 16, 14, 20, 17].enumerated() { put16(&bytes, 0x90 + 2 * index, stat) }
        for (index, ev) in [10, 20, 30, 40, 50, 60].enumerated() { put16(&bytes, 0x9C + 2 * index, ev) }
        for (index, iv) in [13, 31, 8, 22, 17, 4].enumerated() { put8(&bytes, 0xA8 + index, iv) }
        return bytes
    }

    // MARK: Reading

    @Test("a Colosseum Espeon reads back every field")
    func colosseum() throws {
        let bytes = Self.colosseumEspeon()
        let espeon = try #require(GameCubePokemon.readColosseum(bytes))
        #expect(espeon.speciesIndex == 196)
        #expect(!espeon.isEgg)
        #expect(espeon.unownLetter == nil)
        #expect(espeon.nickname == "ESPEON")
        #expect(espeon.hasNickname == nil)
        #expect(espeon.trainerName == "WES")
        #expect(espeon.trainerID == 31_562)
        #expect(espeon.secretID == 12_345)
        #expect(espeon.trainerFemale == false)
        #expect(espeon.experience == 27_000)
        #expect(espeon.storedLevel == 30)
        #expect(espeon.ivs == SavedStats(hp: 31, attack: 7, defense: 20, specialAttack: 30, specialDefense: 25, speed: 28))
        #expect(espeon.evs == SavedStats(hp: 12, attack: 3, defense: 4, specialAttack: 252, specialDefense: 0, speed: 237))
        #expect(espeon.personality == 0x1234_5678)
        #expect(espeon.abilityBit == 0)
        #expect(espeon.moves == [94, 234, 129, 270])
        #expect(espeon.ppUps == [0, 1, 2, 3])
        #expect(espeon.heldItem == 200)
        #expect(espeon.friendship == 140)
        #expect(espeon.pokerus == 0x32)
        #expect(espeon.metLocation == 0x0123)
        #expect(espeon.metLevel == 25)
        #expect(espeon.metTimeOfDay == nil)
        #expect(espeon.ball == 4)
        #expect(espeon.originGame == 15)
        #expect(espeon.language == 2)
        #expect(espeon.partyStats == SavedStats(hp: 95, attack: 58, defense: 54, specialAttack: 103, specialDefense: 80, speed: 90))
        #expect(espeon.damaged == false)
        #expect(espeon.catchRate == nil)
        #expect(GameCubePokemon.read(bytes) == espeon)
    }

    @Test("an XD Eevee reads back every field, the nickname stopping at its terminator")
    func xd() throws {
        let bytes = Self.xdEevee()
        let eevee = try #require(GameCubePokemon.readXD(bytes))
        #expect(eevee.speciesIndex == 133)
        #expect(!eevee.isEgg)
        #expect(eevee.unownLetter == nil)
        #expect(eevee.nickname == "VEE")
        #expect(eevee.hasNickname == nil)
        #expect(eevee.trainerName == "MICHAEL")
        #expect(eevee.trainerID == 60_123)
        #expect(eevee.secretID == 4_242)
        #expect(eevee.trainerFemale == false)
        #expect(eevee.experience == 1_000)
        #expect(eevee.storedLevel == 10)
        #expect(eevee.ivs == SavedStats(hp: 13, attack: 31, defense: 8, specialAttack: 22, specialDefense: 17, speed: 4))
        #expect(eevee.evs == SavedStats(hp: 10, attack: 20, defense: 30, specialAttack: 40, specialDefense: 50, speed: 60))
        #expect(eevee.personality == 0xFEDC_BA98)
        #expect(eevee.abilityBit == 1)
        #expect(eevee.moves == [33, 39, 270, 28])
        #expect(eevee.ppUps == [0, 1, 2, 3])
        #expect(eevee.heldItem == 184)
        #expect(eevee.friendship == 70)
        #expect(eevee.pokerus == 0x10)  // strain 1, cured
        #expect(eevee.metLocation == 131)
        #expect(eevee.metLevel == 10)
        #expect(eevee.ball == 4)
        #expect(eevee.originGame == 15)
        #expect(eevee.language == 5)  // German in the GBA's numbering
        #expect(eevee.partyStats == SavedStats(hp: 31, attack: 17, defense: 16, specialAttack: 14, specialDefense: 20, speed: 17))
        #expect(eevee.damaged == false)
        #expect(GameCubePokemon.read(bytes) == eevee)
    }

    @Test("origin and language codes are turned into the GBA's numbering")
    func codes() throws {
        // GCVersion → GBA origin byte; LanguageGC → GBA language byte.
        let origins = [(1, 4), (2, 5), (8, 1), (9, 2), (10, 3), (11, 15)]
        for (code, gba) in origins {
            var bytes = Self.xdEevee()
            Self.put8(&bytes, 0x34, code)
            #expect(try #require(GameCubePokemon.readXD(bytes)).originGame == gba)
            var colosseum = Self.colosseumEspeon()
            Self.put8(&colosseum, 0x08, code)
            #expect(try #require(GameCubePokemon.readColosseum(colosseum)).originGame == gba)
        }
        let languages = [(1, 1), (2, 2), (3, 5), (4, 3), (5, 4), (6, 7)]
        for (code, gba) in languages {
            var bytes = Self.colosseumEspeon()
            Self.put8(&bytes, 0x0B, code)
            #expect(try #require(GameCubePokemon.readColosseum(bytes)).language == gba)
        }
        var unset = Self.colosseumEspeon()
        Self.put8(&unset, 0x08, 0)
        Self.put8(&unset, 0x0B, 0)
        let pokemon = try #require(GameCubePokemon.readColosseum(unset))
        #expect(pokemon.originGame == nil)
        #expect(pokemon.language == nil)
    }

    @Test("flags, a female trainer and Unown's letter")
    func flagsAndUnown() throws {
        var egg = Self.xdEevee()
        Self.put8(&egg, 0x1D, 0x80)
        let xdEgg = try #require(GameCubePokemon.readXD(egg))
        #expect(xdEgg.isEgg)
        #expect(xdEgg.abilityBit == 0)

        var colosseum = Self.colosseumEspeon()
        Self.put8(&colosseum, 0xCB, 1)
        Self.put8(&colosseum, 0xCC, 1)
        Self.put8(&colosseum, 0x10, 1)
        let flagged = try #require(GameCubePokemon.readColosseum(colosseum))
        #expect(flagged.isEgg)
        #expect(flagged.abilityBit == 1)
        #expect(flagged.trainerFemale == true)

        // Unown (201); personality 0x01000002: letter bits 01 00 00 10 = 66, 66 % 28 = 10 → "k".
        var unown = Self.xdEevee()
        Self.put16(&unown, 0x00, 201)
        Self.put32(&unown, 0x28, 0x0100_0002)
        #expect(try #require(GameCubePokemon.readXD(unown)).unownLetter == "k")

        // A Hoenn species keeps its internal index (Treecko 277, national 252): no conversion.
        var treecko = Self.colosseumEspeon()
        Self.put16(&treecko, 0x00, 277)
        #expect(try #require(GameCubePokemon.readColosseum(treecko)).speciesIndex == 277)
    }

    // MARK: Refusing

    @Test("all zeros, species 0 and species outside the games are not a Pokémon")
    func emptyOrUnknownSpecies() {
        #expect(GameCubePokemon.readColosseum([UInt8](repeating: 0, count: 312)) == nil)
        #expect(GameCubePokemon.readXD([UInt8](repeating: 0, count: 196)) == nil)
        #expect(GameCubePokemon.read([UInt8](repeating: 0, count: 312)) == nil)
        #expect(GameCubePokemon.read([UInt8](repeating: 0, count: 196)) == nil)
        for species in [0, 252, 276, 412, 0xFFFF] {
            var colosseum = Self.colosseumEspeon()
            Self.put16(&colosseum, 0x00, species)
            #expect(GameCubePokemon.readColosseum(colosseum) == nil, "species \(species)")
            var xd = Self.xdEevee()
            Self.put16(&xd, 0x00, species)
            #expect(GameCubePokemon.readXD(xd) == nil, "species \(species)")
        }
    }

    @Test("a level, IV, EV, move, PP up or ball the games never store is not a Pokémon")
    func impossibleValues() {
        let colosseumChanges: [(Int, Int, Bool)] = [
            (0x60, 0, false), (0x60, 101, false), (0xA4, 32, true), (0x98, 256, true), (0x78, 355, true),
            (0x7B, 4, false), (0x0F, 13, false), (0xB0, 256, true), (0xCB, 2, false),
        ]
        for (offset, value, wide) in colosseumChanges {
            var bytes = Self.colosseumEspeon()
            if wide { Self.put16(&bytes, offset, value) } else { Self.put8(&bytes, offset, value) }
            #expect(GameCubePokemon.readColosseum(bytes) == nil, "Colosseum @\(offset) = \(value)")
        }
        let xdChanges: [(Int, Int, Bool)] = [
            (0x11, 0, false), (0x11, 101, false), (0xA8, 32, false), (0x9C, 256, true), (0x80, 355, true),
            (0x83, 4, false), (0x0F, 13, false),
        ]
        for (offset, value, wide) in xdChanges {
            var bytes = Self.xdEevee()
            if wide { Self.put16(&bytes, offset, value) } else { Self.put8(&bytes, offset, value) }
            #expect(GameCubePokemon.readXD(bytes) == nil, "XD @\(offset) = \(value)")
        }
        var experience = Self.xdEevee()
        Self.put32(&experience, 0x20, 1_640_001)
        #expect(GameCubePokemon.readXD(experience) == nil)
    }

    @Test("a wrong size is not read, and each reader reads its own size only")
    func sizes() {
        #expect(GameCubePokemon.colosseumSize == 312)
        #expect(GameCubePokemon.xdSize == 196)
        let espeon = Self.colosseumEspeon()
        let eevee = Self.xdEevee()
        for size in [0, 69, 73, 80, 100, 195, 197, 311, 313] {
            let cut = Array((espeon + espeon).prefix(size))
            #expect(GameCubePokemon.read(cut) == nil, "\(size) bytes")
            #expect(GameCubePokemon.readColosseum(cut) == nil, "\(size) bytes")
            #expect(GameCubePokemon.readXD(Array((eevee + eevee).prefix(size))) == nil, "\(size) bytes")
        }
        #expect(GameCubePokemon.readXD(espeon) == nil)
        #expect(GameCubePokemon.readColosseum(eevee) == nil)
        #expect(GameCubePokemon.readXD(Array(espeon.prefix(196))) == nil)  // Espeon's bytes are not an XD Pokémon
    }
}
