import CMydexCatalog
import Foundation
import GRDB
import MydexText
import Synchronization
import MydexModel

/// The built-in Pokédex as a SQLite image: species, their names (with search keys), genus and
/// Pokédex text in every language, their types, type names, the type chart, games, moves and
/// learnsets. It is compiled into mydex as its pages, each compressed (`catalog-1.pages`, `catalog-2.pages`), and
/// attached to every connection as the schema `catalog` through a read-only VFS that inflates
/// a page when SQLite reads it: nothing is decoded up front, mydex only reads it, and no user
/// database or backup ever contains it.
public struct Catalog: Sendable {
    /// Where the image's bytes are: memory that outlives every connection (an address rather
    /// than a pointer, so that the value is Sendable). mydex never writes to the catalog.
    let address: UInt
    let count: Int
    /// The database inflated whole, where this SQLite cannot attach through the VFS (it reads
    /// no URI filenames): made once per image, on first use.
    private let inflated = InflatedImage()

    /// The catalog compiled into this binary.
    public static let embedded = Catalog(bytes: UnsafeRawBufferPointer(
        start: UnsafeRawPointer(mydex_catalog_bytes()), count: mydex_catalog_length()))

    /// An image in memory, paged (as the generator writes `catalog-N.pages`, one after the other) or a plain SQLite
    /// database (`PokedexGenerator --database`), e.g. one a test just built. It is never freed: images are
    /// few and connections may outlive any owner.
    public init(image: Data) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(image.count, 1), alignment: 16)
        image.copyBytes(to: memory)
        self.init(bytes: UnsafeRawBufferPointer(start: memory.baseAddress, count: image.count))
    }

    init(bytes: UnsafeRawBufferPointer) {
        address = UInt(bitPattern: bytes.baseAddress)
        count = bytes.count
    }

    /// PokeAPI data replaces the catalog's for species at or above this number too; below it are
    /// the species proper, from it the alternate forms (`PokemonForm.firstFormID`).
    public static let firstFormID = PokemonForm.firstFormID

    static let schemaName = "catalog"

    /// Attaches the image to `db` as `catalog`, then defines the `pokedex_*` views that merge it
    /// with the species fetched from PokeAPI (those replace the built-in rows of the same number).
    package func attach(to db: Database) throws {
        try attachImage(to: db)
        // `learnset_levels`, which queries of learnsets use (CMydexCatalog: in C for speed).
        let code = mydex_catalog_add_functions(UnsafeMutableRawPointer(db.sqliteConnection))
        guard code == 0 else { throw CatalogError.unreadable(detail: tr("catalog.error.sqlite", ["code": String(code)])) }
        try db.execute(sql: CatalogSchema.views)
    }

    /// Attaches the image alone, without the views (which need a collection's tables).
    private func attachImage(to db: Database) throws {
        let bytes = UnsafePointer<UInt8>(bitPattern: address)
        if mydex_catalog_is_paged(bytes, count) != 0 {
            if mydex_catalog_register_vfs() != 0 {
                let name = "file:mydex-catalog-\(String(address, radix: 16))-\(String(count, radix: 16))?vfs=mydex-catalog&immutable=1"
                do {
                    try db.execute(sql: "ATTACH DATABASE ? AS \(Self.schemaName)", arguments: [name])
                } catch let error as DatabaseError {
                    // A page that does not inflate reads as a corrupt database.
                    throw CatalogError.unreadable(detail: tr("catalog.error.sqlite", ["code": String(error.extendedResultCode.rawValue)]))
                }
            } else {
                // SQLITE_CORRUPT: the image is damaged.
                guard let whole = inflated.database(address: address, count: count) else {
                    throw CatalogError.unreadable(detail: tr("catalog.error.sqlite", ["code": "11"]))
                }
                try deserialize(whole.address, whole.count, into: db)
            }
        } else {
            try deserialize(address, count, into: db)
        }
        // The header says whether this is the catalog at all, before any view is built on it.
        let format = try? String.fetchOne(db, sql: "SELECT value FROM catalog.info WHERE key = 'format'")
        guard format == CatalogSchema.format else {
            throw CatalogError.unreadable(detail: format.map {
                tr("catalog.error.format", ["format": $0, "expected": CatalogSchema.format])
            } ?? tr("catalog.error.no-format", ["expected": CatalogSchema.format]))
        }
    }

    /// A plain SQLite image in writable memory, used in place.
    private func deserialize(_ address: UInt, _ count: Int, into db: Database) throws {
        try db.execute(sql: "ATTACH DATABASE ':memory:' AS \(Self.schemaName)")
        let image = UnsafeMutablePointer<UInt8>(bitPattern: address)
        let code = mydex_catalog_deserialize(UnsafeMutableRawPointer(db.sqliteConnection), Self.schemaName, image, count)
        guard code == 0 else { throw CatalogError.unreadable(detail: tr("catalog.error.sqlite", ["code": String(code)])) }
    }

    /// A paged image of `database`, as the generator writes `catalog-N.pages`: 4 KiB pages
    /// (SQLite's), each deflated alone but those of the tables and indexes most commands read
    /// (`CatalogSchema.plainTables`), kept as they are. A table of many pages offers its pages a
    /// dictionary, a sample of them (`dictionary(of:)`): a page of names or texts deflated
    /// alone has seen none of the words its table repeats.
    public static func paged(_ database: Data) throws -> Data {
        let layout = try pageLayout(database)
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let dictionaries = layout.dictionaries.map { [UInt8]($0) }
        let done = database.withUnsafeBytes { raw in
            layout.plain.withUnsafeBufferPointer { plain in
                layout.candidates.withUnsafeBufferPointer { candidates in
                    withPointers(dictionaries) { pointers in
                        dictionaries.map(\.count).withUnsafeBufferPointer { lengths in
                            mydex_catalog_compress(
                                raw.bindMemory(to: UInt8.self).baseAddress, raw.count, 4096, plain.baseAddress, candidates.baseAddress,
                                pointers, lengths.baseAddress, UInt32(dictionaries.count), &out, &length)
                        }
                    }
                }
            }
        }
        guard done != 0, let out else {
            throw CatalogError.unreadable(detail: "not an SQLite database of 4 KiB pages, or no zlib (libz.so.1) to compress it")
        }
        defer { mydex_catalog_free(out) }
        return Data(bytes: out, count: length)
    }

    /// `body` with the base addresses of `arrays`, which live as long as the call.
    private static func withPointers<T>(
        _ arrays: [[UInt8]], _ body: (UnsafePointer<UnsafePointer<UInt8>?>?) -> T
    ) -> T {
        var pointers: [UnsafePointer<UInt8>?] = []
        func next(_ index: Int) -> T {
            guard index < arrays.count else { return pointers.withUnsafeBufferPointer { body($0.baseAddress) } }
            return arrays[index].withUnsafeBufferPointer { buffer in
                pointers.append(buffer.baseAddress)
                return next(index + 1)
            }
        }
        return next(0)
    }

    /// The files the embedded image is kept in (`CMydexCatalog`, which embeds them one after the
    /// other): each under 3 MiB, so that git keeps no large file.
    public static let pageFiles = ["catalog-1.pages", "catalog-2.pages"]

    /// The largest part of the image a file may hold.
    static let largestPart = 3_000_000

    /// `image` cut into `pageFiles.count` parts as even as can be; an error when one would be
    /// larger than `largestPart` (the image has outgrown its files: add one to `pageFiles` and
    /// to `catalog.c`).
    public static func parts(of image: Data) throws -> [Data] {
        let count = pageFiles.count
        let size = (image.count + count - 1) / count
        guard size <= largestPart else {
            throw CatalogError.unreadable(detail: "\(image.count) bytes of image do not fit \(count) files of \(largestPart): add one")
        }
        return (0..<count).map { Data(image[min($0 * size, image.count)..<min(($0 + 1) * size, image.count)]) }
    }

    /// The tables a dictionary is offered to: those of this many pages or more, but the
    /// Pokédex entries, already packed (`EntryPacking`).
    static let dictionaryPages = 24

    /// For each page (one byte a page): whether it stays plain (page 1, the header and schema,
    /// always), and which dictionary it is offered (0: none); and the dictionaries: for each
    /// table of `dictionaryPages` pages or more that is not plain, ten of its pages evenly
    /// apart, their last 32 KiB (what deflate's window holds). SQLite's `dbstat` says which
    /// page is whose.
    private static func pageLayout(_ database: Data) throws -> (plain: [UInt8], candidates: [UInt8], dictionaries: [Data]) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-pages-\(UUID().uuidString).sqlite")
        try database.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var configuration = Configuration()
        configuration.readonly = true
        let owners = try DatabaseQueue(path: file.path, configuration: configuration).read { db in
            try Row.fetchAll(db, sql: "SELECT pageno, name FROM dbstat ORDER BY pageno").map { row -> (Int, String) in
                (row["pageno"], row["name"])
            }
        }
        let count = database.count / 4096
        var plain = [UInt8](repeating: 0, count: count), candidates = [UInt8](repeating: 0, count: count)
        var pagesOf: [String: [Int]] = [:]
        for (page, name) in owners where page >= 1 && page <= count {
            if CatalogSchema.plainTables.contains(name) { plain[page - 1] = 1 } else { pagesOf[name, default: []].append(page) }
        }
        plain[0] = 1
        var dictionaries: [Data] = []
        for (name, pages) in pagesOf.sorted(by: { $0.key < $1.key })
        where pages.count >= dictionaryPages && name != "entry_texts" && dictionaries.count < 255 {
            let sample = stride(from: 0, to: pages.count, by: pages.count / 10).prefix(10).map { pages[$0] }
            let bytes = sample.reduce(into: Data()) { data, page in data += database[(page - 1) * 4096 ..< page * 4096] }
            dictionaries.append(Data(bytes.suffix(32768)))
            for page in pages { candidates[page - 1] = UInt8(dictionaries.count) }
        }
        return (plain, candidates, dictionaries)
    }

    /// The SQLite database a paged image holds, inflated (nil when it is not one, or damaged).
    public static func database(paged image: Data) -> Data? {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let done = image.withUnsafeBytes { raw in
            mydex_catalog_inflate(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &out, &length)
        }
        guard done != 0, let out else { return nil }
        defer { mydex_catalog_free(out) }
        return Data(bytes: out, count: length)
    }

    /// How many species (no forms) the catalog has: what an offline catch picks from. Read from
    /// the image alone, with no collection schema to build, for `sprite random` in a shell prompt.
    public func speciesCount() throws -> Int {
        let queue = try DatabaseQueue()
        return try queue.writeWithoutTransaction { db in
            try attachImage(to: db)
            return try Self.speciesCount(db)
        }
    }

    /// The types some species has (PokeAPI slugs, sorted): what shell completion offers for `--type`.
    public func speciesTypes() throws -> [String] {
        try DatabaseQueue().writeWithoutTransaction { db in
            try attachImage(to: db)
            return try String.fetchAll(db, sql: "SELECT DISTINCT type FROM catalog.species_types ORDER BY type")
        }
    }

    package static func speciesCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM catalog.species WHERE id < ?", arguments: [firstFormID]) ?? 0
    }

    /// What the image says about itself: the content version of the JSON Lines it was made from.
    public static func version(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM catalog.info WHERE key = 'version'")
    }
}

