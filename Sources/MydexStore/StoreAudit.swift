import Foundation
import GRDB
import MydexModel

extension CollectionStore {
    /// SQLite's full `integrity_check` of the collection file: "ok", or the problems it found.
    /// Reads every page, so it is not run on each open; audits (the reliability suite, after a
    /// crash or a storm) ask for it.
    public func integrityReport() async throws -> String {
        try await read { db in
            try String.fetchAll(db, sql: "PRAGMA main.integrity_check").joined(separator: "; ")
        }
    }
}
