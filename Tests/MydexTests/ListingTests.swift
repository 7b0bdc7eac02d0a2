import Foundation
import Testing
@testable import MydexCLI
@testable import MydexServices
@testable import MydexStore
@testable import MydexModel

/// Listings read in pages, each page a read of its own (issue 29: a reader never blocks a
/// writer): whatever the page size, they give what one query over everything gives, and what
/// they print is the same.
@Suite("Listings read in pages")
struct ListingTests {
    let environment: TestEnvironment
    let store: CollectionStore

    init() async throws {
        environment = try TestEnvironment()
        store = try environment.openStore()
        for id in (1...23).map({ ($0 * 37) % 151 + 1 }) {
            environment.clock.advance(by: 60)
            _ = try await store.recordCatch(speciesID: id, isShiny: id % 5 == 0, at: environment.clock.now())
        }
        // A form other than the species' own, and a species the catalog names in Korean.
        _ = try await store.recordCatch(speciesID: 37, formID: 10205, isShiny: false, at: environment.clock.now())
        _ = try await store.setNickname(entryID: 9, to: "Pika", at: environment.clock.now())
        _ = try await store.setNickname(entryID: 4, to: "Zed", at: environment.clock.now())
        _ = try await store.release(entryID: 3, force: true, at: environment.clock.now())
        _ = try await store.setFavorite(entryID: 5, true, at: environment.clock.now())
    }

    /// Every entry of `listing`, page after page.
    func entries(_ listing: EntryListing) async throws -> [CollectionEntry] {
        var all: [CollectionEntry] = []
        for try await page in listing {
            #expect(page.entries.count <= listing.pageSize)
            all += page.entries
        }
        return all
    }

    @Test("Pages of any size are the entries one query reads, in every order, filter and page")
    func entryPages() async throws {
        let korean = store.reading(in: "ko")
        for order in EntryQuery.Order.allCases {
            for filter in [EntryQuery(), EntryQuery(includeReleased: true), EntryQuery(name: "pi"), EntryQuery(reverse: true),
                           EntryQuery(limit: 5, offset: 3), EntryQuery(form: "alola")] {
                var query = filter
                query.order = order
                for reader in [store, korean] {
                    let expected = try await reader.entries(query)
                    let listing = try await EntryListing(query, in: reader, summary: true)
                    #expect(try await entries(listing) == expected, "\(order) \(filter)")
                    #expect(listing.ids == expected.map(\.id))
                    #expect(listing.total == (try await reader.entryCount(query)))
                    #expect(listing.summary == (try await reader.entrySummary(query)))
                    for size in [1, 7] {
                        #expect(try await entries(EntryListing(query, in: reader, pageSize: size)) == expected, "\(order) \(filter) pages of \(size)")
                    }
                }
            }
        }
        // Ids in any order come back in that order; one that names no entry is left out.
        #expect(try await store.entries(inOrder: [5, 999, 2, 24, 1]).map(\.id) == [5, 2, 24, 1])
        let alolan = try #require(try await entries(EntryListing(EntryQuery(form: "alola"), in: store)).first)
        #expect(alolan.name == "Alolan Vulpix" && alolan.form == "vulpix-alola" && alolan.types == ["ice"] && !alolan.isDefaultForm)
    }

    @Test("A listing lists the entries that matched when it began, each as it is when its page is read")
    func changesWhileListing() async throws {
        let listing = try await EntryListing(EntryQuery(), in: store, pageSize: 4)
        var iterator = listing.makeAsyncIterator()
        let first = try #require(try await iterator.next())
        // Between two pages: a catch, a nickname and a release, as another process would make them.
        let caught = try await store.recordCatch(speciesID: 25, isShiny: false, at: environment.clock.now())
        _ = try await store.setNickname(entryID: 8, to: "Later", at: environment.clock.now())
        _ = try await store.release(entryID: 7, force: true, at: environment.clock.now())
        var rest: [CollectionEntry] = []
        while let page = try await iterator.next() { rest += page.entries }
        #expect(first.entries.map(\.id) == [1, 2, 4, 5])
        #expect(!rest.contains { $0.id == caught.id })
        #expect(rest.first { $0.id == 8 }?.nickname == "Later")
        #expect(rest.first { $0.id == 7 }?.isReleased == true)
        #expect((first.entries + rest).map(\.id) == listing.ids)
    }

