import Foundation
import MydexText

/// What can go wrong with the collection database, each with a message that says what to do next.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAMydexDatabase(path: String)
    /// A restore source that is not a mydex database.
    case notAMydexBackup(path: String)
    case damagedBackup(path: String, detail: String)
    /// No database at the path, and the command only reads.
    case noCollection(path: String)
    case isFolder(path: String)
    case permissionDenied(path: String)
    case newerDatabase(path: String, unknownMigrations: [String])
    case damagedDatabase(path: String, detail: String)
    case cannotOpen(path: String, detail: String)
    case readOnly(path: String)
    case entryNotFound(id: Int64)
    case entryReleased(id: Int64)
    case favoriteNeedsForce(id: Int64)
    case speciesNotCached(id: Int)
    /// A catch or an import named a form that is not one of the species' in the catalog.
    case formNotInCatalog(id: Int, speciesID: Int)
    case fileExists(path: String)
    case fileMissing(path: String)
    case backupFailed(path: String, detail: String)
    case restoreFromLiveDatabase(path: String)
    case restoreFailed(source: String, detail: String)
    /// A throw at an encounter that is no longer pending: it fled, was caught or run from.
    case noPendingEncounter

    /// The underlying problem in a few words, for messages that wrap this one.
    package var reason: String {
        switch self {
        case .cannotOpen(_, let detail), .backupFailed(_, let detail), .damagedDatabase(_, let detail): return detail
        default: return description
        }
    }

    public var description: String {
        switch self {
        case .notAMydexDatabase(let path):
            return tr("store.error.not-a-database", ["path": path])
        case .notAMydexBackup(let path):
            return tr("store.error.not-a-backup", ["path": path])
        case .damagedBackup(let path, let detail):
            return tr("store.error.damaged-backup", ["path": path, "detail": detail])
        case .noCollection(let path):
            return tr("store.error.no-collection", ["path": path])
        case .isFolder(let path):
            return tr("store.error.is-folder", [
                "path": path, "example": (path as NSString).appendingPathComponent("mydex.sqlite"),
            ])
        case .permissionDenied(let path):
            return tr("store.error.permission-denied", ["path": path])
        case .newerDatabase(let path, let unknown):
            return tr("store.error.newer-database", ["path": path, "migrations": unknown.joined(separator: ", ")])
        case .damagedDatabase(let path, let detail):
            return tr("store.error.damaged-database", ["path": path, "detail": detail])
        case .cannotOpen(let path, let detail):
            return tr("store.error.cannot-open", ["path": path, "detail": detail])
        case .readOnly(let path):
            return tr("store.error.read-only", ["path": path])
        case .entryNotFound(let id):
            return tr("store.error.entry-not-found", ["id": String(id)])
        case .entryReleased(let id):
            return tr("store.error.entry-released", ["id": String(id)])
        case .favoriteNeedsForce(let id):
            return tr("store.error.favorite-needs-force", ["id": String(id)])
        case .speciesNotCached(let id):
            return tr("store.error.species-not-cached", ["id": String(id)])
        case .formNotInCatalog(let id, let speciesID):
            return tr("store.error.form-not-in-catalog", ["id": String(id), "species": String(speciesID)])
        case .fileExists(let path):
            return tr("store.error.file-exists", ["path": path])
        case .fileMissing(let path):
            return tr("store.error.file-missing", ["path": path])
        case .backupFailed(let path, let detail):
            return tr("store.error.backup-failed", ["path": path, "detail": detail])
        case .restoreFailed(let source, let detail):
            return tr("store.error.restore-failed", ["source": source, "detail": detail])
        case .restoreFromLiveDatabase(let path):
            return tr("store.error.restore-from-live", ["path": path])
        case .noPendingEncounter:
            return tr("store.error.no-pending-encounter")
        }
    }
}
