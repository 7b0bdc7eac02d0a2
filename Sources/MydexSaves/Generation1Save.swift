/// A Red, Blue or Yellow save (international releases): 32 KiB of cartridge RAM in four 8 KiB
/// banks, as pret/pokered lays it out (`ram/sram.asm`, `engine/menus/save.asm`; Yellow keeps the
/// same places, pret/pokeyellow).
///
/// - Bank 1 (0x2000) holds the game (`sGameData`, 0x2598–0x3522): the player's name @0x2598, the
///   main data @0x25A3 (player ID @0x2605, current box number @0x284C, starter @0x29C3), the
///   sprite data, the party @0x2F2C and the current box @0x30C0, then the main checksum @0x3523:
///   the complement of the 8-bit sum of 0x2598–0x3522 (`CalcCheckSum`).
/// - Banks 2 and 3 (0x4000, 0x6000) hold boxes 1–6 and 7–12, 0x462 bytes each, then a checksum of
///   the six boxes and one a box. The game writes these when it changes boxes and never checks
///   them: only the main checksum decides whether it loads ("The file data is destroyed!").
///
/// The current box is the copy in bank 1 (`LoadCurrentBoxData`); its place in banks 2–3 was
/// emptied when the game moved it out (`CopyBoxToOrFromSRAM`). Until the player first changes
/// boxes (bit 7 of the box number), banks 2–3 are not set up, and the game empties them then.
public enum Generation1Save {
    static let size = 0x8000
    /// Emulators may append a footer (a real-time clock for the games that have one); the
    /// game's 32 KiB come first.
    static let sizes = size ... size + 0x40

    static let boxCount = 12
    static let boxCapacity = 20
    static let nameLength = 11
    static let boxLength = 1 + (boxCapacity + 1) + boxCapacity * (Generation1Pokemon.boxSize + 2 * nameLength)  // 0x462
    static let partyLength = 1 + 7 + 6 * (Generation1Pokemon.partySize + 2 * nameLength)  // 0x194

    static let checkedRange = 0x2598 ..< 0x3523
    static let checksum = 0x3523
    static let playerName = 0x2598
    static let playerID = 0x2605
    static let currentBoxNumber = 0x284C
    /// `wPlayerStarter`: Pikachu's index (0x54) in Yellow (`OaksLab.asm`); Bulbasaur, Charmander
    /// or Squirtle in Red and Blue.
    static let starter = 0x29C3
    static let pikachu = 0x54
    static let party = 0x2F2C
    static let currentBox = 0x30C0
    static let bankStarts = [0x4000, 0x6000]

    /// The Japanese layout (names of 6 bytes, 8 boxes of 30): its party, current box and main
    /// checksum, to tell one from a damaged international save (PKHeX's `SAV1Offsets.JPN`, facts
    /// only).
    static let japaneseCheckedRange = 0x2598 ..< 0x3594
    static let japaneseChecksum = 0x3594
    static let japaneseParty = 0x2ED5
    static let japaneseCurrentBox = 0x302D

    /// Reads a save. nil: not a generation 1 save (a size or content that does not fit);
    /// `.damaged`: one whose main checksum fails, as the game would refuse it; `.unsupported`: a
    /// Japanese one.
    ///
    /// Red and Blue share everything; Yellow is told by its starter, so a Yellow save made before
    /// Oak gives the player Pikachu reads as Red/Blue.
    public static func read(_ bytes: [UInt8]) throws(SaveReadError) -> GameSave? {
        guard sizes.contains(bytes.count) else { return nil }
        let reader = ByteReader(bytes)
        let checksumHolds = storedChecksum(reader) == computedChecksum(reader, checkedRange)
        let international = looksInternational(reader)
        if international, checksumHolds, !Generation2Save.hasValidCopy(bytes) {
            return try decode(reader)
        }
        if isJapanese(reader) { throw .unsupported(.japaneseGeneration1Saves) }
        // A generation 2 save, even a damaged one, is not a damaged generation 1 save.
        guard international, !Generation2Save.isMarked(bytes) else { return nil }
        throw .damaged(SaveDamage(part: .mainData, stored: storedChecksum(reader), computed: computedChecksum(reader, checkedRange)))
    }

