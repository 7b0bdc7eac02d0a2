import ArgumentParser
import Foundation
import MydexModel
import MydexServices
import MydexText

struct ListCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list",
            abstract: tr("list.help.abstract"),
            discussion: tr("list.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp(tr("list.option.sort"), valueName: "sort"))
    var sort = SortKeys([.id])

    @Flag(help: ArgumentHelp(tr("list.option.reverse")))
    var reverse = false

    @OptionGroup var filters: EntryFilterOptions

    @Flag(help: ArgumentHelp(tr("list.option.group")))
    var group = false

    @Option(help: ArgumentHelp(tr("list.option.limit"), valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp(tr("list.option.offset"), valueName: "n"))
    var offset = 0

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError(tr("list.error.limit")) }
        if offset < 0 { throw ValidationError(tr("list.error.offset")) }
        if sort.keys.contains(.count) && !group { throw ValidationError(tr("list.error.sort-count")) }
        if sort.keys.contains(.nickname) && group {
            throw ValidationError(tr("list.error.sort-nickname"))
        }
        if group, let key = sort.keys.first(where: { [.iv, .level].contains($0) }) {
            throw ValidationError(tr("list.error.sort-group", ["sort": key.rawValue]))
        }
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .emptyIfMissing)
        var query = try await filters.query(library, order: sort.first)
        (query.reverse, query.limit, query.offset) = (reverse, limit, offset)
        query.thenBy = Array(sort.keys.dropFirst())
        if group {
            let (groups, total) = try await library.entries.groups(query)
            guard printer.json || total > offset else { return try noteEmpty(total: total, library: library, printer: printer) }
            global.page(context)
            return try printer.emit(GroupOutput(groups: groups, page: ListPage(total: total, offset: offset, limit: limit), paged: isPaged))
        }
        // The table is sized from the summary, read with the ids, before the first row is printed.
        // The table shows no stats: only JSON has them computed.
        let listing = try await library.entries.listing(query, summary: !printer.json, stats: printer.json)
        if !printer.json, (listing.summary?.count ?? 0) <= offset {
            return try noteEmpty(total: listing.total, library: library, printer: printer)
        }
        global.page(context)
        try await printer.emit(EntryListOutput(
            listing: listing, page: ListPage(total: listing.total, offset: offset, limit: limit),
            withReleased: filters.all || filters.released,
            paged: isPaged))
    }

    var isPaged: Bool { limit != nil || offset > 0 }

    /// Says why nothing was printed: an empty collection, no match, or a page past the end.
    func noteEmpty(total: Int, library: Library, printer: Printer) throws {
        if total > 0 { return try printer.note(PageLine.pastTheEnd(group ? .species : .entries, total: total)) }
        // A missing collection was already reported where mydex looked for it.
        guard !library.isInMemory else { return }
        let filtered = filters.narrows
        if filtered {
            try printer.note(SafeText(tr("list.empty.no-match")))
        } else if filters.released {
            try printer.note(SafeText(tr("list.empty.none-released")))
        } else if filters.favorites {
            try printer.note(SafeText(tr("list.empty.no-favorites")))
        } else {
            try printer.note(SafeText(tr("list.empty.collection")))
        }
    }
}

extension EntryQuery.Order: ExpressibleByArgument {}

/// Where a listed page stands: the JSON fields `total`, `offset` and `limit` (absent when none).
struct ListPage: Encodable, Sendable {
    var total: Int
    var offset: Int
    var limit: Int?
}

/// `list`'s output, written row by row as its pages are read: the JSON document `{"entries":
/// […], "schema": 1}`, or the table (its columns sized from the listing's summary), then on
/// stderr how many Pokémon, favorites and shiny it holds, and where a page stands.
struct EntryListOutput: StreamedOutput {
    let listing: EntryListing
    let page: ListPage
    let withReleased: Bool
    /// Whether --limit or --offset asked for a page (the text then says where it stands).
    let paged: Bool

