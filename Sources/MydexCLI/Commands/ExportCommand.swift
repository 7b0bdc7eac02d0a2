import ArgumentParser
import Foundation
import MydexServices
import MydexModel
import MydexText

/// What `export` writes: the two formats `import` reads back, and the HTML page (for people:
/// nothing reads it back, so it is no `TransferFormat`).
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case csv, json, html

    /// The format `import` reads back; nil for the page.
    var transfer: TransferFormat? { TransferFormat(rawValue: rawValue) }

    /// The format a file name asks for by its extension (`.csv`, `.json`, `.html`, `.htm`, any case).
    static func fromExtension(_ path: String) -> ExportFormat? {
        let pathExtension = (path as NSString).pathExtension.lowercased()
        return pathExtension == "htm" ? .html : ExportFormat(rawValue: pathExtension)
    }
}

struct ExportCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "export",
            abstract: tr("export.help.abstract"),
            discussion: tr("export.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("export.option.path"), valueName: "path"))
    var path: String?

    @Option(help: ArgumentHelp(
        tr("export.option.format"),
        valueName: ExportFormat.allCases.map(\.rawValue).joined(separator: "|")))
    var format: ExportFormat?

    @Flag(help: ArgumentHelp(tr("export.option.bom")))
    var bom = false

    /// The file to write; nil for standard output.
    private var destination: String? { path == "-" ? nil : path }

    func validate() throws {
        if let path, path.isEmpty { throw ValidationError(tr("export.error.empty-path")) }
        if destination == nil, global.json, format == .csv {
            throw ValidationError(tr("export.error.json-not-csv"))
        }
        if destination == nil, global.json, format == .html {
            throw ValidationError(tr("export.error.json-not-html"))
        }
        if bom, resolvedFormat == .json { throw ValidationError(tr("export.error.bom-json")) }
        if bom, resolvedFormat == .html { throw ValidationError(tr("export.error.bom-html")) }
    }

    private var resolvedFormat: ExportFormat {
        if let format { return format }
        guard let destination else { return global.json ? .json : .csv }
        return ExportFormat.fromExtension(destination) ?? .csv
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .existing)
        let format = resolvedFormat
        guard let transfer = format.transfer else { return try await exportPage(context, library, printer) }
        let terminal = destination == nil && context.output.standardOutputIsTerminal
        let document = ExportDocument(format: transfer, byteOrderMark: bom && !terminal, exportedAt: context.clock.now())
        let entries = try await library.entries.listing(EntryQuery(order: .id, includeReleased: true), catchRecords: true)
        guard let destination = destination.map(context.absolutePath) else {
            _ = try await document.write(entries) { record in try printer.line(record.forStandardOutput(terminal: terminal)) }
            return
        }
        let count = try await Self.writeFile(destination) { file in
            try await document.write(entries) { record in try file.write(record.forFile) }
        }
        try printer.emit(Summary(path: destination, format: format.rawValue, exported: count))
    }

    /// The HTML page: held entries only (it shows a collection, not its history), in Pokédex order.
    private func exportPage(_ context: MydexContext, _ library: Library, _ printer: Printer) async throws {
        // Refused before anything is written when zlib is missing.
        try PNGEncoder.checkAvailable()
        let page = try await HTMLPage.load(
            library, sprites: context.sprites, presentation: printer.presentation, exportedAt: context.clock.now())
        let entries = try await library.entries.listing(EntryQuery(order: .dex))
        guard let destination = destination.map(context.absolutePath) else {
            let terminal = context.output.standardOutputIsTerminal
            _ = try await page.write(entries) { line in try printer.line(terminal ? SafeText(line) : .verbatim(line)) }
            return
        }
        let count = try await Self.writeFile(destination) { file in
            try await page.write(entries) { line in try file.write(line + "\n") }
        }
        try printer.emit(Summary(path: destination, format: ExportFormat.html.rawValue, exported: count))
    }

    /// Creates `path`, lets `body` write it, and removes it again when that fails.
    private static func writeFile(_ path: String, _ body: (ExportFile) async throws -> Int) async throws -> Int {
        let file = try ExportFile(creating: path)
        do {
            let count = try await body(file)
            try file.finish()
            return count
        } catch {
            file.abandon()
            throw error
        }
    }

    /// `{"path": "/…/pokemon.csv", "format": "csv", "exported": 12}`; as text, a note on stderr.
    struct Summary: CommandOutput {
        let path: String
        let format: String
        let exported: Int

        func printText(to printer: Printer) throws {
            try printer.note(SafeText(tr("export.summary", ["count": exported, "format": format.uppercased(), "path": path])))
        }
    }
}
