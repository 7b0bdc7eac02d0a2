import ArgumentParser
import MydexServices
import MydexStore

struct ListCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List your Pokémon.",
        discussion: """
            Shows the collection as a table: entry id, Pokédex number, name, nickname, types, \
            favorite (★), shiny (✨) and the day it was caught. Released Pokémon are left out \
            unless you pass --all. Sorting by name or nickname ignores case, accents and \
            punctuation. However large the collection, rows are printed as they are read.

            Examples:
              $ mydex list
              $ mydex list --sort dex
              $ mydex list --sort caught --reverse
              $ mydex list --favorites --json
            """)

    enum SortKey: String, ExpressibleByArgument, CaseIterable {
        case id, dex, caught, name, nickname

        var order: EntryQuery.Order {
            switch self {
            case .id: .id
            case .dex: .dex
            case .caught: .caught
            case .name: .name
            case .nickname: .nickname
            }
        }
    }

    @OptionGroup var global: GlobalOptions

    @Option(help: "The order of the list.")
    var sort: SortKey = .id

    @Flag(help: "Reverse the order.")
    var reverse = false

    @Flag(help: "Only favorites.")
    var favorites = false

    @Flag(help: "Include released Pokémon, marked as such.")
    var all = false

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .emptyIfMissing)
        let query = EntryQuery(order: sort.order, reverse: reverse, includeReleased: all, favoritesOnly: favorites)
        let output = EntryListOutput(printer: printer, withReleased: all)
        if printer.json {
            try await store.withEntries(query) { entries in try output.printJSON(entries()) }
            return
        }
        let summary = try await store.entrySummary(query)
        guard summary.count > 0 else {
            // A missing collection was already reported where mydex looked for it.
            guard !store.isInMemory else { return }
            try printer.note(favorites ? "No favorites yet. Mark one with `mydex favorite ID`." : "Your collection is empty. Catch a Pokémon with `mydex catch`.")
            return
        }
        try await store.withEntries(query) { entries in try output.printText(entries(), summary: summary) }
        try printer.note(SafeText("\(summary.count) Pokémon, \(summary.favorites) favorite\(summary.favorites == 1 ? "" : "s"), \(summary.shiny) shiny"))
    }
}

/// `list`'s output, written row by row: the JSON document `{"entries": […], "schema": 1}`, or
/// the table (measured in a first pass over the rows, printed in a second).
struct EntryListOutput: Sendable {
    let printer: Printer
    let withReleased: Bool

    /// The table, sized from the summary (the distinct names, types and nicknames, the largest
    /// id) before the first row is printed: rows are formatted once, as they are read.
    func printText(_ entries: EntryCursor, summary: EntrySummary) throws {
        var columns: [Table.Column] = [
            .init(title: "ID", alignRight: true, shrinks: false), .init(title: "DEX", shrinks: false), .init(title: "NAME"),
            .init(title: "NICKNAME"), .init(title: "TYPES"), .init(title: "FAV", shrinks: false),
            .init(title: "SHINY", shrinks: false), .init(title: "CAUGHT", shrinks: false),
        ]
        if withReleased { columns.append(.init(title: "RELEASED", shrinks: false)) }
        var layout = Table.Layout(columns, color: printer.color)
        func widest(_ values: Set<String>) -> SafeText {
            values.map { SafeText($0) }.max { TerminalText.displayWidth($0.plain) < TerminalText.displayWidth($1.plain) } ?? ""
        }
        // One row made of the widest value of each column measures them all.
        var widest: [SafeText] = [
            SafeText(String(summary.largestID)), "#0000", widest(summary.names), widest(summary.nicknames),
            widest(summary.typeNames), "★", "✨", "0000-00-00",
        ]
        if withReleased { widest.append("0000-00-00") }
        layout.measure(widest)
        layout.fit(into: printer.columns)
        try printer.line(layout.header())
        while let entry = try entries.next() { try printer.line(layout.line(row(entry))) }
    }

    func printJSON(_ entries: EntryCursor) throws {
        var count = 0
        // Each element is printed once the next one is read: all but the last take a comma.
        var previous: SafeText?
        while let entry = try entries.next() {
            if let previous { try printer.line(previous + ",") } else { try printer.line(.json("{\n  \"entries\" : [")) }
            previous = EntryJSON(entry).element(depth: 2)
            count += 1
        }
        if let previous {
            try printer.line(previous)
            try printer.line(.json("  ],\n  \"schema\" : \(JSONSchema.version)\n}"))
        } else {
            try printer.line(.json("{\n  \"entries\" : [],\n  \"schema\" : \(JSONSchema.version)\n}"))
        }
    }

    private func row(_ entry: CollectionEntry) -> [SafeText] {
        let presentation = printer.presentation
        var row: [SafeText] = [
            SafeText(String(entry.id)),
            SafeText(presentation.dexNumber(entry.speciesID)),
            SafeText(entry.name),
            SafeText(entry.nickname ?? ""),
            SafeText(entry.typeNameList),
            entry.isFavorite ? SafeText("★").styled(.yellow, if: printer.color) : "",
            entry.isShiny ? SafeText("✨").styled(.magenta, if: printer.color) : "",
            SafeText(presentation.date(entry.caughtAt)),
        ]
        if withReleased {
            row.append(entry.releasedAt.map { SafeText(presentation.date($0)).styled(.dim, if: printer.color) } ?? "")
        }
        return row
    }
}
