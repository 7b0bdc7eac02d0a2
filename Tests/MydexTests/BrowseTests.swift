import Foundation
import Synchronization
import Testing
import MydexCatalog
import MydexModel
@testable import MydexCLI
import MydexServices
@testable import MydexStore
import MydexText

/// `browse` without a terminal: the controller and renderer driven key by key on a real store,
/// what they draw read back as text, and the database checked after each change.
@Suite("Browse")
struct BrowseTests {
    let environment: TestEnvironment
    let store: CollectionStore
    let cries = CryLog()

    /// The cries `c` asked for, in order.
    final class CryLog: Sendable {
        let played = Mutex<[Int]>([])
    }

    /// A session: the controller keys go to, and the renderer that draws it.
    final class Session {
        let controller: BrowseController
        var renderer: BrowseRenderer

        init(controller: BrowseController, renderer: BrowseRenderer) {
            self.controller = controller
            self.renderer = renderer
        }

        func press(_ keys: KeyEvent...) async {
            for key in keys { await controller.handle(key) }
        }

        func type(_ text: String) async {
            for character in text { await controller.handle(.character(character)) }
        }

        /// The screen as text, one string a row (wide characters once).
        func screen() -> [String] {
            let frame = renderer.frame(controller)
            return (0..<frame.height).map { y in (0..<frame.width).map { frame[$0, y].text }.joined() }
        }
    }

    init() throws {
        environment = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"], sprites: SpriteSource.builtIn)
        store = try environment.openStore()
    }

    /// A session on a terminal of this size over the collection as it is now.
    func open(width: Int = 120, height: Int = 40, depth: ColorDepth = .trueColor, dex: String = "national") async throws -> Session {
        let pokedex = Pokedex(store: store)
        let presentation = Presentation(
            timeZone: TimeZone(identifier: "UTC"), localizer: Localizer(language: "en", typeNames: try await pokedex.typeNames()))
        let context = environment.context(output: CapturedOutput())
        let cries = cries
        let library = BrowseLibrary(
            collection: Library(store: store, clock: environment.clock),
            details: BrowseDetailSource(
                collection: Library(store: store, clock: environment.clock), presentation: presentation, sprites: .builtIn,
                cachedBigSprite: { _, _ in nil }),
            pokedex: try await pokedex.gamePokedexes().first { $0.identifier == dex },
            pokedexes: try await pokedex.gamePokedexes().filter(\.mainSeries),
            types: PokemonTypes.order, generations: try await pokedex.generations(),
            playCry: { id in cries.played.withLock { $0.append(id) } },
            sentence: { BrowseCommand.sentence($0, context: context, localizer: presentation.localizer) })
        let controller = BrowseController(library: library, layout: BrowseLayout(width: width, height: height))
        await controller.refresh()
        return Session(controller: controller, renderer: BrowseRenderer(depth: depth, sprites: .builtIn, presentation: presentation))
    }

    func catches(_ species: [Int]) async throws {
        for id in species {
            environment.clock.advance(by: 1)
            _ = try await store.recordCatch(speciesID: id, isShiny: false, at: environment.clock.now())
        }
    }

    func history(_ id: Int64) async throws -> [HistoryAction] {
        try await store.historyPage(HistoryQuery(entryID: id)).events.map(\.action)
    }

    @Test("Without a terminal, or with --json, browse refuses in one line (exit 64) and points to list")
    func refusesWithoutTerminal() async {
        for arguments in [["browse"], ["browse", "--json"]] {
            let run = await environment.run(arguments)
            #expect(run.status == 64)
            #expect(run.standardError.contains("mydex list"), "\(run.standardError)")
            #expect(run.standardError.split(separator: "\n").count == 1)
            #expect(run.standardOutput.isEmpty)
        }
    }

    @Test("The grid shows each entry's name or nickname and id, marks favorites, and says which entries are on screen")
    func grid() async throws {
        try await catches(Array(1...30))
        _ = try await store.setNickname(entryID: 4, to: "Sparky", at: environment.clock.now())
        _ = try await store.setFavorite(entryID: 2, true, at: environment.clock.now())
        let s = try await open(width: 80, height: 24)
        let rows = s.screen()
        #expect(s.controller.layout.kind == .grid && s.controller.layout.pageSize == 10)
        #expect(rows[0].contains("Entries 1–10 of 30"))
        #expect(rows.contains { $0.contains("Bulbasaur") && $0.contains("Sparky") && $0.contains("Venusaur") })
        #expect(rows.contains { $0.contains("#2 ★") })
        #expect(rows.contains { $0.contains("Charizard") && $0.contains("Caterpie") })
        #expect(!rows.joined().contains("Metapod"), "the 11th entry is on the next page")
        #expect(rows[23].contains("help") && rows[23].contains("quit"))
    }

