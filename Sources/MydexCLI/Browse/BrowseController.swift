import Foundation
import MydexModel
import MydexServices
import MydexText

/// What `browse` reads and changes: the collection as `list` reads it, changed through the
/// services the commands change it through (one transaction and a history row each, the same checks).
struct BrowseLibrary: Sendable {
    let collection: Library
    let details: BrowseDetailSource
    /// The Pokédex the Pokédex tab opens on (`--dex`, else the national one).
    let pokedex: GamePokedex?
    /// The games' Pokédexes, in order, for `d` and `D` to go through.
    let pokedexes: [GamePokedex]
    /// Types in PokeAPI's order and the generations, for `t` and `g` to cycle through.
    let types: [String]
    let generations: [Int]
    /// Plays a species' cry (fetched once, as `cry` does); throws what went wrong.
    let playCry: @Sendable (_ speciesID: Int) async throws -> Void
    /// What the command that makes a change prints about it, as one line.
    let sentence: @Sendable (EntryChangesOutput) -> String
}

/// The state of a `browse` session and what each key does to it. Reads only what is on screen
/// (a page of entries at a time, found as `list --limit --offset` finds it), so memory stays
/// flat however large the collection. Used from one task: the view's loop.
final class BrowseController {
    enum Tab: Equatable { case collection, pokedex }

    let library: BrowseLibrary
    private(set) var layout: BrowseLayout

    private(set) var tab: Tab = .collection
    private(set) var filter = BrowseFilter()
    /// The collection grid: where it stands, how many entries the filter selects, and the page on screen.
    private(set) var cursor = GridCursor()
    private(set) var total = 0
    /// While a search is typed over a large collection, the page is shown before the count
    /// (which reads every entry): true until the loop asks for the count (`finishCount`), once
    /// the frame with the page is out. A key other than the next letter counts first.
    private(set) var countPending = false
    /// By name, the order is known only to the full query: the ids of every entry in it, read
    /// once a sort or filter (8 bytes an entry), and each page read by its ids. nil in the
    /// other orders, where a page finds its ids itself (`entryPage`).
    private var orderedIDs: [Int64]?
    /// The entries on screen, the first being number `windowStart` of the filtered list.
    private(set) var window: [CollectionEntry] = []
    private(set) var windowStart = 0
    /// The Pokédex tab: its Pokédex, every slot (a thousand at most), those the search and its
    /// filters leave, and where it stands.
    private(set) var pokedex: GamePokedex?
    private(set) var dexFilter = BrowseDexFilter()
    private(set) var slots: [DexSlot] = []
    private(set) var shownSlots: [DexSlot] = []
    private(set) var dexCursor = GridCursor()
    /// Detail pages opened from the grid and along evolution chains; Esc closes the last.
    private(set) var details: [BrowseDetail] = []
    private(set) var prompt: BrowsePrompt?
    private(set) var showsHelp = false
    /// What the last action said, shown in the footer until the next key.
    private(set) var message: String?
    private(set) var undoStack: [BrowseUndo] = []
    private(set) var finished = false
    /// Posts a message from work that ends later (a cry playing).
    var post: @Sendable (String) -> Void = { _ in }

    init(library: BrowseLibrary, layout: BrowseLayout) {
        self.library = library
        self.layout = layout
        pokedex = library.pokedex
    }

    var selectedEntry: CollectionEntry? {
        let index = cursor.selected - windowStart
        return window.indices.contains(index) ? window[index] : nil
    }

    var selectedSlot: DexSlot? { shownSlots.indices.contains(dexCursor.selected) ? shownSlots[dexCursor.selected] : nil }

    // MARK: - Loading

    /// Reads the count and the page on screen again (after a change, on Ctrl-L, at start):
    /// another process's changes show here, and nothing on screen is older than this.
    func refresh() async {
        do {
            try await count()
            try await loadWindow()
            if tab == .pokedex || !slots.isEmpty { try await loadSlots() }
            if let detail = details.last { try await reopen(detail) }
        } catch {
            message = Self.describe(error)
        }
    }

