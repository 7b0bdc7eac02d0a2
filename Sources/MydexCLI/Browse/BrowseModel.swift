import MydexModel

/// How `browse` divides a screen: the grid of sprites, a list of names when the terminal is
/// narrow, or a one-line request for a bigger terminal when it is too small for either.
struct BrowseLayout: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case grid, list, tooSmall
    }

    let width: Int
    let height: Int

    /// A grid cell: a sprite 14 columns by 7 rows (14×14 pixels) with its name and number under it.
    static let cellWidth = 16
    static let cellHeight = 9
    static let spriteColumns = 14
    static let spriteRows = 7
    /// Below these, the grid gives way to the list, and the list to a message.
    static let gridMinimumWidth = 60
    static let minimumWidth = 30
    static let minimumHeight = 20

    var kind: Kind {
        if height < Self.minimumHeight || width < Self.minimumWidth { return .tooSmall }
        return width < Self.gridMinimumWidth ? .list : .grid
    }

    /// Cells a row (1 in the list).
    var columns: Int { kind == .grid ? max(1, width / Self.cellWidth) : 1 }
    /// Rows of cells (of names in the list) between the header and the footer.
    var rows: Int { kind == .grid ? max(1, (height - 2) / Self.cellHeight) : max(1, height - 2) }
    var pageSize: Int { columns * rows }
    /// Blank columns left of the grid, so that it stands in the middle.
    var margin: Int { kind == .grid ? (width - columns * Self.cellWidth) / 2 : 0 }
    /// The list's picture column (right of the names), as wide as a grid sprite.
    var listPictureColumn: Int { width - Self.spriteColumns - 1 }
}

/// Which item of a list of `count` is selected and which is the first shown: the selection
/// always on screen, the view scrolled by whole rows.
struct GridCursor: Equatable, Sendable {
    var selected = 0
    var top = 0

    /// Moves the selection by `delta` items (clamped to the list), then scrolls just enough to
    /// show it.
    mutating func move(by delta: Int, count: Int, layout: BrowseLayout) {
        select(selected + delta, count: count, layout: layout)
    }

    /// PgUp/PgDn: the selection and the view both a screen further, as a book's page turns.
    mutating func page(by pages: Int, count: Int, layout: BrowseLayout) {
        top += pages * layout.pageSize
        select(selected + pages * layout.pageSize, count: count, layout: layout)
    }

    mutating func select(_ index: Int, count: Int, layout: BrowseLayout) {
        selected = count == 0 ? 0 : min(max(index, 0), count - 1)
        reveal(count: count, layout: layout)
    }

    /// Scrolls by whole rows (the wheel), taking the selection along when it would leave the screen.
    mutating func scroll(rows delta: Int, count: Int, layout: BrowseLayout) {
        let columns = layout.columns
        let lastTop = max(0, (count - 1) / columns - layout.rows + 1) * columns
        top = min(max(0, top + delta * columns), lastTop)
        if selected < top { selected = min(top, max(count - 1, 0)) }
        if selected >= top + layout.pageSize { selected = top + layout.pageSize - 1 }
    }

    /// After a resize or a new count: the selection kept (clamped), the top on a row boundary.
    mutating func reveal(count: Int, layout: BrowseLayout) {
        let columns = layout.columns
        selected = count == 0 ? 0 : min(max(selected, 0), count - 1)
        top = (top / columns) * columns
        let row = selected / columns
        if selected < top { top = row * columns }
        if selected >= top + layout.pageSize { top = (row - layout.rows + 1) * columns }
        // No empty rows at the end while there is something above to show.
        let lastTop = max(0, (count - 1) / columns - layout.rows + 1) * columns
        top = max(0, min(top, lastTop))
    }
}

/// What the collection grid shows: the search, the order and the filters, turned into the
/// same query `list` runs.
struct BrowseFilter: Equatable, Sendable {
    /// The orders `s` cycles through.
    static let sorts: [EntryQuery.Order] = [.id, .dex, .name, .caught, .iv, .level]

    var search = ""
    var sort: EntryQuery.Order = .id

    /// The order after `sort` in `sorts`.
    var nextSort: EntryQuery.Order { Self.sorts[((Self.sorts.firstIndex(of: sort) ?? -1) + 1) % Self.sorts.count] }
    /// A PokeAPI type name.
    var type: String?
    var generation: Int?
    var favoritesOnly = false
    /// `L`: legendary, mythical or Ultra Beasts only, in turn.
    var kind: SpeciesKind?

    /// Whether anything narrows the collection (an empty grid then says "no match", not "empty").
    var narrows: Bool { !SearchText.normalized(search).isEmpty || type != nil || generation != nil || favoritesOnly || kind != nil }

    func query(offset: Int = 0, limit: Int? = nil) -> EntryQuery {
        let name = SearchText.normalized(search).isEmpty ? nil : search
        var query = EntryQuery(
            order: sort, favoritesOnly: favoritesOnly, type: type, generation: generation, name: name,
            limit: limit, offset: offset)
        query.kinds = kind.map { [$0] } ?? []
        return query
    }

    /// The next value in a cycle through `values` and none: none → first → … → last → none.
    static func cycle<T: Equatable>(_ current: T?, through values: [T], backwards: Bool = false) -> T? {
        guard !values.isEmpty else { return nil }
        guard let current, let index = values.firstIndex(of: current) else { return backwards ? values.last : values.first }
        let next = index + (backwards ? -1 : 1)
        return values.indices.contains(next) ? values[next] : nil
    }
}

/// What the Pokédex tab shows of its Pokédex: the slots `m` (missing ones only, not held now),
/// `t`, `g` and `L` leave, in the Pokédex's order or by name (`s`).
struct BrowseDexFilter: Equatable, Sendable {
    enum Order: Equatable, Sendable { case number, name }

    var missingOnly = false
    var type: String?
    var generation: Int?
    var kind: SpeciesKind?
    var order: Order = .number

    /// Whether the species are narrowed (by type, generation or kind): asked of the Pokédex.
    var narrowsSpecies: Bool { type != nil || generation != nil || kind != nil }

    /// The species filter as `dex list` has it, within the Pokédex `pokedexID`.
    func speciesFilter(pokedexID: Int) -> DexFilter {
        var filter = DexFilter(generation: generation, type: type, pokedexID: pokedexID)
        filter.kind = kind
        return filter
    }
}

/// A change made in this session, and how to take it back.
enum BrowseUndo: Equatable, Sendable {
    case favorite(entryID: Int64, was: Bool)
    case nickname(entryID: Int64, was: String?)
    /// Undone by bringing the entry back, a favorite again if it was one.
    case release(entryID: Int64, wasFavorite: Bool)
}

/// The one-line question or field in the footer, when one is open.
enum BrowsePrompt: Equatable, Sendable {
    /// `/`: the search as it is typed.
    case search(LineEditor)
    /// `n`: the entry's new nickname (empty clears it).
    case nickname(entryID: Int64, title: String, editor: LineEditor)
    /// `r`: release this entry? Asked again, more firmly, for a favorite.
    case release(entry: CollectionEntry, favoriteConfirmed: Bool)
}
