/// A generation 3 Pokémon as the GameCube games keep it: the 312-byte Pokémon of Pokémon
/// Colosseum and the 196-byte Pokémon of Pokémon XD: Gale of Darkness, and the .ck3 and .xk3
/// files PKHeX writes from them (the stored structure, nothing added or removed).
///
/// Both are big-endian and unencrypted, and neither carries a checksum, so `damaged` is always
/// false. Species, held items, moves and balls are the same numbers as the GBA games' (species
/// by the generation 3 internal index, Treecko 277), so `speciesIndex` is kept as stored, as
/// `Generation3Pokemon` keeps it. Text is UTF-16 big-endian, ending at 0x0000 (not the GBA
/// character set). The game of origin and the language are stored in the GameCube's own codes;
/// they are turned into the GBA codes `SavedPokemon` documents (see `originGames`, `languages`).
///
/// There is no `SaveGame` case for the GameCube games: the caller treats a Pokémon read here
/// as a generation 3 file (`SaveGame.generation3File`); its `originGame` says where it was
/// caught (15 for Colosseum and XD alike, or the GBA game it came from).
///
/// Layouts: offsets and sizes read for facts (no code copied) from PKHeX (kwsch/PKHeX,
/// commit c7a5ab29be02250c6db7db06cbd58ab01c5b08e5): `PKHeX.Core/PKM/CK3.cs` (Colosseum),
/// `PKHeX.Core/PKM/XK3.cs` (XD), `PKHeX.Core/PKM/Util/PokeCrypto.cs` (`SIZE_3CSTORED` 312,
/// `SIZE_3XSTORED` 196), `PKHeX.Core/Game/Enums/GCVersion.cs` (origin codes),
/// `PKHeX.Core/Game/Enums/LanguageGC.cs` and `PKHeX.Core/PKM/Util/Language.cs` (language codes),
/// `PKHeX.Core/PKM/Strings/StringConverter3GC.cs` (UTF-16BE text, 0x0000 terminator) and
/// `PKHeX.Core/PKM/Shared/G3PKM.cs` (`ConvertTo`: species, item, ball, met location and moves
/// carried to a .pk3 unchanged).
///
/// | field               | Colosseum (.ck3)        | XD (.xk3)                 |
/// |---------------------|-------------------------|---------------------------|
/// | species (internal)  | u16 @0x00               | u16 @0x00                 |
/// | held item           | u16 @0x88               | u16 @0x02                 |
/// | friendship          | u16 @0xB0               | u16 @0x06                 |
/// | personality         | u32 @0x04               | u32 @0x28                 |
/// | secret ID, ID       | u16 @0x14, u16 @0x16    | u16 @0x24, u16 @0x26      |
/// | origin game (GC)    | @0x08                   | @0x34                     |
/// | language (GC)       | @0x0B                   | @0x37                     |
/// | met location        | u16 @0x0C               | u16 @0x08                 |
/// | met level, ball     | @0x0E, @0x0F            | @0x0E, @0x0F              |
/// | OT gender           | @0x10 (1 female)        | @0x10                     |
/// | OT name (11 × u16)  | @0x18                   | @0x38                     |
/// | nickname (11 × u16) | @0x44                   | @0x64                     |
/// | experience          | u32 @0x5C               | u32 @0x20                 |
/// | level               | @0x60                   | @0x11                     |
/// | moves               | 4 × (u16 move, PP, PP ups) @0x78 | the same @0x80   |
/// | stats (max HP, Atk, Def, SpA, SpD, Spe) | 6 × u16 @0x8C | 6 × u16 @0x90   |
/// | EVs (HP, Atk, Def, SpA, SpD, Spe)       | 6 × u16 @0x98 | 6 × u16 @0x9C   |
/// | IVs (HP, Atk, Def, SpA, SpD, Spe)       | 6 × u16 @0xA4 | 6 × u8 @0xA8    |
/// | Pokérus strain, days | @0xCA low half, @0xD0  | @0x13 low half, @0x15     |
/// | egg, ability bit    | @0xCB, @0xCC (0 or 1)   | @0x1D bit 7, bit 6        |
///
/// Not read: the displayed copy of the nickname (CK3 @0x2E, XK3 @0x4E), the console regions
/// (CK3 @0x09/@0x0A, XK3 @0x35/@0x36; PKHeX remaps a few glyphs between Japanese and other
/// regions, which this reader does not), current HP and status, contest stats, ribbons,
/// markings, the fateful-encounter and obedience flags, the games' "invalid" flag (CK3 @0xCD,
/// XK3 @0x1D bit 5), and the Shadow Pokémon data (Shadow ID CK3 @0xD8 and XK3 @0xBA, Colosseum's
/// purification counter @0xDC; XD keeps purification in the save, not here): a Shadow Pokémon
/// is read as the Pokémon it is, its purification ignored.
public enum GameCubePokemon {
    /// Pokémon Colosseum's Pokémon (.ck3).
    public static let colosseumSize = 312
    /// Pokémon XD: Gale of Darkness's Pokémon (.xk3).
    public static let xdSize = 196