    private func loadWindow() async throws {
        let query = filter.query(offset: cursor.top, limit: layout.pageSize)
        if let ids = orderedIDs {
            let page = ids[min(cursor.top, ids.count)..<min(cursor.top + layout.pageSize, ids.count)]
            window = try await library.collection.entries.entries(inOrder: Array(page))
        } else {
            window = total == 0 ? [] : try await library.collection.entries.entryPage(query, total: total)
        }
        windowStart = cursor.top
    }

    /// Loads the page again only when the view scrolled off the one on screen.
    private func ensureWindow() async {
        guard cursor.top != windowStart || window.count < min(layout.pageSize, total - cursor.top) else { return }
        do { try await loadWindow() } catch { message = Self.describe(error) }
    }

    private func loadSlots() async throws {
        guard let pokedex else { return }
        slots = try await library.collection.pokedex.slots(of: pokedex)
        try await applySlotFilters()
    }

    /// The slots the search and the tab's filters leave, in the order asked: the species come
    /// from the same queries `dex list` and the search use, the held counts from the slots.
    private func applySlotFilters() async throws {
        var kept = slots
        let key = SearchText.normalized(filter.search)
        if !key.isEmpty {
            let matching = Set(try await library.collection.pokedex.speciesMatching(key: key, number: Int(filter.search)).map(\.id))
            kept = kept.filter { matching.contains($0.speciesID) }
        }
        if let pokedex, dexFilter.narrowsSpecies {
            let matching = Set(try await library.collection.pokedex.speciesIDs(dexFilter.speciesFilter(pokedexID: pokedex.id)))
            kept = kept.filter { matching.contains($0.speciesID) }
        }
        if dexFilter.missingOnly { kept = kept.filter { $0.held == 0 } }
        if dexFilter.order == .name {
            kept = kept.map { (SearchText.normalized($0.name), $0) }.sorted { ($0.0, $0.1.number) < ($1.0, $1.1.number) }.map(\.1)
        }
        shownSlots = kept
        dexCursor.reveal(count: shownSlots.count, layout: layout)
    }

    func resize(to layout: BrowseLayout) async {
        guard layout != self.layout else { return }
        self.layout = layout
        cursor.reveal(count: total, layout: layout)
        dexCursor.reveal(count: shownSlots.count, layout: layout)
        do { try await loadWindow() } catch { message = Self.describe(error) }
    }

    // MARK: - Keys

    func handle(_ key: KeyEvent) async {
        message = nil
        if countPending, !Self.isSearchPrompt(prompt) { await finishCount() }
        if showsHelp {
            showsHelp = false
            return
        }
        if let prompt {
            return await answer(prompt, key)
        }
        if case .mouse(let mouse) = key { return await click(mouse) }
        if !details.isEmpty { return await handleDetail(key) }
        await handleGrid(key)
    }

