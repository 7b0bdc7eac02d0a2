import CMydexMigrations
import MydexModel

/// One step of the schema, from a SQL file in `Migrations/` embedded into the binary.
public struct Migration: Sendable, Equatable {
    /// The file name without `.sql`, recorded in the database once applied.
    public let identifier: String
    public let sql: String

    public init(identifier: String, sql: String) {
        self.identifier = identifier
        self.sql = sql
    }

    /// The migrations this build knows, in the order they apply.
    public static let embedded: [Migration] = (0..<mydex_migration_count()).map { index in
        let migration = mydex_migration_at(index)
        let bytes = UnsafeBufferPointer(start: migration.sql, count: migration.length)
        return Migration(
            identifier: String(cString: migration.identifier),
            sql: String(decoding: bytes, as: UTF8.self))
    }

    /// What `embedded` make, as one script (Migrations/schema.sql): a new collection is created
    /// from it. A test keeps it equal to the migrations replayed.
    static let embeddedSnapshot: String = {
        let snapshot = mydex_schema_snapshot()
        return String(decoding: UnsafeBufferPointer(start: snapshot.sql, count: snapshot.length), as: UTF8.self)
    }()
}
