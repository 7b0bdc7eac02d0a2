import MydexModel
import MydexSaves
import MydexStore
import MydexText

/// A save's Pokémon's names in the reading language (`SaveFileService.names`).
public struct SaveNames: Sendable {
    public var species: [Int: String]
    public var forms: [Int: String]
    public var natures: [String: String]

    /// An entry's name: its form's where it has one ("Unown I"), else its species'.
    public func name(_ entry: SavedEntry) -> String {
        entry.formID.flatMap { forms[$0] } ?? species[entry.speciesID] ?? entry.species
    }
}

/// Why a file is not read as a game's file. Nothing is written.
public enum SaveFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Binary, but no layout mydex reads: its size and what it looked like.
    case notASave(size: Int, looked: String)
    /// A checksum that fails where the game would read, with no older copy to fall back to.
    case damaged(part: String, stored: Int, computed: Int)
    /// A release whose layout mydex does not read (Japanese, Korean): which.
    case unsupported(String)
    /// A species number the Pokédex has no Pokémon for: never a wrong Pokémon.
    case unknownSpecies(index: Int, generation: Int, place: String)

    public var description: String {
        switch self {
        case let .notASave(size, looked):
            tr("save.error.not-a-save", ["bytes": size, "looked": looked])
        case let .damaged(part, stored, computed):
            tr("save.error.damaged", ["part": part, "stored": Self.hex(stored), "computed": Self.hex(computed)])
        case let .unsupported(what):
            tr("save.error.unsupported", ["what": what])
        case let .unknownSpecies(index, generation, place):
            tr("save.error.unknown-species", ["index": index, "generation": generation, "place": place])
        }
    }

    public static func hex(_ value: Int) -> String { "0x" + String(value, radix: 16, uppercase: true) }
}

/// A game's save (generations 1–3) or Pokémon file (.pk1, .pk2, .pk3, .ck3, .xk3), recognized by its
/// content, read into PokeAPI's words with the catalog's tables for the game's numbers: the
/// species and form, the individual (level from the experience where the game does not store
/// it, gender, nature, ability and shininess derived as the game derives them), the origin and
/// what the game keeps beside it.
public struct SaveFileService: Sendable {
    let store: CollectionStore
    let clock: any MydexClock
    let pokedex: Pokedex

    public init(store: CollectionStore, clock: any MydexClock) {
        self.store = store
        self.clock = clock
        pokedex = Pokedex(store: store)
    }

    /// Adds what `plan` holds that is not here yet (its eggs only with `eggs`), in one
    /// transaction (or, with `dryRun`, says what would be added): one outcome a Pokémon, in the
    /// plan's order.
    public func merge(_ plan: SavePlan, eggs: Bool = false, dryRun: Bool) async throws -> [SavedOutcome] {
        try await store.importSaved(plan, eggs: eggs, dryRun: dryRun, at: clock.now())
    }

    /// A file read as the game wrote it, before the catalog names anything.
    enum Recognized {
        case save(GameSave)
        case pokemon(SavedPokemon, SaveGame)
    }

    /// What a save's Pokémon are called in the reading language: each species, each form
    /// ("Unown I") and each nature by identifier.
    public func names(_ plan: SavePlan) async throws -> SaveNames {
        let (species, forms) = try await pokedex.savedNames(
            speciesIDs: Set(plan.entries.map(\.speciesID)), formIDs: Set(plan.entries.compactMap(\.formID)))
        let natures = Dictionary(try await pokedex.natures().map { ($0.identifier, $0.name) }) { first, _ in first }
        return SaveNames(species: species, forms: forms, natures: natures)
    }

