import Foundation
import MydexModel
import MydexStore

/// What a command needs of the collection.
public enum CollectionNeed: Sendable {
    /// It adds to the collection: a missing one is started.
    case create
    /// It works on entries: a missing collection is an error.
    case existing
    /// It reads the collection: a missing one reads as empty (the command says where mydex looked).
    case emptyIfMissing
    /// It needs only the Pokédex: a missing collection reads as empty, silently.
    case pokedexOnly
}

/// The user's collection opened for one command, read in the user's language, and the services
/// over it: every read and every change a command makes of the collection and the Pokédex goes
/// through here (the command line never reaches the store).
public struct Library: Sendable {
    let store: CollectionStore
    public let clock: any MydexClock

    public init(store: CollectionStore, clock: any MydexClock) {
        self.store = store
        self.clock = clock
    }

    /// How an open went, beside the library: what the command has to say about it.
    public enum Opening: Sendable, Equatable {
        /// The collection was there.
        case opened
        /// This open created it (`create`).
        case started
        /// There is none at `path`: an empty one in memory stands in for it.
        case missing(path: String)
    }

    /// Opens the collection at `path` as `need` says, read in `language`: a missing one is
    /// created (`create`), refused (`existing`: `StoreError.noCollection`) or read as empty.
    public static func open(
        path: String, need: CollectionNeed, language: String, busyTimeout: TimeInterval, clock: any MydexClock
    ) throws -> (library: Library, opening: Opening) {
        do {
            let store = try CollectionStore.open(
                path: path, create: need == .create, busyTimeout: busyTimeout, now: clock.now(), language: language)
            return (Library(store: store, clock: clock), store.isNew && need == .create ? .started : .opened)
        } catch StoreError.noCollection(let path) where need == .emptyIfMissing || need == .pokedexOnly {
            return (try pokedexOnly(language: language, clock: clock), .missing(path: path))
        }
    }

    /// The Pokédex with an empty collection in memory: for commands that need no collection
    /// (`sprite`, `cry`), which never open or create one.
    public static func pokedexOnly(language: String, clock: any MydexClock) throws -> Library {
        Library(store: try CollectionStore.inMemory(now: clock.now(), language: language), clock: clock)
    }

    /// Where the collection is.
    public var path: String { store.path }
    /// The language entries and species are read in (PokeAPI's code).
    public var language: String { store.language }
    /// Whether this is the empty stand-in for a missing collection.
    public var isInMemory: Bool { store.isInMemory }

    /// What the user typed, found in the Pokédex: species, forms, types, generations.
    public var finder: SpeciesFinder { SpeciesFinder(store: store) }
    /// The Pokédex joined with the collection: species, their pages, moves, places, progress.
    public var pokedex: PokedexReader { PokedexReader(store: store) }
    /// Games, version groups, places, Pokédexes and balls by name, and the game a command plays by default.
    public var games: GameLookup { GameLookup(store: store) }
    /// Natures, abilities, items and moves by name (`list`'s filters, `add`, `dex stats`).
    public var individuals: IndividualLookup { IndividualLookup(store: store) }
    /// `dex stats`: stats from IVs, and IVs from stats.
    public var statCalculator: StatCalculator { StatCalculator(store: store) }
    /// The collection's entries and history, read in short reads.
    public var entries: CollectionReader { CollectionReader(store: store) }
    /// Changes to the collection: release, nickname, favorite, backup, restore.
    public var changes: CollectionService { CollectionService(store: store, clock: clock) }
    /// `add`: a Pokémon the user has in a game, recorded by hand.
    public var adding: AddService { AddService(store: store, clock: clock) }
    /// Files of exported entries, checked and merged.
    public var imports: ImportService { ImportService(store: store, clock: clock) }
    /// The games' own saves and Pokémon files (`import` of a binary file).
    public var saves: SaveFileService { SaveFileService(store: store, clock: clock) }

    /// Pokémon Showdown's sets (`export --format showdown`, `import` of a team).
    public var showdown: ShowdownService { ShowdownService(store: store, clock: clock) }

    /// Wild encounters and throws, times of day read in `timeZone`.
    public func encounters(timeZone: TimeZone) -> EncounterService {
        EncounterService(store: store, clock: clock, timeZone: timeZone)
    }

    /// `catch`: a random species from PokeAPI through `network`, else from the built-in Pokédex.
    public func catching(_ network: PokeAPIConnection) -> CatchService {
        CatchService(store: store, api: network.client, clock: clock)
    }

    /// `dex sync`: every species fetched from PokeAPI through `network`.
    public func sync(_ network: PokeAPIConnection) -> SyncService {
        SyncService(store: store, api: network.client, clock: clock)
    }

    /// A species drawn at random from the built-in Pokédex.
    public var randomSpecies: RandomSpecies { RandomSpecies(store: store) }

    /// Closes the connection (also done when the library is released).
    public func close() throws { try store.close() }
}
