/// What a game's save or Pokémon file holds, as the game keeps it: the game's own numbers
/// (species by the game's internal index, items, moves and places by the game's numbers) and
/// its text decoded from the game's character set. The catalog maps the numbers to PokeAPI's
/// identifiers (`SaveImport` in the services); this module reads bytes and nothing else.

/// The generation and family of games a file comes from, as far as its bytes tell.
public enum SaveGame: String, Sendable, Equatable, Codable {
    /// Red, Blue (international): the same layout; Yellow is told apart only by its Pikachu.
    case redBlue = "red-blue"
    case yellow
    case goldSilver = "gold-silver"
    case crystal
    case rubySapphire = "ruby-sapphire"
    case emerald
    case fireRedLeafGreen = "firered-leafgreen"
    /// A single Pokémon file, whose game is not in it (generation 3: its origin byte says).
    case generation1File = "gen1-file", generation2File = "gen2-file", generation3File = "gen3-file"

    public var generation: Int {
        switch self {
        case .redBlue, .yellow, .generation1File: 1
        case .goldSilver, .crystal, .generation2File: 2
        case .rubySapphire, .emerald, .fireRedLeafGreen, .generation3File: 3
        }
    }
}

/// The six stats in PokeAPI's order (HP, Attack, Defense, Sp. Atk, Sp. Def, Speed). Generations
/// 1–2 give their Special in both special stats.
public struct SavedStats: Sendable, Equatable, Codable {
    public var hp, attack, defense, specialAttack, specialDefense, speed: Int

    public init(hp: Int, attack: Int, defense: Int, specialAttack: Int, specialDefense: Int, speed: Int) {
        (self.hp, self.attack, self.defense) = (hp, attack, defense)
        (self.specialAttack, self.specialDefense, self.speed) = (specialAttack, specialDefense, speed)
    }

    public var array: [Int] { [hp, attack, defense, specialAttack, specialDefense, speed] }
}

/// One Pokémon as its game stores it.
public struct SavedPokemon: Sendable, Equatable {
    /// The game's internal species index (generation 1: Rhydon is 1; generation 3: Treecko is
    /// 277); generation 2's is the National Pokédex number.
    public var speciesIndex: Int
    public var isEgg: Bool
    /// Unown's letter (`a`…`z`, `exclamation`, `question`: PokeAPI's form names), from the DVs
    /// (generation 2) or the personality value (generation 3); nil for every other species.
    public var unownLetter: String?
    public var nickname: String
    /// Whether the game shows the species' name, not a nickname (generation 3 keeps a flag;
    /// earlier ones: the nickname equals the species' name in capitals, which the importer checks).
    public var hasNickname: Bool?
    public var trainerName: String
    public var trainerID: UInt16
    /// Generation 3's secret ID (the upper half of its OT ID); nil before.
    public var secretID: UInt16?
    /// Generation 3: the trainer's gender (true: female); generation 2 Crystal keeps it for the
    /// player only.
    public var trainerFemale: Bool?
    public var experience: Int
    /// The level the game stores (generations 1–2 in the box and party, 3 in the party); nil where
    /// it is computed from the experience.
    public var storedLevel: Int?
    /// DVs (generations 1–2: 0–15, Special in both special stats, HP from the others) or IVs.
    public var ivs: SavedStats
    /// Stat experience (generations 1–2, 0–65535; Special in both) or EVs.
    public var evs: SavedStats
    public var personality: UInt32?
    /// Generation 3: which of the species' two abilities (0 or 1).
    public var abilityBit: Int?
    /// Move ids (the same numbers as PokeAPI's in generations 1–3), 0 for none; and PP ups.
    public var moves: [Int]
    public var ppUps: [Int]
    /// The game's item index, 0 for none.
    public var heldItem: Int
    public var friendship: Int?
    /// The Pokérus byte (strain in the high half, days left in the low half).
    public var pokerus: Int?
    /// Where the game keeps them (generation 2 Crystal's caught data, generation 3).
    public var metLocation: Int?
    public var metLevel: Int?
    public var metTimeOfDay: Int?
    /// Generation 3's ball, by its item index (1 Master Ball … 12 Premier Ball).
    public var ball: Int?
    /// Generation 3's game of origin byte (1 Sapphire, 2 Ruby, 3 Emerald, 4 FireRed, 5
    /// LeafGreen, 15 Colosseum/XD).
    public var originGame: Int?
    /// Generation 3's language byte (1 Japanese, 2 English, 3 French, 4 Italian, 5 German, 7 Spanish).
    public var language: Int?
    /// The stats a party Pokémon carries (HP, Attack, Defense, Sp. Atk, Sp. Def, Speed), as the
    /// game computed them; nil in a box.
    public var partyStats: SavedStats?
    /// Generation 3: the Pokémon's own checksum did not match (it is listed as damaged).
    public var damaged: Bool
    /// Generation 1's catch rate byte (box struct @7), which generation 2 reads as the held item
    /// when the Pokémon comes through the Time Capsule; nil in later generations.
    public var catchRate: Int?