public enum CatalogError: Error, Equatable, CustomStringConvertible {
    case unreadable(detail: String)

    public var description: String {
        switch self {
        case .unreadable(let detail):
            return tr("catalog.error.unreadable", ["detail": detail])
        }
    }
}

/// The catalog's tables, and the views every query reads species through.
package enum CatalogSchema {
    /// Bumped when the tables change; a binary refuses an image of another format.
    static let format = "15"

    /// The tables and indexes whose pages the paged image keeps uncompressed: those that lists,
    /// catches and searches read many pages of (names, types, forms, the Pokédexes' numbers a
    /// catch counts): 1.2 MB of the 9.3 MB, kept so that those commands inflate no page and
    /// never load zlib.
    /// Every other page is inflated when read; a command that reads none never loads zlib.
    static let plainTables: Set<String> = [
        "sqlite_schema", "info", "species", "species_names", "species_types", "species_types_type", "species_generation",
        "types", "type_names", "forms", "sqlite_autoindex_forms_1", "forms_species", "forms_form_identifier", "form_types",
        "form_names", "pokedex_numbers", "pokedexes",
        // What a catch reads to draw its individual (`Pokedex.individualFacts`): 0.4 MB.
        "pokemon", "pokemon_abilities", "pokemon_stats_past", "pokemon_abilities_past", "pokemon_wild", "pokemon_items",
        "games", "sqlite_autoindex_games_1", "natures", "sqlite_autoindex_natures_1", "sqlite_autoindex_natures_2",
        "moves", "sqlite_autoindex_moves_1", "items", "sqlite_autoindex_items_1",
    ]

    static let tables = """
        CREATE TABLE info (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT, WITHOUT ROWID;
        CREATE TABLE species (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            height INTEGER NOT NULL,
            weight INTEGER NOT NULL,
            base_experience INTEGER,
            capture_rate INTEGER NOT NULL,
            generation INTEGER,
            color TEXT,
            habitat TEXT,
            baby INTEGER NOT NULL,
            legendary INTEGER NOT NULL,
            mythical INTEGER NOT NULL,
            sprite TEXT,
            shiny_sprite TEXT,
            cry TEXT,
            -- The default form's base stats (the six every species has since generation 2).
            hp INTEGER,
            attack INTEGER,
            defense INTEGER,
            special_attack INTEGER,
            special_defense INTEGER,
            speed INTEGER,
            gender_rate INTEGER,
            growth_rate TEXT,
            evolution_chain INTEGER,
            evolves_from INTEGER,
            -- How it evolves from `evolves_from`: a JSON array of Species.Evolution, read only whole.
            evolution TEXT,
            -- Training and breeding: effort values given (a JSON object of the stats that give
            -- some), base friendship, egg cycles.
            effort_yield TEXT,
            base_friendship INTEGER,
            egg_cycles INTEGER
        ) STRICT;
        CREATE INDEX species_generation ON species(generation);
        CREATE INDEX species_evolution_chain ON species(evolution_chain);
        -- The default form's abilities.
        CREATE TABLE species_abilities (
            species_id INTEGER NOT NULL,
            slot INTEGER NOT NULL,
            ability TEXT NOT NULL,
            hidden INTEGER NOT NULL,
            PRIMARY KEY (species_id, slot)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE species_egg_groups (
            species_id INTEGER NOT NULL,
            slot INTEGER NOT NULL,
            egg_group TEXT NOT NULL,
            PRIMARY KEY (species_id, slot)
        ) STRICT, WITHOUT ROWID;
        -- Names of what species refer to by PokeAPI name: `kind` is `stat`, `ability`,
        -- `evolution-trigger`, `egg-group` or `habitat`; or by PokeAPI id (`term` the decimal id):
        -- `item` or `move`, only those that evolutions name.
        CREATE TABLE term_names (
            kind TEXT NOT NULL,
            term TEXT NOT NULL,
            language TEXT NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (kind, term, language)
        ) STRICT, WITHOUT ROWID;
        -- Names apart from the longer texts, so that lists and searches read only small pages.
        -- `key` is the name as searches compare it (SearchText.normalized).
        CREATE TABLE species_names (
            species_id INTEGER NOT NULL,
            language TEXT NOT NULL,
            name TEXT NOT NULL,
            key TEXT NOT NULL,
            PRIMARY KEY (species_id, language)
        ) STRICT, WITHOUT ROWID;
        -- A row with neither text stands for its nearest language's (es-419's are es').
        CREATE TABLE species_texts (
            species_id INTEGER NOT NULL,
            language TEXT NOT NULL,
            genus TEXT,
            flavor_text TEXT,
            -- The game the Pokédex text is from (PokeAPI's version identifier).
            flavor_game TEXT,
            PRIMARY KEY (species_id, language)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE species_types (
            species_id INTEGER NOT NULL,
            slot INTEGER NOT NULL,
            type TEXT NOT NULL,
            PRIMARY KEY (species_id, slot)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX species_types_type ON species_types(type, species_id);
        CREATE TABLE type_names (
            type TEXT NOT NULL,
            language TEXT NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (type, language)
        ) STRICT, WITHOUT ROWID;
        -- The type chart: its types (PokeAPI's id is the games' order) with the generation each
        -- came in, what a move of one type does to a Pokémon of another in percent where it is
        -- not 100, and earlier generations' values (up to and including `until_generation`).
        CREATE TABLE types (
            type TEXT PRIMARY KEY,
            id INTEGER NOT NULL UNIQUE,
            generation INTEGER NOT NULL,
            move_count INTEGER NOT NULL
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE type_efficacy (
            attacking TEXT NOT NULL,
            defending TEXT NOT NULL,
            factor INTEGER NOT NULL,
            PRIMARY KEY (attacking, defending)
        ) STRICT, WITHOUT ROWID;
        -- The games (PokeAPI's versions), their version groups (what learnsets and encounters
        -- are kept by) and generations, and their names with a search key, in every language.
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE,
            version_group TEXT NOT NULL,
            version_group_id INTEGER NOT NULL,
            generation INTEGER NOT NULL,
            sort_order INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE game_names (
            game_id INTEGER NOT NULL,
            language TEXT NOT NULL,
            name TEXT NOT NULL,
            key TEXT NOT NULL,
            PRIMARY KEY (game_id, language)
        ) STRICT, WITHOUT ROWID;
        -- A Pokémon's types in earlier generations where they differed, up to and including
        -- `until_generation` (Clefairy: Normal until 5).
        CREATE TABLE pokemon_types_past (
            pokemon_id INTEGER NOT NULL,
            until_generation INTEGER NOT NULL,
            slot INTEGER NOT NULL,
            type TEXT NOT NULL,
            PRIMARY KEY (pokemon_id, until_generation, slot)
        ) STRICT, WITHOUT ROWID;
        -- The moves of the games, their names (with a search key) and texts in every language:
        -- `effect` where PokeAPI writes one (English, French), else the latest game's text
        -- (`flavor_text`, from `flavor_version_group`).
        CREATE TABLE moves (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE,
            generation INTEGER NOT NULL,
            type TEXT NOT NULL,
            damage_class TEXT,
            power INTEGER,
            pp INTEGER,
            accuracy INTEGER,
            priority INTEGER NOT NULL,
            effect_chance INTEGER
        ) STRICT;
        CREATE TABLE move_names (
            move_id INTEGER NOT NULL,
            language TEXT NOT NULL,
            name TEXT NOT NULL,
            key TEXT NOT NULL,
            PRIMARY KEY (move_id, language)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE move_texts (
            move_id INTEGER NOT NULL,
            language TEXT NOT NULL,
            effect TEXT,
            flavor_text TEXT,
            flavor_version_group TEXT,
            PRIMARY KEY (move_id, language)
        ) STRICT, WITHOUT ROWID;
        -- The machine (`tm24`, `hm05`, `tr12`) that teaches a move in a version group.
        CREATE TABLE machines (
            version_group_id INTEGER NOT NULL,
            move_id INTEGER NOT NULL,
            item TEXT NOT NULL,
            PRIMARY KEY (version_group_id, move_id)
        ) STRICT, WITHOUT ROWID;
        -- Learnsets: what a Pokémon learns in a version group by each method, as a list of
        -- `move_lists` (shared by every learnset with the same moves; LearnsetEncoding). Keyed
        -- by version group first: who learns a move reads one game's rows, and a Pokémon's
        -- games are a seek a version group. Lists are numbered in that order, so a game's
        -- lists lie together.
        CREATE TABLE move_methods (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE
        ) STRICT;
        CREATE TABLE learnsets (
            pokemon_id INTEGER NOT NULL,
            version_group_id INTEGER NOT NULL,
            method_id INTEGER NOT NULL,
            list_id INTEGER NOT NULL,
            PRIMARY KEY (version_group_id, pokemon_id, method_id)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE move_lists (
            id INTEGER PRIMARY KEY,
            moves BLOB NOT NULL
        ) STRICT;
        -- What a Pokémon may hold in the wild, by game, in percent (`pokemon_items.csv`); the
        -- items' names are `term_names` of kind `item`.
        CREATE TABLE pokemon_items (
            pokemon_id INTEGER NOT NULL,
            game_id INTEGER NOT NULL,
            item INTEGER NOT NULL,
            rarity INTEGER NOT NULL,
            PRIMARY KEY (pokemon_id, game_id, item)
        ) STRICT, WITHOUT ROWID;
        -- Places (PokeAPI's locations: routes, towns, caves) and their areas (a cave's floors;
        -- most places have one, unnamed), with their names: a place's in every language
        -- PokeAPI has (with a search key), an area's whole name where PokeAPI gives one
        -- (English, French, German).
        CREATE TABLE locations (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE,
            region TEXT
        ) STRICT;
        CREATE TABLE location_names (
            location_id INTEGER NOT NULL,
            language TEXT NOT NULL,
            name TEXT NOT NULL,
            key TEXT NOT NULL,
            -- By language first: a command reads one language's names of a few dozen places,
            -- a few pages so, where by place they were a page a place.
            PRIMARY KEY (language, location_id)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE location_areas (
            id INTEGER PRIMARY KEY,
            location_id INTEGER NOT NULL,
            identifier TEXT
        ) STRICT;
        CREATE INDEX location_areas_location ON location_areas(location_id);
        CREATE TABLE location_area_names (
            area_id INTEGER NOT NULL,
            language TEXT NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (language, area_id)
        ) STRICT, WITHOUT ROWID;
        -- The ways of meeting Pokémon (walking, each rod, surfing, a gift…) in the games'
        -- order, and the values of the conditions of an encounter (`time-night` of `time`),
        -- grouped in sets: an encounter holds when every value of its set does (set 0: none).
        CREATE TABLE encounter_methods (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE,
            sort_order INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE encounter_conditions (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE,
            condition TEXT NOT NULL,
            is_default INTEGER NOT NULL
        ) STRICT;
        -- The values each condition takes in a version group's tables: the states of the
        -- world its encounters are worked out over (EncounterChances).
        CREATE TABLE encounter_group_conditions (
            version_group_id INTEGER NOT NULL,
            condition_id INTEGER NOT NULL,
            PRIMARY KEY (version_group_id, condition_id)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE encounter_condition_sets (
            set_id INTEGER NOT NULL,
            condition_id INTEGER NOT NULL,
            PRIMARY KEY (set_id, condition_id)
        ) STRICT, WITHOUT ROWID;
        -- Every slot of every encounter table (PokeAPI's slot ids): its method and rarity (the
        -- percent of encounters it gives); and every Pokémon met in a slot of an area in a
        -- version group's games, at these levels, under a set of conditions, in the games of
        -- the group `games` says (a bit a game, in PokeAPI's order of versions). Keyed by
        -- Pokémon first: where a Pokémon lives is a seek; what lives in a place reads the
        -- table whole.
        -- The Pokémon met in each area in each version group (a JSON array of Pokémon ids):
        -- what lives in a place, each Pokémon's rows a seek in `encounters`.
        CREATE TABLE encounter_areas (
            area_id INTEGER NOT NULL,
            version_group_id INTEGER NOT NULL,
            pokemon TEXT NOT NULL,
            PRIMARY KEY (area_id, version_group_id)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE encounter_slots (
            id INTEGER PRIMARY KEY,
            method_id INTEGER NOT NULL,
            rarity INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE encounters (
            pokemon_id INTEGER NOT NULL,
            version_group_id INTEGER NOT NULL,
            area_id INTEGER NOT NULL,
            slot INTEGER NOT NULL,
            condition_set INTEGER NOT NULL,
            min_level INTEGER NOT NULL,
            max_level INTEGER NOT NULL,
            games INTEGER NOT NULL,
            PRIMARY KEY (pokemon_id, version_group_id, area_id, slot, condition_set, min_level, max_level, games)
        ) STRICT, WITHOUT ROWID;
        -- Every game's Pokédex entries (EntryPacking): each language's texts, species by species
        -- and one a line, as one xz stream of `length` bytes unpacked (an empty line is the
        -- species' current text, in `species_texts`); and for each species and language the
        -- ids of each of its texts' games ("1,2 3": Red and Blue show its first text, Yellow its
        -- second) and where its first text is in its language's list.
        CREATE TABLE species_entries (
            species_id INTEGER NOT NULL,
            language TEXT NOT NULL,
            games TEXT NOT NULL,
            first_text INTEGER NOT NULL,
            PRIMARY KEY (species_id, language)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE entry_texts (
            language TEXT PRIMARY KEY,
            length INTEGER NOT NULL,
            texts BLOB NOT NULL
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE type_efficacy_past (
            attacking TEXT NOT NULL,
            defending TEXT NOT NULL,
            until_generation INTEGER NOT NULL,
            factor INTEGER NOT NULL,
            PRIMARY KEY (attacking, defending, until_generation)
        ) STRICT, WITHOUT ROWID;
        -- Every PokeAPI Pokémon: the varieties of each species (its default one, regional
        -- forms, Megas, Gigantamax and the others PokeAPI models as Pokémon), with what differs
        -- between them. The species' own columns are its default Pokémon's.
        CREATE TABLE pokemon (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL,
            species_id INTEGER NOT NULL,
            is_default INTEGER NOT NULL,
            height INTEGER NOT NULL,
            weight INTEGER NOT NULL,
            base_experience INTEGER,
            hp INTEGER,
            attack INTEGER,
            defense INTEGER,
            special_attack INTEGER,
            special_defense INTEGER,
            speed INTEGER
        ) STRICT;
        CREATE TABLE pokemon_abilities (
            pokemon_id INTEGER NOT NULL,
            slot INTEGER NOT NULL,
            ability TEXT NOT NULL,
            hidden INTEGER NOT NULL,
            PRIMARY KEY (pokemon_id, slot)
        ) STRICT, WITHOUT ROWID;
        -- Every form: a Pokémon's look (Unown B, a Vivillon pattern) or the Pokémon itself (its
        -- default form). `species_default` marks the one form a species shows by default;
        -- `wild`, the forms a catch can meet (the species' default, regional forms, and the
        -- looks of its default Pokémon); `sprite`, a form with a box sprite of its own (keyed by
        -- the form's id in the sprite data; the others draw their species').
        CREATE TABLE forms (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE,
            form_identifier TEXT,
            pokemon_id INTEGER NOT NULL,
            species_id INTEGER NOT NULL,
            sort_order INTEGER NOT NULL,
            species_default INTEGER NOT NULL,
            battle_only INTEGER NOT NULL,
            mega INTEGER NOT NULL,
            gmax INTEGER NOT NULL,
            regional INTEGER NOT NULL,
            cosmetic INTEGER NOT NULL,
            wild INTEGER NOT NULL,
            sprite INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX forms_species ON forms(species_id, sort_order);
        CREATE INDEX forms_form_identifier ON forms(form_identifier);
        -- Every form's types, its own where PokeAPI gives them, else its Pokémon's.
        CREATE TABLE form_types (
            form_id INTEGER NOT NULL,
            slot INTEGER NOT NULL,
            type TEXT NOT NULL,
            PRIMARY KEY (form_id, slot)
        ) STRICT, WITHOUT ROWID;
        -- `name` is the whole name ("Alolan Vulpix"), `form_name` the form's alone ("Alolan
        -- Form", NULL where PokeAPI has none), `key` the whole name as searches compare it.
        CREATE TABLE form_names (
            form_id INTEGER NOT NULL,
            language TEXT NOT NULL,
            name TEXT NOT NULL,
            form_name TEXT,
            key TEXT NOT NULL,
            PRIMARY KEY (form_id, language)
        ) STRICT, WITHOUT ROWID;
        -- The Pokédexes of the games: the national one and every regional one PokeAPI lists.
        CREATE TABLE pokedexes (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE,
            region TEXT,
            main_series INTEGER NOT NULL,
            size INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE pokedex_names (
            pokedex_id INTEGER NOT NULL,
            language TEXT NOT NULL,
            name TEXT NOT NULL,
            key TEXT NOT NULL,
            PRIMARY KEY (pokedex_id, language)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE pokedex_numbers (
            pokedex_id INTEGER NOT NULL,
            number INTEGER NOT NULL,
            species_id INTEGER NOT NULL,
            PRIMARY KEY (pokedex_id, number, species_id)
        ) STRICT, WITHOUT ROWID;
        -- The version groups whose games use each Pokédex: a game's name finds its Pokédex.
        CREATE TABLE pokedex_version_groups (
            version_group TEXT NOT NULL,
            pokedex_id INTEGER NOT NULL,
            PRIMARY KEY (version_group, pokedex_id)
        ) STRICT, WITHOUT ROWID;
        -- What an individual is made of. A Pokémon's base stats and abilities in earlier
        -- generations where they differed, up to and including `until_generation` (Raichu's
        -- Speed 100 until 5; generation 1's `special`; a NULL ability: no such slot then).
        CREATE TABLE pokemon_stats_past (
            pokemon_id INTEGER NOT NULL,
            until_generation INTEGER NOT NULL,
            stat TEXT NOT NULL,
            base INTEGER NOT NULL,
            PRIMARY KEY (pokemon_id, until_generation, stat)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE pokemon_abilities_past (
            pokemon_id INTEGER NOT NULL,
            until_generation INTEGER NOT NULL,
            slot INTEGER NOT NULL,
            ability TEXT,
            hidden INTEGER NOT NULL,
            PRIMARY KEY (pokemon_id, until_generation, slot)
        ) STRICT, WITHOUT ROWID;
        -- The 25 natures by their index in the games (names: `term_names` of kind `nature`),
        -- the characteristics (texts: kind `characteristic`, by id), the experience of each
        -- growth rate at each level, and the items a Pokémon can hold (names: kind `item`, by id).
        CREATE TABLE natures (
            identifier TEXT PRIMARY KEY,
            game_index INTEGER NOT NULL UNIQUE,
            increased_stat TEXT NOT NULL,
            decreased_stat TEXT NOT NULL
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE characteristics (
            id INTEGER PRIMARY KEY,
            stat TEXT NOT NULL,
            gene_mod_5 INTEGER NOT NULL,
            UNIQUE (stat, gene_mod_5)
        ) STRICT;
        CREATE TABLE experience (
            growth_rate TEXT NOT NULL,
            level INTEGER NOT NULL,
            experience INTEGER NOT NULL,
            PRIMARY KEY (growth_rate, level)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE items (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE
        ) STRICT;
        -- The numbers generations 1–3 use inside for Pokémon, items and places, for reading
        -- their saves: each number's PokeAPI identifier (`pokemon`: a Pokémon's, `item`,
        -- `location`).
        CREATE TABLE game_indices (
            kind TEXT NOT NULL,
            generation INTEGER NOT NULL,
            game_index INTEGER NOT NULL,
            identifier TEXT NOT NULL,
            PRIMARY KEY (kind, generation, game_index)
        ) STRICT, WITHOUT ROWID;
        -- Pokémon Showdown's names against PokeAPI's identifiers, for sets in Showdown's
        -- formats: `id` is Showdown's id of `name` (lower-case letters and digits), what its
        -- import matches; `exported` marks the one name export writes of an identifier,
        -- `imported` the one identifier import reads a name as.
        CREATE TABLE showdown_names (
            kind TEXT NOT NULL,
            id TEXT NOT NULL,
            name TEXT NOT NULL,
            identifier TEXT NOT NULL,
            exported INTEGER NOT NULL,
            imported INTEGER NOT NULL,
            PRIMARY KEY (kind, id, identifier, name)
        ) STRICT, WITHOUT ROWID;
        -- What a catch (which names no game) draws a wild Pokémon from, derived from `learnsets`
        -- and `encounters` when the image is built: each Pokémon's newest level-up learnset (by
        -- the games' order) and the level ranges of its newest encounters (JSON [[min, max]…]).
        -- Plain pages, so that a catch inflates none and never loads zlib.
        CREATE TABLE pokemon_wild (
            pokemon_id INTEGER PRIMARY KEY,
            learnset_version_group_id INTEGER,
            level_up BLOB,
            encounter_version_group_id INTEGER,
            encounter_levels TEXT
        ) STRICT;
        """

    /// Species as mydex sees them: the catalog's, except where PokeAPI data was fetched into
    /// `fetched_species` (newer data, or a species the catalog lacks). TEMP views live only in
    /// this connection, so neither the collection file nor the catalog holds them.
    static let views = """
        CREATE TEMP VIEW pokedex_species AS
            SELECT id, name, height, weight, base_experience, capture_rate, generation, color, habitat,
                baby, legendary, mythical, sprite, shiny_sprite, cry, fetched_at
            FROM main.fetched_species
            UNION ALL
            SELECT id, name, height, weight, base_experience, capture_rate, generation, color, habitat,
                baby, legendary, mythical, \(MediaURLPattern.columns("id", "")), NULL
            FROM catalog.species WHERE id NOT IN (SELECT id FROM main.fetched_species);
        CREATE TEMP VIEW pokedex_names AS
            SELECT f.id AS species_id, n.key AS language, n.value AS name, search_key(n.value) AS key
            FROM main.fetched_species f, json_each(f.names) n
            UNION ALL
            SELECT species_id, language, name, key
            FROM catalog.species_names WHERE species_id NOT IN (SELECT id FROM main.fetched_species);
        CREATE TEMP VIEW pokedex_types AS
            SELECT f.id AS species_id, t.key + 1 AS slot, t.value AS type
            FROM main.fetched_species f, json_each(f.types) t
            UNION ALL
            SELECT species_id, slot, type
            FROM catalog.species_types WHERE species_id NOT IN (SELECT id FROM main.fetched_species);
        CREATE TEMP VIEW pokedex_type_names AS
            SELECT type, language, name FROM main.fetched_type_names
            UNION ALL
            SELECT type, language, name
            FROM catalog.type_names WHERE type NOT IN (SELECT type FROM main.fetched_type_names);
        """

    /// Whole species, as `Species` decodes them, for a query to select from with a condition on
    /// id (`SELECT * FROM (…) WHERE id = ?`: SQLite pushes it into both halves). Stats,
    /// abilities, breeding and evolution come from the catalog for fetched species too (`d`):
    /// the cache of fetched species has no columns for them. Not a view: the views are made at
    /// every open, and this one, the longest, took 0.3 ms of every command to make (2% of a
    /// one-entry `list`) for the two queries that read it.
    package static let speciesRecords = """
        SELECT f.id, f.name, f.height, f.weight, f.base_experience, f.capture_rate, f.generation, f.color,
            f.habitat, f.baby, f.legendary, f.mythical, f.sprite, f.shiny_sprite, f.cry, f.types, f.names,
            f.genera, f.flavor_texts, f.fetched_at, \(details("f.id", row: "d")),
            -- A fetched text's game is not kept.
            NULL AS flavor_text_games
        FROM main.fetched_species f LEFT JOIN catalog.species d ON d.id = f.id
        UNION ALL
        SELECT s.id, s.name, s.height, s.weight, s.base_experience, s.capture_rate, s.generation, s.color,
            s.habitat, s.baby, s.legendary, s.mythical, \(MediaURLPattern.columns("s.id", "s.")),
            (SELECT json_group_array(type) FROM
                (SELECT type FROM catalog.species_types WHERE species_id = s.id ORDER BY slot)),
            (SELECT json_group_object(language, name) FROM catalog.species_names WHERE species_id = s.id),
            \(texts("genus")), \(texts("flavor_text")),
            NULL, \(details("s.id", row: "s")), \(texts("flavor_game")) AS flavor_text_games
        FROM catalog.species s WHERE s.id NOT IN (SELECT id FROM main.fetched_species)
        """
}

