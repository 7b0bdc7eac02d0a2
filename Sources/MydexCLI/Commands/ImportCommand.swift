import ArgumentParser
import Foundation
import MydexServices
import MydexStore

struct ImportCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add the entries of a file `mydex export` wrote.",
        discussion: """
            Reads CSV or JSON (told apart by the content: JSON starts with { or [). Every row is \
            checked first (its uuid, species by dex number and PokeAPI name, which must agree, \
            nickname, marks and times); when any is wrong, each problem is listed with its line \
            and nothing changes. Then, in one transaction, entries whose uuid the collection \
            already holds are skipped and the rest added with new entry ids and their times from \
            the file, each recorded in the history. Importing the same file twice adds nothing \
            the second time. A missing collection is started.

            Examples:
              $ mydex import pokemon.csv --dry-run
              $ mydex import pokemon.csv
              $ mydex import backup.json --json
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The CSV or JSON file to import.", valueName: "path"))
    var path: String

    @Flag(help: "Only print what would be imported and what is already here; change nothing.")
    var dryRun = false

    func validate() throws {
        if path.isEmpty { throw ValidationError("the import path is empty.") }
    }

    func run(_ context: MydexContext) async throws {
        let file = context.absolutePath(path)
        let bytes = try Self.read(file)
        // The file is checked before a missing collection is started: a bad file changes nothing.
        let (store, printer) = try await global.open(context, .pokedexOnly)
        let plan = try await ImportService(store: store, clock: context.clock).check(bytes)
        let target = store.isInMemory && !dryRun ? try await global.openStore(context, .create) : store
        let report = try await ImportService(store: target, clock: context.clock).merge(plan, dryRun: dryRun)
        let output = Output(report, presentation: printer.presentation)
        if dryRun { return try printer.emit(output) }
        try printer.afterCommit("Imported \(report.added) entries") { try printer.emit(output) }
    }

    static func read(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw MydexFailure("there is no file at \(path).")
        }
        if isDirectory.boolValue { throw MydexFailure("\(path) is a folder; give the file `mydex export` wrote.") }
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw MydexFailure("could not read \(path): \(error.localizedDescription)")
        }
    }

    /// `{"dryRun": false, "format": "csv", "imported": 12, "alreadyHere": 3, "entries": [{line,
    /// uuid, dex, species, name, action, id}]}`; as text, the summary line, and with
    /// --dry-run each entry first.
    struct Output: CommandOutput {
        struct Item: Encodable {
            let line: Int
            let uuid: String
            let dex: Int
            let species: String
            let name: String
            let action: String
            /// The new entry id, or the one already here; absent for a dry run's new entry.
            let id: Int64?
            let nickname: String?
            let shiny: Bool
            let favorite: Bool
            let released: Bool
        }

        let dryRun: Bool
        let format: String
        /// Added, or with --dry-run to be added.
        let imported: Int
        let alreadyHere: Int
        let entries: [Item]
        private let presentation: Presentation

        enum CodingKeys: String, CodingKey { case dryRun, format, imported, alreadyHere, entries }

        init(_ report: ImportReport, presentation: Presentation) {
            dryRun = report.dryRun
            format = report.format.rawValue
            imported = report.added
            alreadyHere = report.alreadyHere
            entries = report.outcomes.map { outcome in
                let entry = outcome.entry
                let names = report.names[entry.speciesID]
                return Item(
                    line: entry.line, uuid: entry.uuid, dex: entry.speciesID, species: names?.slug ?? "",
                    name: names?.name ?? "", action: outcome.action.rawValue, id: outcome.id, nickname: entry.nickname,
                    shiny: entry.isShiny, favorite: entry.isFavorite, released: entry.releasedAt != nil)
            }
            self.presentation = presentation
        }

        func printText(to printer: Printer) throws {
            let entriesWord = imported == 1 ? "entry" : "entries"
            guard dryRun else {
                return try printer.line(SafeText("Imported \(imported) \(entriesWord); \(alreadyHere) already here."))
            }
            for item in entries {
                let marks = [item.shiny ? "shiny" : nil, item.favorite ? "favorite" : nil, item.released ? "released" : nil]
                    .compactMap { $0 }
                var text = SafeText(item.action == "already-here" ? "already here  " : "would import  ")
                    + SafeText("line \(item.line): \(presentation.dexNumber(item.dex)) ") + SafeText(item.name)
                if let nickname = item.nickname { text = text + SafeText(" “") + SafeText(nickname) + SafeText("”") }
                if !marks.isEmpty { text = text + SafeText(" (\(marks.joined(separator: ", ")))") }
                if let id = item.id { text = text + SafeText(" = entry #\(id)") }
                try printer.line(text)
            }
            try printer.line(SafeText("Would import \(imported) \(entriesWord); \(alreadyHere) already here. Nothing was changed (--dry-run)."))
        }
    }
}
