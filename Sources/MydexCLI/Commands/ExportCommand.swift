import ArgumentParser
import Foundation
import MydexServices
import MydexModel
import MydexText

/// What `export` writes: the two formats `import` reads back, and the HTML page (for people:
/// nothing reads it back, so it is no `TransferFormat`).
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case csv, json, html
    /// Pokémon Showdown's sets: its export text, its packed team, its JSON team.
    case showdown
    case showdownPacked = "showdown-packed"
    case showdownJSON = "showdown-json"

    /// The format `import` reads back as mydex's own; nil for the page and the sets.
    var transfer: TransferFormat? { TransferFormat(rawValue: rawValue) }

    /// Showdown's format it writes, if it writes sets.
    var sets: ShowdownService.SetFormat? { ShowdownService.SetFormat(rawValue: rawValue) }

    var isShowdown: Bool { sets != nil }

    /// The format a file name asks for by its extension (`.csv`, `.json`, `.html`, `.htm`, and
    /// `.txt` for Showdown's text, any case).
    static func fromExtension(_ path: String) -> ExportFormat? {
        switch (path as NSString).pathExtension.lowercased() {
        case "htm": .html
        case "txt": .showdown
        case let other: ExportFormat(rawValue: other)
        }
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

    @Argument(help: ArgumentHelp(tr("export.option.ids"), valueName: "id"))
    var ids: [Int64] = []

    @OptionGroup var filters: EntryFilterOptions

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
        if bom, resolvedFormat.isShowdown { throw ValidationError(tr("export.error.bom-showdown")) }
        if destination == nil, global.json, resolvedFormat.isShowdown {
            throw ValidationError(tr("export.error.json-not-showdown"))
        }
        // The page is the living dex and every held entry: it takes no choice of entries.
        if resolvedFormat == .html, !ids.isEmpty || filters.isSet { throw ValidationError(tr("export.error.html-filters")) }
        if let id = ids.first(where: { $0 < 1 }) { throw ValidationError(tr("export.error.bad-id", ["id": String(id)])) }
    }

    private var resolvedFormat: ExportFormat {
        if let format { return format }
        guard let destination else { return global.json ? .json : .csv }
        return ExportFormat.fromExtension(destination) ?? .csv
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .existing)
        let format = resolvedFormat
        if format.isShowdown { return try await exportSets(format, context, library, printer) }
        guard let transfer = format.transfer else { return try await exportPage(context, library, printer) }
        let terminal = destination == nil && context.output.standardOutputIsTerminal
        let document = ExportDocument(format: transfer, byteOrderMark: bom && !terminal, exportedAt: context.clock.now())
        let entries = try await library.entries.listing(try await query(library), catchRecords: true)
        guard let destination = destination.map(context.absolutePath) else {
            _ = try await document.write(entries) { record in try printer.line(record.forStandardOutput(terminal: terminal)) }
            return
        }
        let count = try await Self.writeFile(destination) { file in
            try await document.write(entries) { record in try file.write(record.forFile) }
        }
        try printer.emit(Summary(path: destination, format: format.rawValue, exported: count))
    }

    /// The entries to write: all of them, released too, as a backup wants them; or those the
    /// ids (released or not) and the filters (as `list` applies them) choose.
    private func query(_ library: Library) async throws -> EntryQuery {
        guard !ids.isEmpty || filters.isSet else { return EntryQuery(order: .id, includeReleased: true) }
        var query = try await filters.query(library)
        if !ids.isEmpty {
            query.ids = ids
            if !filters.released { query.includeReleased = true }
        }
        return query
    }

    /// Showdown's sets: every entry with an individual (one from before mydex kept them has
    /// nothing to write, and is named on stderr), in Showdown's English names.
    private func exportSets(_ format: ExportFormat, _ context: MydexContext, _ library: Library, _ printer: Printer) async throws {
        var entries: [CollectionEntry] = []
        for try await page in try await library.entries.listing(try await query(library)) { entries += page.entries }
        // An id alone that names no entry is said, as `show` says it.
        if !filters.isSet, let missing = Set(ids).subtracting(entries.map(\.id)).sorted().first {
            throw StoreError.entryNotFound(id: missing)
        }
        let document = try await library.showdown.document(of: entries, format: format.sets ?? .showdown)
        if document.count < entries.count {
            try printer.note(SafeText(tr("export.showdown.without-individual", ["count": entries.count - document.count])))
        }
        guard let destination = destination.map(context.absolutePath) else {
            // Nicknames come from outside: escaped on a terminal, as written to a pipe.
            let terminal = context.output.standardOutputIsTerminal
            for line in document.lines { try printer.line(terminal ? SafeText(line) : .verbatim(line)) }
            return
        }
        let count = try await Self.writeFile(destination) { file in
            try file.write(document.text)
            return document.count
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