extension CatalogSchema {
    /// A species' texts of one column (`genus`, `flavor_text`) by language, as a JSON object:
    /// a row with neither text stands for its nearest language's (`DataLanguage.storedThrough`).
    static func texts(_ column: String) -> String {
        """
        (SELECT json_group_object(t.language, coalesce(t.\(column), n.\(column))) FROM catalog.species_texts t
            LEFT JOIN catalog.species_texts n ON t.genus IS NULL AND t.flavor_text IS NULL
                AND n.species_id = t.species_id AND n.language = \(DataLanguage.nearestSQL("t.language"))
            WHERE t.species_id = s.id AND coalesce(t.\(column), n.\(column)) IS NOT NULL)
        """
    }

    /// The columns `Species` decodes its catalog-only fields from, for the species whose id is
    /// `id`, whose catalog row is `row` (NULL columns when the catalog has none).
    static func details(_ id: String, row d: String) -> String {
        """
        \(d).gender_rate, \(d).growth_rate, \(d).evolution_chain, \(d).evolves_from, \(d).evolution,
            \(d).effort_yield, \(d).base_friendship, \(d).egg_cycles,
            -- json_patch drops the stats a species lacks (null members).
            nullif(json_patch('{}', json_object(\(Species.statNames.map { "'\($0)', \(d).\($0.replacingOccurrences(of: "-", with: "_"))" }
                .joined(separator: ", ")))), '{}') AS stats,
            nullif((SELECT json_group_array(json_object('name', ability, 'hidden', json(iif(hidden, 'true', 'false'))))
                FROM (SELECT ability, hidden FROM catalog.species_abilities WHERE species_id = \(id) ORDER BY slot)), '[]')
                AS abilities,
            nullif((SELECT json_group_array(egg_group) FROM
                (SELECT egg_group FROM catalog.species_egg_groups WHERE species_id = \(id) ORDER BY slot)), '[]') AS egg_groups
        """
    }
}