    @Test("History pages of any size are the rows one read gives, with the entries they mention")
    func historyPages() async throws {
        for query in [HistoryQuery(), HistoryQuery(limit: 5), HistoryQuery(entryID: 9), HistoryQuery(action: .catch, limit: 30)] {
            let whole = try await store.historyPage(query)
            for size in [1, 3, 1000] {
                let listing = try await HistoryListing(query, in: store, pageSize: size)
                var events: [HistoryEntry] = []
                var entries: [Int64: CollectionEntry] = [:]
                for try await page in listing {
                    events += page.events
                    entries.merge(page.entries) { first, _ in first }
                }
                #expect(events == whole.events, "\(query) pages of \(size)")
                #expect(listing.count == whole.events.count && listing.total == whole.total)
                for event in events { #expect(entries[event.entryID ?? 0] == whole.entries[event.entryID ?? 0]) }
            }
        }
        // Rows written once a listing began are not in it.
        let listing = try await HistoryListing(HistoryQuery(), in: store, pageSize: 2)
        _ = try await store.setFavorite(entryID: 6, true, at: environment.clock.now())
        var count = 0
        for try await page in listing { count += page.events.count }
        #expect(count == listing.count)
    }

    /// What `output` prints, as text or JSON.
    func printed(_ output: some StreamedOutput, json: Bool) async throws -> String {
        let captured = CapturedOutput()
        try await Printer(environment.context(output: captured), json: json, localizer: Localizer(language: "en"), color: .never)
            .emit(output)
        return captured.standardOutput
    }

    @Test("history prints the same table and document whatever the page size, the table measured over every page")
    func historyOutput() async throws {
        let ballNames: @Sendable () async throws -> [String: String] = { [:] }
        for json in [false, true] {
            let whole = try await printed(
                HistoryOutput(listing: try await HistoryListing(HistoryQuery(), in: store), ballNames: ballNames), json: json)
            let paged = try await printed(
                HistoryOutput(listing: try await HistoryListing(HistoryQuery(), in: store, pageSize: 2), ballNames: ballNames), json: json)
            #expect(paged == whole)
            #expect(whole.contains("Pika") && whole.contains("Zed"))
        }
        // The nickname set last is the widest name: the rows before it are padded to it.
        let table = try await printed(
            HistoryOutput(listing: try await HistoryListing(HistoryQuery(), in: store, pageSize: 2), ballNames: ballNames), json: false)
        let widths = Set(table.split(separator: "\n").map { line in line.firstRange(of: "  catch")?.lowerBound.utf16Offset(in: line) })
        #expect(widths.compactMap { $0 }.count == 1, "the action column starts in one place: \(widths)")
        let json = try await printed(
            HistoryOutput(listing: try await HistoryListing(HistoryQuery(), in: store, pageSize: 2), ballNames: ballNames), json: true)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((document["events"] as? [Any])?.count == (try await store.historyPage(HistoryQuery()).events.count))
        #expect(document["schema"] as? Int == 1)
    }

    @Test("A document written element by element is the one JSONOutput renders whole")
    func streamedDocument() throws {
        struct Element: Encodable { var name: String; var list: [Int]; var nested: [String: String] }
        struct Whole: Encodable { var items: [Element]; var schema = 1; var total: Int }
        for count in [0, 1, 3] {
            let elements = (0..<count).map { Element(name: "n\u{202E}\($0)\"", list: $0 == 0 ? [] : [1, $0], nested: $0 == 1 ? [:] : ["k": "v"]) }
            var lines: [SafeText] = []
            var stream = JSONArrayStream(key: "items")
            for element in elements { try stream.append(try JSONOutput.element(element)) { lines.append($0) } }
            try stream.finish(["\"schema\" : 1", "\"total\" : \(count)"]) { lines.append($0) }
            let streamed = lines.map(\.rendered).joined(separator: "\n")
            #expect(streamed == (try JSONOutput.render(Whole(items: elements, total: count))).rendered)
        }
    }
}
