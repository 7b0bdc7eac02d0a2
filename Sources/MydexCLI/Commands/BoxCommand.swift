import ArgumentParser
import Foundation
import MydexModel
import MydexServices
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

    @Option(help: ArgumentHelp(tr("box.option.dex"), valueName: "name"))
    var dex: String?

    func validate() throws {
        if number < 1 { throw ValidationError(tr("box.error.number", ["number": String(number)])) }
        if let dex, SearchText.normalized(dex).isEmpty { throw ValidationError(tr("dex.progress.error.empty-dex")) }
    }

    func run(_ context: MydexContext) async throws {
        if let dex { return try await runLivingDex(dex, context) }
        let (library, printer) = try await global.open(context, .emptyIfMissing)
        let held = try await library.entries.counts().active
        let boxes = max(1, (held + Self.size - 1) / Self.size)
        guard number <= boxes else {
            throw UsageError(tr("box.error.beyond", ["number": String(number), "count": boxes, "held": held]))
        }
        let entries = try await library.entries.held(offset: (number - 1) * Self.size, count: Self.size)
        let pictures = entries.map { entry in
            context.sprites?.sprite(of: entry).map(CellGrid.init)
        }
        try printer.emit(Output(number: number, boxes: boxes, entries: entries, pictures: pictures))
    }

    /// A box of a Pokédex's living dex: its 30 slots in the Pokédex's order, held ones drawn
    /// (shiny when one held is), missing ones as dim silhouettes.
    func runLivingDex(_ name: String, _ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .emptyIfMissing)
        let chosen = try await library.games.pokedex(named: name)
        let slots = try await library.pokedex.slots(of: chosen)
        let boxes = max(1, (slots.count + Self.size - 1) / Self.size)
        guard number <= boxes else {
            throw UsageError(tr("box.dex.error.beyond", [
                "number": String(number), "pokedex": chosen.name, "count": boxes, "total": slots.count,
            ]))
        }
        let box = Array(slots.dropFirst((number - 1) * Self.size).prefix(Self.size))
        let pictures = box.map { slot in
            context.sprites?.sprite(speciesID: slot.speciesID, shiny: slot.shinyHeld > 0)
                .map { slot.held > 0 ? CellGrid($0) : CellGrid($0.silhouette) }
        }
        try printer.emit(DexBoxOutput(pokedex: chosen, number: number, boxes: boxes, slots: box, pictures: pictures))
    }

    /// `{"pokedex": "kanto", "box": 1, "boxes": 6, "slots": [{"number": 1, "dex": 1, "species":
    /// "bulbasaur", "name": "Bulbasaur", "held": 1, "shiny": 0}, …]}`; as text, the pictures.
    struct DexBoxOutput: CommandOutput {
        let pokedex: GamePokedex
        let number: Int
        let boxes: Int
        let slots: [DexSlot]
        let pictures: [CellGrid?]

        struct SlotJSON: Encodable {
            var number: Int
            var dex: Int
            var species: String
            var name: String
            var held: Int
            var shiny: Int
        }

        private enum Keys: String, CodingKey { case pokedex, box, boxes, slots }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(pokedex.identifier, forKey: .pokedex)
            try container.encode(number, forKey: .box)
            try container.encode(boxes, forKey: .boxes)
            try container.encode(slots.map {
                SlotJSON(number: $0.number, dex: $0.speciesID, species: $0.speciesName, name: $0.name, held: $0.held, shiny: $0.shinyHeld)
            }, forKey: .slots)
        }

        func printText(to printer: Printer) throws {
            guard let first = slots.first, let last = slots.last else { return }
            try printer.note(SafeText(tr("box.dex.caption", [
                "pokedex": pokedex.name, "number": number, "boxes": boxes,
                "first": printer.presentation.dexNumber(first.number), "last": printer.presentation.dexNumber(last.number),
                "held": slots.count { $0.held > 0 }, "count": slots.count,
            ])))
            let labels = slots.map { slot in
                let mark = slot.shinyHeld > 0 ? "✨" : slot.held > 0 ? "✓" : ""
                return SafeText(printer.presentation.dexNumber(slot.number) + mark)
                    .styled(slot.held > 0 ? .green : .dim, if: printer.color)
            }
            try BoxCommand.drawRows(pictures: pictures, labels: labels, to: printer)
        }
    }

    /// The pictures side by side, each with its label under it: on a terminal as many to a row
    /// as fit its width (as `sprite` lays them out), in a pipe six to a row. When even one does
    /// not fit, the labels alone, as many to a line as fit.
    static func drawRows(pictures: [CellGrid?], labels: [SafeText], to printer: Printer) throws {
        let widths = labels.indices.map { max(pictures[$0]?.width ?? 0, TerminalText.displayWidth(labels[$0].plain)) }
        let rows: [Range<Int>]
        if let columns = printer.columns {
            if (widths.max() ?? 0) > columns { return try drawLabels(labels, width: columns, to: printer) }
            rows = SpriteLayout.rows(widths: widths, width: columns)
        } else {
            rows = stride(from: 0, to: labels.count, by: perRow).map { $0..<min($0 + perRow, labels.count) }
        }
        for (number, row) in rows.enumerated() {
            if number > 0 { try printer.line("") }
            let grids = row.map { pictures[$0] ?? CellGrid(width: 0, rows: []) }
            for cells in SpriteLayout.compose(grids, columnWidths: Array(widths[row])) {
                try printer.line(.drawn(HalfBlocks.line(cells, depth: printer.colorDepth)))
            }
            try printer.line(labelLine(row.map { labels[$0] }, widths: Array(widths[row])))
        }
    }

    /// The labels alone, each padded to the widest, as many to a line as fit `width`.
    static func drawLabels(_ labels: [SafeText], width: Int, to printer: Printer) throws {
        let widest = labels.map { TerminalText.displayWidth($0.plain) }.max() ?? 0
        let widths = Array(repeating: widest, count: labels.count)
        for row in SpriteLayout.rows(widths: widths, width: width) {
            try printer.line(labelLine(row.map { labels[$0] }, widths: Array(widths[row])))
        }
    }

    /// Labels one column apart, each in its column's width (the last not padded).
    static func labelLine(_ labels: [SafeText], widths: [Int]) -> SafeText {
        var line = SafeText("")
        for (position, label) in labels.enumerated() {
            if position > 0 { line = line + SafeText(" ") }
            line = line + label
            let padding = widths[position] - TerminalText.displayWidth(label.plain)
            if position < labels.count - 1 { line = line + SafeText(String(repeating: " ", count: max(0, padding))) }
        }
        return line
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
            let labels = entries.map { SafeText("#\($0.id)" + ($0.isShiny ? "✨" : "")) }
            try BoxCommand.drawRows(pictures: pictures, labels: labels, to: printer)
        }
    }
}
