/// A generation 2 Pokémon: the 32-byte box struct and the 48-byte party struct of Gold, Silver
/// and Crystal (pret/pokecrystal `macros/ram.asm`, `box_struct` and `party_struct`), and the .pk2
/// files tools write from them. Everything is big-endian.
///
/// Box struct: species @0 (the National Pokédex number), held item @1, moves @2–5, OT ID @6,
/// experience (3 bytes) @8, stat experience @11 (HP, Attack, Defense, Speed, Special, 2 bytes
/// each), DVs @21 (Attack, Defense, Speed, Special, a nibble each), PP @23–26 (PP ups in the top
/// 2 bits), friendship @27 (an egg's steps to hatch), Pokérus @28, caught data @29–30 (Crystal
/// only: time of day in the top 2 bits and level in the low 6; the OT's gender in the top bit and
/// the location in the low 7 — `constants/pokemon_data_constants.asm`, `CAUGHT_*_MASK`), level
/// @31. The party struct adds status @32, current HP @34 and the stats @36 (max HP, Attack,
/// Defense, Speed, Sp. Atk, Sp. Def).
public enum Generation2Pokemon {
    public static let boxSize = 32
    public static let partySize = 48
    /// A .pk2 file: PKHeX's one-slot list (count, species or 0xFD for an egg, 0xFF, the party
    /// struct, the OT name and the nickname, 11 bytes each).
    public static let fileSize = 3 + partySize + 2 * 11
    /// The same list from a Japanese game, whose names are 6 bytes.
    public static let japaneseFileSize = 3 + partySize + 2 * 6
    /// What a species list holds in an egg's place (pret `EGG`).
    static let eggMark = 0xFD
    static let unownSpecies = 201

    /// Reads a .pk2 file; nil for anything else, a Japanese .pk2 included (`readFile` says why).
    public static func read(_ bytes: [UInt8]) -> SavedPokemon? {
        (try? readFile(bytes)) ?? nil
    }

    /// Reads a .pk2 file. nil: not a .pk2 (another size, or not a one-slot list); throws
    /// `.unsupported` for a Japanese one, whose names use the Japanese character set. A .pk2 does
    /// not say which game it comes from, so Crystal's caught data is read whenever it is there.
    public static func readFile(_ bytes: [UInt8]) throws(SaveReadError) -> SavedPokemon? {
        let reader = ByteReader(bytes)
        guard reader[0] == 1, reader[2] == 0xFF else { return nil }
        if bytes.count == japaneseFileSize { throw .unsupported(.japaneseGeneration2Files) }
        guard bytes.count == fileSize else { return nil }
        let names = 3 + partySize
        return decode(
            reader, at: 3, party: true, isEgg: reader[1] == eggMark, caughtData: true,
            otName: GameBoyText.decode(reader.slice(names, 11), generation: 2),
            nickname: GameBoyText.decode(reader.slice(names + 11, 11), generation: 2)
        )
    }

    /// One struct at `offset` (a box struct, or a party struct when `party`). `isEgg`: the species
    /// list holds the egg mark in its place (the struct keeps the species it will hatch into).
    /// `caughtData`: the game is Crystal (Gold and Silver leave those two bytes at 0), or unknown.
    static func decode(
        _ reader: ByteReader, at offset: Int, party: Bool, isEgg: Bool, caughtData: Bool, otName: String, nickname: String
    ) -> SavedPokemon {
        let species = reader[offset]
        var stats: SavedStats?
        if party {
            stats = SavedStats(
                hp: reader.u16be(offset + 36), attack: reader.u16be(offset + 38), defense: reader.u16be(offset + 40),
                specialAttack: reader.u16be(offset + 44), specialDefense: reader.u16be(offset + 46), speed: reader.u16be(offset + 42)
            )
        }
        var saved = SavedPokemon(
            speciesIndex: species,
            isEgg: isEgg,
            unownLetter: species == unownSpecies ? unownLetter(reader, dvsAt: offset + 21) : nil,
            nickname: nickname,
            trainerName: otName,
            trainerID: UInt16(reader.u16be(offset + 6)),
            experience: reader.u24be(offset + 8),
            storedLevel: reader[offset + 31],
            ivs: GameBoyValues.dvs(reader, at: offset + 21),
            evs: GameBoyValues.statExperience(reader, at: offset + 11),
            moves: (0 ..< 4).map { reader[offset + 2 + $0] },
            ppUps: (0 ..< 4).map { reader[offset + 23 + $0] >> 6 },
            heldItem: reader[offset + 1],
            friendship: reader[offset + 27],
            pokerus: reader[offset + 28],
            partyStats: stats
        )
        // Both bytes 0: no caught data (Gold/Silver, or a Pokémon traded from them).
        let timeAndLevel = reader[offset + 29], genderAndLocation = reader[offset + 30]
        if caughtData, timeAndLevel != 0 || genderAndLocation != 0 {
            // Time of day as stored: 1 morning, 2 day, 3 night (`wTimeOfDay` + 1); 0 none.
            saved.metTimeOfDay = timeAndLevel >> 6
            saved.metLevel = timeAndLevel & 0x3F
            saved.metLocation = genderAndLocation & 0x7F
            saved.trainerFemale = genderAndLocation & 0x80 != 0
        }
        return saved
    }

    /// Unown's letter from its DVs (pret `GetUnownLetter`, `engine/gfx/load_pics.asm`): the
    /// middle two bits of the Attack, Defense, Speed and Special DVs, in that order, make a byte;
    /// divided by 10 it gives 0–25, A–Z. As PokeAPI's form names, `a`…`z`.
    static func unownLetter(_ reader: ByteReader, dvsAt offset: Int) -> String {
        let attackDefense = reader[offset], speedSpecial = reader[offset + 1]
        let value = (attackDefense & 0x60) << 1 | (attackDefense & 0x06) << 3 | (speedSpecial & 0x60) >> 3 | (speedSpecial & 0x06) >> 1
        let letter = min(value / 10, 25)
        return String(UnicodeScalar(UInt8(ascii: "a") + UInt8(letter)))
    }
}
