/// A generation 3 Pokémon: the 80-byte `BoxPokemon` the games keep in boxes and the 100-byte
/// `Pokemon` of the party (pret/pokefirered `include/pokemon.h`, `src/pokemon.c`), and the .pk3
/// files tools write from them.
///
/// Layout: personality @0, OT ID @4 (trainer ID low half, secret ID high half), nickname[10] @8,
/// language @18, flags @19 (bit 0 bad egg, bit 1 has species, bit 2 is egg), OT name[7] @20,
/// markings @27, checksum @28, then 48 bytes: four 12-byte substructs (growth, attacks, EVs and
/// condition, miscellaneous), each 32-bit word XORed with `otId ^ personality` and the four put
/// in one of 24 orders chosen by `personality % 24`. The party adds status @80, level @84 and the
/// stats @86 (current HP, max HP, Attack, Defense, Speed, Sp. Atk, Sp. Def).
public enum Generation3Pokemon {
    public static let boxSize = 80
    public static let partySize = 100

    /// Reads a .pk3 file: 80 or 100 bytes, either as the cartridge stores them (encrypted, the
    /// substructs in the personality's order) or as PKHeX writes them (decrypted, substructs in
    /// the order growth, attacks, EVs, misc). The stored form is tried first; the form whose
    /// checksum matches wins. When both match (as when `otId ^ personality` is 0) the
    /// one holding a real species index wins. When neither matches, the file is still a Pokémon
    /// file: the reading whose species index is real (the stored form if both or neither are) is
    /// returned marked `damaged`, so the caller can say so instead of calling it "not a Pokémon".
    /// nil: a wrong size, or an empty slot (no species).
    public static func read(_ bytes: [UInt8]) -> SavedPokemon? {
        guard bytes.count == boxSize || bytes.count == partySize else { return nil }
        let stored = decode(bytes, encrypted: true)
        let plain = decode(bytes, encrypted: false)
        if let stored, !stored.damaged {
            if let plain, !plain.damaged, isRealSpecies(plain.speciesIndex), !isRealSpecies(stored.speciesIndex) {
                return plain
            }
            return stored
        }
        if let plain, !plain.damaged { return plain }
        // One reading is a well-formed empty slot (its checksum holds over a species of 0).
        guard let stored, let plain else { return nil }
        return isRealSpecies(plain.speciesIndex) && !isRealSpecies(stored.speciesIndex) ? plain : stored
    }

    /// Reads one slot as a save keeps it (encrypted and shuffled); nil for an empty slot.
    /// `gameIsJapanese`: the save's language, for the trainer name of an egg (see `decode`).
    static func readStored(_ bytes: [UInt8], gameIsJapanese: Bool) -> SavedPokemon? {
        decode(bytes, encrypted: true, gameIsJapanese: gameIsJapanese)
    }

    /// Whether a species index names a Pokémon in the generation 3 games: 1–251, then 277–411
    /// (252–276 are the placeholder "?" entries between the two generations; pret
    /// `include/constants/species.h`).
    static func isRealSpecies(_ index: Int) -> Bool {
        (1 ... 251).contains(index) || (277 ... 411).contains(index)
    }

    /// The position of each substruct (growth, attacks, EVs, misc) for `personality % 24`, from
    /// pret's `GetSubstruct` (pokefirered `src/pokemon.c`).
    static let substructPositions: [[Int]] = [
        [0, 1, 2, 3], [0, 1, 3, 2], [0, 2, 1, 3], [0, 3, 1, 2], [0, 2, 3, 1], [0, 3, 2, 1],
        [1, 0, 2, 3], [1, 0, 3, 2], [2, 0, 1, 3], [3, 0, 1, 2], [2, 0, 3, 1], [3, 0, 2, 1],
        [1, 2, 0, 3], [1, 3, 0, 2], [2, 1, 0, 3], [3, 1, 0, 2], [2, 3, 0, 1], [3, 2, 0, 1],
        [1, 2, 3, 0], [1, 3, 2, 0], [2, 1, 3, 0], [3, 1, 2, 0], [2, 3, 1, 0], [3, 2, 1, 0],
    ]

    /// Unown's letters in the order of `GET_UNOWN_LETTER` (pret `include/pokemon.h`), by
    /// PokeAPI's form names.
    static let unownLetters: [String] =
        "abcdefghijklmnopqrstuvwxyz".map { String($0) } + ["exclamation", "question"]

    /// Unown's letter from its personality value: two bits of each byte (pret/pokefirered
    /// `GET_UNOWN_LETTER`), 28 letters with ! and ?.
    static func unownLetter(personality: UInt32) -> String {
        let letter = (personality & 0x0300_0000) >> 18 | (personality & 0x0003_0000) >> 12
            | (personality & 0x0000_0300) >> 6 | (personality & 0x0000_0003)
        return unownLetters[Int(letter % 28)]
    }

    /// Unown's internal species index (the same as its National Pokédex number).
    static let unownIndex = 201

