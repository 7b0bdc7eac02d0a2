import ArgumentParser
import Foundation
import MydexStore

struct HistoryCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show what happened to your collection, newest first.",
        discussion: """
            Every catch, release, nickname, favorite and restore is recorded, in the same \
            transaction as the change itself. Filters combine. --since takes a day (YYYY-MM-DD) \
            or a moment (YYYY-MM-DDTHH:MM) in your time zone.

            On a terminal the latest \(Self.terminalLimit) events are shown unless you pass \
            --limit, followed by a line saying how many more there are; into a pipe, every \
            event. --limit 0 shows every event.

            Examples:
              $ mydex history
              $ mydex history --limit 10
              $ mydex history --limit 0               # everything
              $ mydex history --entry 12
              $ mydex history --action release --since 2026-11-01
              $ mydex history --since 2026-11-21T18:00 --json
            """)

    /// Events shown on a terminal without --limit.
    static let terminalLimit = 20

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Only the events of this entry.", valueName: "id"))
    var entry: Int64?

    @Option(help: "Only this kind of event.")
    var action: HistoryActionArgument?

    @Option(help: ArgumentHelp(
        "Only events from this day (YYYY-MM-DD) or moment (YYYY-MM-DDTHH:MM) on, in your time zone.", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp(
        "Show only the newest n events; 0: all (default: \(Self.terminalLimit) on a terminal, else all).", valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit cannot be negative (0 shows every event).") }
        if let entry { try EntryID.validate(entry) }
    }

    func run(_ context: MydexContext) async throws {
        let since = try since.map { text in
            guard let date = LocalDate.parse(text, timeZone: context.timeZone ?? .current) else {
                throw UsageError("--since \(text): not a date; give a day, e.g. 2026-11-01, or a moment, e.g. 2026-11-01T18:30.")
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
            try printer.note(filtered ? "No events match these filters." : "No history yet. Catch a Pokémon with `mydex catch`.")
            return
        }
        try printer.emit(Output(events: page.events, entries: page.entries))
        if !printer.json, page.total > page.events.count {
            let more = limit * 5 < page.total ? "--limit \(limit * 5), or --limit 0 for all" : "--limit 0 for all"
            try printer.note(SafeText(
                "Showing the latest \(page.events.count) of \(PageLine.grouped(page.total)) events. More: \(more)"))
        }
    }

    /// `{"events": [{"id": 7, "action": "release", "detail": …, "at": …, "entry": entry}, …]}`, newest first.
    struct Output: CommandOutput {
        let events: [HistoryEntry]
        let entries: [Int64: CollectionEntry]

        struct Event: Encodable {
            var id: Int64
            var action: String
            var detail: String?
            var at: Date
            var entry: EntryJSON?
        }

        private enum Keys: String, CodingKey { case events }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(events.map { event in
                Event(
                    id: event.id ?? 0, action: event.action.rawValue, detail: event.detail, at: event.occurredAt,
                    entry: event.entryID.flatMap { entries[$0] }.map(EntryJSON.init))
            }, forKey: .events)
        }

        func printText(to printer: Printer) throws {
            let presentation = printer.presentation
            var table = Table([
                .init(title: "WHEN", shrinks: false), .init(title: "ENTRY"), .init(title: "ACTION", shrinks: false),
                .init(title: "DETAIL"),
            ])
            for event in events {
                let entry = event.entryID.map { id in "#\(id)" + (entries[id].map { " " + ($0.nickname ?? $0.name) } ?? "") }
                table.append([
                    SafeText(presentation.dateTime(event.occurredAt)), SafeText(entry ?? "—"),
                    SafeText(event.action.rawValue), SafeText(event.detail ?? ""),
                ])
            }
            try printer.table(table)
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