    @Test("L shows legendary, then mythical Pokémon, then Ultra Beasts only, then everything again")
    func kinds() async throws {
        try await catches([25, 150, 151, 793])
        let s = try await open(width: 80, height: 24)
        await s.press(.character("L"))
        #expect(s.screen()[0].contains("legendary") && s.screen()[0].contains("Entries 1–1 of 1"))
        #expect(s.controller.selectedEntry?.speciesID == 150)
        await s.press(.character("L"))
        #expect(s.screen()[0].contains("mythical") && s.controller.selectedEntry?.speciesID == 151)
        await s.press(.character("L"))
        #expect(s.screen()[0].contains("Ultra Beasts") && s.controller.selectedEntry?.speciesID == 793)
        await s.press(.character("L"))
        #expect(s.screen()[0].contains("Entries 1–4 of 4"))
    }

    @Test("Arrows and h j k l move the selection; PgDn and End read further pages from the store")
    func moving() async throws {
        try await catches(Array(1...45))
        let s = try await open(width: 80, height: 24)
        await s.press(.right, .character("l"), .down)
        #expect(s.controller.cursor.selected == 7)
        #expect(s.controller.selectedEntry?.speciesID == 8)
        await s.press(.character("h"), .character("k"))
        #expect(s.controller.cursor.selected == 1)
        await s.press(.pageDown)
        #expect(s.controller.cursor.selected == 11 && s.controller.selectedEntry?.speciesID == 12)
        #expect(s.screen()[0].contains("Entries 11–20 of 45"))
        await s.press(.end)
        #expect(s.controller.selectedEntry?.speciesID == 45)
        #expect(s.controller.window.count <= s.controller.layout.pageSize, "only the page on screen is read")
        await s.press(.home)
        #expect(s.controller.selectedEntry?.speciesID == 1)
    }

    @Test("/ searches as you type, in any language (Korean, Japanese kana, accents); Esc clears")
    func search() async throws {
        try await catches([25, 26, 1, 172, 4, 133])
        let s = try await open()
        await s.press(.character("/"))
        await s.type("피카")
        #expect(s.controller.total == 1 && s.controller.selectedEntry?.speciesID == 25)
        await s.press(.escape)
        #expect(s.controller.total == 6 && s.controller.prompt == nil)
        await s.press(.character("/"))
        await s.type("ピチュ")
        #expect(s.controller.total == 1 && s.controller.selectedEntry?.speciesID == 172)
        await s.press(.enter)
        #expect(s.controller.prompt == nil && s.controller.total == 1, "Enter keeps the search")
        #expect(s.screen()[0].contains("“ピチュ”"))
        await s.press(.escape)
        #expect(s.controller.total == 6, "Esc on the grid clears the search before it quits")
        #expect(!s.controller.finished)
        for (typed, species) in [("ぴか", 25), ("evoli", 133), ("ÉVOLI", 133)] {
            await s.press(.character("/"), .control("u"))
            await s.type(typed)
            #expect(s.controller.total == 1 && s.controller.selectedEntry?.speciesID == species, "\(typed)")
            await s.press(.escape)
        }
        await s.press(.character("/"))
        await s.type("pokemon-that-is-not")
        #expect(s.screen().contains { $0.contains("Nothing matches") })
    }

    @Test("f favorites through the service (a history row), u undoes it")
    func favoriteAndUndo() async throws {
        try await catches([25, 1])
        let s = try await open()
        await s.press(.character("f"))
        #expect(try await store.entry(id: 1).isFavorite)
        #expect(try await history(1) == [.favorite, .catch])
        #expect(s.controller.message?.contains("favorite") == true)
        await s.press(.character("u"))
        #expect(try await !store.entry(id: 1).isFavorite)
        #expect(try await history(1) == [.unfavorite, .favorite, .catch])
        await s.press(.character("u"))
        #expect(s.controller.message?.contains("Nothing to undo") == true)
    }

