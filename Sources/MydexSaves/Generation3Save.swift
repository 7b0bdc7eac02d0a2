/// A generation 3 (Game Boy Advance) save: Ruby and Sapphire, Emerald, FireRed and LeafGreen.
///
/// The 128 KiB flash holds 32 sectors of 4 KiB (pret/pokefirered `include/save.h`, `src/save.c`):
/// two save slots of 14 sectors (0–13, 14–27) that the game writes in turn, then the Hall of
/// Fame and Trainer Tower. Each sector holds 3,968 bytes of data and, at 0xFF4, a footer: u16
/// section id, u16 checksum, u32 signature 0x08012025, u32 save counter. The sections rotate
/// inside a slot, so they are found by id: 0 is SaveBlock2 (the trainer), 1–4 SaveBlock1 (the
/// party in section 1), 5–13 the Pokémon storage (boxes).
public enum Generation3Save {
    static let flashSize = 0x20000
    /// What an emulator may append (a 16-byte footer is common); larger files are something else.
    static let largestTrailer = 0x1000
    static let sectorSize = 0x1000
    static let sectorDataSize = 0xF80
    static let sectionsPerSlot = 14
    static let signature: UInt32 = 0x0801_2025
    /// The sections mydex reads: SaveBlock2, the first part of SaveBlock1 (the party) and storage.
    static let sectionsRead = [0, 1] + Array(5 ... 13)

    static let boxCount = 14
    static let slotsPerBox = 30
    /// `struct PokemonStorage` (pret `include/pokemon_storage_system.h`): u8 currentBox, padded
    /// to 4, then 14 × 30 × 80 bytes of BoxPokemon, then 14 names of 9 bytes, 14 wallpapers.
    static let boxesOffset = 4
    static let boxNamesOffset = 4 + 14 * 30 * 80
    static let boxNameSize = 9

    /// The three layouts. They differ in the sizes of SaveBlock2 and SaveBlock1 (so in the
    /// amount of data the checksums of sections 0 and 4 cover) and in where the party sits.
    enum Layout: CaseIterable {
        case rubySapphire, emerald, fireRedLeafGreen

        var game: SaveGame {
            switch self {
            case .rubySapphire: .rubySapphire
            case .emerald: .emerald
            case .fireRedLeafGreen: .fireRedLeafGreen
            }
        }

        /// `sizeof(struct SaveBlock2)`: pokeruby 0x890 (`src/crt0.s` header), pokeemerald 0xF2C,
        /// pokefirered 0xF24 (`include/global.h`).
        var saveBlock2Size: Int {
            switch self {
            case .rubySapphire: 0x890
            case .emerald: 0xF2C
            case .fireRedLeafGreen: 0xF24
            }
        }

        /// `sizeof(struct SaveBlock1)`: pokeruby 0x3AC0 (`src/crt0.s`), pokeemerald 0x3D88,
        /// pokefirered 0x3D68 (`include/global.h`).
        var saveBlock1Size: Int {
            switch self {
            case .rubySapphire: 0x3AC0
            case .emerald: 0x3D88
            case .fireRedLeafGreen: 0x3D68
            }
        }

        /// SaveBlock1's `playerPartyCount`; the six 100-byte `Pokemon` follow 4 bytes later.
        var partyCountOffset: Int { self == .fireRedLeafGreen ? 0x34 : 0x234 }
        var partyOffset: Int { partyCountOffset + 4 }

        /// The bytes each section's checksum covers (`SAVEBLOCK_CHUNK` in `src/save.c`: each
        /// block cut into 3,968-byte pieces). PokemonStorage is 0x83D0 bytes in all three games.
        var sectionSizes: [Int] {
            let piece = Generation3Save.sectorDataSize
            func chunk(_ size: Int, _ index: Int) -> Int { max(0, min(size - index * piece, piece)) }
            let storage = Generation3Save.boxNamesOffset + 14 * Generation3Save.boxNameSize + 14
            return [saveBlock2Size] + (0 ..< 4).map { chunk(saveBlock1Size, $0) } + (0 ..< 9).map { chunk(storage, $0) }
        }
    }