    /// The 48 secure bytes decrypted and in canonical order (growth, attacks, EVs, misc).
    static func secureData(_ bytes: [UInt8], encrypted: Bool) -> [UInt8] {
        let reader = ByteReader(bytes)
        let personality = reader.u32le(0)
        let key = encrypted ? personality ^ reader.u32le(4) : 0
        var plain = [UInt8](repeating: 0, count: 48)
        for word in 0 ..< 12 {
            let value = reader.u32le(32 + word * 4) ^ key
            for byte in 0 ..< 4 { plain[word * 4 + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(byte))) }
        }
        guard encrypted else { return plain }
        let positions = substructPositions[Int(personality % 24)]
        var ordered = [UInt8]()
        ordered.reserveCapacity(48)
        for position in positions { ordered += plain[position * 12 ..< position * 12 + 12] }
        return ordered
    }

    /// The 16-bit sum of the 24 decrypted words (`CalculateBoxMonChecksum`); the order does not
    /// change it.
    static func checksum(_ secure: [UInt8]) -> Int {
        let reader = ByteReader(secure)
        var sum = 0
        for word in 0 ..< 24 { sum = (sum + reader.u16le(word * 2)) & 0xFFFF }
        return sum
    }

    /// Decodes 80 or 100 bytes, the secure part encrypted or not. nil for an empty slot: the
    /// game's own test (`MON_DATA_SPECIES` is 0: the checksum holds, the bad-egg flag is off and
    /// the species is 0). A failed checksum, or the game's bad-egg flag, gives `damaged`.
    ///
    /// Text is decoded with the table of the Pokémon's language, except that an egg's language
    /// byte is always Japanese (the game writes "タマゴ" in Japanese; pret `src/daycare.c`) while
    /// its trainer name is in the game's own set: `gameIsJapanese` says which, or when nil (a
    /// lone file) the name is taken as Japanese only if it has a byte in the kana range.
    static func decode(_ bytes: [UInt8], encrypted: Bool, gameIsJapanese: Bool? = nil) -> SavedPokemon? {
        guard bytes.count >= boxSize else { return nil }
        let header = ByteReader(bytes)
        let secure = secureData(bytes, encrypted: encrypted)
        let data = ByteReader(secure)
        let storedChecksum = header.u16le(28)
        let flags = header[19]
        let badEgg = flags & 0x01 != 0
        let checksumHolds = checksum(secure) == storedChecksum
        let species = data.u16le(0)
        if checksumHolds && !badEgg && species == 0 { return nil }

        let personality = header.u32le(0)
        let otID = header.u32le(4)
        let language = header[18]
        // Growth (0), attacks (12), EVs and condition (24), misc (36).
        let ppBonuses = data[8]
        let origin = data.u16le(38)
        let ivWord = data.u32le(40)
        func iv(_ shift: UInt32) -> Int { Int((ivWord >> shift) & 0x1F) }
        let isEgg = ivWord >> 30 & 1 == 1
        let unownLetter = species == unownIndex ? Self.unownLetter(personality: personality) : nil
        let japanese = language == 1
        let trainerNameBytes = bytes[20 ..< 27].prefix { $0 != Generation3Text.terminator }
        let trainerJapanese = isEgg ? gameIsJapanese ?? trainerNameBytes.contains { (0x01 ... 0xA0).contains($0) } : japanese
        var pokemon = SavedPokemon(
            speciesIndex: species,
            isEgg: isEgg,
            unownLetter: unownLetter,
            nickname: Generation3Text.decode(bytes[8 ..< 18], japanese: japanese),
            // Generation 3 keeps no "nicknamed" flag (that came with generation 4); the
            // importer compares the name with the species' name.
            hasNickname: nil,
            trainerName: Generation3Text.decode(trainerNameBytes, japanese: trainerJapanese),
            trainerID: UInt16(truncatingIfNeeded: otID),
            secretID: UInt16(truncatingIfNeeded: otID >> 16),
            trainerFemale: origin >> 15 & 1 == 1,
            experience: Int(data.u32le(4)),
            ivs: SavedStats(hp: iv(0), attack: iv(5), defense: iv(10), specialAttack: iv(20), specialDefense: iv(25), speed: iv(15)),
            evs: SavedStats(
                hp: data[24], attack: data[25], defense: data[26], specialAttack: data[28], specialDefense: data[29],
                speed: data[27]),
            personality: personality,
            abilityBit: Int(ivWord >> 31 & 1),
            moves: [data.u16le(12), data.u16le(14), data.u16le(16), data.u16le(18)],
            ppUps: (0 ..< 4).map { ppBonuses >> (2 * $0) & 3 },
            heldItem: data.u16le(2),
            friendship: data[9],
            pokerus: data[36],
            metLocation: data[37],
            metLevel: origin & 0x7F,
            ball: origin >> 11 & 0xF,
            originGame: origin >> 7 & 0xF,
            language: language,
            damaged: !checksumHolds || badEgg
        )
        if bytes.count >= partySize {
            pokemon.storedLevel = header[84]
            pokemon.partyStats = SavedStats(
                hp: header.u16le(88), attack: header.u16le(90), defense: header.u16le(92),
                specialAttack: header.u16le(96), specialDefense: header.u16le(98), speed: header.u16le(94))
        }
        return pokemon
    }
}
