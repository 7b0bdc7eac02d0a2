import Foundation
import GRDB
import Testing
import MydexReliability
import MydexTestSupport
@testable import MydexStore
@testable import MydexModel

/// Backups, restores and the store's refusals: what a user sees when a path, a lock or a file
/// is not what mydex needs.
@Suite("Store backups, restores and refusals")
struct StoreBackupTests {
    let environment: TestEnvironment
    let store: CollectionStore

    init() throws {
        environment = try TestEnvironment()
        store = try environment.openStore()
    }

    private func catchOne(_ speciesID: Int = 25) async throws -> CollectionEntry {
        try await store.recordCatch(
            speciesID: speciesID, isShiny: false, at: environment.clock.now(),
            fetchedSpecies: try Fixtures.speciesData(speciesID))
    }

    private func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    // MARK: Backups

    @Test("A backup of a damaged collection names the collection, not its copy, and leaves nothing")
    func backupOfDamagedCollection() async throws {
        _ = try await catchOne()
        try store.close()
        try DatabaseDamage.overwritePage(of: "caught_pokemon", in: environment.databasePath)
        let damaged = try environment.openStore()
        defer { try? damaged.close() }
        let destination = environment.path("backup.sqlite")
        let error = await failure { try await damaged.backup(to: destination) }
        guard case .damagedDatabase(let path, _) = error as? StoreError else { Issue.record("unexpected \(String(describing: error))"); return }
        #expect(path == environment.databasePath)
        #expect(files(in: environment.directory.path).filter { $0.hasPrefix("backup") }.isEmpty)
    }

    @Test("A backup into a folder that does not exist fails, names the folder and leaves nothing")
    func backupIntoMissingFolder() async throws {
        _ = try await catchOne()
        let folder = environment.path("no-such-folder")
        let destination = folder + "/backup.sqlite"
        let error = await failure { try await store.backup(to: destination) }
        #expect(error as? StoreError == .backupFailed(path: destination, detail: "the folder \(folder) does not exist"))
        #expect("\(error.map(String.init(describing:)) ?? "")".hasSuffix("does not exist. No backup file was left behind."))
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test("A backup to a place where no file can be made fails cleanly")
    func backupWhereNothingCanBeWritten() async throws {
        _ = try await catchOne()
        let destination = "/proc/self/mydex-backup.sqlite"
        let error = await failure { try await store.backup(to: destination) }
        guard case .backupFailed(let path, let detail) = error as? StoreError else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(path == destination && !detail.isEmpty)
    }

    @Test("Automatic backups are named by UTC time to the millisecond and never collide")
    func automaticNames() async throws {
        let date = TestClock.start.addingTimeInterval(0.25)
        let first = store.automaticBackupPath(at: date)
        #expect(first == store.backupDirectory + "/mydex-20261118T110640.250Z.sqlite")
        #expect(store.backupDirectory == (environment.databasePath as NSString).deletingLastPathComponent + "/backups")
        _ = try await store.backup(to: first, createFolder: true)
        let second = store.automaticBackupPath(at: date)
        #expect(second == store.backupDirectory + "/mydex-20261118T110640.250Z-2.sqlite")
        _ = try await store.backup(to: second)
        #expect(store.automaticBackupPath(at: date) == store.backupDirectory + "/mydex-20261118T110640.250Z-3.sqlite")
        #expect(store.automaticBackupPath(at: date, suffix: "-before-restore")
            == store.backupDirectory + "/mydex-20261118T110640.250Z-before-restore.sqlite")
    }

