/// A generation 1 Pokémon: the 33-byte box struct and the 44-byte party struct of Red, Blue and
/// Yellow (pret/pokered `macros/ram.asm`, `box_struct` and `party_struct`), and the .pk1 files
/// tools write from them. Everything is big-endian.
///
/// Box struct: species @0 (the game's own index, Rhydon is 1), current HP @1, box level @3,
/// status @4, types @5–6, catch rate @7 (generation 2 reads it as the held item), moves @8–11,
/// OT ID @12, experience (3 bytes) @14, stat experience @17 (HP, Attack, Defense, Speed, Special,
/// 2 bytes each), DVs @27 (Attack, Defense, Speed, Special, a nibble each), PP @29–32 (PP ups in
/// the top 2 bits). The party struct adds the level @33 and the stats @34 (max HP, Attack,
/// Defense, Speed, Special).
public enum Generation1Pokemon {
    public static let boxSize = 33
    public static let partySize = 44
    /// A .pk1 file: PKHeX's one-slot list (count, species, 0xFF, the party struct, the OT name
    /// and the nickname, 11 bytes each).
    public static let fileSize = 3 + partySize + 2 * 11
    /// The same list from a Japanese game, whose names are 6 bytes.
    public static let japaneseFileSize = 3 + partySize + 2 * 6

    /// Reads a .pk1 file; nil for anything else, a Japanese .pk1 included (`readFile` says why).
    public static func read(_ bytes: [UInt8]) -> SavedPokemon? {
        (try? readFile(bytes)) ?? nil
    }

    /// Reads a .pk1 file. nil: not a .pk1 (another size, or not a one-slot list); throws
    /// `.unsupported` for a Japanese one, whose names use the Japanese character set.
    public static func readFile(_ bytes: [UInt8]) throws(SaveReadError) -> SavedPokemon? {
        let reader = ByteReader(bytes)
        guard reader[0] == 1, reader[2] == 0xFF else { return nil }
        if bytes.count == japaneseFileSize { throw .unsupported(.japaneseGeneration1Files) }
        guard bytes.count == fileSize else { return nil }
        let names = 3 + partySize
        return decode(
            reader, at: 3, party: true,
            otName: GameBoyText.decode(reader.slice(names, 11), generation: 1),
            nickname: GameBoyText.decode(reader.slice(names + 11, 11), generation: 1)
        )
    }

    /// One struct at `offset` (a box struct, or a party struct when `party`), with the names the
    /// list keeps beside it.
    static func decode(_ reader: ByteReader, at offset: Int, party: Bool, otName: String, nickname: String) -> SavedPokemon {
        let dvs = GameBoyValues.dvs(reader, at: offset + 27)
        let statExperience = GameBoyValues.statExperience(reader, at: offset + 17)
        var stats: SavedStats?
        if party {
            let special = reader.u16be(offset + 42)
            stats = SavedStats(
                hp: reader.u16be(offset + 34), attack: reader.u16be(offset + 36), defense: reader.u16be(offset + 38),
                specialAttack: special, specialDefense: special, speed: reader.u16be(offset + 40)
            )
        }
        return SavedPokemon(
            speciesIndex: reader[offset],
            nickname: nickname,
            trainerName: otName,
            trainerID: UInt16(reader.u16be(offset + 12)),
            experience: reader.u24be(offset + 14),
            // The party level is the one the game keeps up to date; the box level is set when
            // the Pokémon is deposited.
            storedLevel: party ? reader[offset + 33] : reader[offset + 3],
            ivs: dvs,
            evs: statExperience,
            moves: (0 ..< 4).map { reader[offset + 8 + $0] },
            ppUps: (0 ..< 4).map { reader[offset + 29 + $0] >> 6 },
            partyStats: stats,
            catchRate: reader[offset + 7]
        )
    }
}

/// The values generations 1 and 2 store alike.
enum GameBoyValues {
    /// DVs: two bytes, a nibble each for Attack, Defense, Speed and Special (big-endian, high
    /// nibble first); the HP DV is the low bit of each, as 8, 4, 2, 1. Special goes in both
    /// special stats.
    static func dvs(_ reader: ByteReader, at offset: Int) -> SavedStats {
        let attack = reader[offset] >> 4, defense = reader[offset] & 0xF
        let speed = reader[offset + 1] >> 4, special = reader[offset + 1] & 0xF
        let hp = (attack & 1) << 3 | (defense & 1) << 2 | (speed & 1) << 1 | special & 1
        return SavedStats(hp: hp, attack: attack, defense: defense, specialAttack: special, specialDefense: special, speed: speed)
    }

    /// Stat experience: five big-endian u16 in the order HP, Attack, Defense, Speed, Special.
    static func statExperience(_ reader: ByteReader, at offset: Int) -> SavedStats {
        let special = reader.u16be(offset + 8)
        return SavedStats(
            hp: reader.u16be(offset), attack: reader.u16be(offset + 2), defense: reader.u16be(offset + 4),
            specialAttack: special, specialDefense: special, speed: reader.u16be(offset + 6)
        )
    }

    /// A one-slot list's names, or a save's: `count` fields of `length` bytes from `offset`.
    static func names(_ reader: ByteReader, at offset: Int, count: Int, length: Int, generation: Int) -> [String] {
        (0 ..< count).map { GameBoyText.decode(reader.slice(offset + $0 * length, length), generation: generation) }
    }
}
