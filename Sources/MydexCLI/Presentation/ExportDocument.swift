import Foundation
import MydexServices
import MydexModel
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

    /// Writes the document as its pages are read (with how their entries were caught from an
    /// encounter, which the formats carry); returns how many entries it holds.
    func write(_ entries: EntryListing, to emit: (ExportRecord) throws -> Void) async throws -> Int {
        switch format {
        case .csv: try await writeCSV(entries, emit)
        case .json: try await writeJSON(entries, emit)
        }
    }

    private func writeCSV(_ entries: EntryListing, _ emit: (ExportRecord) throws -> Void) async throws -> Int {
        let columns = TransferColumn.allCases
        try emit(.csv((byteOrderMark ? "\u{FEFF}" : "") + CSVText.record(columns.map(\.csvName))))
        var count = 0
        for try await page in entries {
            for entry in page.entries {
                // Cells a spreadsheet would run as formulas (a nickname `=cmd|…`) are made text.
                let encounter = page.catchRecords[entry.id].map(TransferredEncounter.init)
                try emit(.csv(CSVText.record(columns.map { CSVText.neutralized($0.csvValue(entry, encounter: encounter)) })))
            }
            count += page.entries.count
        }
        return count
    }

    /// `{"entries": [entry objects with uuid, times to the millisecond], "exportedAt": …, "schema": 1}`.
    private func writeJSON(_ entries: EntryListing, _ emit: (ExportRecord) throws -> Void) async throws -> Int {
        var count = 0
        var document = JSONArrayStream(key: "entries")
        let json = { (text: SafeText) throws in try emit(.json(text)) }
        for try await page in entries {
            for entry in page.entries {
                let encounter = page.catchRecords[entry.id].map(TransferredEncounter.init)
                try document.append(EntryJSON(entry).element(depth: 2, exact: true, encounter: encounter), to: json)
            }
            count += page.entries.count
        }
        try document.finish(
            ["\"exportedAt\" : \(JSONText.quoted(TransferTime.text(exportedAt)))", "\"schema\" : \(JSONSchema.version)"], to: json)
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