    /// Whether `bytes` are a binary file rather than text (`export`'s CSV and JSON are UTF-8
    /// without NUL bytes): a binary file is a game's file or no file `import` reads.
    public static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.contains(0) || String(validating: bytes, as: UTF8.self) == nil
    }

    /// The game's file in `bytes`; throws `SaveFileError`.
    public func read(_ bytes: [UInt8]) async throws -> SavePlan {
        let recognized = try Self.recognize(bytes)
        let (saved, game): ([(box: Int?, slot: Int?, pokemon: SavedPokemon)], SaveGame)
        var plan: SavePlan
        switch recognized {
        case let .save(save):
            saved = save.pokemon.map { ($0.slot.box, $0.slot.slot, $0.pokemon) }
            game = save.game
            plan = SavePlan(
                kind: .save, game: Self.versionGroup(save.game), generation: save.game.generation,
                trainerName: save.trainerName, trainerID: Self.trainerID(save.trainerID, save.secretID),
                sha256: SHA256.hex(bytes),
                fellBack: save.fellBack.map { SaveFallback(part: Self.partName($0.part), stored: $0.stored, computed: $0.computed) },
                entries: [])
        case let .pokemon(pokemon, fileGame):
            saved = [(nil, nil, pokemon)]
            game = fileGame
            plan = SavePlan(
                kind: .pokemonFile, game: pokemon.originGame.flatMap(Self.originVersion).flatMap(Self.versionGroupOfVersion),
                generation: fileGame.generation, trainerName: nil, trainerID: nil, sha256: SHA256.hex(bytes), fellBack: nil,
                entries: [])
        }
        let generation = game.generation
        var forms: Set<String> = ["deoxys-attack", "deoxys-defense", "deoxys-speed"]
        for item in saved { if let letter = item.pokemon.unownLetter { forms.insert("unown-" + letter) } }
        let facts = try await pokedex.saveFacts(
            generation: generation, speciesIndices: Set(saved.map(\.pokemon.speciesIndex)),
            moveIDs: Set(saved.flatMap(\.pokemon.moves)), itemIndices: Set(saved.flatMap { [$0.pokemon.heldItem] + ($0.pokemon.ball.map { [$0] } ?? []) }),
            locationIndices: Set(saved.compactMap(\.pokemon.metLocation)), formIdentifiers: forms)
        plan.entries = try saved.map { item in
            try Self.entry(item.pokemon, box: item.box, slot: item.slot, game: game, facts: facts)
        }
        return plan
    }

    /// The save or Pokémon file in `bytes`, by size and then by each reader's own checks.
    static func recognize(_ bytes: [UInt8]) throws(SaveFileError) -> Recognized {
        do throws(SaveReadError) {
            if let save = try Generation3Save.read(bytes) { return .save(save) }
            if let save = try Generation2Save.read(bytes) { return .save(save) }
            if let save = try Generation1Save.read(bytes) { return .save(save) }
            switch bytes.count {
            case Generation3Pokemon.boxSize, Generation3Pokemon.partySize:
                if let pokemon = Generation3Pokemon.read(bytes) { return .pokemon(pokemon, .generation3File) }
            case GameCubePokemon.colosseumSize, GameCubePokemon.xdSize:
                // Colosseum's and XD's .ck3/.xk3: generation 3 Pokémon in the GameCube games' layout.
                if let pokemon = GameCubePokemon.read(bytes) { return .pokemon(pokemon, .generation3File) }
            case Generation2Pokemon.fileSize, Generation2Pokemon.japaneseFileSize:
                if let pokemon = try Generation2Pokemon.readFile(bytes) { return .pokemon(pokemon, .generation2File) }
            case Generation1Pokemon.fileSize, Generation1Pokemon.japaneseFileSize:
                if let pokemon = try Generation1Pokemon.readFile(bytes) { return .pokemon(pokemon, .generation1File) }
            default: break
            }
        } catch {
            switch error {
            case let .damaged(damage): throw .damaged(part: partName(damage.part), stored: damage.stored, computed: damage.computed)
            case let .unsupported(release): throw .unsupported(releaseName(release))
            case let .notASave(size, looked): throw .notASave(size: size, looked: looked)
            }
        }
        throw .notASave(size: bytes.count, looked: looked(bytes.count))
    }

    /// A part of a save in the user's words.
    static func partName(_ part: SavePart) -> String {
        switch part {
        case .mainData: tr("save.part.main-data")
        case .mainDataAndBackup: tr("save.part.main-data-and-backup")
        case .party: tr("save.part.party")
        case let .box(box): tr("save.part.box", ["box": box])
        case let .section(section, slot): tr("save.part.section", ["section": section, "slot": slot])
        case let .missingSection(section, slot): tr("save.part.missing-section", ["section": section, "slot": slot])
        case .everySection: tr("save.part.every-section")
        }
    }

    /// A release mydex does not read, in the user's words.
    static func releaseName(_ release: SaveRelease) -> String {
        switch release {
        case .japaneseGeneration1Saves: tr("save.release.japanese-generation-1-saves")
        case .japaneseGeneration1Files: tr("save.release.japanese-pk1")
        case .japaneseGeneration2Files: tr("save.release.japanese-pk2")
        case .japaneseGoldSilverSaves: tr("save.release.japanese-gold-silver")
        case .japaneseCrystalSaves: tr("save.release.japanese-crystal")
        case .koreanGoldSilverSaves: tr("save.release.korean-gold-silver")
        }
    }

    /// What a file of `size` bytes was taken for, for the message that refuses it.
    static func looked(_ size: Int) -> String {
        switch size {
        case 0x8000 ..< 0x8000 + 0x100: tr("save.looked.game-boy")
        case 0x20000 ..< 0x20000 + 0x1000: tr("save.looked.game-boy-advance")
        case Generation3Pokemon.boxSize, Generation3Pokemon.partySize: tr("save.looked.pk3")
        case GameCubePokemon.colosseumSize, GameCubePokemon.xdSize: tr("save.looked.gamecube")
        case Generation2Pokemon.fileSize, Generation1Pokemon.fileSize: tr("save.looked.pk12")
        default: tr("save.looked.other")
        }
    }

    /// One Pokémon in PokeAPI's words.
    static func entry(_ saved: SavedPokemon, box: Int?, slot: Int?, game: SaveGame, facts: SaveFacts) throws(SaveFileError) -> SavedEntry {
        let generation = game.generation
        guard let species = facts.species[saved.speciesIndex] else {
            throw .unknownSpecies(index: saved.speciesIndex, generation: generation, place: SavedRecord.placeText(box: box, slot: slot))
        }
        var unknown: [String] = []
        let trainerID = trainerID(saved.trainerID, saved.secretID)
        let ivs = stats(saved.ivs), evs = stats(saved.evs)
        let level = saved.storedLevel ?? facts.level(experience: saved.experience, growthRate: species.growthRate)
        var (gender, nature, ability, isShiny): (Gender, String?, String?, Bool)
        if generation <= 2 {
            gender = GenderRule.classic(eighthsFemale: species.genderRate, dvs: ivs)
            (nature, ability) = (nil, nil)
            isShiny = ShinyRule.classic(dvs: ivs)
        } else {
            let personality = saved.personality ?? 0
            gender = GenderRule.modern(eighthsFemale: species.genderRate, byte: Int(personality & 0xFF))
            nature = facts.natures[Int(personality % 25)]
            ability = ((saved.abilityBit == 1 ? species.abilities[2] : nil) ?? species.abilities[1])?.name
            isShiny = ShinyRule.modern(personality: personality, trainerID: trainerID, generation: 3)
        }
        var moves: [String] = []
        for id in saved.moves where id != 0 {
            if let move = facts.moves[id] { moves.append(move) } else { unknown.append("move \(id)") }
        }
        var heldItem: String?
        if saved.heldItem != 0, generation >= 2 {
            heldItem = facts.items[saved.heldItem]
            if heldItem == nil { unknown.append("item \(saved.heldItem)") }
        }
        let individual = Individual(
            generation: generation, level: level, gender: gender, nature: nature, ability: ability, hiddenAbility: false,
            personality: generation >= 3 ? saved.personality : nil, ivs: ivs, evs: evs, moves: moves, heldItem: heldItem)
        var ball: String?
        if let index = saved.ball, index != 0 {
            ball = facts.items[index]
            if ball == nil { unknown.append("ball \(index)") }
        }
        var metLocation: String?
        // Orre's places (met in Colosseum or XD, origin 15) are not the GBA games' numbers.
        if let index = saved.metLocation, index != 0, saved.originGame != 15 {
            metLocation = facts.locations[index]
            if metLocation == nil { unknown.append("place \(index)") }
        }
        let origin = EntryOrigin(
            kind: .save, game: saved.originGame.flatMap(originVersion), ball: ball,
            trainer: saved.trainerName.isEmpty ? nil : saved.trainerName, trainerID: trainerID)
        let form = formIdentifier(saved, species: species, game: game)
        let nickname = saved.isEgg || saved.nickname.isEmpty || species.capitalNames.contains(saved.nickname.uppercased())
            ? nil : saved.nickname
        let identity = generation >= 3
            ? "3:\(saved.personality ?? 0):\(trainerID)"
            : "\(generation):\(trainerID):\(species.speciesID):\(saved.ivs.attack),\(saved.ivs.defense),\(saved.ivs.speed),\(saved.ivs.specialAttack):\(saved.experience)"
        return SavedEntry(
            box: box, slot: slot, speciesID: species.speciesID, formID: form.flatMap { facts.forms[$0] }, species: species.identifier,
            form: form, isShiny: isShiny, damaged: saved.damaged, nickname: nickname, individual: individual,
            origin: origin,
            details: SavedDetails(
                experience: saved.experience, friendship: saved.friendship, pokerus: saved.pokerus,
                ppUps: Array(saved.ppUps.prefix(saved.moves.filter { $0 != 0 }.count)), metLocation: metLocation,
                metLevel: saved.metLevel.flatMap { $0 == 0 ? nil : $0 }, isEgg: saved.isEgg),
            identity: identity,
            stats: (form.flatMap { facts.formBases[$0] } ?? species.basis).base.map {
                individual.stats(
                    base: $0, nature: nature.flatMap { facts.natureEffects[$0] } ?? .neutral, isShedinja: species.basis.isShedinja)
            },
            storedStats: saved.partyStats.map(stats), unknown: unknown)
    }

    /// A form other than the species' own: Unown's letter (but A, its own), and Deoxys as the
    /// game shows it (Emerald Speed; FireRed Attack and LeafGreen Defense, which a save of
    /// either cannot tell apart: the game it was met in decides, else its own Normal form).
    static func formIdentifier(_ saved: SavedPokemon, species: SaveFacts.SavedSpecies, game: SaveGame) -> String? {
        if let letter = saved.unownLetter, letter != "a", species.identifier == "unown" { return "unown-" + letter }
        guard species.identifier == "deoxys" else { return nil }
        switch game {
        case .emerald: return "deoxys-speed"
        case .fireRedLeafGreen, .generation3File:
            switch saved.originGame {
            case 4: return "deoxys-attack"
            case 5: return "deoxys-defense"
            default: return nil
            }
        default: return nil
        }
    }

    static func stats(_ values: SavedStats) -> StatValues {
        StatValues(
            hp: values.hp, attack: values.attack, defense: values.defense, specialAttack: values.specialAttack,
            specialDefense: values.specialDefense, speed: values.speed)
    }

    /// The OT ID as mydex keeps it: the secret ID in the upper 16 bits.
    static func trainerID(_ id: UInt16, _ secret: UInt16?) -> UInt32 { UInt32(secret ?? 0) << 16 | UInt32(id) }

    /// PokeAPI's version-group identifier of a save's game.
    static func versionGroup(_ game: SaveGame) -> String? {
        switch game {
        case .redBlue: "red-blue"
        case .yellow: "yellow"
        case .goldSilver: "gold-silver"
        case .crystal: "crystal"
        case .rubySapphire: "ruby-sapphire"
        case .emerald: "emerald"
        case .fireRedLeafGreen: "firered-leafgreen"
        case .generation1File, .generation2File, .generation3File: nil
        }
    }

    /// PokeAPI's version identifier of generation 3's game-of-origin byte (pret/pokefirered
    /// `include/constants/global.h`: VERSION_SAPPHIRE 1 … VERSION_LEAF_GREEN 5; 15 is
    /// Colosseum and XD alike, which no identifier tells apart).
    static func originVersion(_ byte: Int) -> String? {
        switch byte {
        case 1: "sapphire"
        case 2: "ruby"
        case 3: "emerald"
        case 4: "firered"
        case 5: "leafgreen"
        default: nil
        }
    }

    static func versionGroupOfVersion(_ version: String) -> String? {
        switch version {
        case "sapphire", "ruby": "ruby-sapphire"
        case "emerald": "emerald"
        case "firered", "leafgreen": "firered-leafgreen"
        default: nil
        }
    }
}