    /// Reads a .ck3 or .xk3 file, told apart by its size; nil for any other size or for bytes
    /// that are not such a Pokémon (see `readColosseum`, `readXD`).
    public static func read(_ bytes: [UInt8]) -> SavedPokemon? {
        switch bytes.count {
        case colosseumSize: readColosseum(bytes)
        case xdSize: readXD(bytes)
        default: nil
        }
    }

    /// Reads a Colosseum Pokémon (.ck3, 312 bytes). The caller treats it as a generation 3 file.
    /// nil: a wrong size, or bytes that are not a Pokémon (an empty slot's species 0, a species
    /// index outside the games' 1–251 and 277–411, a level outside 1–100, or a value the game
    /// never stores: an IV above 31, an EV or friendship above 255, a move above 354, PP ups
    /// above 3, a ball above 12, experience above 1,640,000).
    public static func readColosseum(_ bytes: [UInt8]) -> SavedPokemon? {
        guard bytes.count == colosseumSize else { return nil }
        return decode(bytes, layout: .colosseum)
    }

    /// Reads an XD Pokémon (.xk3, 196 bytes). The caller treats it as a generation 3 file.
    /// nil as for `readColosseum`.
    public static func readXD(_ bytes: [UInt8]) -> SavedPokemon? {
        guard bytes.count == xdSize else { return nil }
        return decode(bytes, layout: .xd)
    }

    /// The GameCube's origin codes (PKHeX `GCVersion`) as the GBA's origin byte: FireRed 1 → 4,
    /// LeafGreen 2 → 5, Sapphire 8 → 1, Ruby 9 → 2, Emerald 10 → 3, Colosseum/XD 11 → 15.
    /// Any other code (0: none) gives no origin.
    static let originGames: [Int: Int] = [1: 4, 2: 5, 8: 1, 9: 2, 10: 3, 11: 15]

    /// The GameCube's language codes (PKHeX `LanguageGC`: 1 Japanese, 2 English, 3 German,
    /// 4 French, 5 Italian, 6 Spanish, 7 unused) as the GBA's language byte (1 Japanese,
    /// 2 English, 3 French, 4 Italian, 5 German, 6 unused, 7 Spanish). 0 (unset) gives none.
    static let languages: [Int: Int] = [1: 1, 2: 2, 3: 5, 4: 3, 5: 4, 6: 7, 7: 6]

    /// The highest experience any growth rate reaches (Fluctuating at level 100), the highest
    /// move (Psycho Boost, 354) and ball (Premier Ball, 12) of generation 3.
    static let mostExperience = 1_640_000
    static let lastMove = 354
    static let lastBall = 12

    /// Where one format keeps each field (see the table above).
    struct Layout {
        enum Flags {
            /// One byte each, 0 or 1 (Colosseum).
            case bytes(egg: Int, ability: Int)
            /// Bits of one byte (XD).
            case bits(at: Int, egg: Int, ability: Int)
        }

        var heldItem, friendship, personality, secretID, originGame, language: Int
        var metLocation, metLevel, ball, trainerGender, trainerName, nickname: Int
        var experience, level, moves, stats, evs, ivs: Int
        /// 2: each IV a u16 (Colosseum); 1: a byte (XD).
        var ivWidth: Int
        var pokerusStrain, pokerusDays: Int
        var flags: Flags

        static let colosseum = Layout(
            heldItem: 0x88, friendship: 0xB0, personality: 0x04, secretID: 0x14, originGame: 0x08, language: 0x0B,
            metLocation: 0x0C, metLevel: 0x0E, ball: 0x0F, trainerGender: 0x10, trainerName: 0x18, nickname: 0x44,
            experience: 0x5C, level: 0x60, moves: 0x78, stats: 0x8C, evs: 0x98, ivs: 0xA4, ivWidth: 2,
            pokerusStrain: 0xCA, pokerusDays: 0xD0, flags: .bytes(egg: 0xCB, ability: 0xCC))

        static let xd = Layout(
            heldItem: 0x02, friendship: 0x06, personality: 0x28, secretID: 0x24, originGame: 0x34, language: 0x37,
            metLocation: 0x08, metLevel: 0x0E, ball: 0x0F, trainerGender: 0x10, trainerName: 0x38, nickname: 0x64,
            experience: 0x20, level: 0x11, moves: 0x80, stats: 0x90, evs: 0x9C, ivs: 0xA8, ivWidth: 1,
            pokerusStrain: 0x13, pokerusDays: 0x15, flags: .bits(at: 0x1D, egg: 7, ability: 6))
    }

