import ArgumentParser
import Foundation
import MydexServices
import MydexStore

extension TransferFormat: ExpressibleByArgument {}

struct ExportCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every entry to a CSV or JSON file (or standard output).",
        discussion: """
            Writes every entry, released ones too, in entry order: id, uuid (the entry's \
            identity wherever it goes), dex, species (PokeAPI's name), name (in --lang), \
            nickname, favorite, shiny, caught_at and released_at (ISO 8601, UTC, to the \
            millisecond). CSV follows RFC 4180 (a header row, CRLF line ends, quoted fields, \
            UTF-8); JSON is the document `mydex import` reads, as in the README.

            The format is --format, else the path's extension (.json, else CSV); with no path \
            the export goes to standard output (CSV, or JSON with --json). An existing file is \
            never replaced. On a terminal, characters that could drive it are shown escaped; \
            piped or written to a file, every byte is kept.

            Examples:
              $ mydex export pokemon.csv
              $ mydex export --bom pokemon.csv     # for Excel
              $ mydex export --format json > pokemon.json
              $ mydex export | head
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The file to create (default, or -: standard output).", valueName: "path"))
    var path: String?

    @Option(help: ArgumentHelp(
        "The file's format (default: from the path's extension, else csv; to standard output, json with --json).",
        valueName: TransferFormat.allCases.map(\.rawValue).joined(separator: "|")))
    var format: TransferFormat?

    @Flag(help: "Start a CSV file with a UTF-8 byte order mark, so Excel reads its names as UTF-8.")
    var bom = false

    /// The file to write; nil for standard output.
    private var destination: String? { path == "-" ? nil : path }

    func validate() throws {
        if let path, path.isEmpty { throw ValidationError("the export path is empty; give a file, or - for standard output.") }
        if destination == nil, global.json, format == .csv {
            throw ValidationError("--json writes the export as JSON to standard output; drop --format csv, or give a path.")
        }
        if bom, resolvedFormat == .json { throw ValidationError("--bom is for CSV; JSON files are UTF-8 without one.") }
    }

    private var resolvedFormat: TransferFormat {
        if let format { return format }
        guard let destination else { return global.json ? .json : .csv }
        return TransferFormat.fromExtension(destination) ?? .csv
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .existing)
        let format = resolvedFormat
        let terminal = destination == nil && context.output.standardOutputIsTerminal
        let document = ExportDocument(format: format, byteOrderMark: bom && !terminal, exportedAt: context.clock.now())
        let query = EntryQuery(order: .id, includeReleased: true)
        guard let destination = destination.map(context.absolutePath) else {
            try await store.withEntries(query) { entries in
                _ = try document.write(entries()) { record in try printer.line(record.forStandardOutput(terminal: terminal)) }
            }
            return
        }
        let count = try await store.withEntries(query) { entries in
            let file = try ExportFile(creating: destination)
            do {
                let count = try document.write(entries()) { record in try file.write(record.forFile) }
                try file.finish()
                return count
            } catch {
                file.abandon()
                throw error
            }
        }
        try printer.emit(Summary(path: destination, format: format.rawValue, exported: count))
    }

    /// `{"path": "/…/pokemon.csv", "format": "csv", "exported": 12}`; as text, a note on stderr.
    struct Summary: CommandOutput {
        let path: String
        let format: String
        let exported: Int

        func printText(to printer: Printer) throws {
            try printer.note(SafeText("Exported \(exported) entr\(exported == 1 ? "y" : "ies") as \(format.uppercased()) to ") + SafeText(path))
        }
    }
}