    /// One sector's footer.
    struct Sector {
        let start: Int
        let id: Int
        let storedChecksum: Int
        let counter: UInt32
    }

    /// What one save slot holds, for one layout's section sizes.
    struct Slot {
        let number: Int
        /// The sectors with the signature and an id 0–13, in the slot's physical order.
        let sectors: [Sector]
        /// The counter the slot was written with. The game takes the counter of the last sector
        /// whose checksum holds; a slot's sectors are all written with one, so the highest is
        /// the same and also dates a slot whose checksums fail.
        var counter: UInt32 { sectors.map(\.counter).max() ?? 0 }
        /// For each section id, the sector the game would copy: the last one whose checksum holds.
        var valid: [Int: Sector] = [:]
        /// For each section id that has no such sector: why.
        var damage: [Int: SaveDamage] = [:]

        init(number: Int, sectors: [Sector], bytes: [UInt8], sizes: [Int]) {
            self.number = number
            self.sectors = sectors
            for sector in sectors {
                let computed = Generation3Save.checksum(bytes, from: sector.start, size: sizes[sector.id])
                if computed == sector.storedChecksum {
                    valid[sector.id] = sector
                    damage[sector.id] = nil
                } else if valid[sector.id] == nil {
                    damage[sector.id] = SaveDamage(
                        part: .section(sector.id, slot: number), stored: sector.storedChecksum, computed: computed)
                }
            }
            for id in 0 ..< Generation3Save.sectionsPerSlot where valid[id] == nil && damage[id] == nil {
                // No sector carries this section at all: nothing stored, nothing to compute.
                damage[id] = SaveDamage(part: .missingSection(id, slot: number), stored: 0, computed: 0)
            }
        }

        var isWhole: Bool { damage.isEmpty }
        func holds(_ ids: [Int]) -> Bool { ids.allSatisfy { valid[$0] != nil } }
        /// The first damaged section among `ids`, by id.
        func firstDamage(among ids: [Int] = Array(0 ..< 14)) -> SaveDamage? {
            ids.lazy.compactMap { damage[$0] }.first
        }
    }

    /// Reads a generation 3 save: 128 KiB, optionally followed by an emulator's footer. nil when
    /// the bytes are not one (no sector of either slot has the signature), so another reader can
    /// try. Throws `.damaged` when no slot holds the sections mydex reads with their checksums.
    public static func read(_ bytes: [UInt8]) throws(SaveReadError) -> GameSave? {
        guard bytes.count >= flashSize, bytes.count <= flashSize + largestTrailer else { return nil }
        let reader = ByteReader(bytes)
        var slotSectors: [[Sector]] = [[], []]
        for index in 0 ..< 2 * sectionsPerSlot {
            let start = index * sectorSize
            let id = reader.u16le(start + 0xFF4)
            guard reader.u32le(start + 0xFF8) == signature, id < sectionsPerSlot else { continue }
            slotSectors[index / sectionsPerSlot].append(
                Sector(start: start, id: id, storedChecksum: reader.u16le(start + 0xFF6), counter: reader.u32le(start + 0xFFC)))
        }
        guard slotSectors.contains(where: { !$0.isEmpty }) else { return nil }

        let layout = detectLayout(bytes, slotSectors)
        let sizes = layout.sectionSizes
        let slots = (0 ..< 2).filter { !slotSectors[$0].isEmpty }.map {
            Slot(number: $0 + 1, sectors: slotSectors[$0], bytes: bytes, sizes: sizes)
        }
        let (slot, fellBack) = try choose(slots)
        return readSlot(slot, bytes: bytes, layout: layout, fellBack: fellBack)
    }

