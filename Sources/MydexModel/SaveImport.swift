import MydexText

/// One Pokémon read from a game's save or Pokémon file, in PokeAPI's words: what `import`
/// lists in a dry run and adds as an entry.
public struct SavedEntry: Sendable, Equatable {
    /// Where it sits in the save: a box (1-based) or the party (nil), and its slot (1-based);
    /// both nil for a single Pokémon file.
    public var box: Int?
    public var slot: Int?
    public var speciesID: Int
    /// Its form where it is not the species' own (Unown's letter, Deoxys by game).
    public var formID: Int?
    /// PokeAPI's identifiers of its species and form.
    public var species: String
    public var form: String?
    public var isShiny: Bool
    /// Its own checksum failed: listed, never imported.
    public var damaged: Bool
    /// Its nickname, nil where it is called by its species' name (or is an egg).
    public var nickname: String?
    public var individual: Individual
    /// `.save`, the game it was met in where the game keeps it (generation 3), its ball, its
    /// original trainer's name and ID (secret ID in the upper 16 bits).
    public var origin: EntryOrigin
    public var details: SavedDetails
    /// What makes it the same Pokémon in a later save of the game: generation 3 its
    /// personality value and OT ID; generations 1–2 its OT ID, species, DVs and experience.
    public var identity: String
    /// Its stats by mydex's formulas, and those the game stored for it (party Pokémon).
    public var stats: StatValues?
    public var storedStats: StatValues?
    /// The game's numbers mydex found no PokeAPI counterpart for ("item 300"): kept out, said.
    public var unknown: [String]

    public init(
        box: Int?, slot: Int?, speciesID: Int, formID: Int?, species: String, form: String?, isShiny: Bool,
        damaged: Bool, nickname: String?, individual: Individual, origin: EntryOrigin, details: SavedDetails,
        identity: String, stats: StatValues?, storedStats: StatValues?, unknown: [String]
    ) {
        self.box = box
        self.slot = slot
        self.speciesID = speciesID
        self.formID = formID
        self.species = species
        self.form = form
        self.isShiny = isShiny
        self.damaged = damaged
        self.nickname = nickname
        self.individual = individual
        self.origin = origin
        self.details = details
        self.identity = identity
        self.stats = stats
        self.storedStats = storedStats
        self.unknown = unknown
    }

    public var isEgg: Bool { details.isEgg }
}

/// What a game keeps for a Pokémon beyond its individual.
public struct SavedDetails: Sendable, Equatable, Hashable, Codable {
    public var experience: Int
    public var friendship: Int?
    /// The game's Pokérus byte: strain (high four bits) and days left (low four); 0 never had it.
    public var pokerus: Int?
    /// PP Ups applied to each move (0–3), in the moves' order.
    public var ppUps: [Int]
    /// PokeAPI's identifier of the place it was met (generation 2 Crystal, generation 3).
    public var metLocation: String?
    public var metLevel: Int?
    /// Not hatched yet: the game keeps an egg as the Pokémon it will be, its friendship the
    /// egg cycles left. Imported only when asked (`import --eggs`); not in the Pokédex's counts.
    public var isEgg: Bool

    public init(
        experience: Int, friendship: Int?, pokerus: Int?, ppUps: [Int], metLocation: String?, metLevel: Int?,
        isEgg: Bool = false
    ) {
        self.experience = experience
        self.friendship = friendship
        self.pokerus = pokerus
        self.ppUps = ppUps
        self.metLocation = metLocation
        self.metLevel = metLevel
        self.isEgg = isEgg
    }

    enum CodingKeys: String, CodingKey {
        case experience, friendship, pokerus, ppUps, metLocation, metLevel
        case isEgg = "egg"
    }

    /// `egg` is absent from what mydex wrote before it imported eggs: none were.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        experience = try container.decode(Int.self, forKey: .experience)
        friendship = try container.decodeIfPresent(Int.self, forKey: .friendship)
        pokerus = try container.decodeIfPresent(Int.self, forKey: .pokerus)
        ppUps = try container.decodeIfPresent([Int].self, forKey: .ppUps) ?? []
        metLocation = try container.decodeIfPresent(String.self, forKey: .metLocation)
        metLevel = try container.decodeIfPresent(Int.self, forKey: .metLevel)
        isEgg = try container.decodeIfPresent(Bool.self, forKey: .isEgg) ?? false
    }
}

