/// A Gold, Silver or Crystal save (international releases): 32 KiB of cartridge RAM in four
/// 8 KiB banks, as pret/pokegold and pret/pokecrystal lay it out (`ram/sram.asm`, `layout.link`,
/// `engine/menus/save.asm`), often followed by an emulator's copy of the cartridge's clock.
///
/// - Bank 1 (0x2000) starts with the game: options @0x2000, a check value (99) @0x2008, the game
///   data @0x2009 (player ID @0x2009, name @0x200B, current box number, box names, party…), its
///   checksum (the 16-bit sum of the game data's bytes, stored little-endian), a second check
///   value (127), then the active box. Gold/Silver: data 0x2009–0x2D68, checksum @0x2D69; Crystal:
///   data 0x2009–0x2B82, checksum @0x2D0D. That is how the two are told apart.
/// - A backup copy of the game data, with its own checksum: Crystal keeps it whole in bank 0
///   (0x1209–0x1D82, checksum @0x1F0D); Gold/Silver spread it over banks 0, 1 and 3 (checksum
///   @0x7E6D over the parts). The game loads the backup when the main checksum fails
///   (`TryLoadSaveFile`) and calls the file corrupted only when both fail.
/// - Banks 2 and 3 (0x4000, 0x6000) hold boxes 1–7 and 8–14, 0x450 bytes each, with no checksum.
///
/// The current box: the game copies it from its place in banks 2–3 into the active box when it
/// loads (`LoadBox`) and back when it saves (`SaveBox`). The active box can hold changes never
/// saved (a Pokémon caught after the last save, another box opened while moving Pokémon), which
/// the game drops when it loads; so every box, the current one too, is read from banks 2–3.
public enum Generation2Save {
    static let size = 0x8000
    /// Emulators append the clock (48 bytes for most, 44 for some); the game's 32 KiB come first.
    static let sizes = size ... size + 0x40

    static let boxCount = 14
    static let boxCapacity = 20
    static let nameLength = 11
    /// `BOX_NAME_LENGTH`: 8 characters and the terminator.
    static let boxNameLength = 9
    /// A box in banks 2–3: the list (count, species, structs, OT names, nicknames) and 2 bytes of
    /// padding (`BOX_LENGTH`, 0x450).
    static let boxLength = 1 + (boxCapacity + 1) + boxCapacity * (Generation2Pokemon.boxSize + 2 * nameLength) + 2
    static let bankStarts = [0x4000, 0x6000]
    static let boxesPerBank = 7

    static let checkValue1 = 99, checkValue2 = 127
    static let mainCheckValue1 = 0x2008
    static let playerID = 0x2009
    static let playerName = 0x200B

    /// Where one release keeps what is read.
    struct Layout: Sendable {
        /// A piece of the game data and where the backup keeps its copy.
        struct Part: Sendable {
            let main: Range<Int>
            let backup: Int
        }

        let game: SaveGame
        let mainRange: Range<Int>
        let mainChecksum: Int
        let mainCheckValue2: Int
        let backupParts: [Part]
        let backupChecksum: Int
        let backupCheckValue1: Int
        let backupCheckValue2: Int
        let currentBoxNumber: Int
        let boxNames: Int
        let party: Int
    }

    /// Gold and Silver. The backup is `sBackupPlayerData3`, `sBackupPokemonData` and
    /// `sBackupPlayerData1` in bank 0, `sBackupPlayerData2` in bank 1, `sBackupCurMapData` in
    /// bank 3 (pokegold `ram/sram.asm`); the checksum adds their sums (`SaveBackupChecksum`).
    static let goldSilver = Layout(
        game: .goldSilver, mainRange: 0x2009 ..< 0x2D69, mainChecksum: 0x2D69, mainCheckValue2: 0x2D6B,
        backupParts: [
            .init(main: 0x2009 ..< 0x222F, backup: 0x15C7),  // player data 1
            .init(main: 0x222F ..< 0x23D9, backup: 0x3D96),  // player data 2
            .init(main: 0x23D9 ..< 0x2856, backup: 0x0C6B),  // player data 3
            .init(main: 0x2856 ..< 0x288A, backup: 0x7E39),  // current map data
            .init(main: 0x288A ..< 0x2D69, backup: 0x10E8),  // Pokémon data (party, Pokédex, day care)
        ],
        backupChecksum: 0x7E6D, backupCheckValue1: 0x7E38, backupCheckValue2: 0x7E6F,
        currentBoxNumber: 0x2724, boxNames: 0x2727, party: 0x288A
    )

