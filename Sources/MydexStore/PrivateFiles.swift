import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files and folders that only the user may read: the collection is personal data.
enum PrivateFiles {
    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Creates `directory` (and missing parents) with mode 0700.
    static func createDirectory(_ directory: String) throws {
        if isDirectory(directory) { return }
        if exists(directory) {
            throw StoreError.cannotOpen(path: directory, detail: "it is a file, not a directory")
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.cannotOpen(path: directory, detail: "cannot create the directory (\(error.localizedDescription))")
        }
    }

    /// Creates an empty file with mode 0600 unless something already exists at `path`.
    /// - Returns: whether this call created the file.
    @discardableResult
    static func createFileIfMissing(_ path: String) throws -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return true
        }
        let code = errno
        if code == EEXIST { return false }
        throw StoreError.cannotOpen(path: path, detail: String(cString: strerror(code)))
    }

    /// Creates an empty file with mode 0600; fails if anything exists at `path`.
    static func createNewFile(_ path: String) throws {
        guard try createFileIfMissing(path) else { throw StoreError.fileExists(path: path) }
    }

    /// Gives `source` the name `destination` without ever replacing an existing file.
    static func linkWithoutOverwriting(_ source: String, to destination: String) throws {
        guard link(source, destination) == 0 else {
            let code = errno
            if code == EEXIST { throw StoreError.fileExists(path: destination) }
            throw StoreError.backupFailed(path: destination, detail: String(cString: strerror(code)))
        }
    }

    /// Removes a database file and the journal SQLite may have left beside it.
    static func removeDatabaseFile(_ path: String) {
        unlink(path)
        unlink(path + "-journal")
    }

    /// Whether two paths name the same file (same device and inode).
    static func sameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }
}