    private func handleGrid(_ key: KeyEvent) async {
        let count = tab == .collection ? total : shownSlots.count
        func move(_ delta: Int, pages: Int = 0) async {
            if tab == .collection {
                if pages == 0 { cursor.move(by: delta, count: count, layout: layout) } else { cursor.page(by: pages, count: count, layout: layout) }
                await ensureWindow()
            } else if pages == 0 {
                dexCursor.move(by: delta, count: count, layout: layout)
            } else {
                dexCursor.page(by: pages, count: count, layout: layout)
            }
        }
        switch key {
        case .left, .character("h"): await move(-1)
        case .right, .character("l"): await move(1)
        case .up, .character("k"): await move(-layout.columns)
        case .down, .character("j"): await move(layout.columns)
        case .pageUp: await move(0, pages: -1)
        case .pageDown: await move(0, pages: 1)
        case .home: await move(-count)
        case .end: await move(count)
        case .enter: await openSelection()
        case .tab, .backTab: await switchTab()
        case .character("/"): prompt = .search(LineEditor(filter.search))
        case .escape:
            if filter.search.isEmpty { finished = true } else { await setSearch("") }
        case .character("q"), .control("c"), .control("d"): finished = true
        case .control("l"): await refresh()
        case .character("?"): showsHelp = true
        case .character("u"): await undo()
        case .character("c"): playCry()
        case .character("s"), .character("t"), .character("T"), .character("g"), .character("G"), .character("F"), .character("L"):
            if tab == .pokedex { return await changeDexFilter(key) }
            await changeFilter(key)
        case .character("d"), .character("D"), .character("m"):
            guard tab == .pokedex else {
                message = tr("browse.message.pokedex-only")
                return
            }
            await changeDexFilter(key)
        case .character("f"), .character("n"), .character("r"):
            guard let entry = selectedEntry, tab == .collection else {
                message = tab == .collection ? tr("browse.message.nothing-selected") : tr("browse.message.collection-only")
                return
            }
            await act(on: entry, key)
        default: break
        }
    }

    private func handleDetail(_ key: KeyEvent) async {
        guard var detail = details.last else { return }
        switch key {
        case .escape, .backspace, .character("q"):
            details.removeLast()
        case .control("c"), .control("d"): finished = true
        case .up, .character("k"): detail.scroll = max(0, detail.scroll - 1)
        case .down, .character("j"): detail.scroll += 1
        case .pageUp: detail.scroll = max(0, detail.scroll - layout.height / 2)
        case .pageDown: detail.scroll += layout.height / 2
        case .home: detail.scroll = 0
        case .left, .character("h"): detail.chainFocus = max(0, detail.chainFocus - 1)
        case .right, .character("l"): detail.chainFocus = min(max(detail.chain.count - 1, 0), detail.chainFocus + 1)
        case .enter:
            guard detail.chain.indices.contains(detail.chainFocus) else { return }
            let id = detail.chain[detail.chainFocus].id
            guard id != detail.speciesID else { return }
            do { details.append(try await library.details.detail(ofSpecies: id)) } catch { message = Self.describe(error) }
            return
        case .control("l"): return await refresh()
        case .character("?"): showsHelp = true
        case .character("u"): return await undo()
        case .character("c"): playCry()
        case .character("f"), .character("n"), .character("r"):
            guard let entry = detail.entry, entry.releasedAt == nil else {
                message = tr("browse.message.collection-only")
                return
            }
            return await act(on: entry, key)
        default: break
        }
        if !details.isEmpty, !finished { details[details.count - 1] = detail }
    }

    // MARK: - Selecting

    private func openSelection() async {
        do {
            if tab == .collection {
                guard let entry = selectedEntry else { return }
                details = [try await library.details.detail(of: entry)]
            } else if let slot = selectedSlot {
                details = [try await library.details.detail(ofSpecies: slot.speciesID)]
            }
        } catch {
            message = Self.describe(error)
        }
    }

    /// The page on top, built again from the database (after a change, or Ctrl-L), in the same
    /// place of its text and its chain.
    private func reopen(_ detail: BrowseDetail) async throws {
        var fresh: BrowseDetail
        switch detail.subject {
        case .entry(let entry): fresh = try await library.details.detail(of: try await library.collection.entries.entry(id: entry.id))
        case .species(let id): fresh = try await library.details.detail(ofSpecies: id)
        }
        fresh.scroll = detail.scroll
        fresh.chainFocus = detail.chainFocus
        details[details.count - 1] = fresh
    }

    private func switchTab() async {
        tab = tab == .collection ? .pokedex : .collection
        if tab == .pokedex, slots.isEmpty {
            guard pokedex != nil else {
                tab = .collection
                message = tr("browse.message.no-pokedex")
                return
            }
            do { try await loadSlots() } catch { message = Self.describe(error) }
        }
    }