/// A game's file read whole: where it comes from and every Pokémon in it.
public struct SavePlan: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A whole save: boxes and party.
        case save
        /// One Pokémon (.pk1, .pk2, .pk3).
        case pokemonFile = "pokemon-file"
    }

    public var kind: Kind
    /// The save's game as far as its bytes tell: PokeAPI's version-group identifier
    /// (`firered-leafgreen`), nil for a Pokémon file whose game is not in it.
    public var game: String?
    public var generation: Int
    /// The save's trainer (the player); nil for a Pokémon file.
    public var trainerName: String?
    public var trainerID: UInt32?
    /// The file's SHA-256 in hexadecimal.
    public var sha256: String
    /// Set when the save's newest copy is damaged and the older one was read, as the game does.
    public var fellBack: SaveFallback?
    public var entries: [SavedEntry]

    public init(
        kind: Kind, game: String?, generation: Int, trainerName: String?, trainerID: UInt32?, sha256: String,
        fellBack: SaveFallback?, entries: [SavedEntry]
    ) {
        self.kind = kind
        self.game = game
        self.generation = generation
        self.trainerName = trainerName
        self.trainerID = trainerID
        self.sha256 = sha256
        self.fellBack = fellBack
        self.entries = entries
    }
}

/// The part of a save whose checksum failed, with what it stores and what its data gives.
public struct SaveFallback: Sendable, Equatable {
    public var part: String
    public var stored: Int
    public var computed: Int

    public init(part: String, stored: Int, computed: Int) {
        self.part = part
        self.stored = stored
        self.computed = computed
    }
}

/// What importing did (or in a dry run would do) with one Pokémon of a game's file.
public struct SavedOutcome: Sendable, Equatable {
    public enum Action: String, Sendable {
        case imported
        case wouldImport = "would-import"
        /// The same Pokémon (by `SavedEntry.identity`) is in the collection already.
        case alreadyHere = "already-here"
        /// An egg: recognized, not imported (without `--eggs`).
        case egg
        /// An egg here already that has hatched in this file: the entry is the Pokémon now.
        case hatched
        /// Its own checksum failed: listed, not imported.
        case damaged
    }

    public var action: Action
    /// The new entry's id, or the one already here.
    public var id: Int64?

    public init(action: Action, id: Int64? = nil) {
        self.action = action
        self.id = id
    }
}

/// What an entry read from a game's file keeps of it (schema 10): what the game kept beside the
/// individual, where in which file it was, and what makes it the same Pokémon in a later save.
/// In JSON one flat object: the details' fields, then `game`, `box`, `slot`, `sha256`, `identity`.
public struct SavedRecord: Sendable, Equatable, Hashable, Codable {
    public var details: SavedDetails
    /// The save's game (PokeAPI's version group), nil for a single Pokémon file.
    public var game: String?
    /// Its box (nil: the party, or a single file) and slot there.
    public var box: Int?
    public var slot: Int?
    /// The file's SHA-256.
    public var sha256: String
    public var identity: String

    public init(details: SavedDetails, game: String?, box: Int?, slot: Int?, sha256: String, identity: String) {
        self.details = details
        self.game = game
        self.box = box
        self.slot = slot
        self.sha256 = sha256
        self.identity = identity
    }

    enum CodingKeys: String, CodingKey { case game, box, slot, sha256, identity }

    public init(from decoder: any Decoder) throws {
        details = try SavedDetails(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        game = try container.decodeIfPresent(String.self, forKey: .game)
        box = try container.decodeIfPresent(Int.self, forKey: .box)
        slot = try container.decodeIfPresent(Int.self, forKey: .slot)
        sha256 = try container.decode(String.self, forKey: .sha256)
        identity = try container.decode(String.self, forKey: .identity)
    }

    public func encode(to encoder: any Encoder) throws {
        try details.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(game, forKey: .game)
        try container.encodeIfPresent(box, forKey: .box)
        try container.encodeIfPresent(slot, forKey: .slot)
        try container.encode(sha256, forKey: .sha256)
        try container.encode(identity, forKey: .identity)
    }
}

extension SavedRecord {
    /// Where a Pokémon sat in a game's file, in the reading language: "box 3, slot 12", "party,
    /// slot 1", or "the file" for a single Pokémon file (neither).
    public static func placeText(box: Int?, slot: Int?) -> String {
        box.map { tr("save.place.box", ["box": $0, "slot": slot ?? 0]) } ?? slot.map { tr("save.place.party", ["slot": $0]) }
            ?? tr("save.place.file")
    }
}