/// Builds the catalog image from the built-in Pokédex's JSON Lines.
public enum CatalogBuilder {
    /// A compact SQLite image of `pokedex`: the same input always gives the same rows, written
    /// in Pokédex order and vacuumed.
    public static func image(from pokedex: BuiltInPokedex) throws -> Data {
        let header = try pokedex.header()
        let records = try pokedex.records()
        let (terms, species) = (records.terms, records.species)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let building = folder.appendingPathComponent("building.sqlite").path
        let compact = folder.appendingPathComponent("catalog.sqlite").path
        let queue = try DatabaseQueue(path: building)
        try queue.write { db in
            try db.execute(sql: CatalogSchema.tables)
            let info = try db.makeStatement(sql: "INSERT INTO info (key, value) VALUES (?, ?)")
            for (key, value) in [
                ("format", CatalogSchema.format), ("version", header.version), ("source", header.source),
                ("species_count", String(species.count)),
            ] {
                try info.execute(arguments: [key, value])
            }
            try insert(species, db)
            let game = try db.makeStatement(sql: """
                INSERT INTO games (id, identifier, version_group, version_group_id, generation, sort_order) VALUES (?, ?, ?, ?, ?, ?)
                """)
            let gameName = try db.makeStatement(sql: "INSERT INTO game_names (game_id, language, name, key) VALUES (?, ?, ?, ?)")
            for record in records.games {
                try game.execute(arguments: [
                    record.id, record.identifier, record.versionGroup, record.versionGroupID, record.generation, record.order,
                ])
                for (language, name) in record.names.sorted(by: { $0.key < $1.key }) {
                    try gameName.execute(arguments: [record.id, language.lowercased(), name, SearchText.normalized(name)])
                }
            }
            try insertMoves(records, db)
            try insertEncounters(records, db)
            try insertEntries(records, db)
            let term = try db.makeStatement(sql: "INSERT INTO term_names (kind, term, language, name) VALUES (?, ?, ?, ?)")
            // Items' names are the item records' (every item a Pokémon holds, evolutions' too).
            let itemIDs = Set(records.items.map(\.id))
            var termRecords = terms.filter { $0.kind != "item" || !itemIDs.contains(Int($0.name) ?? 0) }
            termRecords += records.items.map { BuiltInPokedex.TermRecord(kind: "item", name: String($0.id), names: $0.names) }
            termRecords += records.natures.map { BuiltInPokedex.TermRecord(kind: "nature", name: $0.identifier, names: $0.names) }
            termRecords += records.characteristics.map {
                BuiltInPokedex.TermRecord(kind: "characteristic", name: String($0.id), names: $0.texts)
            }
            for record in termRecords {
                for (language, name) in record.names.sorted(by: { $0.key < $1.key }) {
                    try term.execute(arguments: [record.kind, record.name, language.lowercased(), name])
                }
            }
            try insertIndividualTables(records, db)
            // Pokémon after the games: their held items name games.
            try insert(records.pokemon, db)
            try insertWildFacts(db)
            try insert(records.pokedexes, db)
            let typeName = try db.makeStatement(sql: "INSERT INTO type_names (type, language, name) VALUES (?, ?, ?)")
            let charted = try db.makeStatement(sql: "INSERT INTO types (type, id, generation, move_count) VALUES (?, ?, ?, ?)")
            let efficacy = try db.makeStatement(sql: "INSERT INTO type_efficacy (attacking, defending, factor) VALUES (?, ?, ?)")
            let pastEfficacy = try db.makeStatement(
                sql: "INSERT INTO type_efficacy_past (attacking, defending, until_generation, factor) VALUES (?, ?, ?, ?)")
            for type in header.types {
                for (language, name) in type.names.sorted(by: { $0.key < $1.key }) {
                    try typeName.execute(arguments: [type.name, language.lowercased(), name])
                }
                guard let chart = type.chart else { continue }
                try charted.execute(arguments: [type.name, chart.id, chart.generation, chart.moveCount])
                for (defending, factor) in chart.damage.sorted(by: { $0.key < $1.key }) {
                    try efficacy.execute(arguments: [type.name, defending, factor])
                }
                for past in chart.pastDamage {
                    try pastEfficacy.execute(arguments: [type.name, past.type, past.untilGeneration, past.factor])
                }
            }
        }
        try queue.writeWithoutTransaction { db in try db.execute(sql: "VACUUM INTO ?", arguments: [compact]) }
        try queue.close()
        return try Data(contentsOf: URL(fileURLWithPath: compact))
    }

