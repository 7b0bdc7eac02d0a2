import Foundation
import MydexModel
import MydexText

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
            // Another process may have made the folder between the two looks: a folder is fine.
            if isDirectory(directory) { return }
            throw StoreError.cannotOpen(path: directory, detail: tr("files.detail.not-a-folder"))
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            // FileManager's message names no cause: ask the system which part refused.
            if let denied = firstUnwritableAncestor(of: directory) { throw StoreError.permissionDenied(path: denied) }
            throw StoreError.cannotOpen(path: directory, detail: tr("files.detail.cannot-create-folder", ["reason": error.localizedDescription]))
        }
    }

    /// The nearest existing folder above `path` that this user may not write to, if any.
    private static func firstUnwritableAncestor(of path: String) -> String? {
        var current = path
        while !current.isEmpty, current != "/" {
            current = (current as NSString).deletingLastPathComponent
            if exists(current) { return access(current, W_OK | X_OK) == 0 ? nil : current }
        }
        return nil
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
        if code == EACCES { throw StoreError.permissionDenied(path: path) }
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

    /// Fails with "permission denied" (SQLite would only say "unable to open database file").
    static func checkReadable(_ path: String) throws {
        guard access(path, R_OK) == 0 else {
            let code = errno
            throw code == EACCES ? StoreError.permissionDenied(path: path) : StoreError.cannotOpen(path: path, detail: String(cString: strerror(code)))
        }
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }
}

extension PrivateFiles {
    /// Whether `path` is a file with something in it (a hot journal left by a crashed writer).
    static func isNonEmptyFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0
    }
}