    /// A name field: up to 11 UTF-16BE code units (22 bytes), ending at 0x0000.
    static func text(_ reader: ByteReader, at offset: Int) -> String {
        var units: [UInt16] = []
        for index in 0 ..< 11 {
            let unit = reader.u16be(offset + 2 * index)
            if unit == 0 { break }
            units.append(UInt16(unit))
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Six values in the order HP, Attack, Defense, Sp. Atk, Sp. Def, Speed (the order both
    /// games store stats, EVs and IVs in), each `width` bytes.
    static func six(_ reader: ByteReader, at offset: Int, width: Int) -> SavedStats {
        let values = (0 ..< 6).map { width == 2 ? reader.u16be(offset + 2 * $0) : reader[offset + $0] }
        return SavedStats(
            hp: values[0], attack: values[1], defense: values[2], specialAttack: values[3], specialDefense: values[4],
            speed: values[5])
    }

    static func decode(_ bytes: [UInt8], layout: Layout) -> SavedPokemon? {
        let reader = ByteReader(bytes)
        let species = reader.u16be(0)
        guard Generation3Pokemon.isRealSpecies(species) else { return nil }
        let level = reader[layout.level]
        guard (1 ... 100).contains(level) else { return nil }
        let experience = Int(reader.u32be(layout.experience))
        guard experience <= mostExperience else { return nil }
        let ivs = six(reader, at: layout.ivs, width: layout.ivWidth)
        let evs = six(reader, at: layout.evs, width: 2)
        guard ivs.array.allSatisfy({ $0 <= 31 }), evs.array.allSatisfy({ $0 <= 255 }) else { return nil }
        let moves = (0 ..< 4).map { reader.u16be(layout.moves + 4 * $0) }
        let ppUps = (0 ..< 4).map { reader[layout.moves + 4 * $0 + 3] }
        guard moves.allSatisfy({ $0 <= lastMove }), ppUps.allSatisfy({ $0 <= 3 }) else { return nil }
        let friendship = reader.u16be(layout.friendship)
        let ball = reader[layout.ball]
        guard friendship <= 255, ball <= lastBall, reader[layout.metLevel] <= 100 else { return nil }

        let isEgg: Bool, abilityBit: Int
        switch layout.flags {
        case let .bytes(egg, ability):
            guard reader[egg] <= 1, reader[ability] <= 1 else { return nil }
            (isEgg, abilityBit) = (reader[egg] == 1, reader[ability])
        case let .bits(offset, egg, ability):
            (isEgg, abilityBit) = (reader[offset] >> egg & 1 == 1, reader[offset] >> ability & 1)
        }

        let personality = reader.u32be(layout.personality)
        let unownLetter = species == Generation3Pokemon.unownIndex ? Generation3Pokemon.unownLetter(personality: personality) : nil
        // The strain in the low half of one byte; the days left a signed byte of their own, which
        // PKHeX writes 0xFF for none (negative: none). Put together as the GBA's byte.
        let days = reader[layout.pokerusDays] < 0x80 ? reader[layout.pokerusDays] & 0xF : 0
        let pokerus = (reader[layout.pokerusStrain] & 0xF) << 4 | days
        let stats = six(reader, at: layout.stats, width: 2)

        return SavedPokemon(
            speciesIndex: species,
            isEgg: isEgg,
            unownLetter: unownLetter,
            nickname: text(reader, at: layout.nickname),
            // No "nicknamed" flag, as in the GBA games: the importer compares the name.
            hasNickname: nil,
            trainerName: text(reader, at: layout.trainerName),
            trainerID: UInt16(reader.u16be(layout.secretID + 2)),
            secretID: UInt16(reader.u16be(layout.secretID)),
            trainerFemale: reader[layout.trainerGender] == 1,
            experience: experience,
            storedLevel: level,
            ivs: ivs,
            evs: evs,
            personality: personality,
            abilityBit: abilityBit,
            moves: moves,
            ppUps: ppUps,
            heldItem: reader.u16be(layout.heldItem),
            friendship: friendship,
            pokerus: pokerus,
            // The game's own number: a GBA place for a Pokémon from a GBA game, a place in Orre
            // (the GameCube games' numbering) for one caught in Colosseum or XD.
            metLocation: reader.u16be(layout.metLocation),
            metLevel: reader[layout.metLevel],
            ball: ball,
            originGame: originGames[reader[layout.originGame]],
            language: languages[reader[layout.language]],
            // The games keep the stats in the box too; all zero (never written) gives none.
            partyStats: stats.array.allSatisfy { $0 == 0 } ? nil : stats,
            // No checksum in these files.
            damaged: false
        )
    }
}