    public init(
        speciesIndex: Int, isEgg: Bool = false, unownLetter: String? = nil, nickname: String = "", hasNickname: Bool? = nil,
        trainerName: String = "", trainerID: UInt16 = 0, secretID: UInt16? = nil, trainerFemale: Bool? = nil,
        experience: Int = 0, storedLevel: Int? = nil,
        ivs: SavedStats = SavedStats(hp: 0, attack: 0, defense: 0, specialAttack: 0, specialDefense: 0, speed: 0),
        evs: SavedStats = SavedStats(hp: 0, attack: 0, defense: 0, specialAttack: 0, specialDefense: 0, speed: 0),
        personality: UInt32? = nil, abilityBit: Int? = nil, moves: [Int] = [], ppUps: [Int] = [], heldItem: Int = 0,
        friendship: Int? = nil, pokerus: Int? = nil, metLocation: Int? = nil, metLevel: Int? = nil, metTimeOfDay: Int? = nil,
        ball: Int? = nil, originGame: Int? = nil, language: Int? = nil, partyStats: SavedStats? = nil, damaged: Bool = false,
        catchRate: Int? = nil
    ) {
        self.speciesIndex = speciesIndex
        self.isEgg = isEgg
        self.unownLetter = unownLetter
        self.nickname = nickname
        self.hasNickname = hasNickname
        self.trainerName = trainerName
        self.trainerID = trainerID
        self.secretID = secretID
        self.trainerFemale = trainerFemale
        self.experience = experience
        self.storedLevel = storedLevel
        self.ivs = ivs
        self.evs = evs
        self.personality = personality
        self.abilityBit = abilityBit
        self.moves = moves
        self.ppUps = ppUps
        self.heldItem = heldItem
        self.friendship = friendship
        self.pokerus = pokerus
        self.metLocation = metLocation
        self.metLevel = metLevel
        self.metTimeOfDay = metTimeOfDay
        self.ball = ball
        self.originGame = originGame
        self.language = language
        self.partyStats = partyStats
        self.damaged = damaged
        self.catchRate = catchRate
    }
}

/// Where a Pokémon sits in a save: a box (1-based) or the party, and its slot (1-based).
public struct SaveSlot: Sendable, Equatable, Hashable {
    public var box: Int?
    public var slot: Int

    public init(box: Int?, slot: Int) {
        self.box = box
        self.slot = slot
    }
}

/// A whole save as read: the trainer, every box (with its name where the game names boxes)
/// and the party, and what the reader had to say (a slot fallen back to).
public struct GameSave: Sendable, Equatable {
    public struct Box: Sendable, Equatable {
        public var name: String?
        /// One entry a slot, nil where the slot is empty (generation 3 boxes keep empty slots).
        public var slots: [SavedPokemon?]

        public init(name: String?, slots: [SavedPokemon?]) {
            self.name = name
            self.slots = slots
        }
    }

