/// Game Freak's generation 3 character set, as pret's `charmap.txt` (pokeemerald, pokefirered,
/// pokeruby) lists it. Names are stored one byte a character and end at 0xFF; a byte the table
/// does not know becomes U+FFFD, so a damaged name shows as damaged instead of stopping the read.
enum Generation3Text {
    /// The terminator (pret's `EOS`, written `$` in the charmap).
    static let terminator: UInt8 = 0xFF

    /// Decodes a name field up to its terminator (or its end). Japanese games give the bytes
    /// below 0xA1 to kana, so the table follows the language the text was written in.
    static func decode(_ bytes: some Sequence<UInt8>, japanese: Bool = false) -> String {
        let table = japanese ? japaneseTable : internationalTable
        var text = ""
        for byte in bytes {
            if byte == terminator { break }
            text += table[Int(byte)]
        }
        return text
    }

    /// The international (English, French, German, Italian, Spanish) table.
    static let internationalTable: [String] = {
        var table = [String](repeating: "\u{FFFD}", count: 256)
        table[0x00] = " "
        // Accented capitals and small letters (0x0A, 0x18 and 0x1F are not in the charmap).
        let accented: [(UInt8, String)] = [
            (0x01, "À"), (0x02, "Á"), (0x03, "Â"), (0x04, "Ç"), (0x05, "È"), (0x06, "É"), (0x07, "Ê"), (0x08, "Ë"),
            (0x09, "Ì"), (0x0B, "Î"), (0x0C, "Ï"), (0x0D, "Ò"), (0x0E, "Ó"), (0x0F, "Ô"), (0x10, "Œ"), (0x11, "Ù"),
            (0x12, "Ú"), (0x13, "Û"), (0x14, "Ñ"), (0x15, "ß"), (0x16, "à"), (0x17, "á"), (0x19, "ç"), (0x1A, "è"),
            (0x1B, "é"), (0x1C, "ê"), (0x1D, "ë"), (0x1E, "ì"), (0x20, "î"), (0x21, "ï"), (0x22, "ò"), (0x23, "ó"),
            (0x24, "ô"), (0x25, "œ"), (0x26, "ù"), (0x27, "ú"), (0x28, "û"), (0x29, "ñ"), (0x2A, "º"), (0x2B, "ª"),
            (0x2C, "ᵉʳ"), (0x2D, "&"), (0x2E, "+"), (0x34, "ᴸᵛ"), (0x35, "="), (0x36, ";"),
            (0x51, "¿"), (0x52, "¡"), (0x53, "ᴾᴷ"), (0x54, "ᴹᴺ"), (0x5A, "Í"), (0x5B, "%"), (0x5C, "("), (0x5D, ")"),
            (0x68, "â"), (0x6F, "í"), (0x79, "↑"), (0x7A, "↓"), (0x7B, "←"), (0x7C, "→"), (0x84, "ᵉ"), (0x85, "<"),
            (0x86, ">"), (0xA0, "ʳᵉ"),
        ]
        for (byte, text) in accented { table[Int(byte)] = text }
        fill(&table, from: 0xA1, with: "0123456789")
        let punctuation: [(UInt8, String)] = [
            (0xAB, "!"), (0xAC, "?"), (0xAD, "."), (0xAE, "-"), (0xAF, "·"), (0xB0, "…"), (0xB1, "“"), (0xB2, "”"),
            (0xB3, "‘"), (0xB4, "’"), (0xB5, "♂"), (0xB6, "♀"), (0xB7, "¥"), (0xB8, ","), (0xB9, "×"), (0xBA, "/"),
            (0xEF, "▶"), (0xF0, ":"), (0xF1, "Ä"), (0xF2, "Ö"), (0xF3, "Ü"), (0xF4, "ä"), (0xF5, "ö"), (0xF6, "ü"),
        ]
        for (byte, text) in punctuation { table[Int(byte)] = text }
        fill(&table, from: 0xBB, with: "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        fill(&table, from: 0xD5, with: "abcdefghijklmnopqrstuvwxyz")
        return table
    }()

    /// The Japanese table: the charmap's hiragana (0x01–0x50), katakana (0x51–0xA0) and Japanese
    /// punctuation; digits, Latin letters and the symbols the charmap shares keep their places.
    static let japaneseTable: [String] = {
        var table = internationalTable
        for byte in 0x01 ... 0xA0 { table[byte] = "\u{FFFD}" }
        table[0x00] = "\u{3000}"
        fill(&table, from: 0x01, with: "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん")
        fill(&table, from: 0x2F, with: "ぁぃぅぇぉゃゅょがぎぐげござじずぜぞだぢづでどばびぶべぼぱぴぷぺぽっ")
        fill(&table, from: 0x51, with: "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン")
        fill(&table, from: 0x7F, with: "ァィゥェォャュョガギグゲゴザジズゼゾダヂヅデドバビブベボパピプペポッ")
        table[0xAB] = "！"
        table[0xAC] = "？"
        table[0xAD] = "。"
        table[0xAE] = "ー"
        table[0xB0] = "‥"
        return table
    }()

    private static func fill(_ table: inout [String], from start: Int, with characters: String) {
        for (offset, character) in characters.enumerated() where start + offset < table.count {
            table[start + offset] = String(character)
        }
    }
}
