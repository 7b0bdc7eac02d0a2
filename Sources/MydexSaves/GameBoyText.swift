/// The character set of the international (English, French, German, Italian, Spanish) Game Boy
/// games, as pret's charmaps list it: pokered `constants/charmap.asm` for generation 1 and
/// pokecrystal `constants/charmap.asm` for generation 2. Names are stored one byte a character
/// and end at 0x50 (`@`); the games also leave 0x00 after some names, which ends them too. A
/// byte the table does not know becomes U+FFFD, so a damaged name shows as damaged instead of
/// stopping the read.
///
/// The two generations share letters, digits and most symbols, and differ in 0xBA–0xBF,
/// 0xC0–0xC5, 0xD0–0xD6 and 0xE4–0xEB (the contractions `'d`, `'l`… moved, and generation 2 added
/// the German umlauts, `&`, `é` at a new place and arrows). Japanese releases use another table
/// (kana at 0x80–0xFF); their saves are refused before any text is read.
enum GameBoyText {
    /// The terminator (pret's `@`).
    static let terminator: UInt8 = 0x50

    /// Decodes a name field up to its terminator (or its end).
    static func decode(_ bytes: some Sequence<UInt8>, generation: Int) -> String {
        let table = generation == 1 ? generation1Table : generation2Table
        var text = ""
        for byte in bytes {
            if byte == terminator || byte == 0x00 { break }
            text += table[Int(byte)]
        }
        return text
    }

    /// What both generations share: the letters, digits, the space and the symbols at the
    /// same places in both charmaps, and the words some codes print (`<PK>`, `<MN>` and the
    /// trainer-class codes, which in-game trades use as the original trainer's name).
    private static let sharedTable: [String] = {
        var table = [String](repeating: "\u{FFFD}", count: 256)
        fill(&table, from: 0x80, with: "ABCDEFGHIJKLMNOPQRSTUVWXYZ():;[]")
        fill(&table, from: 0xA0, with: "abcdefghijklmnopqrstuvwxyz")
        fill(&table, from: 0xF6, with: "0123456789")
        let symbols: [(UInt8, String)] = [
            (0x54, "POKé"), (0x5B, "PC"), (0x5C, "TM"), (0x5D, "TRAINER"), (0x5E, "ROCKET"),
            (0x72, "“"), (0x73, "”"), (0x74, "·"), (0x75, "…"), (0x7F, " "),
            (0xE0, "'"), (0xE1, "ᴾᴷ"), (0xE2, "ᴹᴺ"), (0xE3, "-"), (0xE6, "?"), (0xE7, "!"), (0xE8, "."),
            (0xEC, "▷"), (0xED, "▶"), (0xEE, "▼"), (0xEF, "♂"), (0xF0, "¥"), (0xF1, "×"), (0xF2, "."),
            (0xF3, "/"), (0xF4, ","), (0xF5, "♀"),
        ]
        for (byte, text) in symbols { table[Int(byte)] = text }
        return table
    }()

    /// Generation 1 (pokered): quotes 0x70–0x71, `é` and the contractions at 0xBA–0xBF, `'r` and
    /// `'m` at 0xE4–0xE5.
    static let generation1Table: [String] = {
        var table = sharedTable
        let own: [(UInt8, String)] = [
            (0x70, "‘"), (0x71, "’"),
            (0xBA, "é"), (0xBB, "'d"), (0xBC, "'l"), (0xBD, "'s"), (0xBE, "'t"), (0xBF, "'v"),
            (0xE4, "'r"), (0xE5, "'m"),
        ]
        for (byte, text) in own { table[Int(byte)] = text }
        return table
    }()

    /// Generation 2 (pokecrystal): the umlauts at 0xC0–0xC5, the contractions at 0xD0–0xD6,
    /// arrows, `&` and `é` at 0xE9–0xEA.
    static let generation2Table: [String] = {
        var table = sharedTable
        fill(&table, from: 0xC0, with: "ÄÖÜäöü")
        let own: [(UInt8, String)] = [
            (0xD0, "'d"), (0xD1, "'l"), (0xD2, "'m"), (0xD3, "'r"), (0xD4, "'s"), (0xD5, "'t"), (0xD6, "'v"),
            (0xDF, "←"), (0xE9, "&"), (0xEA, "é"), (0xEB, "→"),
        ]
        for (byte, text) in own { table[Int(byte)] = text }
        return table
    }()

    private static func fill(_ table: inout [String], from start: Int, with characters: String) {
        for (offset, character) in characters.enumerated() { table[start + offset] = String(character) }
    }
}