    public var game: SaveGame
    public var trainerName: String
    public var trainerID: UInt16
    public var secretID: UInt16?
    public var boxes: [Box]
    public var party: [SavedPokemon]
    /// Generation 3: the save slot was the older one, because the newer one is damaged (the
    /// section and its checksums), as the game itself falls back.
    public var fellBack: SaveDamage?

    public init(
        game: SaveGame, trainerName: String, trainerID: UInt16, secretID: UInt16? = nil, boxes: [Box], party: [SavedPokemon],
        fellBack: SaveDamage? = nil
    ) {
        self.game = game
        self.trainerName = trainerName
        self.trainerID = trainerID
        self.secretID = secretID
        self.boxes = boxes
        self.party = party
        self.fellBack = fellBack
    }

    /// Every Pokémon with where it sits: the party first, then the boxes in order.
    public var pokemon: [(slot: SaveSlot, pokemon: SavedPokemon)] {
        var all = party.enumerated().map { (SaveSlot(box: nil, slot: $0.offset + 1), $0.element) }
        for (boxIndex, box) in boxes.enumerated() {
            for (slotIndex, saved) in box.slots.enumerated() {
                if let saved { all.append((SaveSlot(box: boxIndex + 1, slot: slotIndex + 1), saved)) }
            }
        }
        return all
    }
}

/// The part of a save a checksum covers, for the message that names it.
public enum SavePart: Sendable, Equatable, Hashable {
    /// Generations 1–2: the data the main checksum covers (trainer, party, current box).
    case mainData
    /// Generation 2: the main data and its backup copy both.
    case mainDataAndBackup
    case party
    /// A box (1-based) whose list is malformed.
    case box(Int)
    /// Generation 3: a section (0–13) of a save slot (1 or 2), damaged or missing.
    case section(Int, slot: Int)
    case missingSection(Int, slot: Int)
    /// Generation 3: no section of either slot holds.
    case everySection
}

/// A release whose layout mydex does not read, refused by name rather than misread.
public enum SaveRelease: Sendable, Equatable {
    case japaneseGeneration1Saves, japaneseGeneration1Files, japaneseGeneration2Files
    case japaneseGoldSilverSaves, japaneseCrystalSaves, koreanGoldSilverSaves
}

/// A checksum that does not match: which part of the file, what it holds and what the data gives.
public struct SaveDamage: Sendable, Equatable {
    public var part: SavePart
    public var stored: Int
    public var computed: Int

    public init(part: SavePart, stored: Int, computed: Int) {
        self.part = part
        self.stored = stored
        self.computed = computed
    }
}

/// Why a file is not read.
public enum SaveReadError: Error, Sendable, Equatable {
    /// Not a layout mydex knows: what it looked like (its size, what was checked).
    case notASave(size: Int, looked: String)
    /// A checksum that fails where the game would read (no older slot to fall back to).
    case damaged(SaveDamage)
    /// A release mydex cannot read yet (Japanese or Korean layouts): which.
    case unsupported(SaveRelease)
}

/// A file's bytes, read little- or big-endian at an offset; reads past the end give 0 (callers
/// check the size first).
struct ByteReader {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    subscript(_ offset: Int) -> Int { offset >= 0 && offset < bytes.count ? Int(bytes[offset]) : 0 }

    func u16le(_ offset: Int) -> Int { self[offset] | self[offset + 1] << 8 }
    func u16be(_ offset: Int) -> Int { self[offset] << 8 | self[offset + 1] }
    func u24be(_ offset: Int) -> Int { self[offset] << 16 | self[offset + 1] << 8 | self[offset + 2] }
    func u32le(_ offset: Int) -> UInt32 { UInt32(u16le(offset)) | UInt32(u16le(offset + 2)) << 16 }
    func u32be(_ offset: Int) -> UInt32 { UInt32(u16be(offset)) << 16 | UInt32(u16be(offset + 2)) }
    func slice(_ offset: Int, _ count: Int) -> [UInt8] {
        guard offset >= 0, offset + count <= bytes.count else { return [] }
        return Array(bytes[offset ..< offset + count])
    }
}
