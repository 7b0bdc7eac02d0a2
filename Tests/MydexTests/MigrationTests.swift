import Foundation
import GRDB
import Testing
import MydexReliability
import MydexTestSupport
@testable import MydexStore
@testable import MydexModel

@Suite("Schema migrations")
struct MigrationTests {
    @Test("Every .sql file in Migrations/ is embedded, in file-name order, byte for byte")
    func everyMigrationFileIsRegistered() throws {
        let folder = Fixtures.repositoryRoot.appendingPathComponent("Migrations")
        // schema.sql is no migration: what they all make (the next test).
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".sql") && $0 != "schema.sql" }.sorted()
        #expect(!files.isEmpty)
        #expect(Migration.embedded.map(\.identifier) == files.map { String($0.dropLast(4)) })
        for (file, migration) in zip(files, Migration.embedded) {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(migration.sql == text, "\(file) differs from its embedded copy")
        }
    }

    @Test("A new collection made from Migrations/schema.sql is what replaying every migration makes")
    func schemaSnapshot() throws {
        func made(_ migrator: SchemaMigrator) throws -> DatabaseQueue {
            let queue = try DatabaseQueue()
            try migrator.migrate(queue, path: ":memory:", now: TestClock.start)
            return queue
        }
        let replayed = try made(SchemaMigrator(migrations: Migration.embedded, snapshot: nil))
        let created = try made(SchemaMigrator(migrations: Migration.embedded))
        func state(_ queue: DatabaseQueue) throws -> [String] {
            try queue.read { db in
                try String.fetchAll(db, sql: """
                    SELECT type || ' ' || name || ' ' || tbl_name || ' ' || coalesce(sql, '') FROM sqlite_master ORDER BY type, name
                    """)
                    + String.fetchAll(db, sql: "SELECT name || '=' || seq FROM sqlite_sequence ORDER BY name")
                    + String.fetchAll(db, sql: "SELECT identifier || ' ' || applied_at FROM mydex_schema_migrations ORDER BY rowid")
                    + [String(try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0)]
                    + String.fetchAll(db, sql: "PRAGMA integrity_check")
            }
        }
        let (createdState, replayedState) = (try state(created), try state(replayed))
        #expect(createdState == replayedState, "\(createdState.difference(from: replayedState))")
        #expect(try state(created).contains("table caught_pokemon caught_pokemon " + (
            replayed.read { try String.fetchOne($0, sql: "SELECT sql FROM sqlite_master WHERE name = 'caught_pokemon'") } ?? "")))

        // The file is the replayed schema's statements in the order SQLite made them.
        let file = Fixtures.repositoryRoot.appendingPathComponent("Migrations/schema.sql")
        let text = try String(contentsOf: file, encoding: .utf8)
        let header = text.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("--") }.joined(separator: "\n")
        // … and the AUTOINCREMENT counters the rebuilds left (at 0: the next id is 1 either way).
        let statements = try replayed.read { db in
            try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name <> 'sqlite_sequence' ORDER BY rowid")
                + String.fetchAll(db, sql: """
                    SELECT 'INSERT INTO sqlite_sequence (name, seq) VALUES ' || group_concat(format('(%Q, %d)', name, seq), ', ')
                    FROM sqlite_sequence HAVING count(*) > 0
                    """)
        }
        let expected = header + "\n\n" + statements.map { $0 + ";" }.joined(separator: "\n\n") + "\n"
        if ProcessInfo.processInfo.environment["MYDEX_UPDATE_GOLDEN"] == "1" {
            try expected.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(text == expected, "Migrations/schema.sql is not what the migrations make: MYDEX_UPDATE_GOLDEN=1 swift test --filter schemaSnapshot")
        #expect(Migration.embeddedSnapshot == text, "the binary embeds Migrations/schema.sql as it is")
    }

    @Test("A fresh database gets every migration, the application id, and private permissions")
    func freshDatabase() async throws {
        let environment = try TestEnvironment()
        let store = try environment.openStore()
        #expect(try await store.appliedMigrations() == Migration.embedded.map(\.identifier))
        let applicationID = try await store.writer.read { try Int32.fetchOne($0, sql: "PRAGMA application_id") }
        #expect(applicationID == SchemaMigrator.applicationID)
        let journalMode = try await store.writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(journalMode == "delete")
        let fileMode = try FileManager.default.attributesOfItem(atPath: environment.databasePath)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(
            atPath: (environment.databasePath as NSString).deletingLastPathComponent)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
    }

    @Test("Upgrading from every earlier schema keeps the data")
    func upgradeFromEveryEarlierMigration() async throws {
        let all = Migration.embedded
        // Schemas 1 to 3 had the species table m0004 replaced; their data is written as they wrote it.
        for count in 1..<all.count {
            let environment = try TestEnvironment()
            let old = try CollectionStore.open(
                path: environment.databasePath, now: TestClock.start, migrations: Array(all.prefix(count)))
            // Data written with the first schema's SQL, as an old mydex would have (from schema 4
            // on, species are no longer copied into the collection).
            let speciesRow = count < 4 ? """
                INSERT INTO species (id, name, height_decimetres, weight_hectograms, base_experience, capture_rate,
                    is_baby, is_legendary, is_mythical, fetched_at)
                VALUES (25, 'pikachu', 4, 60, 112, 190, 0, 0, 0, '2026-01-01 00:00:00.000');
                """ : ""
            try await old.writer.write { db in
                // From schema 6 an entry names its form.
                let form = count >= 6 ? (columns: ", form_id", value: ", 25") : (columns: "", value: "")
                try db.execute(sql: speciesRow + """
                    INSERT INTO caught_pokemon (species_id, nickname, is_favorite, caught_at\(form.columns))
                    VALUES (25, 'Sparky', 1, '2026-01-01 00:00:00.000'\(form.value));
                    INSERT INTO history (entry_id, action, detail, occurred_at)
                    VALUES (1, 'catch', 'pikachu', '2026-01-01 00:00:00.000');
                    """)
            }
            try old.close()
            let upgraded = try environment.openStore()
            #expect(try await upgraded.appliedMigrations() == all.map(\.identifier))
            let entry = try await upgraded.entry(id: 1)
            #expect(entry.nickname == "Sparky")
            #expect(entry.isFavorite)
            #expect(try await upgraded.history(limit: nil).count == 1)
        }
    }

    @Test("A database from a newer mydex is refused and left byte-for-byte untouched")
    func newerDatabaseIsRefused() async throws {
        let environment = try TestEnvironment()
        let store = try environment.openStore()
        try await store.writer.write { db in
            try db.execute(sql: "INSERT INTO mydex_schema_migrations VALUES ('m9999_from_the_future', '2030-01-01')")
        }
        try store.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: environment.databasePath))
        #expect(throws: StoreError.newerDatabase(path: environment.databasePath, unknownMigrations: ["m9999_from_the_future"])) {
            try environment.openStore()
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: environment.databasePath)) == before)
        #expect(!FileManager.default.fileExists(atPath: environment.databasePath + "-journal"))
    }

    @Test("Foreign SQLite files, non-database files and damaged files are refused untouched")
    func foreignAndDamagedFilesAreRefused() async throws {
        let environment = try TestEnvironment()
        let path = environment.path("other.sqlite")
        let foreign = try DatabaseQueue(path: path)
        try await foreign.write { try $0.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('hi')") }
        try foreign.close()
        try expectRefusedUntouched(path, StoreError.notAMydexDatabase(path: path))

        let textPath = environment.path("notes.txt")
        try Data(repeating: UInt8(ascii: "x"), count: 5000).write(to: URL(fileURLWithPath: textPath))
        try expectRefusedUntouched(textPath, StoreError.notAMydexDatabase(path: textPath))

        // A real mydex database with a page overwritten in the middle. Opening checks only what
        // is cheap (the header, the application id, the schema); the damage is reported as such
        // when a command reads the page, and nothing is written.
        let store = try environment.openStore()
        for _ in 0..<300 {
            _ = try await store.recordCatch(speciesID: 25, isShiny: false, at: TestClock.start)
        }
        try store.close()
        try DatabaseDamage.overwritePage(of: "caught_pokemon", in: environment.databasePath)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: environment.databasePath))
        do {
            let damaged = try environment.openStore()
            _ = try await damaged.entries(EntryQuery(includeReleased: true))
            _ = try await damaged.history(limit: nil)
            Issue.record("a damaged database was read")
        } catch let error as StoreError {
            guard case .damagedDatabase = error else { Issue.record("unexpected \(error)"); return }
            #expect(error.description.contains("restore a backup"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: environment.databasePath)) == bytes)
    }

    @Test("After a crash (a hot journal left behind) opening reads the whole file before anything else")
    func crashSignalChecksEverything() async throws {
        let environment = try TestEnvironment()
        let store = try environment.openStore()
        for _ in 0..<300 { _ = try await store.recordCatch(speciesID: 25, isShiny: false, at: TestClock.start) }
        try store.close()
        try DatabaseDamage.overwritePage(of: "history", in: environment.databasePath)
        // A journal with no valid header is not rolled back, but its presence says a writer died.
        try Data(repeating: 0, count: 512).write(to: URL(fileURLWithPath: environment.databasePath + "-journal"))
        #expect {
            _ = try environment.openStore()
        } throws: { error in
            guard case .damagedDatabase = error as? StoreError else { return false }
            return true
        }
    }

    @Test("A collection from mydex 0.1.0 (schema 3, the Pokédex copied in) keeps every entry and event, and shrinks")
    func upgradeRealSchemaThreeDatabase() async throws {
        let environment = try TestEnvironment()
        let fixture = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("databases/mydex-0.1.0-schema3.sqlite")
        try FileManager.default.createDirectory(
            atPath: (environment.databasePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture, to: URL(fileURLWithPath: environment.databasePath))
        let sizeBefore = try FileManager.default.attributesOfItem(atPath: environment.databasePath)[.size] as? Int ?? 0
        #expect(sizeBefore > 2_000_000)

        let store = try environment.openStore()
        #expect(try await store.appliedMigrations() == Migration.embedded.map(\.identifier))
        let entries = try await store.entries(EntryQuery(includeReleased: true))
        #expect(entries.map(\.id) == Array(1...8))
        #expect(entries.map(\.speciesName) == [
            "passimian", "bronzor", "registeel", "braixen", "relicanth", "slugma", "gastly", "bulbasaur",
        ])
        #expect(entries.map(\.nickname) == ["Sparky", nil, "Zap", nil, nil, nil, nil, nil])
        // Schema 6 gave every entry its species' own form.
        #expect(entries.map { $0.formID } == entries.map { $0.speciesID } && entries.allSatisfy { $0.isDefaultForm })
        #expect(entries.map(\.isFavorite) == [false, false, true, false, false, false, false, false])
        #expect(entries.map(\.isReleased) == [false, false, false, false, true, true, false, false])
        #expect(entries.map(\.typeList) == [
            "fighting", "steel/psychic", "steel", "fire", "water/rock", "fire", "ghost/poison", "grass/poison",
        ])
        let history = try await store.history(limit: nil)
        #expect(history.count == 19)
        // Every action 0.1.0 knew; `unrelease` and `import` came with schema 5, `add` with 9.
        #expect(Set(history.map(\.action)) == Set(HistoryAction.allCases).subtracting([.unrelease, .import, .add]))
        // Schema 5 gave every entry its own version-4 UUID.
        let identities = try await store.writer.read { try String.fetchAll($0, sql: "SELECT uuid FROM caught_pokemon ORDER BY id") }
        #expect(identities.count == 8 && Set(identities).count == 8)
        #expect(identities.allSatisfy { UUID(uuidString: $0) != nil && $0 == $0.lowercased() && Array($0)[14] == "4" })
        #expect(history.first { $0.action == .nicknameCleared }?.detail == "was 피카")
        #expect(history.first { $0.action == .release && $0.entryID == 5 }?.detail == "was a favorite")
        // What was fetched from PokeAPI stays; the built-in copy is gone.
        let bulbasaur = try #require(try await Pokedex(store: store).species(id: 1))
        #expect(bulbasaur.source == .api)
        #expect(bulbasaur.names["ko"] == "이상해씨")
        #expect(try await Pokedex(store: store).species(id: 766)?.source == .builtin)
        #expect(try await store.counts() == CollectionCounts(entries: 8, released: 2, historyRows: 19, cachedSpecies: 1))
        // Entry numbers continue where they were.
        #expect(try await store.recordCatch(speciesID: 25, isShiny: false, at: TestClock.start).id == 9)
        try store.close()

        let sizeAfter = try FileManager.default.attributesOfItem(atPath: environment.databasePath)[.size] as? Int ?? 0
        #expect(sizeAfter < 256 * 1024, "the migrated file is \(sizeAfter) bytes")
        let audit = try DatabaseQueue(path: environment.databasePath)
        defer { try? audit.close() }
        #expect(try await audit.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") } == ["ok"])
        #expect(try await audit.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM pragma_foreign_key_check") } == 0)
    }

    private func expectRefusedUntouched(_ path: String, _ expected: StoreError) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: expected) { try CollectionStore.open(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("Several connections opening a fresh file at the same moment all succeed")
    func concurrentFirstOpens() async throws {
        let environment = try TestEnvironment()
        let path = environment.databasePath
        try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    // Opening waits on SQLite's lock (a blocking busy wait): on a thread of its own.
                    let store = try await onDedicatedThread { try CollectionStore.open(path: path, busyTimeout: 10) }
                    return try await store.appliedMigrations()
                }
            }
            for try await applied in group {
                #expect(applied == Migration.embedded.map(\.identifier))
            }
        }
    }
}
