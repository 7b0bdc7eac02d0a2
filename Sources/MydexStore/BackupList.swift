import Foundation
import GRDB
import MydexCatalog
import MydexModel

extension CollectionStore {
    /// The names of the automatic backups in the backups folder, oldest first.
    func automaticBackupNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: backupDirectory)) ?? []
        return names.filter(BackupNames.isAutomatic).sorted()
    }

    /// The automatic backups, oldest first, each opened read-only to count what it holds.
    public func automaticBackups() -> [BackupFile] {
        automaticBackupNames().map { name in
            let file = (backupDirectory as NSString).appendingPathComponent(name)
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            let modified = attributes?[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0)
            let counts: CollectionCounts? = {
                guard let queue = try? Self.openQueue(path: file, readonly: true, busyTimeout: 1) else { return nil }
                defer { try? queue.close() }
                return try? queue.read(Self.anyVersionCounts)
            }()
            return BackupFile(
                path: file, createdAt: BackupNames.date(in: name) ?? modified,
                bytes: (attributes?[.size] as? NSNumber)?.intValue ?? 0, counts: counts,
                beforeRestore: BackupNames.isBeforeRestore(name))
        }
    }

    /// The automatic backups `--keep keep` removes once `adding` new ones are written: the
    /// oldest, never a copy saved before a restore.
    public func automaticBackupsToPrune(keeping keep: Int, adding: Int = 0) -> [String] {
        let prunable = automaticBackupNames().filter { !BackupNames.isBeforeRestore($0) }
        return prunable.dropLast(max(keep - adding, 0)).map { (backupDirectory as NSString).appendingPathComponent($0) }
    }
}

extension BackupNames {
    /// The UTC time in `mydex-20261121T073500.123Z….sqlite`.
    static func date(in name: String) -> Date? {
        // The stamp's digits put back into the stored date's shape: 20261121T073500.123Z.
        let stamp = Array(name.utf8.dropFirst(6).prefix(20))
        guard name.hasPrefix("mydex-"), stamp.count == 20, stamp[8] == UInt8(ascii: "T"), stamp[15] == UInt8(ascii: "."),
              stamp[19] == UInt8(ascii: "Z") else { return nil }
        let digits = String(decoding: stamp, as: UTF8.self).map(String.init)
        func part(_ range: Range<Int>) -> String { digits[range].joined() }
        return StoredDate.date("\(part(0..<4))-\(part(4..<6))-\(part(6..<8)) \(part(9..<11)):\(part(11..<13)):\(part(13..<19))")
    }
}
