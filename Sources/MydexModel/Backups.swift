import Foundation
import MydexText

/// An automatic backup in the backups folder, as `backup --list` shows it.
public struct BackupFile: Codable, Sendable, Equatable {
    public var path: String
    /// When it was written: the UTC time in its name (else the file's modification time).
    public var createdAt: Date
    public var bytes: Int
    /// What it holds; nil when it cannot be read as a collection (damaged, or not mydex's).
    public var counts: CollectionCounts?
    /// A copy saved before a restore (never removed by `--keep`).
    public var beforeRestore: Bool

    package init(path: String, createdAt: Date, bytes: Int, counts: CollectionCounts? = nil, beforeRestore: Bool) {
        self.path = path
        self.createdAt = createdAt
        self.bytes = bytes
        self.counts = counts
        self.beforeRestore = beforeRestore
    }
}

/// What a backup or restore did, as printed to the user.
public struct BackupSummary: Codable, Sendable, Equatable {
    public var path: String
    public var counts: CollectionCounts
    /// Automatic backups removed by `--keep`.
    public var pruned: [String]

    public init(path: String, counts: CollectionCounts, pruned: [String]) {
        self.path = path
        self.counts = counts
        self.pruned = pruned
    }
}

/// What `restore` would do: the collection it replaces and the one it brings.
public struct RestorePreview: Codable, Sendable, Equatable {
    public var source: String
    /// The collection as it is now; nil when it cannot be read (damaged).
    public var current: CollectionCounts?
    /// The collection in the backup.
    public var backup: CollectionCounts
    /// Where the collection now would be saved first (the name the next restore would use).
    public var safetyBackup: String

    package init(source: String, current: CollectionCounts? = nil, backup: CollectionCounts, safetyBackup: String) {
        self.source = source
        self.current = current
        self.backup = backup
        self.safetyBackup = safetyBackup
    }
}

public struct RestoreSummary: Codable, Sendable, Equatable {
    public var source: String
    /// The copy of the database as it was before the restore.
    public var safetyBackup: String
    public var counts: CollectionCounts
    /// The collection replaced was damaged: its copy is the file as it was, unverified.
    public var previousWasDamaged: Bool = false

    package init(source: String, safetyBackup: String, counts: CollectionCounts, previousWasDamaged: Bool = false) {
        self.source = source
        self.safetyBackup = safetyBackup
        self.counts = counts
        self.previousWasDamaged = previousWasDamaged
    }
}
