import Foundation
import GRDB
import MydexCatalog
import MydexText
import MydexModel

extension CollectionStore {
    /// The folder of automatic backups: `backups/` beside the database.
    public var backupDirectory: String {
        ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("backups")
    }

    /// A new automatic backup path for `date`, e.g. `backups/mydex-20261121T073500.123Z.sqlite`.
    public func automaticBackupPath(at date: Date, suffix: String = "") -> String {
        Self.timestampedPath(in: backupDirectory, at: date, suffix: suffix)
    }

    /// A new `mydex-<UTC timestamp>[suffix].sqlite` in `folder`, numbered if the name is taken.
    static func timestampedPath(in folder: String, at date: Date, suffix: String = "") -> String {
        let first = (folder as NSString).appendingPathComponent("mydex-\(BackupNames.stamp(date))\(suffix).sqlite")
        var candidate = first
        var counter = 2
        while PrivateFiles.exists(candidate) {
            candidate = numbered(first, counter)
            counter += 1
        }
        return candidate
    }

    /// `mydex-<stamp>[suffix]-N.sqlite`: the `counter`th name for the same moment.
    static func numbered(_ path: String, _ counter: Int) -> String {
        String(path.dropLast(".sqlite".count)) + "-\(counter).sqlite"
    }

    /// Writes a consistent copy of the live database to `destination` with SQLite's online backup
    /// API, checks the copy with `integrity_check`, and only then gives it its name. Never
    /// overwrites; leaves nothing behind on failure.
    /// An existing folder as `destination` gets a new timestamped file inside it, as `cp` would.
    public func backup(to requested: String, createFolder: Bool = false, at date: Date = Date()) async throws -> BackupSummary {
        let destination = try backupDestination(requested, createFolder: createFolder, at: date)
        if createFolder { try PrivateFiles.createDirectory((destination as NSString).deletingLastPathComponent) }
        // A timestamped name mydex made (an automatic backup, or one into a folder) may be taken
        // by another mydex backing up in the same millisecond: the copy then takes the next number.
        let generated = createFolder || PrivateFiles.isDirectory(requested)
        // Errors here are about the copy (a full disk, say): copyVerified names the destination.
        // But the backup API copies pages as they are, so a damaged copy is a damaged collection.
        do {
            let (path, counts) = try Self.copyVerified(to: destination, numbered: generated) { copy in try writer.backup(to: copy) }
            return BackupSummary(path: path, counts: counts, pruned: [])
        } catch StoreError.damagedDatabase(_, let detail) {
            throw StoreError.damagedDatabase(path: path, detail: detail)
        }
    }

    /// Where `backup(to: requested)` writes, refused as it would be (an existing file, a missing
    /// folder that is not to be created). Writes nothing: `backup --dry-run` asks this alone.
    public func backupDestination(_ requested: String, createFolder: Bool, at date: Date) throws -> String {
        let destination = PrivateFiles.isDirectory(requested) ? Self.timestampedPath(in: requested, at: date) : requested
        let directory = (destination as NSString).deletingLastPathComponent
        if !createFolder && !PrivateFiles.isDirectory(directory) {
            throw StoreError.backupFailed(path: destination, detail: tr("backups.detail.folder-missing", ["folder": directory]))
        }
        guard !PrivateFiles.exists(destination) else { throw StoreError.fileExists(path: destination) }
        return destination
    }

    /// Removes the oldest automatic backups so that `keep` remain. The copies saved before a
    /// restore are never removed: they are the only way to undo it.
    public func pruneAutomaticBackups(keeping keep: Int) throws -> [String] {
        let doomed = automaticBackupsToPrune(keeping: keep)
        for doomedPath in doomed { PrivateFiles.removeDatabaseFile(doomedPath) }
        return doomed
    }

