import Foundation
import GRDB
import Testing
import MydexCatalog
import MydexModel
import MydexServices
@testable import MydexStore

@Suite("The collection store")
struct StoreTests {
    let environment: TestEnvironment
    let store: CollectionStore

    init() throws {
        environment = try TestEnvironment()
        store = try environment.openStore()
    }

    private func catchOne(_ speciesID: Int = 25, shiny: Bool = false) async throws -> CollectionEntry {
        try await store.recordCatch(
            speciesID: speciesID, isShiny: shiny, at: environment.clock.now(),
            fetchedSpecies: try Fixtures.speciesData(speciesID))
    }

    @Test("A catch and its history row are written together")
    func catchWritesHistory() async throws {
        let entry = try await catchOne(25, shiny: true)
        #expect(entry.id == 1)
        #expect(entry.name == "Pikachu")
        #expect(entry.isShiny)
        let history = try await store.history(limit: nil)
        #expect(history.map(\.action) == [.catch])
        #expect(history.first?.entryID == entry.id)
        #expect(history.first?.detail == "pikachu (shiny)")
    }

    @Test("A catch of an uncached species without fetched data fails and writes nothing")
    func catchNeedsSpecies() async throws {
        // Neither in the catalog nor fetched.
        await #expect(throws: StoreError.speciesNotCached(id: 99_999)) {
            try await store.recordCatch(speciesID: 99_999, isShiny: false, at: environment.clock.now())
        }
        #expect(try await store.counts() == CollectionCounts(entries: 0, released: 0, historyRows: 0, cachedSpecies: 0))
    }

    @Test("Releasing keeps the entry in the database and the history, and hides it from the list")
    func releaseIsAThrowBack() async throws {
        let pikachu = try await catchOne(25)
        let mew = try await catchOne(151)
        let released = try await store.release(entryID: pikachu.id, force: false, at: environment.clock.now())
        #expect(released.isReleased)
        #expect(try await store.entries().map(\.id) == [mew.id])
        #expect(try await store.entries(EntryQuery(includeReleased: true)).map(\.id) == [pikachu.id, mew.id])
        #expect(try await store.history(limit: 1).first?.action == .release)
        await #expect(throws: StoreError.entryReleased(id: pikachu.id)) {
            try await store.release(entryID: pikachu.id, force: false, at: environment.clock.now())
        }
        await #expect(throws: StoreError.entryNotFound(id: 42)) {
            try await store.release(entryID: 42, force: false, at: environment.clock.now())
        }
    }

    @Test("Releasing a favorite needs force")
    func favoriteNeedsForce() async throws {
        let entry = try await catchOne()
        _ = try await store.setFavorite(entryID: entry.id, true, at: environment.clock.now())
        await #expect(throws: StoreError.favoriteNeedsForce(id: entry.id)) {
            try await store.release(entryID: entry.id, force: false, at: environment.clock.now())
        }
        #expect(try await store.entries().count == 1)
        _ = try await store.release(entryID: entry.id, force: true, at: environment.clock.now())
        #expect(try await store.entries().isEmpty)
    }

    @Test("Nicknames and favorites record what changed; repeating a favorite records nothing")
    func nicknameAndFavoriteHistory() async throws {
        let entry = try await catchOne()
        _ = try await store.setNickname(entryID: entry.id, to: "Sparky", at: environment.clock.now())
        _ = try await store.setNickname(entryID: entry.id, to: "Zap", at: environment.clock.now())
        _ = try await store.setNickname(entryID: entry.id, to: nil, at: environment.clock.now())
        _ = try await store.setFavorite(entryID: entry.id, true, at: environment.clock.now())
        _ = try await store.setFavorite(entryID: entry.id, true, at: environment.clock.now())
        _ = try await store.setFavorite(entryID: entry.id, false, at: environment.clock.now())
        let history = try await store.history(limit: nil).reversed()
        #expect(history.map(\.action) == [.catch, .nicknameSet, .nicknameSet, .nicknameCleared, .favorite, .unfavorite])
        #expect(history.map(\.detail) == ["pikachu", "Sparky", "Zap (was Sparky)", "was Zap", nil, nil])
        #expect(try await store.entry(id: entry.id).nickname == nil)
    }

    @Test("A species fetched again replaces the cached one without touching caught Pokémon")
    func speciesUpsert() async throws {
        let entry = try await catchOne(25)
        var refreshed = try Fixtures.speciesData(25)
        refreshed.types = ["electric", "fairy"]
        refreshed.names = ["en": "Pikachu!"]
        try await store.saveSpecies(refreshed)
        let reloaded = try await store.entry(id: entry.id)
        #expect(reloaded.types == ["electric", "fairy"])
        #expect(reloaded.name == "Pikachu!")
        #expect(try await Pokedex(store: store).species(id: 25)?.names == ["en": "Pikachu!"])
    }

    @Test("A backup is a verified copy, never overwrites, and a restore brings it back with a history row")
    func backupAndRestore() async throws {
        let first = try await catchOne(25)
        let backupPath = environment.path("backup.sqlite")
        let summary = try await store.backup(to: backupPath)
        #expect(summary.counts == CollectionCounts(entries: 1, released: 0, historyRows: 1, cachedSpecies: 1))
        await #expect(throws: StoreError.fileExists(path: backupPath)) { try await store.backup(to: backupPath) }

        _ = try await catchOne(151)
        _ = try await store.release(entryID: first.id, force: false, at: environment.clock.now())
        let safety = environment.path("safety.sqlite")
        let restored = try await store.restore(from: backupPath, safetyBackup: safety, at: environment.clock.now())
        #expect(restored.counts.entries == 1)
        #expect(try await store.entries().map(\.speciesName) == ["pikachu"])
        #expect(try await store.history(limit: 1).first?.action == .restore)
        // The collection as it was before the restore is in the safety copy.
        let before = try CollectionStore.open(path: safety)
        #expect(try await before.counts().entries == 2)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: environment.directory.path)
            .filter { $0.contains("partial") || $0.contains("restore-") }
        #expect(leftovers.isEmpty)
    }

    @Test("Restore refuses a foreign file, a newer database and the live database itself")
    func restoreRefusals() async throws {
        _ = try await catchOne()
        let foreign = environment.path("foreign.sqlite")
        let queue = try DatabaseQueue(path: foreign)
        try await queue.write { try $0.execute(sql: "CREATE TABLE t (x)") }
        try queue.close()
        let safety = environment.path("safety.sqlite")
        await #expect(throws: StoreError.notAMydexBackup(path: foreign)) {
            try await store.restore(from: foreign, safetyBackup: safety, at: environment.clock.now())
        }
        await #expect(throws: StoreError.restoreFromLiveDatabase(path: store.path)) {
            try await store.restore(from: store.path, safetyBackup: safety, at: environment.clock.now())
        }
        let newer = environment.path("newer.sqlite")
        _ = try await store.backup(to: newer)
        let newerQueue = try DatabaseQueue(path: newer)
        try await newerQueue.write { try $0.execute(sql: "INSERT INTO mydex_schema_migrations VALUES ('m9999_next', 'x')") }
        try newerQueue.close()
        await #expect(throws: StoreError.newerDatabase(path: newer, unknownMigrations: ["m9999_next"])) {
            try await store.restore(from: newer, safetyBackup: safety, at: environment.clock.now())
        }
        #expect(!FileManager.default.fileExists(atPath: safety), "no safety backup is made for a refused restore")
        #expect(try await store.counts().entries == 1)
    }

    @Test("Columns name properties in snake_case, with ID and URL as words of their own")
    func columnNames() {
        for (column, property) in [("species_id", "speciesID"), ("shiny_sprite", "shinySprite"), ("cry_url", "cryURL"),
                                   ("flavor_text_game", "flavorTextGame"), ("name", "name"), ("identifier", "identifier"),
                                   ("level_2_chance", "level2Chance"), ("idle_time", "idleTime")] {
            #expect(ColumnNaming.propertyName(column) == property)
        }
    }

    @Test("Dates are stored as GRDB stores them, to the millisecond, and read back exactly")
    func storedDates() throws {
        let dates = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_763_710_500.123),
            Date(timeIntervalSince1970: 951_782_400.999),  // 2000-02-29 00:00:00.999
            Date(timeIntervalSince1970: 4_102_444_799.5), Date(timeIntervalSince1970: -86_400.25),
        ]
        for date in dates {
            let grdb = String.fromDatabaseValue(date.databaseValue)
            #expect(StoredDate.text(date) == grdb, "\(date)")
            #expect(StoredDate.date(StoredDate.text(date)) == date, "\(date)")
        }
        #expect(StoredDate.date("2026-11-21 07:35") == StoredDate.date("2026-11-21T07:35:00.000"))
        #expect(StoredDate.date("2026-11-21") == nil)
        #expect(StoredDate.date("yesterday, roughly") == nil)
    }

    @Test("Database paths: --db, then MYDEX_DB, then XDG_DATA_HOME, then ~/.local/share; relative ones from the context")
    func databaseLocation() {
        let home = "/home/ash"
        func resolve(_ explicit: String?, _ environment: [String: String]) -> String {
            MydexPaths.database(
                explicit: explicit, environment: environment, user: UserPath(homeDirectory: home, currentDirectory: "/work/here"))
        }
        #expect(resolve("/tmp/a.sqlite", ["MYDEX_DB": "/tmp/b.sqlite"]) == "/tmp/a.sqlite")
        #expect(resolve(nil, ["MYDEX_DB": "/tmp/b.sqlite", "XDG_DATA_HOME": "/x"]) == "/tmp/b.sqlite")
        #expect(resolve(nil, ["XDG_DATA_HOME": "/x"]) == "/x/mydex/mydex.sqlite")
        #expect(resolve(nil, ["XDG_DATA_HOME": "relative"]) == "/home/ash/.local/share/mydex/mydex.sqlite")
        #expect(resolve(nil, [:]) == "/home/ash/.local/share/mydex/mydex.sqlite")
        // Relative paths start from the command's directory, `~` is the context's home (not the passwd one).
        #expect(resolve("a.sqlite", [:]) == "/work/here/a.sqlite")
        #expect(resolve(nil, ["MYDEX_DB": "../b.sqlite"]) == "/work/b.sqlite")
        #expect(resolve("~/c.sqlite", [:]) == "/home/ash/c.sqlite")
        #expect(resolve("~", [:]) == "/home/ash")
        #expect(resolve("~other/d.sqlite", [:]) == "/work/here/~other/d.sqlite")
    }
}
