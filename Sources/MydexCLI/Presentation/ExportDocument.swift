import Foundation
import MydexServices
import MydexStore
import MydexText
#if canImport(Glibc)
import Glibc
#endif

/// One record of an export: a CSV record (without its line end) or lines of mydex's JSON.
enum ExportRecord {
    case csv(String)
    case json(SafeText)

    /// As a file holds it: CSV records end in CRLF (RFC 4180), JSON lines in LF.
    var forFile: String {
        switch self {
        case .csv(let record): record + "\r\n"
        case .json(let text): text.rendered + "\n"
        }
    }

    /// As standard output gets it (`Output.print` adds the LF): a pipe gets the file's bytes; a
    /// terminal gets CSV with what could drive it escaped (JSON escapes it anyway).
    func forStandardOutput(terminal: Bool) -> SafeText {
        switch self {
        case .csv(let record): terminal ? SafeText(record) : .verbatim(record + "\r")
        case .json(let text): text
        }
    }
}

/// The export, written record by record as the entries are read: memory stays flat however
/// large the collection.
struct ExportDocument: Sendable {
    let format: TransferFormat
    let byteOrderMark: Bool
    let exportedAt: Date
    /// How the entries caught from an encounter were caught, by entry id (JSON carries it).
    var records: [Int64: CatchRecord] = [:]

    /// Writes the document; returns how many entries it holds.
    func write(_ entries: EntryCursor, to emit: (ExportRecord) throws -> Void) throws -> Int {
        switch format {
        case .csv: try writeCSV(entries, emit)
        case .json: try writeJSON(entries, emit)
        }
    }

    private func writeCSV(_ entries: EntryCursor, _ emit: (ExportRecord) throws -> Void) throws -> Int {
        let columns = TransferColumn.allCases
        try emit(.csv((byteOrderMark ? "\u{FEFF}" : "") + CSVText.record(columns.map(\.csvName))))
        var count = 0
        while let entry = try entries.next() {
            // Cells a spreadsheet would run as formulas (a nickname `=cmd|…`) are made text.
            let encounter = records[entry.id].map(TransferredEncounter.init)
            try emit(.csv(CSVText.record(columns.map { CSVText.neutralized($0.csvValue(entry, encounter: encounter)) })))
            count += 1
        }
        return count
    }

    /// `{"entries": [entry objects with uuid, times to the millisecond], "exportedAt": …, "schema": 1}`.
    private func writeJSON(_ entries: EntryCursor, _ emit: (ExportRecord) throws -> Void) throws -> Int {
        let end = SafeText.json("  \"exportedAt\" : \(JSONText.quoted(TransferTime.text(exportedAt))),\n  \"schema\" : \(JSONSchema.version)\n}")
        var count = 0
        // Each element is written once the next one is read: all but the last take a comma.
        var previous: SafeText?
        while let entry = try entries.next() {
            if let previous { try emit(.json(previous + ",")) } else { try emit(.json(.json("{\n  \"entries\" : ["))) }
            previous = EntryJSON(entry).element(depth: 2, exact: true, encounter: records[entry.id].map(TransferredEncounter.init))
            count += 1
        }
        if let previous {
            try emit(.json(previous))
            try emit(.json(.json("  ],\n") + end))
        } else {
            try emit(.json(.json("{\n  \"entries\" : [],\n") + end))
        }
        return count
    }
}

/// An export file being written: created new (never replacing anything), readable by the user
/// only like the collection, written in large blocks, and removed again when the export fails.
final class ExportFile {
    let path: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private static let blockSize = 64 * 1024

    init(creating path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST {
                throw MydexFailure(tr("export.error.exists", ["path": path]))
            }
            throw MydexFailure(tr("export.error.cannot-create", ["path": path, "reason": String(cString: strerror(code))]))
        }
    }

    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.blockSize { try drain() }
    }

    /// Writes what is left and closes the file.
    func finish() throws {
        try drain()
        guard close(descriptor) == 0 else { throw failure(errno) }
    }

    /// Closes and removes the unfinished file.
    func abandon() {
        close(descriptor)
        unlink(path)
    }

    private func drain() throws {
        var offset = 0
        try buffer.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            while offset < raw.count {
                let written = Glibc.write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure(errno)
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func failure(_ code: Int32) -> MydexFailure {
        MydexFailure(tr("export.error.cannot-write", ["path": path, "reason": String(cString: strerror(code))]))
    }
}