    /// The u32 sum of a section's words, folded to 16 bits (`CalculateChecksum`, `src/save.c`).
    static func checksum(_ bytes: [UInt8], from start: Int, size: Int) -> Int {
        let reader = ByteReader(bytes)
        var sum: UInt32 = 0
        for word in 0 ..< size / 4 { sum &+= reader.u32le(start + word * 4) }
        return Int(((sum >> 16) &+ sum) & 0xFFFF)
    }

    /// Whether slot `a` was written after slot `b`. The game compares the counters, except that
    /// a counter that wrapped from 0xFFFFFFFF to 0 is the newer (`GetSaveValidStatus`); on a tie
    /// it takes slot 1.
    static func isNewer(_ a: Slot, than b: Slot) -> Bool {
        if a.counter == 0 && b.counter == .max { return true }
        if a.counter == .max && b.counter == 0 { return false }
        if a.counter != b.counter { return a.counter > b.counter }
        return a.number < b.number
    }

    /// The slot to read, as the game picks it: the newer whole slot, else the older whole one
    /// (noting why). The game gives up when neither is whole; mydex still reads a slot whose
    /// damage lies only in sections it does not read (the newer first), and throws otherwise.
    static func choose(_ slots: [Slot]) throws(SaveReadError) -> (Slot, SaveDamage?) {
        let ordered = slots.count == 2 && isNewer(slots[1], than: slots[0]) ? [slots[1], slots[0]] : slots
        guard let newest = ordered.first else {
            throw .damaged(SaveDamage(part: .everySection, stored: 0, computed: 0))
        }
        let older = ordered.count > 1 ? ordered[1] : nil
        if newest.isWhole { return (newest, nil) }
        if let older, older.isWhole { return (older, newest.firstDamage()) }
        if newest.holds(sectionsRead) { return (newest, nil) }
        if let older, older.holds(sectionsRead) { return (older, newest.firstDamage(among: sectionsRead)) }
        throw .damaged(newest.firstDamage(among: sectionsRead) ?? SaveDamage(part: .everySection, stored: 0, computed: 0))
    }

    /// Tells the three games apart. SaveBlock2's u32 at 0xAC is 1 in FireRed and LeafGreen
    /// (`unkFlag1`, set at a new game), Emerald's random `encryptionKey`, and in Ruby and Sapphire
    /// the first bytes of the player's Battle Tower record name (0 only until it is filled), so it is
    /// not enough alone. What settles it is which game's section sizes make the checksums of
    /// sections 0 and 4 hold: the game clears a sector before writing, so a smaller game's sizes
    /// fail where a larger block has data past them (FireRed's map view, Emerald's Lilycove lady
    /// and Walda's phrase, set at a new game) and a larger game's sizes hold for a smaller one.
    static func detectLayout(_ bytes: [UInt8], _ slotSectors: [[Sector]]) -> Layout {
        let reader = ByteReader(bytes)
        func holds(_ layout: Layout, hint: UInt32? = nil) -> Bool {
            let sizes = layout.sectionSizes
            return slotSectors.contains { sectors in
                [0, 4].allSatisfy { id in
                    sectors.contains { sector in
                        sector.id == id && checksum(bytes, from: sector.start, size: sizes[id]) == sector.storedChecksum
                            && (id != 0 || hint == nil || reader.u32le(sector.start + 0xAC) == hint)
                    }
                }
            }
        }
        if holds(.fireRedLeafGreen, hint: 1) { return .fireRedLeafGreen }
        if holds(.rubySapphire) { return .rubySapphire }
        if holds(.emerald) { return .emerald }
        if holds(.fireRedLeafGreen) { return .fireRedLeafGreen }
        // Nothing holds: go by the marker, so the damage is reported against the likely game.
        let firstBlock = slotSectors.joined().first { $0.id == 0 }
        switch firstBlock.map({ reader.u32le($0.start + 0xAC) }) {
        case 1?: return .fireRedLeafGreen
        case 0?: return .rubySapphire
        default: return .emerald
        }
    }