    private static func insert(_ all: [Species], _ db: Database) throws {
        let species = try db.makeStatement(sql: """
            INSERT INTO species (id, name, height, weight, base_experience, capture_rate, generation, color, habitat,
                baby, legendary, mythical, sprite, shiny_sprite, cry, hp, attack, defense, special_attack,
                special_defense, speed, gender_rate, growth_rate, evolution_chain, evolves_from, evolution, effort_yield,
                base_friendship, egg_cycles)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let ability = try db.makeStatement(sql: "INSERT INTO species_abilities (species_id, slot, ability, hidden) VALUES (?, ?, ?, ?)")
        let eggGroup = try db.makeStatement(sql: "INSERT INTO species_egg_groups (species_id, slot, egg_group) VALUES (?, ?, ?)")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let name = try db.makeStatement(sql: "INSERT INTO species_names (species_id, language, name, key) VALUES (?, ?, ?, ?)")
        let text = try db.makeStatement(sql: "INSERT INTO species_texts (species_id, language, genus, flavor_text, flavor_game) VALUES (?, ?, ?, ?, ?)")
        let type = try db.makeStatement(sql: "INSERT INTO species_types (species_id, slot, type) VALUES (?, ?, ?)")
        for record in all.sorted(by: { $0.id < $1.id }) {
            let stats = record.stats ?? [:]
            if let unknown = Set(stats.keys).subtracting(Species.statNames).first {
                throw BuiltInPokedex.Problem.unknownStat(speciesID: record.id, stat: unknown)
            }
            var values: [(any DatabaseValueConvertible)?] = [
                record.id, record.name, record.height, record.weight, record.baseExperience, record.captureRate,
                record.generation, record.color, record.habitat, record.baby, record.legendary, record.mythical,
                MediaURLPattern.sprite.stored(record.sprite, id: record.id),
                MediaURLPattern.shinySprite.stored(record.shinySprite, id: record.id),
                MediaURLPattern.cry.stored(record.cry, id: record.id),
            ]
            values += Species.statNames.map { stats[$0] }
            values += [
                record.genderRate, record.growthRate, record.evolutionChain, record.evolvesFrom,
                try record.evolution.map { String(decoding: try encoder.encode($0), as: UTF8.self) },
                try record.effortYield.map { String(decoding: try encoder.encode($0), as: UTF8.self) },
                record.baseFriendship, record.eggCycles,
            ]
            try species.execute(arguments: StatementArguments(values))
            for (index, value) in (record.abilities ?? []).enumerated() {
                try ability.execute(arguments: [record.id, index + 1, value.name, value.hidden])
            }
            for (index, value) in (record.eggGroups ?? []).enumerated() {
                try eggGroup.execute(arguments: [record.id, index + 1, value])
            }
            for (language, value) in record.names.sorted(by: { $0.key < $1.key }) {
                try name.execute(arguments: [record.id, language.lowercased(), value, SearchText.normalized(value)])
            }
            for language in Set(record.genera.keys).union(record.flavorTexts.keys).sorted() {
                // Texts the same as the nearest language's are stored once: a row with neither
                // text stands for that language's (es-419's Pokédex text is es' for 892 species).
                if let nearest = DataLanguage.storedThrough[language.lowercased()],
                   record.genera[nearest] == record.genera[language], record.flavorTexts[nearest] == record.flavorTexts[language] {
                    try text.execute(arguments: [record.id, language.lowercased(), nil, nil, nil])
                    continue
                }
                try text.execute(arguments: [
                    record.id, language.lowercased(), record.genera[language], record.flavorTexts[language],
                    record.flavorTexts[language] == nil ? nil : record.flavorTextGames?[language],
                ])
            }
            for (index, value) in record.types.enumerated() {
                try type.execute(arguments: [record.id, index + 1, value])
            }
        }
    }
    private static func insertIndividualTables(_ records: BuiltInPokedex.Records, _ db: Database) throws {
        let nature = try db.makeStatement(
            sql: "INSERT INTO natures (identifier, game_index, increased_stat, decreased_stat) VALUES (?, ?, ?, ?)")
        for record in records.natures {
            try nature.execute(arguments: [record.identifier, record.gameIndex, record.increased, record.decreased])
        }
        let characteristic = try db.makeStatement(sql: "INSERT INTO characteristics (id, stat, gene_mod_5) VALUES (?, ?, ?)")
        for record in records.characteristics {
            try characteristic.execute(arguments: [record.id, record.stat, record.geneMod5])
        }
        let experience = try db.makeStatement(sql: "INSERT INTO experience (growth_rate, level, experience) VALUES (?, ?, ?)")
        for record in records.growthRates {
            for (index, points) in record.experience.enumerated() {
                try experience.execute(arguments: [record.identifier, index + 1, points])
            }
        }
        let item = try db.makeStatement(sql: "INSERT INTO items (id, identifier) VALUES (?, ?)")
        for record in records.items {
            try item.execute(arguments: [record.id, record.identifier])
        }
        let index = try db.makeStatement(
            sql: "INSERT INTO game_indices (kind, generation, game_index, identifier) VALUES (?, ?, ?, ?)")
        for record in records.gameIndices {
            for (number, identifier) in record.indices {
                guard let number = Int(number) else { throw CatalogError.unreadable(detail: "game index \(number)") }
                try index.execute(arguments: [record.kind, record.generation, number, identifier])
            }
        }
        let showdown = try db.makeStatement(
            sql: "INSERT INTO showdown_names (kind, id, name, identifier, exported, imported) VALUES (?, ?, ?, ?, ?, ?)")
        for record in records.showdownNames {
            for row in record.names {
                guard row.count == 5 else { throw CatalogError.unreadable(detail: "Showdown name \(row)") }
                try showdown.execute(arguments: [record.kind, row[1], row[2], row[0], row[3] == "1", row[4] == "1"])
            }
        }
    }

    /// `pokemon_wild`, from the learnsets and encounters inserted before it. A version group
    /// is as new as its newest game (`sort_order`, then id), the order `individualFacts` reads
    /// the games in when a game is named.
    private static func insertWildFacts(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TEMP TABLE group_rank AS
                SELECT version_group_id AS version_group_id, max(sort_order * 100000 + id) AS rank FROM games GROUP BY version_group_id;
            INSERT INTO pokemon_wild (pokemon_id, learnset_version_group_id, level_up)
                SELECT pokemon_id, version_group_id, moves FROM (
                    SELECT l.pokemon_id, l.version_group_id, ml.moves, max(r.rank)
                    FROM learnsets l JOIN move_methods m ON m.id = l.method_id JOIN move_lists ml ON ml.id = l.list_id
                    JOIN group_rank r ON r.version_group_id = l.version_group_id
                    WHERE m.identifier = 'level-up' GROUP BY l.pokemon_id);
            CREATE TEMP TABLE wild_levels AS
                SELECT DISTINCT pokemon_id, version_group_id, min_level, max_level FROM encounters
                WHERE min_level >= 1 AND min_level <= max_level AND max_level <= 100;
            CREATE TEMP TABLE newest_levels AS
                SELECT pokemon_id, version_group_id FROM (
                    SELECT w.pokemon_id, w.version_group_id, max(r.rank)
                    FROM wild_levels w JOIN group_rank r ON r.version_group_id = w.version_group_id GROUP BY w.pokemon_id);
            INSERT INTO pokemon_wild (pokemon_id, encounter_version_group_id, encounter_levels)
                SELECT n.pokemon_id, n.version_group_id, (
                    SELECT json_group_array(json_array(min_level, max_level)) FROM (
                        SELECT min_level, max_level FROM wild_levels
                        WHERE pokemon_id = n.pokemon_id AND version_group_id = n.version_group_id ORDER BY min_level, max_level))
                FROM newest_levels n WHERE true
                ON CONFLICT (pokemon_id) DO UPDATE SET
                    encounter_version_group_id = excluded.encounter_version_group_id, encounter_levels = excluded.encounter_levels;
            DROP TABLE group_rank; DROP TABLE wild_levels; DROP TABLE newest_levels;
            """)
    }

