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
            unless you pass --all.

            Examples:
              $ mydex list
              $ mydex list --sort dex
              $ mydex list --sort caught --reverse
              $ mydex list --favorites --json
            """)

    enum SortKey: String, ExpressibleByArgument, CaseIterable {
        case id, dex, caught, name, nickname
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
        var entries = try await store.entries(includeReleased: all)
        if favorites { entries = entries.filter(\.pokemon.isFavorite) }
        entries = sorted(entries, printer.localizer)
        if global.json {
            try printer.printJSON(entries.map(printer.entryJSON))
            return
        }
        guard !entries.isEmpty else {
            // A missing collection was already reported where mydex looked for it.
            guard !store.isInMemory else { return }
            try printer.note(favorites ? "No favorites yet. Mark one with `mydex favorite ID`." : "Your collection is empty. Catch a Pokémon with `mydex catch`.")
            return
        }
        try printer.table(table(entries, printer))
        let shiny = entries.filter(\.pokemon.isShiny).count
        let favoriteCount = entries.filter(\.pokemon.isFavorite).count
        try printer.note(SafeText("\(entries.count) Pokémon, \(favoriteCount) favorite\(favoriteCount == 1 ? "" : "s"), \(shiny) shiny"))
    }

    func sorted(_ entries: [CollectionEntry], _ localizer: Localizer) -> [CollectionEntry] {
        let byKey: [CollectionEntry] = entries.sorted { a, b in
            switch sort {
            case .id:
                return a.id < b.id
            case .dex:
                return (a.species.id, a.id) < (b.species.id, b.id)
            case .caught:
                return (a.pokemon.caughtAt, a.id) < (b.pokemon.caughtAt, b.id)
            case .name:
                return Self.precedes(localizer.name(a.species), localizer.name(b.species), a.id, b.id)
            case .nickname:
                // Nicknamed Pokémon first, in nickname order; then the rest by name.
                switch (a.pokemon.nickname, b.pokemon.nickname) {
                case let (x?, y?): return Self.precedes(x, y, a.id, b.id)
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return Self.precedes(localizer.name(a.species), localizer.name(b.species), a.id, b.id)
                }
            }
        }
        return reverse ? byKey.reversed() : byKey
    }

    private static func precedes(_ x: String, _ y: String, _ xID: Int64, _ yID: Int64) -> Bool {
        switch x.compare(y, options: [.caseInsensitive, .diacriticInsensitive, .numeric]) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return xID < yID
        }
    }

    private func table(_ entries: [CollectionEntry], _ printer: Printer) -> Table {
        let presentation = printer.presentation
        var columns: [Table.Column] = [
            .init(title: "ID", alignRight: true, shrinks: false), .init(title: "DEX", shrinks: false), .init(title: "NAME"),
            .init(title: "NICKNAME"), .init(title: "TYPES"), .init(title: "FAV", shrinks: false),
            .init(title: "SHINY", shrinks: false), .init(title: "CAUGHT", shrinks: false),
        ]
        if all { columns.append(.init(title: "RELEASED", shrinks: false)) }
        var table = Table(columns)
        for entry in entries {
            let pokemon = entry.pokemon
            var row: [SafeText] = [
                SafeText(String(entry.id)),
                SafeText(presentation.dexNumber(entry.species.id)),
                SafeText(presentation.speciesName(entry.species)),
                SafeText(pokemon.nickname ?? ""),
                SafeText(presentation.types(entry.species)),
                pokemon.isFavorite ? SafeText("★").styled(.yellow, if: printer.color) : "",
                pokemon.isShiny ? SafeText("✨").styled(.magenta, if: printer.color) : "",
                SafeText(presentation.date(pokemon.caughtAt)),
            ]
            if all { row.append(pokemon.releasedAt.map { SafeText(presentation.date($0)).styled(.dim, if: printer.color) } ?? "") }
            table.append(row)
        }
        return table
    }
}
