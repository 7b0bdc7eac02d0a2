import ArgumentParser
import Foundation
import MydexStore
import MydexText

struct BoxCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "box",
            abstract: tr("box.help.abstract"),
            discussion: tr("box.help.discussion"))
    }

    /// As in the games' PC boxes.
    static let size = 30
    static let perRow = 6

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("box.argument.number"), valueName: "n"))
    var number = 1

    func validate() throws {
        if number < 1 { throw ValidationError(tr("box.error.number", ["number": String(number)])) }
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .emptyIfMissing)
        let held = try await store.counts().active
        let boxes = max(1, (held + Self.size - 1) / Self.size)
        guard number <= boxes else {
            throw UsageError(tr("box.error.beyond", ["number": String(number), "count": boxes, "held": held]))
        }
        let entries = try await store.heldEntries(offset: (number - 1) * Self.size, count: Self.size)
        let pictures = entries.map { entry in
            context.sprites?.sprite(speciesID: entry.speciesID, shiny: entry.isShiny).map(CellGrid.init)
        }
        try printer.emit(Output(number: number, boxes: boxes, entries: entries, pictures: pictures))
    }

    /// `{"box": 1, "boxes": 3, "entries": [entry, …]}`; as text, the pictures.
    struct Output: CommandOutput {
        let number: Int
        let boxes: Int
        let entries: [CollectionEntry]
        /// One per entry (nil: no sprite for it).
        let pictures: [CellGrid?]

        private enum Keys: String, CodingKey { case box, boxes, entries }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(number, forKey: .box)
            try container.encode(boxes, forKey: .boxes)
            try container.encode(entries.map(EntryJSON.init), forKey: .entries)
        }

        func printText(to printer: Printer) throws {
            let first = (number - 1) * BoxCommand.size + 1
            guard !entries.isEmpty else {
                try printer.note(SafeText(tr("box.empty")))
                return
            }
            try printer.note(SafeText(tr("box.caption", [
                "number": number, "boxes": boxes,
                "first": String(entries.first?.id ?? 0), "last": String(entries.last?.id ?? 0),
                "from": first, "to": first + entries.count - 1,
            ])))
            for start in stride(from: 0, to: entries.count, by: BoxCommand.perRow) {
                let row = start..<min(start + BoxCommand.perRow, entries.count)
                if start > 0 { try printer.line("") }
                let labels = row.map { index in "#\(entries[index].id)" + (entries[index].isShiny ? "✨" : "") }
                let grids = row.map { pictures[$0] ?? CellGrid(width: 0, rows: []) }
                let widths = zip(grids, labels).map { max($0.width, TerminalText.displayWidth($1)) }
                for cells in SpriteLayout.compose(grids, columnWidths: widths) {
                    try printer.line(.drawn(HalfBlocks.line(cells, depth: printer.colorDepth)))
                }
                let line = zip(labels, widths).map { TerminalText.padded($0, to: $1) }.joined(separator: " ")
                try printer.line(SafeText(line.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)))
            }
        }
    }
}