    /// The wheel scrolls; a click selects a cell, and a click on the selected one opens it.
    private func click(_ mouse: MouseEvent) async {
        guard details.isEmpty, layout.kind != .tooSmall else {
            if case .wheelUp = mouse.kind { return await handleDetail(.up) }
            if case .wheelDown = mouse.kind { return await handleDetail(.down) }
            return
        }
        let count = tab == .collection ? total : shownSlots.count
        switch mouse.kind {
        case .wheelUp, .wheelDown:
            let rows = mouse.kind == .wheelUp ? -1 : 1
            if tab == .collection {
                cursor.scroll(rows: rows, count: count, layout: layout)
                await ensureWindow()
            } else {
                dexCursor.scroll(rows: rows, count: count, layout: layout)
            }
        case .press(button: 0):
            guard let index = cellIndex(column: mouse.column - 1, row: mouse.row - 1), index < count else { return }
            let current = tab == .collection ? cursor : dexCursor
            if index == current.selected { return await openSelection() }
            if tab == .collection { cursor.select(index, count: count, layout: layout) } else {
                dexCursor.select(index, count: count, layout: layout)
            }
        default: break
        }
    }

    /// The item under a screen cell (0-based), nil outside the grid or the list.
    func cellIndex(column: Int, row: Int) -> Int? {
        let top = tab == .collection ? cursor.top : dexCursor.top
        guard row >= 1, row < layout.height - 1 else { return nil }
        switch layout.kind {
        case .grid:
            let x = column - layout.margin
            guard x >= 0, x < layout.columns * BrowseLayout.cellWidth else { return nil }
            let gridRow = (row - 1) / BrowseLayout.cellHeight
            guard gridRow < layout.rows else { return nil }
            return top + gridRow * layout.columns + x / BrowseLayout.cellWidth
        case .list:
            guard column < layout.listPictureColumn else { return nil }
            return top + row - 1
        case .tooSmall:
            return nil
        }
    }

    // MARK: - Filters

    private func setSearch(_ text: String) async {
        filter.search = text
        cursor = GridCursor()
        dexCursor = GridCursor()
        guard Self.isSearchPrompt(prompt), filter.sort != .name else {
            // The Pokédex's slots are searched again too, when they were read.
            return await refresh()
        }
        // As it is typed: the first page now, the count once that page is on screen. A page
        // that is not full is all there is, and counts itself.
        do {
            window = try await library.collection.entries.entryPage(filter.query(offset: 0, limit: layout.pageSize))
            windowStart = 0
            if window.count < layout.pageSize {
                total = window.count
                countPending = false
            } else {
                total = window.count
                countPending = true
            }
            if tab == .pokedex || !slots.isEmpty { try await applySlotFilters() }
        } catch {
            message = Self.describe(error)
        }
    }

    /// The count a search put off (`countPending`), and the view placed against it.
    func finishCount() async {
        guard countPending else { return }
        do { try await count() } catch { message = Self.describe(error) }
    }

    /// How many entries the filter selects (by name, with the ids of their order), and the
    /// view placed against it.
    private func count() async throws {
        countPending = false
        if filter.sort == .name {
            let ids = try await library.collection.entries.entryIDs(filter.query())
            (orderedIDs, total) = (ids, ids.count)
        } else {
            orderedIDs = nil
            total = try await library.collection.entries.count(filter.query())
        }
        cursor.reveal(count: total, layout: layout)
    }

    static func isSearchPrompt(_ prompt: BrowsePrompt?) -> Bool {
        if case .search? = prompt { return true }
        return false
    }

