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

    struct EventJSON: Encodable {
        var id: Int64
        var entry: Int64?
        var species: String?
        var action: String
        var detail: String?
        var at: Date
    }

    func run(_ context: MydexContext) async throws {
        let (store, printer) = try await global.open(context, .emptyIfMissing)
        let events = try await store.history(limit: limit)
        let entries = Dictionary(
            try await store.entries(includeReleased: true).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if global.json {
            try printer.printJSON(events.map { event in
                EventJSON(
                    id: event.id ?? 0, entry: event.entryID,
                    species: event.entryID.flatMap { entries[$0]?.species.name },
                    action: event.action.rawValue, detail: event.detail, at: event.occurredAt)
            })
            return
        }
        guard !events.isEmpty else {
            guard !store.isInMemory else { return }
            try printer.note("No history yet. Catch a Pokémon with `mydex catch`.")
            return
        }
        let presentation = printer.presentation
        var table = Table([
            .init(title: "WHEN", shrinks: false), .init(title: "ENTRY"), .init(title: "ACTION", shrinks: false), .init(title: "DETAIL"),
        ])
        for event in events {
            let entry = event.entryID.map { id in
                "#\(id)" + (entries[id].map { " " + presentation.speciesName($0.species) } ?? "")
            }
            table.append([
                SafeText(presentation.dateTime(event.occurredAt)), SafeText(entry ?? "—"),
                SafeText(event.action.rawValue), SafeText(event.detail ?? ""),
            ])
        }
        try printer.table(table)
    }
}
