import Foundation
import GRDB

/// The collection's rows, for checks that compare what a command said with what is stored.
struct EntrySnapshot: Equatable {
    var released: Bool
    var favorite: Bool
    var nickname: String?

    static func load(path: String) throws -> [Int: EntrySnapshot] {
        try DatabaseAudit.read(path) { db in
            var result: [Int: EntrySnapshot] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, nickname, is_favorite, released_at FROM caught_pokemon") {
                result[row["id"]] = EntrySnapshot(
                    released: (row["released_at"] as String?) != nil, favorite: row["is_favorite"], nickname: row["nickname"])
            }
            return result
        }
    }

    /// A fingerprint of the collection and its history: equal means nothing changed.
    static func fingerprint(path: String) throws -> String {
        try DatabaseAudit.read(path, readonly: true) { db in
            let entries = try Row.fetchAll(db, sql: "SELECT * FROM caught_pokemon ORDER BY id").map(\.description)
            let history = try Row.fetchAll(db, sql: "SELECT * FROM history ORDER BY id").map(\.description)
            return (entries + history).joined(separator: "\n")
        }
    }
}
