import ArgumentParser
import Foundation
import MydexStore

struct HistoryCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show what happened to your collection, newest first.",
        discussion: """
            Every catch, release, nickname, favorite and restore is recorded, in the same \
            transaction as the change itself.

            Examples:
              $ mydex history
              $ mydex history --limit 10
              $ mydex history --json
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Show only the newest n events.", valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .emptyIfMissing)
        let events = try await store.history(limit: limit)
        let entries = try await store.entriesInHistory(limit: limit)
        guard !events.isEmpty || printer.json else {
            guard !store.isInMemory else { return }
            try printer.note("No history yet. Catch a Pokémon with `mydex catch`.")
            return
        }
        try printer.emit(Output(events: events, entries: entries))
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
                let entry = event.entryID.map { id in "#\(id)" + (entries[id].map { " " + $0.name } ?? "") }
                table.append([
                    SafeText(presentation.dateTime(event.occurredAt)), SafeText(entry ?? "—"),
                    SafeText(event.action.rawValue), SafeText(event.detail ?? ""),
                ])
            }
            try printer.table(table)
        }
    }
}