    /// Replaces the collection with the backup at `source`.
    ///
    /// The source is checked (a mydex database, intact, not from a newer version), the current
    /// database is backed up to `safetyBackup`, then a migrated copy of the source carrying its
    /// `restore` history row is copied into the live database with the backup API, in one step,
    /// so other processes never see a half-restored file and no file is renamed under them.
    public func restore(from source: String, safetyBackup: String, at date: Date) async throws -> RestoreSummary {
        let (sourceQueue, migrator) = try Self.openRestoreSource(source, livePath: path)
        defer { try? sourceQueue.close() }

        let safetyPath: String
        var previousWasDamaged = false
        do {
            safetyPath = try await backup(to: safetyBackup, createFolder: true).path
        } catch StoreError.damagedDatabase {
            // A damaged collection is what restore is for: keep it byte for byte, unverified.
            do {
                safetyPath = try await copyAsIs(to: safetyBackup)
                previousWasDamaged = true
            } catch let error as StoreError {
                throw StoreError.restoreFailed(source: source, detail: tr("backups.detail.save-current-failed", ["reason": error.reason]))
            }
        } catch let error as StoreError {
            throw StoreError.restoreFailed(source: source, detail: tr("backups.detail.save-current-failed", ["reason": error.reason]))
        }

        let stagingPath = path + ".restore-\(getpid())"
        defer { PrivateFiles.removeDatabaseFile(stagingPath) }
        let counts: CollectionCounts
        do {
            counts = try Self.copyVerified(to: stagingPath, keepFile: true) { staging in
                try Self.translatingDatabaseErrors(path: source) { try sourceQueue.backup(to: staging) }
                try migrator.migrate(staging, path: source, now: date)
                let restored = try staging.read { db in try Self.counts(db) }
                try staging.write { db in
                    try Self.appendHistory(
                        db, entryID: nil, action: .restore,
                        detail: "from \(source) (\(restored.active) active, \(restored.released) released)", at: date)
                }
            }.counts
        } catch let error as StoreError {
            throw StoreError.restoreFailed(source: source, detail: tr("backups.detail.prepare-copy-failed", ["reason": error.reason]))
        }
        let staging = try Self.openQueue(path: stagingPath, readonly: true, busyTimeout: 5)
        defer { try? staging.close() }
        try Self.translatingDatabaseErrors(path: path) { try staging.backup(to: writer) }
        return RestoreSummary(
            source: source, safetyBackup: safetyPath, counts: counts, previousWasDamaged: previousWasDamaged)
    }

    /// The backup at `source`, checked as `restore` checks it (a mydex database, intact, not
    /// from a newer version, not the live one), open read-only, with the migrator that upgrades it.
    static func openRestoreSource(_ source: String, livePath: String) throws -> (DatabaseQueue, SchemaMigrator) {
        guard PrivateFiles.exists(source) else { throw StoreError.fileMissing(path: source) }
        if PrivateFiles.isDirectory(source) { throw StoreError.isFolder(path: source) }
        guard !PrivateFiles.sameFile(source, livePath) else { throw StoreError.restoreFromLiveDatabase(path: source) }
        try PrivateFiles.checkReadable(source)
        let sourceQueue: DatabaseQueue
        let state: SchemaMigrator.SchemaState
        do {
            sourceQueue = try openQueue(path: source, readonly: true, busyTimeout: 5)
            try checkIntegrity(sourceQueue, path: source, full: true)
            state = try translatingDatabaseErrors(path: source) {
                try sourceQueue.read { db in try SchemaMigrator.readState(db) }
            }
        } catch StoreError.notAMydexDatabase {
            throw StoreError.notAMydexBackup(path: source)
        } catch StoreError.damagedDatabase(_, let detail) {
            throw StoreError.damagedBackup(path: source, detail: detail)
        }
        do {
            guard case .mydex = state else { throw StoreError.notAMydexBackup(path: source) }
            let migrator = SchemaMigrator(migrations: Migration.embedded)
            _ = try migrator.pendingMigrations(for: state, path: source)
            return (sourceQueue, migrator)
        } catch {
            try? sourceQueue.close()
            throw error
        }
    }

    /// What `restore` would replace: the collection now and the backup at `source`, checked as
    /// `restore` checks it. Writes nothing.
    /// The collection now may be unreadable (restore is how a damaged one is replaced): nil then.
    public func restorePreview(from source: String, at date: Date) async throws -> RestorePreview {
        let (sourceQueue, _) = try Self.openRestoreSource(source, livePath: path)
        defer { try? sourceQueue.close() }
        let backup = try Self.translatingDatabaseErrors(path: source) { try sourceQueue.read(Self.anyVersionCounts) }
        let current = try? await read(Self.anyVersionCounts)
        return RestorePreview(
            source: source, current: current, backup: backup,
            safetyBackup: automaticBackupPath(at: date, suffix: BackupNames.beforeRestoreSuffix))
    }

    /// `counts`, also in a database from before `fetched_species` (an old backup): 0 cached species then.
    static func anyVersionCounts(_ db: Database) throws -> CollectionCounts {
        if try db.tableExists("fetched_species") { return try counts(db) }
        let row = try Row.fetchOne(db, sql: """
            SELECT (SELECT count(*) FROM caught_pokemon) AS entries,
                (SELECT count(*) FROM caught_pokemon WHERE released_at IS NOT NULL) AS released,
                (SELECT count(*) FROM history) AS history_rows
            """)
        return CollectionCounts(
            entries: row?["entries"] ?? 0, released: row?["released"] ?? 0, historyRows: row?["history_rows"] ?? 0,
            cachedSpecies: 0)
    }

