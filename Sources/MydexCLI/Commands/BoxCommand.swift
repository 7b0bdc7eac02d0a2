import ArgumentParser
import Foundation
import MydexStore

struct BoxCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "box",
        abstract: "Draw a box of your collection: 30 Pokémon, as in the games.",
        discussion: """
            Your Pokémon in the order you caught them, 30 to a box, six to a row, each with its \
            entry id under it; shiny ones drawn shiny. Released Pokémon are not in any box. The \
            box's number and how many there are go to stderr.

            Examples:
              $ mydex box
              $ mydex box 3
              $ mydex box 2 --json
            """)

    /// As in the games' PC boxes.
    static let size = 30
    static let perRow = 6

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Which box (1 holds your first 30 Pokémon).", valueName: "n"))
    var number = 1

    func validate() throws {
        if number < 1 { throw ValidationError("boxes are numbered from 1; got \(number).") }
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .emptyIfMissing)
        let held = try await store.counts().active
        let boxes = max(1, (held + Self.size - 1) / Self.size)
        guard number <= boxes else {
            throw UsageError("box \(number): your collection fills \(boxes) box\(boxes == 1 ? "" : "es") (\(held) Pokémon).")
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
                try printer.note("Box 1 is empty. Catch a Pokémon with `mydex catch`.")
                return
            }
            try printer.note(SafeText("Box \(number) of \(boxes): entries \(entries.first?.id ?? 0)–\(entries.last?.id ?? 0) (Pokémon \(first)–\(first + entries.count - 1))"))
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
