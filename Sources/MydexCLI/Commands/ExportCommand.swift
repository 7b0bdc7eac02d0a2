import ArgumentParser
import Foundation
import MydexServices
import MydexStore
import MydexText

extension TransferFormat: ExpressibleByArgument {}

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
        valueName: TransferFormat.allCases.map(\.rawValue).joined(separator: "|")))
    var format: TransferFormat?

    @Flag(help: ArgumentHelp(tr("export.option.bom")))
    var bom = false

    /// The file to write; nil for standard output.
    private var destination: String? { path == "-" ? nil : path }

    func validate() throws {
        if let path, path.isEmpty { throw ValidationError(tr("export.error.empty-path")) }
        if destination == nil, global.json, format == .csv {
            throw ValidationError(tr("export.error.json-not-csv"))
        }
        if bom, resolvedFormat == .json { throw ValidationError(tr("export.error.bom-json")) }
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
            try printer.note(SafeText(tr("export.summary", ["count": exported, "format": format.uppercased(), "path": path])))
        }
    }
}