    @Test("Pruning keeps the newest automatic backups and never touches other files")
    func pruning() async throws {
        var automatic: [String] = []
        for minute in 0..<4 {
            let path = store.automaticBackupPath(at: TestClock.start.addingTimeInterval(Double(minute) * 60))
            _ = try await store.backup(to: path, createFolder: true)
            automatic.append(path)
        }
        let mine = store.backupDirectory + "/my-copy.sqlite"
        let notes = store.backupDirectory + "/mydex-notes.txt"
        _ = try await store.backup(to: mine)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: notes))
        // A journal beside a doomed backup goes with it.
        try Data().write(to: URL(fileURLWithPath: automatic[0] + "-journal"))

        #expect(try store.pruneAutomaticBackups(keeping: 2) == Array(automatic.prefix(2)))
        #expect(files(in: store.backupDirectory) == ([mine, notes] + automatic.suffix(2)).map { ($0 as NSString).lastPathComponent }.sorted())
        #expect(try store.pruneAutomaticBackups(keeping: 5).isEmpty)
        #expect(try store.pruneAutomaticBackups(keeping: -1) == Array(automatic.suffix(2)))
        #expect(files(in: store.backupDirectory) == ["my-copy.sqlite", "mydex-notes.txt"])
    }

    @Test("Pruning a collection that never made a backup removes nothing")
    func pruningWithoutBackups() throws {
        #expect(try store.pruneAutomaticBackups(keeping: 0).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: store.backupDirectory))
    }

    @Test("A backup never replaces a file, even one that appears at the last moment")
    func linkNeverOverwrites() throws {
        let source = environment.path("source")
        let taken = environment.path("taken")
        try Data("new".utf8).write(to: URL(fileURLWithPath: source))
        try Data("precious".utf8).write(to: URL(fileURLWithPath: taken))
        #expect(throws: StoreError.fileExists(path: taken)) { try PrivateFiles.linkWithoutOverwriting(source, to: taken) }
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "precious")
        let nowhere = environment.path("missing/copy")
        #expect(throws: StoreError.backupFailed(path: nowhere, detail: "No such file or directory")) {
            try PrivateFiles.linkWithoutOverwriting(source, to: nowhere)
        }
    }

    @Test("SQLite's complaints about writing a copy are put in words")
    func explainedFailures() {
        #expect(CollectionStore.explain(DatabaseError(resultCode: .SQLITE_FULL)) == "the disk is full")
        #expect(CollectionStore.explain(DatabaseError(resultCode: .SQLITE_IOERR)) == "writing to the disk failed")
        for code in [ResultCode.SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN] {
            #expect(CollectionStore.explain(DatabaseError(resultCode: code)) == "the file cannot be written")
        }
        #expect(CollectionStore.explain(DatabaseError(resultCode: .SQLITE_ERROR, message: "not an error")) == "SQLite error 1")
        #expect(CollectionStore.explain(DatabaseError(resultCode: .SQLITE_ERROR, message: "")) == "SQLite error 1")
        #expect(CollectionStore.explain(DatabaseError(resultCode: .SQLITE_ERROR, message: "no such table: x")) == "no such table: x")
    }

    // MARK: Restores

    @Test("A damaged collection can be restored: the damaged file is kept as it was beside the backups")
    func restoreOverDamagedCollection() async throws {
        _ = try await store.recordCatch(speciesID: 25, isShiny: false, at: environment.clock.now())
        let good = environment.path("good.sqlite")
        _ = try await store.backup(to: good)
        for _ in 0..<200 { _ = try await store.recordCatch(speciesID: 1, isShiny: false, at: environment.clock.now()) }
        try store.close()
        try DatabaseDamage.overwritePage(of: "caught_pokemon", in: environment.databasePath)
        let damagedBytes = try Data(contentsOf: URL(fileURLWithPath: environment.databasePath))
        let damaged = try environment.openStore()
        await #expect(throws: StoreError.self) { try await damaged.entries() }
        let safety = environment.path("backups/before-restore.sqlite")
        let summary = try await damaged.restore(from: good, safetyBackup: safety, at: environment.clock.now())
        #expect(summary.previousWasDamaged)
        #expect(try Data(contentsOf: URL(fileURLWithPath: safety)) == damagedBytes)
        #expect(try await damaged.entries().map(\.speciesName) == ["pikachu"])
        #expect(try await damaged.history(limit: 1).first?.action == .restore)
    }

    @Test("Restore refuses a missing file, a damaged backup and a file that is not a database, changing nothing")
    func restoreRefusesBadSources() async throws {
        _ = try await catchOne()
        let safety = environment.path("safety.sqlite")
        let missing = environment.path("missing.sqlite")
        await #expect(throws: StoreError.fileMissing(path: missing)) {
            try await store.restore(from: missing, safetyBackup: safety, at: environment.clock.now())
        }
        #expect(StoreError.fileMissing(path: missing).description.hasPrefix("\(missing) does not exist."))

        let damaged = environment.path("damaged.sqlite")
        _ = try await store.backup(to: damaged)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: damaged))
        let page = 4096
        bytes.replaceSubrange(page * 2 ..< page * 3, with: Data(repeating: 0xA5, count: page))
        try bytes.write(to: URL(fileURLWithPath: damaged))
        let error = await failure { try await store.restore(from: damaged, safetyBackup: safety, at: environment.clock.now()) }
        guard case .damagedBackup(let path, _) = error as? StoreError else { Issue.record("unexpected \(String(describing: error))"); return }
        #expect(path == damaged)
        #expect(error.map { "\($0)" }?.hasSuffix("Nothing was changed; choose another backup file.") == true)

        let text = environment.path("notes.txt")
        try Data(String(repeating: "Dear diary,\n", count: 500).utf8).write(to: URL(fileURLWithPath: text))
        await #expect(throws: StoreError.notAMydexBackup(path: text)) {
            try await store.restore(from: text, safetyBackup: safety, at: environment.clock.now())
        }
        #expect(!FileManager.default.fileExists(atPath: safety))
        #expect(try await store.counts().entries == 1)
    }

    @Test("The live database is recognised through a hard link or a symbolic link")
    func restoreFromLiveThroughLinks() async throws {
        _ = try await catchOne()
        let hardLink = environment.path("hard.sqlite")
        let symbolicLink = environment.path("soft.sqlite")
        try FileManager.default.linkItem(atPath: store.path, toPath: hardLink)
        try FileManager.default.createSymbolicLink(atPath: symbolicLink, withDestinationPath: store.path)
        for link in [hardLink, symbolicLink] {
            await #expect(throws: StoreError.restoreFromLiveDatabase(path: link)) {
                try await store.restore(from: link, safetyBackup: environment.path("safety.sqlite"), at: environment.clock.now())
            }
        }
        #expect(StoreError.restoreFromLiveDatabase(path: "x").description == "x is the database in use; restore from a backup file instead.")
    }

    @Test("When the current collection cannot be saved first, restore stops and says the collection is unchanged")
    func restoreWithoutSafetyCopy() async throws {
        _ = try await catchOne()
        let backup = environment.path("backup.sqlite")
        _ = try await store.backup(to: backup)
        _ = try await catchOne(151)
        let blocker = environment.path("not-a-folder")
        try Data("file".utf8).write(to: URL(fileURLWithPath: blocker))
        let error = await failure {
            try await store.restore(from: backup, safetyBackup: blocker + "/safety.sqlite", at: environment.clock.now())
        }
        let expected = StoreError.restoreFailed(
            source: backup, detail: "could not save the current collection first (it is a file, not a folder)")
        #expect(error as? StoreError == expected)
        #expect(expected.description.hasSuffix("Your collection is unchanged."))
        #expect(try await store.counts().entries == 2)
        #expect(files(in: environment.directory.appendingPathComponent("data").path) == ["mydex.sqlite"])
    }

    @Test("A copy that cannot be prepared stops the restore: the collection is unchanged, the safety copy kept")
    func restoreWithLeftoverStaging() async throws {
        _ = try await catchOne()
        let backup = environment.path("backup.sqlite")
        _ = try await store.backup(to: backup)
        _ = try await catchOne(151)
        // What a restore killed midway by a process with this process id would have left.
        let leftover = store.path + ".restore-\(getpid())"
        try Data("half a copy".utf8).write(to: URL(fileURLWithPath: leftover))
        let safety = environment.path("safety.sqlite")
        let error = await failure { try await store.restore(from: backup, safetyBackup: safety, at: environment.clock.now()) }
        guard case .restoreFailed(let source, let detail) = error as? StoreError else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(source == backup)
        #expect(detail.hasPrefix("could not prepare the copy (\(leftover) already exists;"))
        #expect(try await store.counts().entries == 2)
        #expect(try await CollectionStore.open(path: safety).counts().entries == 2)
        // The next attempt is not blocked by the leftover.
        #expect(try await store.restore(from: backup, safetyBackup: environment.path("safety-2.sqlite"), at: environment.clock.now()).counts.active == 1)
    }

    @Test("A safety copy whose name is taken stops the restore before anything is changed")
    func restoreWithTakenSafetyName() async throws {
        _ = try await catchOne()
        let backup = environment.path("backup.sqlite")
        _ = try await store.backup(to: backup)
        let taken = environment.path("taken.sqlite")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: taken))
        await #expect(throws: StoreError.restoreFailed(
            source: backup, detail: "could not save the current collection first (\(StoreError.fileExists(path: taken)))")) {
            try await store.restore(from: backup, safetyBackup: taken, at: environment.clock.now())
        }
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "mine")
    }

    @Test("A backup from an older mydex is migrated as it is restored, and the restore is in the history")
    func restoreOlderSchema() async throws {
        _ = try await catchOne()
        let old = environment.path("old.sqlite")
        let oldStore = try CollectionStore.open(path: old, now: TestClock.start, migrations: Array(Migration.embedded.prefix(1)))
        try oldStore.close()
        let summary = try await store.restore(from: old, safetyBackup: environment.path("safety.sqlite"), at: environment.clock.now())
        #expect(summary.counts == CollectionCounts(entries: 0, released: 0, historyRows: 1, cachedSpecies: 0))
        #expect(try await store.appliedMigrations() == Migration.embedded.map(\.identifier))
        let history = try await store.history(limit: nil)
        #expect(history.map(\.action) == [.restore])
        #expect(history.first?.detail == "from \(old) (0 active, 0 released)")
        // The backup itself is left as it was.
        #expect(try await CollectionStore.open(path: old, migrations: Array(Migration.embedded.prefix(1))).appliedMigrations()
            == [Migration.embedded[0].identifier])
    }

    // MARK: Opening

    @Test("A folder that is a file, or that cannot be made, is named")
    func unusableFolders() throws {
        let file = environment.path("plain-file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: StoreError.cannotOpen(path: file, detail: "it is a file, not a folder")) {
            try CollectionStore.open(path: file + "/mydex.sqlite")
        }
        #expect(StoreError.cannotOpen(path: file, detail: "it is a file, not a folder").description
            == "cannot use the database at \(file): it is a file, not a folder")

        // /proc refuses new folders and files, even to root.
        do {
            _ = try CollectionStore.open(path: "/proc/mydex-\(UUID().uuidString)/mydex.sqlite")
            Issue.record("a folder was made under /proc")
        } catch StoreError.cannotOpen(_, let detail) {
            #expect(detail.hasPrefix("cannot create the folder"))
        }
        do {
            _ = try CollectionStore.open(path: "/proc/self/mydex.sqlite")
            Issue.record("a file was made under /proc/self")
        } catch StoreError.cannotOpen(let path, let detail) {
            #expect(path == "/proc/self/mydex.sqlite")
            #expect(!detail.isEmpty)
        }
    }

    @Test("A database another process keeps locked is reported as locked, not as damaged")
    func lockedByAnotherProcess() async throws {
        _ = try await catchOne()
        // A store already open, then a connection that takes the exclusive lock and keeps it.
        let waiting = try CollectionStore.open(path: store.path, busyTimeout: 0.2)
        let holder = try await ExclusiveLock.take(store.path)
        defer { holder.release() }
        let locked = StoreError.cannotOpen(path: store.path, detail: "it stayed locked by another process; try again")

        await #expect(throws: locked) { try await waiting.counts() }
        // Opening waits on the lock synchronously: on a thread of its own, never a cooperative one.
        let path = store.path
        let opening = await failure { try await onDedicatedThread { try CollectionStore.open(path: path, busyTimeout: 0.2) } }
        #expect(opening as? StoreError == locked)
    }

    // MARK: Records

    @Test("A fetched species is stored field for field and replaced whole; it replaces the catalog's")
    func speciesRoundTrip() async throws {
        let pokedex = Pokedex(store: store)
        let builtIn = try #require(try await pokedex.species(id: 1))
        #expect(builtIn.source == .builtin)
        #expect(builtIn.fetchedAt == nil)
        let original = try Fixtures.speciesData(1, fetchedAt: TestClock.start)
        try await store.saveSpecies(original)
        // Stats, abilities, evolution and breeding stay the catalog's (the cache has no columns for them).
        var expected = original
        (expected.stats, expected.abilities, expected.eggGroups) = (builtIn.stats, builtIn.abilities, builtIn.eggGroups)
        (expected.genderRate, expected.growthRate) = (builtIn.genderRate, builtIn.growthRate)
        (expected.evolutionChain, expected.evolvesFrom, expected.evolution) = (builtIn.evolutionChain, builtIn.evolvesFrom, builtIn.evolution)
        (expected.effortYield, expected.baseFriendship, expected.eggCycles) = (builtIn.effortYield, builtIn.baseFriendship, builtIn.eggCycles)
        expected.flavorTextGames = nil  // the game of a fetched text is not kept
        #expect(expected.stats?["hp"] == 45)
        #expect(try await pokedex.species(id: 1) == expected)
        let raw = try await store.writer.read { db in
            try Row.fetchOne(db, sql: "SELECT fetched_at, baby, types, names ->> '$.ko' AS korean FROM fetched_species WHERE id = 1")
        }
        #expect(raw?["fetched_at"] == "2026-11-18 11:06:40.000")
        #expect(raw?["baby"] == 0)
        #expect(raw?["types"] == #"["grass","poison"]"#)
        #expect(raw?["korean"] == "이상해씨")

        var changed = original
        changed.types = ["grass"]
        changed.names = ["en": "Bulbasaur (new)"]
        try await store.saveSpecies(changed)
        let reloaded = try #require(try await pokedex.species(id: 1))
        #expect(reloaded.types == ["grass"])
        #expect(reloaded.names == ["en": "Bulbasaur (new)"])
        #expect(reloaded.source == .api)
        #expect(try await store.counts().cachedSpecies == 1)
    }

    @Test("The catalog's species read back as the JSON Lines have them")
    func catalogSpecies() async throws {
        let pokedex = Pokedex(store: store)
        let pikachu = try #require(try await pokedex.species(id: 25))
        #expect(pikachu.names["ko"] == "피카츄")
        #expect(pikachu.genera["en"] == "Mouse Pokémon")
        #expect(pikachu.types == ["electric"])
        #expect(pikachu.flavorTexts["en"]?.isEmpty == false)
        #expect(try await pokedex.species(id: 99_999) == nil)
    }
}

