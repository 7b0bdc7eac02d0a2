import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import MydexServices
import MydexModel
import MydexText

struct ImportCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import",
            abstract: tr("import.help.abstract"),
            discussion: tr("import.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("import.option.path"), valueName: "path"))
    var path: String

    @Flag(help: ArgumentHelp(tr("import.option.dry-run")))
    var dryRun = false

    @Flag(help: ArgumentHelp(tr("import.option.eggs")))
    var eggs = false

    func validate() throws {
        if path.isEmpty { throw ValidationError(tr("import.error.empty-path")) }
    }

    func run(_ context: MydexContext) async throws {
        let bytes = try Self.read(context.absolutePath(path))
        // A game's save or Pokémon file is binary; `export`'s CSV and JSON are text.
        if SaveFileService.isBinary(bytes) { return try await runSave(bytes, context) }
        // Only a game's file holds eggs: said rather than ignored.
        if eggs { throw ValidationError(tr("import.error.eggs-not-a-save")) }
        let (library, printer) = try await global.open(context, .pokedexOnly)
        // A team in Showdown's formats (export text, packed, JSON, a team backup), by its content.
        if let sets = try await library.showdown.read(bytes) {
            return try await runSets(sets, library, printer, context)
        }
        let plan = try await library.imports.check(bytes)
        let target = library.isInMemory && !dryRun ? try await global.open(context, .create).0 : library
        let report = try await target.imports.merge(plan, dryRun: dryRun)
        let output = Output(report, presentation: printer.presentation)
        if dryRun { return try printer.emit(output) }
        try printer.afterCommit(tr("import.committed", ["count": report.added])) { try printer.emit(output) }
    }

    static func read(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw MydexFailure(tr("import.error.no-file", ["path": path]))
        }
        if isDirectory.boolValue { throw MydexFailure(tr("import.error.folder", ["path": path])) }
        // Read straight into the bytes the import parses: through Data, a large file was held
        // twice for a moment (11 MB more at 100,000 entries).
        func failure() -> MydexFailure {
            MydexFailure(tr("import.error.cannot-read", ["path": path, "reason": String(cString: strerror(errno))]))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure() }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw failure() }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
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
            /// For an entry here: what the file changed (nickname, favorite, released) and what
            /// it says otherwise that was kept (species, form, shiny, caught).
            let changes: [String]
            let differences: [String]
            let nickname: String?
            let shiny: Bool
            let favorite: Bool
            let released: Bool
        }

        let dryRun: Bool
        let format: String
        /// Added, or with --dry-run to be added.
        let imported: Int
        let updated: Int
        let alreadyHere: Int
        private let report: ImportReport
        private let presentation: Presentation

        enum CodingKeys: String, CodingKey { case dryRun, format, imported, updated, alreadyHere, entries }

        init(_ report: ImportReport, presentation: Presentation) {
            dryRun = report.dryRun
            format = report.format.rawValue
            imported = report.added
            updated = report.updated
            alreadyHere = report.alreadyHere
            self.report = report
            self.presentation = presentation
        }

        /// Each entry as JSON and a dry run show it, made as it is written: the text of a real
        /// import is its summary alone, and 100,000 items made for nothing took 6 MB.
        var entries: LazyMapSequence<Zip2Sequence<[ImportedEntry], [ImportOutcome]>, Item> {
            let names = report.names
            return zip(report.entries, report.outcomes).lazy.map { entry, outcome in
                let name = names[entry.speciesID]
                return Item(
                    line: entry.line, uuid: entry.uuid, dex: entry.speciesID, species: name?.slug ?? "",
                    name: name?.name ?? "", action: outcome.action.rawValue, id: outcome.id,
                    changes: outcome.changes.map(\.rawValue), differences: outcome.differences.map(\.rawValue), nickname: entry.nickname,
                    shiny: entry.isShiny, favorite: entry.isFavorite, released: entry.releasedAt != nil)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(dryRun, forKey: .dryRun)
            try container.encode(format, forKey: .format)
            try container.encode(imported, forKey: .imported)
            try container.encode(updated, forKey: .updated)
            try container.encode(alreadyHere, forKey: .alreadyHere)
            var list = container.nestedUnkeyedContainer(forKey: .entries)
            for item in entries { try list.encode(item) }
        }

        /// "nickname Zappy, a favorite": what the file changed of an entry here.
        private func changeWords(_ item: Item) -> String {
            item.changes.compactMap { change -> String? in
                switch ImportOutcome.Change(rawValue: change) {
                case .nickname:
                    item.nickname.map { tr("import.change.nickname-set", ["nickname": $0]) } ?? tr("import.change.nickname-cleared")
                case .favorite: item.favorite ? tr("import.change.favorite") : tr("import.change.unfavorite")
                case .released: item.released ? tr("import.change.released") : tr("import.change.unreleased")
                case nil: nil
                }
            }.joined(separator: tr("import.mark.separator"))
        }

        /// Each entry here that the file changed, then each that it describes otherwise (kept).
        private func printEntriesHere(to printer: Printer) throws {
            for item in entries where !item.changes.isEmpty && !dryRun {
                try printer.note(SafeText(tr("import.updated.entry", [
                    "line": String(item.line), "id": String(item.id ?? 0), "name": item.name, "changes": changeWords(item),
                ])))
            }
            for item in entries where !item.differences.isEmpty {
                let fields = item.differences.compactMap { difference -> String? in
                    switch ImportOutcome.Difference(rawValue: difference) {
                    case .species: tr("import.difference.species")
                    case .form: tr("import.difference.form")
                    case .shiny: tr("import.difference.shiny")
                    case .caught: tr("import.difference.caught")
                    case nil: nil
                    }
                }
                try printer.note(SafeText(tr("import.differs.entry", [
                    "line": String(item.line), "id": String(item.id ?? 0), "name": item.name,
                    "fields": fields.joined(separator: tr("import.mark.separator")),
                ])))
            }
        }

        func printText(to printer: Printer) throws {
            guard dryRun else {
                try printer.line(SafeText(tr("import.summary.imported", ["count": imported, "already": alreadyHere])))
                if updated > 0 { try printer.line(SafeText(tr("import.summary.updated", ["count": updated]))) }
                return try printEntriesHere(to: printer)
            }
            // The actions in one column: each label padded to the widest one's width.
            let alreadyLabel = tr("import.dry-run.already-here"), importLabel = tr("import.dry-run.would-import")
            let updateLabel = tr("import.dry-run.would-update")
            let width = [alreadyLabel, importLabel, updateLabel].map(TerminalText.displayWidth).max() ?? 0
            func padded(_ label: String) -> String {
                label + String(repeating: " ", count: width - TerminalText.displayWidth(label))
            }
            for item in entries {
                let marks = [
                    item.shiny ? tr("import.mark.shiny") : nil, item.favorite ? tr("import.mark.favorite") : nil,
                    item.released ? tr("import.mark.released") : nil,
                ].compactMap { $0 }
                var text = tr("import.dry-run.entry", [
                    "line": String(item.line), "dex": presentation.dexNumber(item.dex), "name": item.name,
                ])
                if let nickname = item.nickname { text = tr("import.dry-run.with-nickname", ["text": text, "nickname": nickname]) }
                if !marks.isEmpty {
                    text = tr("import.dry-run.with-marks", ["text": text, "marks": marks.joined(separator: tr("import.mark.separator"))])
                }
                if let id = item.id { text = tr("import.dry-run.with-entry", ["text": text, "id": String(id)]) }
                if !item.changes.isEmpty { text += " → " + changeWords(item) }
                let label = item.action == ImportOutcome.Action.alreadyHere.rawValue ? alreadyLabel
                    : item.action == ImportOutcome.Action.wouldUpdate.rawValue ? updateLabel : importLabel
                // A column: the action, padded, then two spaces.
                try printer.line(SafeText(padded(label) + "  " + text))
            }
            try printer.line(SafeText(tr("import.summary.dry-run", ["count": imported, "already": alreadyHere])))
            try printEntriesHere(to: printer)
        }
    }
}
