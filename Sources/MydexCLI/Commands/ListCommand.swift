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
            unless you pass --all (or --released for them alone). Sorting by name or nickname \
            ignores case, accents and punctuation. However large the collection, rows are \
            printed as they are read.

            Filters combine: --type takes a type's name in any language, --name matches part of \
            a nickname or of a species name in any language, as `mydex search` does. --limit and \
            --offset show one page, and a line on stderr says where it stands and how to get the \
            next. --group shows one row per species with how many you hold, shinies and \
            favorites among them: your duplicates, most first with --sort count.

            Examples:
              $ mydex list
              $ mydex list --sort dex
              $ mydex list --sort caught --reverse
              $ mydex list --type fire --generation 1
              $ mydex list --type 불꽃 --shiny        # types by name in any language
              $ mydex list --name sparky             # a nickname or a name, any language
              $ mydex list --limit 50 --offset 50    # the second page of 50
              $ mydex list --group --sort count      # your duplicates, most first
              $ mydex list --released
              $ mydex list --favorites --json
            """)

    enum SortKey: String, ExpressibleByArgument, CaseIterable {
        case id, dex, caught, name, nickname, count
    }

    @OptionGroup var global: GlobalOptions

    @Option(help: "The order of the list (count: with --group, most first).")
    var sort: SortKey = .id

    @Flag(help: "Reverse the order.")
    var reverse = false

    @Option(help: ArgumentHelp("Only this type, by name in any language.", valueName: "type"), completion: .pokemonTypes)
    var type: String?

    @Option(help: ArgumentHelp("Only species of this generation (1–9).", valueName: "n"))
    var generation: Int?

    @Flag(help: "Only shiny Pokémon.")
    var shiny = false

    @Flag(help: "Only favorites.")
    var favorites = false

    @Option(help: ArgumentHelp(
        "Only Pokémon whose nickname, or species name in any language, contains this text.", valueName: "text"))
    var name: String?

    @Flag(help: "Only released Pokémon.")
    var released = false

    @Flag(help: "Include released Pokémon, marked as such.")
    var all = false

    @Flag(help: "One row per species: how many you hold, shinies and favorites among them.")
    var group = false

    @Option(help: ArgumentHelp("Show at most n rows.", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("Skip the first n rows (the page start).", valueName: "n"))
    var offset = 0

    func validate() throws {
        if released && all { throw ValidationError("--released and --all exclude each other.") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if offset < 0 { throw ValidationError("--offset cannot be negative.") }
        if let generation, generation < 1 { throw ValidationError("--generation must be 1 or more.") }
        if let name, SearchText.normalized(name).isEmpty {
            throw ValidationError("--name needs letters or digits, e.g. --name pika.")
        }
        if sort == .count && !group { throw ValidationError("--sort count sorts species: use it with --group.") }
        if sort == .nickname && group {
            throw ValidationError("--group shows species, which have no nickname: sort by count, id, dex, caught or name.")
        }
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .emptyIfMissing)
        let finder = SpeciesFinder(store: store)
        let resolvedType = try await UsageError.naming(type: type, generation: generation) {
            if let generation { try await finder.checkGeneration(generation) }
            return try await type.asyncMap(finder.resolveType)
        }
        let query = EntryQuery(
            order: sort.entryOrder, reverse: reverse, includeReleased: all, favoritesOnly: favorites,
            releasedOnly: released, shinyOnly: shiny, type: resolvedType, generation: generation, name: name,
            limit: limit, offset: offset)
        if group { return try await runGrouped(query, store: store, printer: printer) }
        let output = EntryListOutput(printer: printer, withReleased: all || released)
        if printer.json {
            let page = ListPage(total: try await store.entryCount(query), offset: offset, limit: limit)
            try await store.withEntries(query) { entries in try output.printJSON(entries(), page: page) }
            return
        }
        let summary = try await store.entrySummary(query)
        guard summary.count > offset else { return try noteEmpty(total: summary.count, store: store, printer: printer) }
        let shown = try await store.withEntries(query) { entries in try output.printText(entries(), summary: summary) }
        try printer.note(SafeText("\(summary.count) Pokémon, \(summary.favorites) favorite\(summary.favorites == 1 ? "" : "s"), \(summary.shiny) shiny"))
        if isPaged { try printer.note(PageLine.text("Entries", offset: offset, shown: shown, total: summary.count)) }
    }

    func runGrouped(_ query: EntryQuery, store: CollectionStore, printer: Printer) async throws {
        let (groups, total) = try await store.entryGroups(query, order: sort.groupOrder)
        guard printer.json || total > offset else { return try noteEmpty(total: total, store: store, printer: printer) }
        try printer.emit(GroupOutput(
            groups: groups, page: ListPage(total: total, offset: offset, limit: limit), paged: isPaged))
    }

    var isPaged: Bool { limit != nil || offset > 0 }

    /// Says why nothing was printed: an empty collection, no match, or a page past the end.
    func noteEmpty(total: Int, store: CollectionStore, printer: Printer) throws {
        if total > 0 { return try printer.note(PageLine.pastTheEnd(group ? "Species" : "Entries", total: total)) }
        // A missing collection was already reported where mydex looked for it.
        guard !store.isInMemory else { return }
        let filtered = type != nil || generation != nil || shiny || name != nil || (released && favorites)
        if filtered {
            try printer.note("No Pokémon match these filters.")
        } else if released {
            try printer.note("You have released no Pokémon.")
        } else if favorites {
            try printer.note("No favorites yet. Mark one with `mydex favorite ID`.")
        } else {
            try printer.note("Your collection is empty. Catch a Pokémon with `mydex catch`.")
        }
    }
}

extension ListCommand.SortKey {
    /// `count` sorts only groups (`validate` refuses it without --group).
    var entryOrder: EntryQuery.Order {
        switch self {
        case .id, .count: .id
        case .dex: .dex
        case .caught: .caught
        case .name: .name
        case .nickname: .nickname
        }
    }

    /// `nickname` sorts only entries (`validate` refuses it with --group).
    var groupOrder: EntryGroupOrder {
        switch self {
        case .count: .count
        case .id, .nickname: .id
        case .dex: .dex
        case .caught: .caught
        case .name: .name
        }
    }
}

/// Where a listed page stands: the JSON fields `total`, `offset` and `limit` (absent when none).
struct ListPage: Encodable, Sendable {
    var total: Int
    var offset: Int
    var limit: Int?
}

/// `list`'s output, written row by row: the JSON document `{"entries": […], "schema": 1}`, or
/// the table (measured in a first pass over the rows, printed in a second).
struct EntryListOutput: Sendable {
    let printer: Printer
    let withReleased: Bool

    /// The table, sized from the summary (the distinct names, types and nicknames, the largest
    /// id) before the first row is printed: rows are formatted once, as they are read.
    @discardableResult
    func printText(_ entries: EntryCursor, summary: EntrySummary) throws -> Int {
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
        var count = 0
        while let entry = try entries.next() {
            try printer.line(layout.line(row(entry)))
            count += 1
        }
        return count
    }

    /// `{"entries": […], "limit": 50, "offset": 0, "schema": 1, "total": 4873}`, keys sorted as
    /// in every document (`limit` only when given).
    func printJSON(_ entries: EntryCursor, page: ListPage) throws {
        // Each element is printed once the next one is read: all but the last take a comma.
        var previous: SafeText?
        while let entry = try entries.next() {
            if let previous { try printer.line(previous + ",") } else { try printer.line(.json("{\n  \"entries\" : [")) }
            previous = EntryJSON(entry).element(depth: 2)
        }
        let limit = page.limit.map { "  \"limit\" : \($0),\n" } ?? ""
        let rest = "\(limit)  \"offset\" : \(page.offset),\n  \"schema\" : \(JSONSchema.version),\n  \"total\" : \(page.total)\n}"
        if let previous {
            try printer.line(previous)
            try printer.line(.json("  ],\n" + rest))
        } else {
            try printer.line(.json("{\n  \"entries\" : [],\n" + rest))
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

/// `list --group`: `{"groups": [{"dex", "species", "name", "held", "shiny", "favorites"}, …],
/// "total", "offset", "limit"}`, or a table of species.
struct GroupOutput: CommandOutput {
    let groups: [EntryGroup]
    let page: ListPage
    /// Whether --limit or --offset asked for a page (the text then says where it stands).
    let paged: Bool

    struct Group: Encodable {
        var dex: Int
        var species: String
        var name: String
        var held: Int
        var shiny: Int
        var favorites: Int
    }

    private enum Keys: String, CodingKey { case groups }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(groups.map { group in
            Group(
                dex: group.speciesID, species: group.speciesName, name: group.name, held: group.held,
                shiny: group.shiny, favorites: group.favorites)
        }, forKey: .groups)
        try page.encode(to: encoder)
    }

    func printText(to printer: Printer) throws {
        var table = Table([
            .init(title: "DEX", shrinks: false), .init(title: "NAME"), .init(title: "TYPES"),
            .init(title: "HELD", alignRight: true, shrinks: false), .init(title: "SHINY", alignRight: true, shrinks: false),
            .init(title: "FAV", alignRight: true, shrinks: false),
        ])
        func count(_ value: Int) -> SafeText { value > 0 ? SafeText(String(value)) : "" }
        for group in groups {
            table.append([
                SafeText(printer.presentation.dexNumber(group.speciesID)), SafeText(group.name),
                SafeText(group.typeNameList), SafeText(String(group.held)), count(group.shiny), count(group.favorites),
            ])
        }
        try printer.table(table)
        if paged {
            try printer.note(PageLine.text("Species", offset: page.offset, shown: groups.count, total: page.total))
        } else {
            try printer.note(SafeText("\(page.total) species"))
        }
    }
}