    /// The database file copied byte for byte to `destination` (never overwriting), under the
    /// write lock so that no other mydex changes it meanwhile: for a damaged collection, which
    /// the backup API and `integrity_check` refuse.
    private func copyAsIs(to destination: String) async throws -> String {
        let source = path
        try PrivateFiles.createDirectory((destination as NSString).deletingLastPathComponent)
        return try await write { _ in
            let temporary = destination + ".partial-\(getpid())"
            do {
                try PrivateFiles.createNewFile(temporary)
                let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
                try bytes.write(to: URL(fileURLWithPath: temporary))
                try PrivateFiles.linkWithoutOverwriting(temporary, to: destination)
                PrivateFiles.removeDatabaseFile(temporary)
                return destination
            } catch {
                PrivateFiles.removeDatabaseFile(temporary)
                if let storeError = error as? StoreError { throw storeError }
                throw StoreError.backupFailed(path: destination, detail: "\(error.localizedDescription)")
            }
        }
    }

    /// Creates `destination` through a temporary file: `fill` writes into it, `integrity_check`
    /// must pass, then the file is linked to its name. On any failure nothing is left behind.
    /// With `numbered`, a destination taken meanwhile gives way to the next numbered name.
    /// Returns where the copy is.
    static func copyVerified(
        to destination: String, keepFile: Bool = false, numbered: Bool = false, fill: (DatabaseQueue) throws -> Void
    ) throws -> (path: String, counts: CollectionCounts) {
        let temporary = keepFile ? destination : destination + ".partial-\(getpid())"
        do {
            try PrivateFiles.createNewFile(temporary)
        } catch StoreError.cannotOpen(_, let detail) {
            throw StoreError.backupFailed(path: destination, detail: detail)
        }
        do {
            let copy = try openQueue(path: temporary, readonly: false, busyTimeout: 5)
            try fill(copy)
            try checkIntegrity(copy, path: temporary, full: true)
            let counts = try copy.read { db in try Self.counts(db) }
            try copy.close()
            guard !keepFile else { return (destination, counts) }
            var target = destination
            for counter in 2... {
                do {
                    try PrivateFiles.linkWithoutOverwriting(temporary, to: target)
                    break
                } catch StoreError.fileExists where numbered && counter <= 1000 {
                    target = Self.numbered(destination, counter)
                }
            }
            PrivateFiles.removeDatabaseFile(temporary)
            return (target, counts)
        } catch {
            PrivateFiles.removeDatabaseFile(temporary)
            switch error {
            case let storeError as StoreError: throw storeError
            case let databaseError as DatabaseError:
                throw StoreError.backupFailed(path: destination, detail: Self.explain(databaseError))
            default: throw StoreError.backupFailed(path: destination, detail: "\(error)")
            }
        }
    }

    /// SQLite's complaint about writing a copy, in words (the backup API often reports "not an error").
    static func explain(_ error: DatabaseError) -> String {
        switch error.resultCode {
        case .SQLITE_FULL: return tr("backups.detail.disk-full")
        case .SQLITE_IOERR: return tr("backups.detail.write-failed")
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN: return tr("backups.detail.cannot-write")
        default:
            let message = error.message ?? ""
            return message.isEmpty || message == "not an error"
                ? tr("backups.detail.sqlite-error", ["code": String(error.resultCode.rawValue)]) : message
        }
    }
}

/// Names of automatic backups: `mydex-<UTC timestamp>[-suffix].sqlite`, sortable by time.
public enum BackupNames {
    /// `20261121T073500.123Z`: the stored date's digits, without a DateFormatter (whose first use
    /// loads ICU's locale data).
    static func stamp(_ date: Date) -> String {
        StoredDate.text(date, separator: "T", rounding: .down).filter { $0 != "-" && $0 != ":" } + "Z"
    }

    static func isAutomatic(_ name: String) -> Bool {
        name.hasPrefix("mydex-") && name.hasSuffix(".sqlite")
    }

    public static let beforeRestoreSuffix = "-before-restore"

    /// `mydex-…-before-restore.sqlite` (or `…-before-restore-2.sqlite`): the undo of a restore.
    static func isBeforeRestore(_ name: String) -> Bool { name.contains(beforeRestoreSuffix) }
}
