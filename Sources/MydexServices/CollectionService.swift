import Foundation
import MydexStore
import MydexModel

/// Changes to the collection that carry rules beyond the store's: nicknames are validated,
/// every change is stamped with the injected clock.
public struct CollectionService: Sendable {
    let store: CollectionStore
    let clock: any MydexClock

    public init(store: CollectionStore, clock: any MydexClock) {
        self.store = store
        self.clock = clock
    }

    /// Releases all of `ids` or, when one cannot be, none (`EntryProblems`).
    public func release(entryIDs ids: [Int64], force: Bool, dryRun: Bool = false) async throws -> BulkChange {
        try await store.release(entryIDs: ids, force: force, at: clock.now(), dryRun: dryRun)
    }

    /// Releases all but `keep` of each species, never a favorite, a shiny or a nicknamed entry.
    public func releaseDuplicates(keeping keep: Int, dryRun: Bool = false) async throws -> BulkChange {
        try await store.releaseDuplicates(keeping: keep, at: clock.now(), dryRun: dryRun)
    }

    /// Brings released entries back, all of them or none.
    public func unrelease(entryIDs ids: [Int64], dryRun: Bool = false) async throws -> BulkChange {
        try await store.unrelease(entryIDs: ids, at: clock.now(), dryRun: dryRun)
    }

    public func setNickname(entryID: Int64, to raw: String) async throws -> EntryChange {
        let nickname = try Nickname.validate(raw)
        return try await store.setNickname(entryID: entryID, to: nickname, at: clock.now())
    }

    public func clearNickname(entryID: Int64) async throws -> EntryChange {
        try await store.setNickname(entryID: entryID, to: nil, at: clock.now())
    }

    public func setFavorite(entryIDs ids: [Int64], _ isFavorite: Bool) async throws -> BulkChange {
        try await store.setFavorite(entryIDs: ids, isFavorite, at: clock.now())
    }

    /// A backup to `path`, or to a new timestamped file in the backups folder; with `keep`,
    /// the oldest automatic backups beyond that number are removed afterwards.
    public func backup(to path: String?, keep: Int?) async throws -> BackupSummary {
        let now = clock.now()
        var summary = try await store.backup(
            to: path ?? store.automaticBackupPath(at: now), createFolder: path == nil, at: now)
        if let keep { summary.pruned = try store.pruneAutomaticBackups(keeping: keep) }
        return summary
    }

    /// What `backup(to:keep:)` would write and remove, checked as it would be; writes nothing.
    public func backupPlan(to path: String?, keep: Int?) async throws -> BackupSummary {
        let now = clock.now()
        let destination = try store.backupDestination(
            path ?? store.automaticBackupPath(at: now), createFolder: path == nil, at: now)
        // The new backup is one of the automatic ones `--keep` counts only when it goes to their folder.
        let adding = path == nil ? 1 : 0
        return BackupSummary(
            path: destination, counts: try await store.counts(),
            pruned: keep.map { store.automaticBackupsToPrune(keeping: $0, adding: adding) } ?? [])
    }

    /// What `restore(from:)` would replace, the backup checked as it would be; writes nothing.
    public func restorePreview(from path: String) async throws -> RestorePreview {
        try await store.restorePreview(from: path, at: clock.now())
    }

    /// Restores `path` after saving the current collection as an automatic backup.
    public func restore(from path: String) async throws -> RestoreSummary {
        let now = clock.now()
        return try await store.restore(
            from: path, safetyBackup: store.automaticBackupPath(at: now, suffix: BackupNames.beforeRestoreSuffix), at: now)
    }
}