/// SQLite's exclusive lock on a database, as another process holding a write would keep it:
/// taken and held by a thread of its own until `release()`.
final class ExclusiveLock: Sendable {
    private let released = DispatchSemaphore(value: 0)

    static func take(_ path: String) async throws -> ExclusiveLock {
        let lock = ExclusiveLock()
        let queue = try DatabaseQueue(path: path)
        try await withCheckedThrowingContinuation { (taken: CheckedContinuation<Void, any Error>) in
            Thread {
                do {
                    try queue.inDatabase { db in
                        try db.execute(sql: "BEGIN EXCLUSIVE")
                        taken.resume()
                        lock.released.wait()
                        try? db.execute(sql: "ROLLBACK")
                    }
                } catch {
                    taken.resume(throwing: error)
                }
            }.start()
        }
        return lock
    }

    func release() { released.signal() }

    @Test("A timestamped name another mydex took meanwhile gives way to the next number; a name the user chose never does")
    func nameTakenMeanwhile() async throws {
        let environment = try TestEnvironment()
        let store = try environment.openStore()
        let folder = environment.directory.appendingPathComponent("backups").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        // Both processes chose this name before either wrote it: the other one wrote it first.
        let chosen = CollectionStore.timestampedPath(in: folder, at: date)
        try Data("the other backup".utf8).write(to: URL(fileURLWithPath: chosen))
        let (path, counts) = try CollectionStore.copyVerified(to: chosen, numbered: true) { copy in try store.writer.backup(to: copy) }
        #expect(path == CollectionStore.numbered(chosen, 2) && path.hasSuffix("Z-2.sqlite"), "\(path)")
        #expect(counts.active == 0)
        #expect(try String(contentsOfFile: chosen, encoding: .utf8) == "the other backup", "never overwritten")
        #expect(BackupNames.date(in: (path as NSString).lastPathComponent) == date)
        // A name the user gave is theirs: taken, it is refused.
        #expect(throws: StoreError.self) {
            try CollectionStore.copyVerified(to: chosen) { copy in try store.writer.backup(to: copy) }
        }
    }
}