    @Test("n edits a nickname by grapheme (composed Korean, wide characters); empty clears it; u restores the old one")
    func nickname() async throws {
        try await catches([25])
        let s = try await open()
        await s.press(.character("n"))
        await s.type("피카츄")
        await s.press(.backspace, .enter)
        #expect(try await store.entry(id: 1).nickname == "피카")
        #expect(try await history(1).first == .nicknameSet)
        await s.press(.character("n"), .control("u"), .enter)
        #expect(try await store.entry(id: 1).nickname == nil)
        await s.press(.character("u"))
        #expect(try await store.entry(id: 1).nickname == "피카")
        await s.press(.character("n"), .escape)
        #expect(try await store.entry(id: 1).nickname == "피카", "Esc changes nothing")
    }

    @Test("r asks first; a favorite is asked twice, as release --force; u brings it back a favorite")
    func release() async throws {
        try await catches([25, 1])
        _ = try await store.setFavorite(entryID: 1, true, at: environment.clock.now())
        let s = try await open()
        await s.press(.character("r"), .character("n"))
        #expect(try await store.entry(id: 1).releasedAt == nil)
        await s.press(.character("r"), .character("y"))
        #expect(try await store.entry(id: 1).releasedAt == nil, "a favorite needs a second yes")
        guard case .release(_, favoriteConfirmed: true)? = s.controller.prompt else {
            Issue.record("no second question: \(String(describing: s.controller.prompt))")
            return
        }
        await s.press(.character("y"))
        #expect(try await store.entry(id: 1).releasedAt != nil)
        #expect(s.controller.total == 1 && s.controller.selectedEntry?.speciesID == 1)
        await s.press(.character("u"))
        let back = try await store.entry(id: 1)
        #expect(back.releasedAt == nil && back.isFavorite)
        #expect(s.controller.total == 2)
    }

    @Test("Changes by another mydex show on Ctrl-L and after each change; f reads the mark as it is now")
    func otherProcess() async throws {
        try await catches([25, 1])
        let s = try await open()
        let other = try environment.openStore()
        _ = try await other.setFavorite(entryID: 1, true, at: environment.clock.now())
        _ = try await other.recordCatch(speciesID: 4, isShiny: false, at: environment.clock.now())
        await s.press(.control("l"))
        #expect(s.controller.total == 3 && s.controller.selectedEntry?.isFavorite == true)
        _ = try await other.setFavorite(entryID: 1, false, at: environment.clock.now())
        await s.press(.character("f"))
        #expect(try await store.entry(id: 1).isFavorite, "not flipped back from a stale screen")
    }