    /// The Pokédex tab's keys: `d`/`D` the next or previous Pokédex of the games, `m` missing
    /// ones only, `s` its order or by name, `t`/`g`/`L` as on the collection.
    private func changeDexFilter(_ key: KeyEvent) async {
        do {
            switch key {
            case .character("d"), .character("D"):
                guard !library.pokedexes.isEmpty else { return }
                let index = library.pokedexes.firstIndex { $0.id == pokedex?.id }
                let step = key == .character("d") ? 1 : -1
                let count = library.pokedexes.count
                pokedex = library.pokedexes[index.map { ($0 + step + count) % count } ?? 0]
                dexCursor = GridCursor()
                return try await loadSlots()
            case .character("m"): dexFilter.missingOnly.toggle()
            case .character("s"): dexFilter.order = dexFilter.order == .number ? .name : .number
            case .character("t"): dexFilter.type = BrowseFilter.cycle(dexFilter.type, through: library.types)
            case .character("T"): dexFilter.type = BrowseFilter.cycle(dexFilter.type, through: library.types, backwards: true)
            case .character("g"): dexFilter.generation = BrowseFilter.cycle(dexFilter.generation, through: library.generations)
            case .character("G"):
                dexFilter.generation = BrowseFilter.cycle(dexFilter.generation, through: library.generations, backwards: true)
            case .character("L"): dexFilter.kind = BrowseFilter.cycle(dexFilter.kind, through: SpeciesKind.allCases)
            default:
                message = tr("browse.message.collection-only")
                return
            }
            dexCursor = GridCursor()
            try await applySlotFilters()
        } catch {
            message = Self.describe(error)
        }
    }

    private func changeFilter(_ key: KeyEvent) async {
        switch key {
        case .character("s"): filter.sort = filter.nextSort
        case .character("t"): filter.type = BrowseFilter.cycle(filter.type, through: library.types)
        case .character("T"): filter.type = BrowseFilter.cycle(filter.type, through: library.types, backwards: true)
        case .character("g"): filter.generation = BrowseFilter.cycle(filter.generation, through: library.generations)
        case .character("G"): filter.generation = BrowseFilter.cycle(filter.generation, through: library.generations, backwards: true)
        case .character("F"): filter.favoritesOnly.toggle()
        case .character("L"): filter.kind = BrowseFilter.cycle(filter.kind, through: SpeciesKind.allCases)
        default: return
        }
        cursor = GridCursor()
        await refresh()
    }

    // MARK: - Changes

    private func act(on entry: CollectionEntry, _ key: KeyEvent) async {
        switch key {
        case .character("f"):
            // The mark as the database has it now, not as this screen last read it.
            do {
                let current = try await library.collection.entries.entry(id: entry.id)
                let result = try await library.collection.changes.setFavorite(entryIDs: [entry.id], !current.isFavorite)
                undoStack.append(.favorite(entryID: entry.id, was: current.isFavorite))
                message = library.sentence(EntryChangesOutput(change: current.isFavorite ? .unfavorited : .favorited, result: result))
            } catch {
                message = Self.describe(error)
            }
            await refresh()
        case .character("n"):
            let current = (try? await library.collection.entries.entry(id: entry.id)) ?? entry
            prompt = .nickname(entryID: entry.id, title: library.details.presentation.title(current), editor: LineEditor(current.nickname ?? ""))
        case .character("r"):
            prompt = .release(entry: entry, favoriteConfirmed: false)
        default: break
        }
    }

    private func answer(_ open: BrowsePrompt, _ key: KeyEvent) async {
        switch open {
        case .search(var editor):
            let outcome = editor.apply(key)
            switch outcome {
            case .editing:
                prompt = .search(editor)
                if editor.text != filter.search { await setSearch(editor.text) }
            case .done:
                prompt = nil
            case .cancelled:
                // Cleared as typed (the page first, the count after it), then the field closes.
                await setSearch("")
                prompt = nil
            }
        case .nickname(let id, let title, var editor):
            switch editor.apply(key) {
            case .editing: prompt = .nickname(entryID: id, title: title, editor: editor)
            case .cancelled: prompt = nil
            case .done(let text):
                prompt = nil
                await rename(id, to: text)
            }
        case .release(let entry, let favoriteConfirmed):
            prompt = nil
            guard case .character(let character) = key, Confirmation.isYes(String(character)) else {
                message = tr("browse.message.kept", ["title": library.details.presentation.title(entry)])
                return
            }
            if entry.isFavorite, !favoriteConfirmed {
                prompt = .release(entry: entry, favoriteConfirmed: true)
                return
            }
            await release(entry, force: favoriteConfirmed)
        }
    }