    /// Crystal: the backup is one copy in bank 0 (`sBackupGameData`, pokecrystal `ram/sram.asm`).
    static let crystal = Layout(
        game: .crystal, mainRange: 0x2009 ..< 0x2B83, mainChecksum: 0x2D0D, mainCheckValue2: 0x2D0F,
        backupParts: [.init(main: 0x2009 ..< 0x2B83, backup: 0x1209)],
        backupChecksum: 0x1F0D, backupCheckValue1: 0x1208, backupCheckValue2: 0x1F0F,
        currentBoxNumber: 0x2700, boxNames: 0x2703, party: 0x2865
    )

    static let layouts = [goldSilver, crystal]

    /// The releases not read, by where their main checksum sits and what it covers (the
    /// Japanese games' names are 6 bytes and their boxes hold 30; the Korean Gold and Silver move
    /// everything): to refuse them by name instead of misreading them. Places from PKHeX's and
    /// libpokemegb's offset tables (facts only); Japanese Crystal's range is given two ways there,
    /// so both are tried.
    static let otherReleases: [(name: SaveRelease, range: Range<Int>, checksum: Int)] = [
        (.japaneseGoldSilverSaves, 0x2009 ..< 0x2C8C, 0x2D0D),
        (.japaneseCrystalSaves, 0x2009 ..< 0x2AE3, 0x2D0D),
        (.japaneseCrystalSaves, 0x2009 ..< 0x2B3B, 0x2D0D),
        (.koreanGoldSilverSaves, 0x2009 ..< 0x2DAB, 0x2DAB),
    ]

    /// Reads a save. nil: not a generation 2 save; `.damaged`: one whose main data and backup
    /// both fail their checksums, as the game would refuse it; `.unsupported`: a Japanese or
    /// Korean one. When only the main data fails, the backup is read, as the game does, and
    /// `fellBack` says so.
    public static func read(_ bytes: [UInt8]) throws(SaveReadError) -> GameSave? {
        // Japanese Crystal has 64 KiB (its mobile banks); only to name it.
        if bytes.count >= 0x10000, bytes.count <= 0x10040 {
            if let other = otherRelease(ByteReader(bytes)) { throw .unsupported(other) }
            return nil
        }
        guard sizes.contains(bytes.count) else { return nil }
        let reader = ByteReader(bytes)
        for layout in layouts where exists(reader, layout) {
            let main = mainChecksums(reader, layout)
            if main.stored == main.computed { return try decode(bytes, layout, fromBackup: false, fellBack: nil) }
            let backup = backupChecksums(reader, layout)
            if backup.stored == backup.computed {
                let damage = SaveDamage(part: .mainData, stored: main.stored, computed: main.computed)
                return try decode(bytes, layout, fromBackup: true, fellBack: damage)
            }
        }
        if let other = otherRelease(reader) { throw .unsupported(other) }
        guard !Generation1Save.hasValidChecksum(bytes), let layout = layouts.first(where: { exists(reader, $0) }) else { return nil }
        let main = mainChecksums(reader, layout)
        throw .damaged(SaveDamage(part: .mainDataAndBackup, stored: main.stored, computed: main.computed))
    }

    /// Whether the bytes hold a generation 2 save whose main data or backup checksum holds, of
    /// any release (for the generation 1 reader, which must not call one damaged).
    static func hasValidCopy(_ bytes: [UInt8]) -> Bool {
        guard sizes.contains(bytes.count) else { return false }
        let reader = ByteReader(bytes)
        for layout in layouts where exists(reader, layout) {
            let main = mainChecksums(reader, layout), backup = backupChecksums(reader, layout)
            if main.stored == main.computed || backup.stored == backup.computed { return true }
        }
        return otherRelease(reader) != nil
    }

    /// Whether the bytes carry a generation 2 save's check values (international) or a valid
    /// Japanese or Korean one, damaged or not (for the generation 1 reader).
    static func isMarked(_ bytes: [UInt8]) -> Bool {
        guard sizes.contains(bytes.count) else { return false }
        let reader = ByteReader(bytes)
        return layouts.contains { exists(reader, $0) } || otherRelease(reader) != nil
    }

    /// Whether a save of this layout is there: the check values of the main data or of the
    /// backup (`CheckPrimarySaveFile`, `CheckBackupSaveFile`: without them the game starts anew).
    private static func exists(_ reader: ByteReader, _ layout: Layout) -> Bool {
        (reader[mainCheckValue1] == checkValue1 && reader[layout.mainCheckValue2] == checkValue2)
            || (reader[layout.backupCheckValue1] == checkValue1 && reader[layout.backupCheckValue2] == checkValue2)
    }