    /// The regions whose forms are regional forms (`vulpix-alola`, `tauros-paldea-combat-breed`).
    static let formRegions: Set<String> = ["alola", "galar", "hisui", "paldea"]

    private static func insert(_ all: [BuiltInPokedex.PokemonRecord], _ db: Database) throws {
        let pokemon = try db.makeStatement(sql: """
            INSERT INTO pokemon (id, identifier, species_id, is_default, height, weight, base_experience,
                hp, attack, defense, special_attack, special_defense, speed)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let ability = try db.makeStatement(sql: "INSERT INTO pokemon_abilities (pokemon_id, slot, ability, hidden) VALUES (?, ?, ?, ?)")
        let form = try db.makeStatement(sql: """
            INSERT INTO forms (id, identifier, form_identifier, pokemon_id, species_id, sort_order, species_default,
                battle_only, mega, gmax, regional, cosmetic, wild, sprite)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let type = try db.makeStatement(sql: "INSERT INTO form_types (form_id, slot, type) VALUES (?, ?, ?)")
        let pastType = try db.makeStatement(
            sql: "INSERT INTO pokemon_types_past (pokemon_id, until_generation, slot, type) VALUES (?, ?, ?, ?)")
        let name = try db.makeStatement(sql: "INSERT INTO form_names (form_id, language, name, form_name, key) VALUES (?, ?, ?, ?, ?)")
        let pastStat = try db.makeStatement(
            sql: "INSERT INTO pokemon_stats_past (pokemon_id, until_generation, stat, base) VALUES (?, ?, ?, ?)")
        let pastAbility = try db.makeStatement(
            sql: "INSERT INTO pokemon_abilities_past (pokemon_id, until_generation, slot, ability, hidden) VALUES (?, ?, ?, ?, ?)")
        let held = try db.makeStatement(sql: """
            INSERT INTO pokemon_items (pokemon_id, game_id, item, rarity) SELECT ?, id, ?, ? FROM games WHERE identifier = ?
            """)
        let bySpecies = Dictionary(grouping: all, by: \.speciesID)
        for speciesID in bySpecies.keys.sorted() {
            // The species' own form first, then its default Pokémon's other looks, then the
            // other Pokémon in PokeAPI's order.
            let varieties = (bySpecies[speciesID] ?? []).sorted { ($0.isDefault ? 0 : 1, $0.id) < ($1.isDefault ? 0 : 1, $1.id) }
            var order = 0
            for record in varieties {
                let stats = record.stats
                if let unknown = Set(stats.keys).subtracting(Species.statNames).first {
                    throw BuiltInPokedex.Problem.unknownStat(speciesID: record.speciesID, stat: unknown)
                }
                try pokemon.execute(arguments: StatementArguments(
                    [record.id, record.identifier, record.speciesID, record.isDefault, record.height, record.weight,
                     record.baseExperience] as [(any DatabaseValueConvertible)?] + Species.statNames.map { stats[$0] }))
                for item in record.heldItems ?? [] {
                    try held.execute(arguments: [record.id, item.item, item.rarity, item.game])
                }
                for (index, value) in record.abilities.enumerated() {
                    try ability.execute(arguments: [record.id, index + 1, value.name, value.hidden])
                }
                for past in record.pastTypes ?? [] {
                    for (index, value) in past.types.enumerated() {
                        try pastType.execute(arguments: [record.id, past.untilGeneration, index + 1, value])
                    }
                }
                for past in record.pastStats ?? [] {
                    for (stat, base) in past.stats.sorted(by: { $0.key < $1.key }) {
                        guard Species.statNames.contains(stat) || stat == "special" else {
                            throw BuiltInPokedex.Problem.unknownStat(speciesID: record.speciesID, stat: stat)
                        }
                        try pastStat.execute(arguments: [record.id, past.untilGeneration, stat, base])
                    }
                }
                for past in record.pastAbilities ?? [] {
                    for slot in past.slots {
                        try pastAbility.execute(arguments: [record.id, past.untilGeneration, slot.slot, slot.ability, slot.hidden])
                    }
                }
                for look in record.forms.sorted(by: { ($0.isDefault ? 0 : 1, $0.order, $0.id) < ($1.isDefault ? 0 : 1, $1.order, $1.id) }) {
                    order += 1
                    let flags = FormFlags(look, of: record)
                    try form.execute(arguments: [
                        look.id, look.identifier, look.formIdentifier, record.id, record.speciesID, order,
                        flags.speciesDefault, look.battleOnly, look.mega, flags.gmax, flags.regional, flags.cosmetic,
                        flags.wild, FormFlags.hasOwnSprite(look, of: record),
                    ])
                    for (index, value) in (look.types ?? record.types).enumerated() {
                        try type.execute(arguments: [look.id, index + 1, value])
                    }
                    for (language, value) in look.names.sorted(by: { $0.key < $1.key }) {
                        // A name the same as its nearest language's is read through that one.
                        if let nearest = DataLanguage.storedThrough[language.lowercased()],
                           look.names[nearest] == value, look.formNames[nearest] == look.formNames[language] { continue }
                        try name.execute(arguments: [
                            look.id, language.lowercased(), value, look.formNames[language], SearchText.normalized(value),
                        ])
                    }
                }
            }
        }
    }

    private static func insert(_ all: [BuiltInPokedex.PokedexRecord], _ db: Database) throws {
        let pokedex = try db.makeStatement(sql: "INSERT INTO pokedexes (id, identifier, region, main_series, size) VALUES (?, ?, ?, ?, ?)")
        let name = try db.makeStatement(sql: "INSERT INTO pokedex_names (pokedex_id, language, name, key) VALUES (?, ?, ?, ?)")
        let number = try db.makeStatement(sql: "INSERT INTO pokedex_numbers (pokedex_id, number, species_id) VALUES (?, ?, ?)")
        let group = try db.makeStatement(sql: "INSERT INTO pokedex_version_groups (version_group, pokedex_id) VALUES (?, ?)")
        for record in all.sorted(by: { $0.id < $1.id }) {
            for versionGroup in Set(record.versionGroups ?? []).sorted() {
                try group.execute(arguments: [versionGroup, record.id])
            }
            try pokedex.execute(arguments: [
                record.id, record.identifier, record.region, record.mainSeries, Set(record.entries.map { $0[1] }).count,
            ])
            for (language, value) in record.names.sorted(by: { $0.key < $1.key }) {
                try name.execute(arguments: [record.id, language.lowercased(), value, SearchText.normalized(value)])
            }
            for entry in record.entries where entry.count == 2 {
                try number.execute(arguments: [record.id, entry[0], entry[1]])
            }
        }
    }
}

/// What kind of form a form is: the rules behind the catalog's flags, in one place.
public struct FormFlags {
    /// The form a species shows by default (its default Pokémon's default form).
    var speciesDefault: Bool
    var gmax: Bool
    /// A regional form (Alolan, Galarian, Hisuian, Paldean); Pikachu's Alola cap is not one.
    var regional: Bool
    /// Another look of a Pokémon, the same in battle (Unown B, a Vivillon pattern).
    var cosmetic: Bool
    /// Met in the wild, so a catch may give it: the species' own form, a regional form, or a
    /// look of the default Pokémon. Never battle-only ones (Megas, Gigantamax, Zen Mode), nor
    /// those reached by items, fusion, events or totems (Rotom's appliances, Pikachu's caps).
    var wild: Bool