    private func rename(_ id: Int64, to text: String) async {
        do {
            let before = try await library.collection.entries.entry(id: id)
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let change = trimmed.isEmpty
                ? try await library.collection.changes.clearNickname(entryID: id)
                : try await library.collection.changes.setNickname(entryID: id, to: trimmed)
            undoStack.append(.nickname(entryID: id, was: before.nickname))
            let result = BulkChange(entries: [change.entry], changed: change.changed ? [id] : [])
            message = library.sentence(EntryChangesOutput(change: trimmed.isEmpty ? .nicknameCleared : .nicknamed, result: result))
        } catch {
            message = Self.describe(error)
        }
        await refresh()
    }

    private func release(_ entry: CollectionEntry, force: Bool) async {
        do {
            let result = try await library.collection.changes.release(entryIDs: [entry.id], force: force)
            undoStack.append(.release(entryID: entry.id, wasFavorite: entry.isFavorite))
            message = library.sentence(EntryChangesOutput(change: .released, result: result))
            // A released entry has no page of its own in the grid any more.
            if case .entry(let shown)? = details.last?.subject, shown.id == entry.id { details.removeLast() }
        } catch {
            message = Self.describe(error)
        }
        await refresh()
    }

    /// Takes back the last change of this session, through the same services.
    private func undo() async {
        guard let last = undoStack.popLast() else {
            message = tr("browse.message.nothing-to-undo")
            return
        }
        do {
            switch last {
            case .favorite(let id, let was):
                _ = try await library.collection.changes.setFavorite(entryIDs: [id], was)
            case .nickname(let id, let was):
                if let was { _ = try await library.collection.changes.setNickname(entryID: id, to: was) } else {
                    _ = try await library.collection.changes.clearNickname(entryID: id)
                }
            case .release(let id, let wasFavorite):
                _ = try await library.collection.changes.unrelease(entryIDs: [id])
                if wasFavorite { _ = try await library.collection.changes.setFavorite(entryIDs: [id], true) }
            }
            let entry = try await library.collection.entries.entry(id: last.entryID)
            message = tr("browse.message.undone", ["title": library.details.presentation.title(entry)])
        } catch {
            message = Self.describe(error)
        }
        await refresh()
    }

    private func playCry() {
        let speciesID = details.last?.speciesID ?? (tab == .collection ? selectedEntry?.speciesID : selectedSlot?.speciesID)
        guard let speciesID else { return }
        message = tr("browse.message.playing")
        Self.play(speciesID, with: library.playCry, then: post)
    }

    /// Plays in the background: the screen answers keys while the cry plays, and says when it failed.
    private static func play(
        _ speciesID: Int, with play: @escaping @Sendable (Int) async throws -> Void, then post: @escaping @Sendable (String) -> Void
    ) {
        Task {
            do {
                try await play(speciesID)
                post("")
            } catch {
                post(describe(error))
            }
        }
    }

    /// A message from work that ended after its key (an empty one clears the footer).
    func show(_ text: String) { message = text.isEmpty ? nil : text }

    static func describe(_ error: any Error) -> String {
        String(describing: error)
    }
}

extension BrowseUndo {
    var entryID: Int64 {
        switch self {
        case .favorite(let id, _), .nickname(let id, _), .release(let id, _): id
        }
    }
}