    private static func otherRelease(_ reader: ByteReader) -> SaveRelease? {
        for other in otherReleases
        where reader[mainCheckValue1] == checkValue1 && reader[other.checksum + 2] == checkValue2
            && reader.u16le(other.checksum) == sum(reader, other.range) {
            return other.name
        }
        return nil
    }

    /// `Checksum`: the 16-bit sum of the bytes.
    static func sum(_ reader: ByteReader, _ range: Range<Int>) -> Int {
        var total = 0
        for offset in range { total &+= reader[offset] }
        return total & 0xFFFF
    }

    private static func mainChecksums(_ reader: ByteReader, _ layout: Layout) -> (stored: Int, computed: Int) {
        (reader.u16le(layout.mainChecksum), sum(reader, layout.mainRange))
    }

    private static func backupChecksums(_ reader: ByteReader, _ layout: Layout) -> (stored: Int, computed: Int) {
        var total = 0
        for part in layout.backupParts { total += sum(reader, part.backup ..< part.backup + part.main.count) }
        return (reader.u16le(layout.backupChecksum), total & 0xFFFF)
    }

    private static func decode(_ bytes: [UInt8], _ layout: Layout, fromBackup: Bool, fellBack: SaveDamage?) throws(SaveReadError) -> GameSave {
        // Read the backup where the main data would be, so that one reading serves both.
        var image = bytes
        if fromBackup {
            for part in layout.backupParts {
                image.replaceSubrange(part.main, with: bytes[part.backup ..< part.backup + part.main.count])
            }
        }
        let reader = ByteReader(image)
        let crystal = layout.game == .crystal
        guard Generation1Save.isList(reader, at: layout.party, capacity: 6) else {
            throw .damaged(listDamage(reader, at: layout.party, capacity: 6, part: .party))
        }
        var boxes: [GameSave.Box] = []
        for index in 0 ..< boxCount {
            let offset = bankStarts[index / boxesPerBank] + (index % boxesPerBank) * boxLength
            // No checksum covers the boxes; a list the game could not have written is damage.
            guard Generation1Save.isList(reader, at: offset, capacity: boxCapacity) else {
                throw .damaged(listDamage(reader, at: offset, capacity: boxCapacity, part: .box(index + 1)))
            }
            let name = GameBoyText.decode(reader.slice(layout.boxNames + index * boxNameLength, boxNameLength), generation: 2)
            boxes.append(GameSave.Box(name: name, slots: readList(reader, at: offset, capacity: boxCapacity, party: false, crystal: crystal)))
        }
        return GameSave(
            game: layout.game,
            trainerName: GameBoyText.decode(reader.slice(playerName, nameLength), generation: 2),
            trainerID: UInt16(reader.u16be(playerID)),
            boxes: boxes,
            party: readList(reader, at: layout.party, capacity: 6, party: true, crystal: crystal).compactMap { $0 },
            fellBack: fellBack
        )
    }

    /// A list whose count does not fit: the count it keeps against the species it holds before
    /// its end mark.
    private static func listDamage(_ reader: ByteReader, at offset: Int, capacity: Int, part: SavePart) -> SaveDamage {
        let listed = (0 ... capacity).first { reader[offset + 1 + $0] == 0xFF } ?? capacity + 1
        return SaveDamage(part: part, stored: reader[offset], computed: listed)
    }

    /// A party or box list: count, species (capacity + 1; 0xFD for an egg), the structs, the OT
    /// names, the nicknames. One entry a slot, nil past the count.
    private static func readList(_ reader: ByteReader, at offset: Int, capacity: Int, party: Bool, crystal: Bool) -> [SavedPokemon?] {
        let count = reader[offset]
        let structSize = party ? Generation2Pokemon.partySize : Generation2Pokemon.boxSize
        let structs = offset + 1 + capacity + 1
        let otNames = structs + capacity * structSize
        let nicknames = otNames + capacity * nameLength
        return (0 ..< capacity).map { slot in
            guard slot < count else { return nil }
            return Generation2Pokemon.decode(
                reader, at: structs + slot * structSize, party: party,
                isEgg: reader[offset + 1 + slot] == Generation2Pokemon.eggMark, caughtData: crystal,
                otName: GameBoyText.decode(reader.slice(otNames + slot * nameLength, nameLength), generation: 2),
                nickname: GameBoyText.decode(reader.slice(nicknames + slot * nameLength, nameLength), generation: 2)
            )
        }
    }
}