    @Test("Enter opens the detail page; ←/→ and Enter move along the evolution chain; Esc returns to the same place")
    func detail() async throws {
        try await catches([1, 4, 7, 25])
        let s = try await open()
        await s.press(.right, .enter)
        let page = try #require(s.controller.details.last)
        #expect(page.title.contains("Charmander"))
        let text = s.screen().joined(separator: "\n")
        #expect(text.contains("Charmeleon") && text.contains("Charizard") && text.contains("Blaze"))
        #expect(text.contains("History"))
        await s.press(.right, .enter)
        #expect(s.controller.details.last?.title.contains("Charmeleon") == true)
        await s.press(.character("?"))
        let help = s.screen().joined(separator: "\n")
        #expect(help.contains("Keys") && help.contains("refresh") && !help.contains("collection/Pokédex"),
                "the help of a detail page lists its keys, not the grid's")
        await s.press(.character("x"))
        #expect(!s.controller.showsHelp && s.controller.details.count == 2, "any key closes the help, and only that")
        await s.press(.escape, .escape)
        #expect(s.controller.details.isEmpty && s.controller.cursor.selected == 1)
    }

    @Test("Tab shows the Pokédex: held species and missing ones, searched in any language; Enter opens a species")
    func pokedexTab() async throws {
        try await catches([25, 25, 1])
        let s = try await open(dex: "kanto")
        await s.press(.tab)
        #expect(s.controller.tab == .pokedex && s.controller.shownSlots.count == 151)
        #expect(s.screen()[0].contains("2/151"))
        await s.press(.character("/"))
        await s.type("ピカ")
        await s.press(.enter)
        #expect(s.controller.shownSlots.map(\.speciesID) == [25])
        #expect(s.screen().contains { $0.contains("×2") })
        await s.press(.enter)
        #expect(s.controller.details.last?.title.contains("Pikachu") == true)
    }

    @Test("On the Pokédex tab d goes through the games' Pokédexes, m leaves the missing ones, s t g L work, and the footer offers only what works")
    func pokedexTabKeys() async throws {
        try await catches([1, 4, 7, 25])
        let s = try await open(dex: "kanto")
        await s.press(.tab)
        let footer = s.screen().last ?? ""
        #expect(footer.contains("d Pokédex") && footer.contains("m missing only"), "\(footer)")
        #expect(!footer.contains("favorites only") && !footer.contains("nickname"), "the collection's keys are not offered here")
        await s.press(.character("m"))
        #expect(s.controller.shownSlots.count == 147 && s.controller.shownSlots.allSatisfy { $0.held == 0 })
        #expect(s.screen()[0].contains("missing only"))
        await s.press(.character("t"))
        #expect(s.screen()[0].contains("Normal") && s.controller.shownSlots.contains { $0.speciesID == 16 }
            && !s.controller.shownSlots.contains { $0.speciesID == 43 }, "Normal ones only, still missing ones only")
        await s.press(.character("T"), .character("m"), .character("L"))
        #expect(s.controller.shownSlots.map(\.speciesID) == [144, 145, 146, 150], "Kanto's legendaries")
        await s.press(.character("L"))
        #expect(s.controller.shownSlots.map(\.speciesID) == [151])
        await s.press(.character("L"), .character("L"), .character("s"))
        #expect(s.controller.shownSlots.prefix(2).map(\.name) == ["Abra", "Aerodactyl"] && s.screen()[0].contains("sorted by name"))
        await s.press(.character("s"), .character("g"))
        #expect(s.controller.shownSlots.count == 151 && s.screen()[0].contains("generation 1"))
        await s.press(.character("G"), .character("d"))
        #expect(s.controller.pokedex?.identifier == "original-johto" && s.screen()[0].contains("Original Johto"))
        #expect(s.controller.shownSlots.count == 251 && s.screen()[0].contains("4/251"))
        await s.press(.character("D"), .character("D"))
        #expect(s.controller.pokedex?.identifier == "national")
        await s.press(.character("/"))
        await s.type("zzzz")
        await s.press(.enter)
        #expect(s.screen().contains { $0.contains("Nothing here matches") && $0.contains("m, t, g and L") })
        await s.press(.escape)
        // On the collection, d and m say where they work.
        await s.press(.tab, .character("m"))
        #expect(s.controller.message?.contains("Pokédex tab") == true)
    }

    @Test("c plays the cry of the selection without waiting for it")
    func cry() async throws {
        try await catches([25])
        let s = try await open()
        await s.press(.character("c"))
        for _ in 0..<100 where cries.played.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(cries.played.withLock { $0 } == [25])
    }

    @Test("A click selects, a second click opens; the wheel scrolls by rows")
    func mouse() async throws {
        try await catches(Array(1...40))
        let s = try await open(width: 80, height: 24)
        let margin = s.controller.layout.margin
        // The third cell of the second row: 1-based coordinates as terminals report them.
        let click = MouseEvent(kind: .press(button: 0), column: margin + 2 * 16 + 5, row: 1 + 9 + 3)
        await s.press(.mouse(click))
        #expect(s.controller.cursor.selected == 7)
        await s.press(.mouse(click))
        #expect(s.controller.details.last?.title.contains("Wartortle") == true)
        await s.press(.escape, .mouse(MouseEvent(kind: .wheelDown, column: 1, row: 5)))
        #expect(s.controller.cursor.top == 5)
    }

    @Test("Layouts: the grid, a list of names at 40 columns, one line below 20 rows")
    func layouts() async throws {
        try await catches([25, 1])
        let s = try await open(width: 40, height: 20)
        #expect(s.controller.layout.kind == .list)
        let list = s.screen()
        #expect(list[1].contains("#1 Pikachu") && list[2].contains("#2 Bulbasaur"))
        await s.controller.resize(to: BrowseLayout(width: 80, height: 19))
        let small = s.screen().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(small.count == 1 && small[0].contains("30×20"))
        await s.controller.resize(to: BrowseLayout(width: 120, height: 40))
        #expect(s.screen().contains { $0.contains("Pikachu") && $0.contains("Bulbasaur") })
    }

    @Test("Without colour the selection is in reverse video and sprites are drawn as shapes")
    func monochrome() async throws {
        try await catches([25, 1])
        let s = try await open(depth: .none)
        let frame = s.renderer.frame(s.controller)
        let cells = (0..<frame.height).flatMap { y in (0..<frame.width).map { frame[$0, y] } }
        #expect(cells.allSatisfy { $0.style.foreground == nil && $0.style.background == nil })
        let selectedName = try #require((0..<frame.height).first { y in (0..<frame.width).map { frame[$0, y].text }.joined().contains("Pikachu") })
        #expect((0..<frame.width).contains { frame[$0, selectedName].style.reverse })
        #expect(cells.contains { $0.text == "▀" || $0.text == "█" })
    }

    @Test("A move redraws only what changed: a few cells, far less than a screen")
    func moveWritesLittle() async throws {
        try await catches(Array(1...60))
        let s = try await open(width: 120, height: 40)
        let before = s.renderer.frame(s.controller)
        await s.press(.right)
        let after = s.renderer.frame(s.controller)
        let written = after.rendered(after: before, depth: .trueColor).utf8.count
        let whole = after.rendered(after: nil, depth: .trueColor).utf8.count
        #expect(written > 0 && written < 4096 && written * 4 < whole, "\(written) of \(whole) bytes")
    }

    @Test("A page read by ids first, from either end, is the page list reads, in every order and filter")
    func pages() async throws {
        try await catches((1...57).map { ($0 * 37) % 151 + 1 })
        _ = try await store.setNickname(entryID: 9, to: "Pika", at: environment.clock.now())
        _ = try await store.release(entryID: 3, force: true, at: environment.clock.now())
        for order in EntryQuery.Order.allCases {
            for filter in [EntryQuery(), EntryQuery(name: "pi"), EntryQuery(generation: 1), EntryQuery(reverse: true)] {
                var query = filter
                query.order = order
                let total = try await store.entryCount(query)
                for offset in [0, 7, 30, 49, 55, total] {
                    (query.offset, query.limit) = (offset, 7)
                    let expected = try await store.entries(query).map(\.id)
                    #expect(try await store.entryPage(query, total: total).map(\.id) == expected, "\(order) \(filter) offset \(offset)")
                }
            }
        }
    }

    @Test("While a search is typed, a full first page shows before the count, which follows once it is drawn or before any other key")
    func searchCountsLater() async throws {
        try await catches(Array(repeating: 25, count: 12) + [1, 4])
        let s = try await open(width: 80, height: 24)
        await s.press(.character("/"))
        await s.type("pika")
        #expect(s.controller.countPending && s.controller.window.count == 10)
        #expect(s.screen()[0].contains("Entries 1–10 of …"))
        await s.controller.finishCount()
        #expect(!s.controller.countPending && s.controller.total == 12)
        #expect(s.screen()[0].contains("Entries 1–10 of 12"))
        await s.type("c")  // "pikac": still all twelve, and the page is full again
        #expect(s.controller.countPending)
        await s.press(.enter, .end)
        #expect(!s.controller.countPending && s.controller.selectedEntry?.id == 12, "End counted first")
        await s.press(.character("/"), .backspace, .backspace, .backspace, .backspace, .backspace, .character("x"), .character("y"))
        #expect(!s.controller.countPending && s.controller.total == 0, "an empty page counts itself")
    }

    @Test("Sorted by name, pages are read by the ids of the name order, and are list --sort name's pages")
    func nameOrder() async throws {
        try await catches([25, 1, 4, 7, 133, 150, 39, 52, 54, 94, 143, 131, 149, 6, 3, 26])
        _ = try await store.setNickname(entryID: 2, to: "Zed", at: environment.clock.now())
        let s = try await open(width: 80, height: 24)
        await s.press(.character("s"), .character("s"))
        #expect(s.controller.filter.sort == .name && s.screen()[0].contains("sorted by name"))
        let expected = try await store.entries(EntryQuery(order: .name)).map(\.id)
        var seen = s.controller.window.map(\.id)
        await s.press(.pageDown)
        seen += s.controller.window.map(\.id)
        #expect(seen == expected)
        #expect(s.controller.total == 16)
    }
}