    /// Whether the bytes are a generation 1 save with a main checksum that holds, international
    /// or Japanese (for the generation 2 reader, which must not call one damaged).
    static func hasValidChecksum(_ bytes: [UInt8]) -> Bool {
        guard sizes.contains(bytes.count) else { return false }
        let reader = ByteReader(bytes)
        return looksInternational(reader) && storedChecksum(reader) == computedChecksum(reader, checkedRange) || isJapanese(reader)
    }

    /// The international layout's lists where they belong, a box number the game can have and a
    /// player name that ends.
    private static func looksInternational(_ reader: ByteReader) -> Bool {
        isList(reader, at: party, capacity: 6) && isList(reader, at: currentBox, capacity: boxCapacity)
            && reader[currentBoxNumber] & 0x7F < boxCount
            && reader.slice(playerName, nameLength).contains(GameBoyText.terminator)
    }

    private static func isJapanese(_ reader: ByteReader) -> Bool {
        isList(reader, at: japaneseParty, capacity: 6) && isList(reader, at: japaneseCurrentBox, capacity: 30)
            && reader[japaneseChecksum] == computedChecksum(reader, japaneseCheckedRange)
    }

    private static func storedChecksum(_ reader: ByteReader) -> Int { reader[checksum] }

    /// `CalcCheckSum`: the 8-bit sum of the bytes, complemented.
    static func computedChecksum(_ reader: ByteReader, _ range: Range<Int>) -> Int {
        var sum = 0
        for offset in range { sum &+= reader[offset] }
        return ~sum & 0xFF
    }

    /// A species list as the games keep one: a count no larger than the capacity, then that many
    /// species and 0xFF.
    static func isList(_ reader: ByteReader, at offset: Int, capacity: Int) -> Bool {
        let count = reader[offset]
        return count <= capacity && reader[offset + 1 + count] == 0xFF
    }

    private static func decode(_ reader: ByteReader) throws(SaveReadError) -> GameSave {
        let boxNumber = reader[currentBoxNumber]
        let current = boxNumber & 0x7F
        let boxesSetUp = boxNumber & 0x80 != 0
        var boxes: [GameSave.Box] = []
        for index in 0 ..< boxCount {
            let slots: [SavedPokemon?]
            if index == current {
                slots = readList(reader, at: currentBox, capacity: boxCapacity, party: false)
            } else if boxesSetUp {
                let bank = bankStarts[index / 6], offset = bank + (index % 6) * boxLength
                guard isList(reader, at: offset, capacity: boxCapacity) else {
                    // The game does not check the bank's checksums, but a box the game could
                    // not have written is damaged: say so with them.
                    let stored = reader[bank + 6 * boxLength + 1 + index % 6]
                    let computed = computedChecksum(reader, offset ..< offset + boxLength)
                    throw .damaged(SaveDamage(part: .box(index + 1), stored: stored, computed: computed))
                }
                slots = readList(reader, at: offset, capacity: boxCapacity, party: false)
            } else {
                slots = Array(repeating: nil, count: boxCapacity)
            }
            boxes.append(GameSave.Box(name: nil, slots: slots))
        }
        return GameSave(
            game: reader[starter] == pikachu ? .yellow : .redBlue,
            trainerName: GameBoyText.decode(reader.slice(playerName, nameLength), generation: 1),
            trainerID: UInt16(reader.u16be(playerID)),
            boxes: boxes,
            party: readList(reader, at: party, capacity: 6, party: true).compactMap { $0 }
        )
    }

    /// A party or box list: count, species (capacity + 1), the structs, the OT names, the
    /// nicknames. One entry a slot, nil past the count.
    private static func readList(_ reader: ByteReader, at offset: Int, capacity: Int, party: Bool) -> [SavedPokemon?] {
        let count = reader[offset]
        let structSize = party ? Generation1Pokemon.partySize : Generation1Pokemon.boxSize
        let structs = offset + 1 + capacity + 1
        let otNames = structs + capacity * structSize
        let nicknames = otNames + capacity * nameLength
        return (0 ..< capacity).map { slot in
            guard slot < count else { return nil }
            return Generation1Pokemon.decode(
                reader, at: structs + slot * structSize, party: party,
                otName: GameBoyText.decode(reader.slice(otNames + slot * nameLength, nameLength), generation: 1),
                nickname: GameBoyText.decode(reader.slice(nicknames + slot * nameLength, nameLength), generation: 1)
            )
        }
    }
}