    /// Whether the sprite data holds a box sprite of this form's own, keyed by
    /// `Sprite.key(ofForm:)`: a form other than its species' own with a PokéSprite file,
    /// Xerneas' Active Mode (716, a species number) included.
    public static func hasOwnSprite(_ form: BuiltInPokedex.FormRecord, of pokemon: BuiltInPokedex.PokemonRecord) -> Bool {
        form.sprite != nil && !(pokemon.isDefault && form.isDefault)
    }

    init(_ form: BuiltInPokedex.FormRecord, of pokemon: BuiltInPokedex.PokemonRecord) {
        speciesDefault = pokemon.isDefault && form.isDefault
        let parts = (form.formIdentifier ?? "").split(separator: "-").map(String.init)
        gmax = parts.contains("gmax")
        regional = parts.first.map(CatalogBuilder.formRegions.contains) == true && !parts.contains("cap")
        cosmetic = !form.isDefault && !form.battleOnly
        let totem = parts.contains("totem")
        wild = speciesDefault || (!form.battleOnly && !totem
            && ((regional && form.isDefault) || (cosmetic && pokemon.isDefault)))
    }
}

/// The URLs of PokeAPI's media for a species, which follow one pattern by number: the catalog
/// stores NULL for those that do (250 KB less), an empty text for none, and the URL otherwise;
/// the views give them back whole.
enum MediaURLPattern: CaseIterable {
    case sprite, shinySprite, cry