    /// A section's data as the game would copy it (only the bytes its checksum covers).
    static func sectionData(_ slot: Slot, _ id: Int, bytes: [UInt8], sizes: [Int]) -> [UInt8] {
        guard let sector = slot.valid[id] else { return [UInt8](repeating: 0, count: sizes[id]) }
        return Array(bytes[sector.start ..< sector.start + sizes[id]])
    }

    static func readSlot(_ slot: Slot, bytes: [UInt8], layout: Layout, fellBack: SaveDamage?) -> GameSave {
        let sizes = layout.sectionSizes
        let block2 = ByteReader(sectionData(slot, 0, bytes: bytes, sizes: sizes))
        let block1 = ByteReader(sectionData(slot, 1, bytes: bytes, sizes: sizes))
        let storage = ByteReader((5 ... 13).flatMap { sectionData(slot, $0, bytes: bytes, sizes: sizes) })

        let nameBytes = Array(block2.slice(0, 7).prefix { $0 != Generation3Text.terminator })
        let trainerID = UInt16(block2.u16le(0x0A))
        let secretID = UInt16(block2.u16le(0x0C))
        let partyCount = min(block1[layout.partyCountOffset], 6)
        let partyBytes = (0 ..< partyCount).map { block1.slice(layout.partyOffset + $0 * 100, 100) }
        let boxBytes = (0 ..< boxCount).map { box in
            (0 ..< slotsPerBox).map { storage.slice(boxesOffset + (box * slotsPerBox + $0) * 80, 80) }
        }
        let boxNameBytes = (0 ..< boxCount).map { storage.slice(boxNamesOffset + $0 * boxNameSize, boxNameSize) }

        func decodeAll(japanese: Bool) -> (party: [SavedPokemon], boxes: [[SavedPokemon?]]) {
            (partyBytes.compactMap { Generation3Pokemon.readStored($0, gameIsJapanese: japanese) },
             boxBytes.map { $0.map { Generation3Pokemon.readStored($0, gameIsJapanese: japanese) } })
        }
        var decoded = decodeAll(japanese: false)
        let japanese = isJapanese(
            nameBytes: nameBytes, trainerID: trainerID, secretID: secretID,
            pokemon: decoded.party + decoded.boxes.joined().compactMap { $0 })
        if japanese { decoded = decodeAll(japanese: true) }

        let boxes = (0 ..< boxCount).map { box in
            GameSave.Box(name: Generation3Text.decode(boxNameBytes[box], japanese: japanese), slots: decoded.boxes[box])
        }
        return GameSave(
            game: layout.game, trainerName: Generation3Text.decode(nameBytes, japanese: japanese), trainerID: trainerID,
            secretID: secretID, boxes: boxes, party: decoded.party, fellBack: fellBack)
    }

    /// Whether the save is a Japanese game's. Generation 3 keeps one layout for every language,
    /// and nothing in the save names its language; the player's own Pokémon carry it (those
    /// with the player's IDs and name; eggs always say Japanese, so they do not count). With none
    /// of those, a name in kana with no Latin letter is taken as Japanese; a Latin name reads
    /// the same in both tables.
    static func isJapanese(nameBytes: [UInt8], trainerID: UInt16, secretID: UInt16, pokemon: [SavedPokemon]) -> Bool {
        let own = pokemon.filter {
            !$0.isEgg && !$0.damaged && $0.trainerID == trainerID && $0.secretID == secretID
                && $0.trainerName == Generation3Text.decode(nameBytes, japanese: $0.language == 1)
        }
        if !own.isEmpty { return own.filter { $0.language == 1 }.count * 2 > own.count }
        let hasKana = nameBytes.contains { (0x01 ... 0xA0).contains($0) }
        let hasLatin = nameBytes.contains { (0xBB ... 0xEE).contains($0) }
        return hasKana && !hasLatin
    }
}