    /// The table, sized from the summary (the distinct names, types and nicknames, the largest
    /// id) before the first row is printed: rows are formatted once, as they are read.
    func printText(to printer: Printer) async throws {
        guard let summary = listing.summary else { return }
        var columns: [Table.Column] = [
            .init(title: tr("list.header.id"), alignRight: true, shrinks: false),
            // A species' name is never cut (only a form's part of a name is): nicknames and
            // types give way. Favorite and shiny share one narrow column of marks, and days are
            // written short, so that at 80 columns a Korean list still shows whole names.
            .init(title: tr("list.header.dex"), shrinks: false),
            .init(title: tr("list.header.name"), minimumWidth: summary.speciesNames.map(TerminalText.displayWidth).max()),
            // The individual's level and IVs' share ("—": caught before mydex kept them).
            .init(title: tr("list.header.level"), alignRight: true, shrinks: false, optional: true),
            .init(title: tr("list.header.iv"), alignRight: true, shrinks: false, optional: true),
            .init(title: tr("list.header.nickname")), .init(title: tr("list.header.types")),
            .init(title: tr("list.header.marks"), shrinks: false),
            .init(title: tr("list.header.caught"), shrinks: false),
        ]
        if withReleased { columns.append(.init(title: tr("list.header.released"), shrinks: false)) }
        var layout = Table.Layout(columns, color: printer.color)
        func widest(_ values: Set<String>) -> SafeText {
            values.map { SafeText($0) }.max { TerminalText.displayWidth($0.plain) < TerminalText.displayWidth($1.plain) } ?? ""
        }
        // One row made of the widest value of each column measures them all.
        var widest: [SafeText] = [
            SafeText(String(summary.largestID)), "#0000", widest(summary.names), "100",
            SafeText(Translator.current.format.percent(100, digits: 1)), widest(summary.nicknames),
            widest(summary.typeNames), "★✨", SafeText(Presentation.sampleShortDate),
        ]
        if withReleased { widest.append(SafeText(Presentation.sampleShortDate)) }
        layout.measure(widest)
        layout.fit(into: printer.columns)
        try printer.line(layout.header())
        var shown = 0
        for try await listed in listing {
            for entry in listed.entries { try printer.line(layout.line(row(entry, printer))) }
            shown += listed.entries.count
        }
        try printer.note(SafeText(tr("list.summary", [
            "pokemon": tr("list.summary.pokemon", ["count": summary.count]),
            "favorites": tr("list.summary.favorites", ["count": summary.favorites]),
            "shiny": tr("list.summary.shiny", ["count": summary.shiny]),
        ])))
        if paged { try printer.note(PageLine.text(.entries, offset: page.offset, shown: shown, total: summary.count)) }
    }

    /// `{"entries": […], "limit": 50, "offset": 0, "schema": 1, "total": 4873}`, keys sorted as
    /// in every document (`limit` only when given).
    func printJSON(to printer: Printer) async throws {
        var document = JSONArrayStream(key: "entries")
        for try await listed in listing {
            for entry in listed.entries { try document.append(EntryJSON(entry).element(depth: 2), to: printer.line) }
        }
        try document.finish(
            (page.limit.map { ["\"limit\" : \($0)"] } ?? [])
                + ["\"offset\" : \(page.offset)", "\"schema\" : \(JSONSchema.version)", "\"total\" : \(page.total)"],
            to: printer.line)
    }

    private func row(_ entry: CollectionEntry, _ printer: Printer) -> [SafeText] {
        let presentation = printer.presentation
        var row: [SafeText] = [
            SafeText(String(entry.id)),
            SafeText(presentation.dexNumber(entry.speciesID)),
            SafeText(entry.name),
            SafeText(entry.individual.map { Translator.current.format.integer($0.level) } ?? "—"),
            SafeText(entry.individual.map { Translator.current.format.percent($0.ivPercent, digits: 1) } ?? "—"),
            SafeText(entry.nickname ?? ""),
            SafeText(entry.typeNameList),
            // ★ where it is favorite, then ✨ where it is shiny, each always in its place.
            (entry.isFavorite ? SafeText("★").styled(.yellow, if: printer.color) : entry.isShiny ? " " : "")
                + (entry.isShiny ? SafeText("✨").styled(.magenta, if: printer.color) : ""),
            SafeText(presentation.shortDate(entry.caughtAt)),
        ]
        if withReleased {
            row.append(entry.releasedAt.map { SafeText(presentation.shortDate($0)).styled(.dim, if: printer.color) } ?? "")
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
            .init(title: tr("list.header.dex"), shrinks: false), .init(title: tr("list.header.name")),
            .init(title: tr("list.header.types")), .init(title: tr("list.header.held"), alignRight: true, shrinks: false),
            .init(title: tr("list.header.shiny"), alignRight: true, shrinks: false),
            .init(title: tr("list.header.favorite"), alignRight: true, shrinks: false),
        ])
        func count(_ value: Int) -> SafeText { value > 0 ? SafeText(Translator.current.format.integer(value)) : "" }
        for group in groups {
            table.append([
                SafeText(printer.presentation.dexNumber(group.speciesID)), SafeText(group.name),
                SafeText(group.typeNameList), SafeText(Translator.current.format.integer(group.held)), count(group.shiny), count(group.favorites),
            ])
        }
        try printer.table(table)
        if paged {
            try printer.note(PageLine.text(.species, offset: page.offset, shown: groups.count, total: page.total))
        } else {
            try printer.note(SafeText(tr("list.group.total", ["count": page.total])))
        }
    }
}