    var column: String {
        switch self {
        case .sprite: "sprite"
        case .shinySprite: "shiny_sprite"
        case .cry: "cry"
        }
    }

    var prefix: String {
        switch self {
        case .sprite: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/"
        case .shinySprite: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/shiny/"
        case .cry: "https://raw.githubusercontent.com/PokeAPI/cries/main/cries/pokemon/latest/"
        }
    }

    var suffix: String { self == .cry ? ".ogg" : ".png" }

    /// What the catalog stores for `url`.
    func stored(_ url: String?, id: Int) -> String? {
        guard let url else { return "" }
        return url == prefix + String(id) + suffix ? nil : url
    }

    /// The three columns, whole, of the catalog row whose id is `id` and columns are `row`-prefixed.
    static func columns(_ id: String, _ row: String) -> String {
        allCases.map { pattern in
            "nullif(coalesce(\(row)\(pattern.column), '\(pattern.prefix)' || \(id) || '\(pattern.suffix)'), '') AS \(pattern.column)"
        }.joined(separator: ", ")
    }
}

/// A paged image inflated whole, once: for an SQLite that cannot attach through the VFS.
private final class InflatedImage: Sendable {
    private let memory = Mutex<(address: UInt, count: Int)??>(nil)

    func database(address: UInt, count: Int) -> (address: UInt, count: Int)? {
        memory.withLock { known in
            if let known { return known }
            var out: UnsafeMutablePointer<UInt8>?
            var length = 0
            // Never freed, as the image it comes from: connections may outlive any owner.
            let result: (address: UInt, count: Int)? = mydex_catalog_inflate(UnsafePointer(bitPattern: address), count, &out, &length) != 0
                ? out.map { (UInt(bitPattern: $0), length) } : nil
            known = .some(result)
            return result
        }
    }
}
