import ArgumentParser
import Foundation
import MydexCatalog
import MydexStore
import MydexText

struct HistoryCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "history",
            abstract: tr("history.help.abstract"),
            discussion: tr("history.help.discussion", ["limit": String(terminalLimit)]))
    }

    /// Events shown on a terminal without --limit.
    static let terminalLimit = 20

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp(tr("history.option.entry"), valueName: "id"))
    var entry: Int64?

    @Option(help: ArgumentHelp(tr("history.option.action")))
    var action: HistoryActionArgument?

    @Option(help: ArgumentHelp(tr("history.option.since"), valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp(
        tr("history.option.limit", ["limit": String(Self.terminalLimit)]), valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError(tr("history.error.limit")) }
        if let entry { try EntryID.validate(entry) }
    }

    func run(_ context: MydexContext) async throws {
        let since = try since.map { text in
            guard let date = LocalDate.parse(text, timeZone: context.timeZone ?? .current) else {
                throw UsageError(tr("history.error.since", ["value": text]))
            }
            return date
        }
        let (store, printer) = try await global.open(context, .emptyIfMissing)
        // On a terminal a long history would scroll away: the newest events, and how to see more.
        let limit = limit ?? (printer.json || printer.columns == nil ? 0 : Self.terminalLimit)
        let page = try await store.historyPage(HistoryQuery(
            entryID: entry, action: action?.action, since: since, limit: limit == 0 ? nil : limit))
        guard !page.events.isEmpty || printer.json else {
            guard !store.isInMemory else { return }
            let filtered = entry != nil || action != nil || since != nil
            try printer.note(SafeText(filtered ? tr("history.empty.no-match") : tr("history.empty.none")))
            return
        }
        let records = try await store.catchRecords(entryIDs: Array(page.entries.keys))
        let words = CatchingWords(ballNames: records.isEmpty ? [:] : try await Pokedex(store: store).ballNames())
        try printer.emit(Output(events: page.events, entries: page.entries, records: records, words: words))
        if !printer.json, page.total > page.events.count {
            // --limit's value stays ungrouped: it is typed back.
            let arguments: [String: any TextArgument] = [
                "count": page.events.count, "total": page.total, "next": String(limit * 5),
            ]
            try printer.note(SafeText(limit * 5 < page.total
                ? tr("history.more.next", arguments) : tr("history.more.all", arguments)))
        }
    }

    /// `{"events": [{"id": 7, "action": "release", "detail": …, "at": …, "entry": entry}, …]}`, newest first.
    struct Output: CommandOutput {
        let events: [HistoryEntry]
        let entries: [Int64: CollectionEntry]
        /// How the entries caught from an encounter were caught: their catch events list the throws.
        var records: [Int64: CatchRecord] = [:]
        var words = CatchingWords(ballNames: [:])

        struct Event: Encodable {
            var id: Int64
            var action: String
            var detail: String?
            var at: Date
            var entry: EntryJSON?
            /// A catch from an encounter: every ball thrown, in order.
            var throwsMade: [TransferredEncounter.Throw]?

            enum CodingKeys: String, CodingKey { case id, action, detail, at, entry, throwsMade = "throws" }
        }

        /// The throws of a catch event's encounter.
        func throwsMade(_ event: HistoryEntry) -> [BallThrow]? {
            guard event.action == .catch || event.action == .import, let id = event.entryID else { return nil }
            return records[id]?.throwsMade
        }

        private enum Keys: String, CodingKey { case events }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(events.map { event in
                Event(
                    id: event.id ?? 0, action: event.action.rawValue, detail: event.detail, at: event.occurredAt,
                    entry: event.entryID.flatMap { entries[$0] }.map(EntryJSON.init), throwsMade: throwsMade(event).map(TransferredEncounter.transferred))
            }, forKey: .events)
        }

        func printText(to printer: Printer) throws {
            let presentation = printer.presentation
            var table = Table([
                .init(title: tr("history.header.when"), shrinks: false), .init(title: tr("history.header.entry")),
                .init(title: tr("history.header.action"), shrinks: false), .init(title: tr("history.header.detail")),
            ])
            for event in events {
                let entry = event.entryID.flatMap { entries[$0] }
                let entryCell = event.entryID.map { id in
                    entry.map { tr("history.entry", ["id": String(id), "name": $0.nickname ?? $0.name]) } ?? "#\(id)"
                }
                table.append([
                    SafeText(presentation.dateTime(event.occurredAt)), SafeText(entryCell ?? "—"),
                    SafeText(Self.actionName(event.action)),
                    SafeText(event.detail.map { Self.detail($0, of: event.action, entry: entry, presentation: presentation) } ?? ""),
                ])
                // A catch from an encounter: each ball thrown, how it shook, under the catch.
                for made in throwsMade(event) ?? [] {
                    let outcome = made.caught
                        ? (made.critical ? tr("history.throw.caught-critical") : tr("history.throw.caught"))
                        : tr("history.throw.broke-free", ["shakes": String(made.shakes)])
                    table.append([
                        SafeText(presentation.dateTime(made.thrownAt)), SafeText(entryCell ?? "—"), SafeText(tr("history.action.throw")),
                        SafeText(tr("history.throw", [
                            "ball": words.name(ball: made.ball), "outcome": outcome, "chance": CatchingWords.percent(made.chance),
                        ])),
                    ])
                }
            }
            try printer.table(table)
        }

        /// An action as people read it, in the games' words ("놓아주었다", "逃がした", "relâché").
        /// English keeps the name `--action` takes ("release"), as it always printed; JSON keeps it in every language.
        static func actionName(_ action: HistoryAction) -> String {
            switch action {
            case .catch: tr("history.action.catch")
            case .release: tr("history.action.release")
            case .nicknameSet: tr("history.action.nickname-set")
            case .nicknameCleared: tr("history.action.nickname-cleared")
            case .favorite: tr("history.action.favorite")
            case .unfavorite: tr("history.action.unfavorite")
            case .restore: tr("history.action.restore")
            case .unrelease: tr("history.action.unrelease")
            case .import: tr("history.action.import")
            }
        }

        /// An event's detail as people read it. The database keeps it as mydex wrote it, in
        /// English ("pikachu (shiny)", "Sparky (was Pika)", "was a favorite"): the forms mydex
        /// writes are said again in the user's language (a species by the entry's name in it);
        /// anything else is shown as stored.
        static func detail(
            _ detail: String, of action: HistoryAction, entry: CollectionEntry?, presentation: Presentation
        ) -> String {
            switch action {
            case .catch, .import:
                let slug = detail.dropping(suffix: " (shiny)")
                // The species the slug names is the entry's: its name in the user's language.
                let species = entry?.name ?? slug ?? detail
                return slug == nil ? species : tr("history.detail.shiny", ["species": species])
            case .nicknameSet:
                guard let open = detail.range(of: " (was ", options: .backwards), detail.hasSuffix(")"),
                      open.lowerBound > detail.startIndex else { return detail }
                let previous = detail[open.upperBound..<detail.index(before: detail.endIndex)]
                return tr("history.detail.renamed", ["nickname": detail[..<open.lowerBound], "previous": previous])
            case .nicknameCleared:
                guard let previous = detail.dropping(prefix: "was ") else { return detail }
                return tr("history.detail.cleared", ["previous": previous])
            case .release:
                return detail == "was a favorite" ? tr("history.detail.was-favorite") : detail
            case .unrelease:
                // "released 2026-11-18 11:06:03.310": the stored UTC time, shown as every date is.
                guard let when = detail.dropping(prefix: "released ") else { return detail }
                return tr("history.detail.released-at", ["when": StoredDate.date(when).map(presentation.dateTime) ?? when])
            case .restore:
                // "from PATH (3 active, 1 released)"
                guard let path = detail.dropping(prefix: "from "), path.hasSuffix(" released)"),
                      let open = path.range(of: " (", options: .backwards) else { return detail }
                let counts = path[open.upperBound...].dropLast(" released)".count).split(separator: " ")
                guard counts.count == 3, counts[1] == "active,", let active = Int(counts[0]), let released = Int(counts[2]) else {
                    return detail
                }
                return tr("history.detail.restored", [
                    "path": path[..<open.lowerBound], "active": active, "released": released,
                ])
            case .favorite, .unfavorite:
                return detail
            }
        }
    }
}

/// `--action`: a history action by its name, the names listed in help and completions.
struct HistoryActionArgument: ExpressibleByArgument {
    let action: HistoryAction

    init?(argument: String) {
        guard let action = HistoryAction(rawValue: argument) else { return nil }
        self.action = action
    }

    static var allValueStrings: [String] { HistoryAction.allCases.map(\.rawValue) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

extension String {
    /// The text without `prefix`, or nil when it does not start with it.
    fileprivate func dropping(prefix: String) -> String? { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil }

    /// The text without `suffix`, or nil when it does not end with it.
    fileprivate func dropping(suffix: String) -> String? { hasSuffix(suffix) ? String(dropLast(suffix.count)) : nil }
}
