import Foundation

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
    case fileExists(path: String)
    case fileMissing(path: String)
    case backupFailed(path: String, detail: String)
    case restoreFromLiveDatabase(path: String)
    case restoreFailed(source: String, detail: String)

    /// The underlying problem in a few words, for messages that wrap this one.
    var reason: String {
        switch self {
        case .cannotOpen(_, let detail), .backupFailed(_, let detail), .damagedDatabase(_, let detail): return detail
        default: return description
        }
    }

    public var description: String {
        switch self {
        case .notAMydexDatabase(let path):
            return "\(path) is not a mydex database. Nothing was changed; point --db or MYDEX_DB at a mydex database, or at a new path to start a collection."
        case .notAMydexBackup(let path):
            return "\(path) is not a mydex database, so there is nothing to restore from it. Nothing was changed; choose a file written by `mydex backup`."
        case .damagedBackup(let path, let detail):
            return "\(path) is damaged (\(detail)). Nothing was changed; choose another backup file."
        case .noCollection(let path):
            return "No collection at \(path) yet: `mydex catch` starts one (or check --db / MYDEX_DB)."
        case .isFolder(let path):
            return "\(path) is a folder, not a mydex database. Point --db or MYDEX_DB at a file, e.g. \((path as NSString).appendingPathComponent("mydex.sqlite"))."
        case .permissionDenied(let path):
            return "cannot use \(path): permission denied. Check its owner and permissions (ls -l), or pass --db with a path you own."
        case .newerDatabase(let path, let unknown):
            return "\(path) was written by a newer mydex (schema \(unknown.joined(separator: ", "))). Nothing was changed; upgrade mydex to use it."
        case .damagedDatabase(let path, let detail):
            return "\(path) is damaged (\(detail)). Nothing was changed; restore a backup with `mydex restore PATH`."
        case .cannotOpen(let path, let detail):
            return "cannot use the database at \(path): \(detail)"
        case .readOnly(let path):
            return "cannot write to \(path): the file or its folder is read-only. Check its permissions, or pass --db with a writable path."
        case .entryNotFound(let id):
            return "no entry #\(id) in your collection. Run `mydex list` to see entry ids."
        case .entryReleased(let id):
            return "entry #\(id) was released. Run `mydex list --all` to see released entries."
        case .favoriteNeedsForce(let id):
            return "entry #\(id) is a favorite. Release it anyway with `mydex release \(id) --force`, or run `mydex unfavorite \(id)` first."
        case .speciesNotCached(let id):
            return "species #\(id) is not in the local cache."
        case .fileExists(let path):
            return "\(path) already exists; mydex never overwrites a file. Choose another path."
        case .fileMissing(let path):
            return "\(path) does not exist. Check the path (`mydex backup` prints where each backup went)."
        case .backupFailed(let path, let detail):
            return "backup to \(path) failed: \(detail). No backup file was left behind."
        case .restoreFailed(let source, let detail):
            return "restore from \(source) failed: \(detail). Your collection is unchanged."
        case .restoreFromLiveDatabase(let path):
            return "\(path) is the database in use; restore from a backup file instead."
        }
    }
}
