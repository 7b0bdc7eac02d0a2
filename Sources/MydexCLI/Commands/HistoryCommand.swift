import ArgumentParser
import Foundation
import MydexServices
import MydexModel
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
        let (library, printer) = try await global.open(context, .emptyIfMissing)
        // On a terminal a long history would scroll away: the newest events, and how to see more.
        let limit = limit ?? (printer.json || printer.columns == nil ? 0 : Self.terminalLimit)
        let listing = try await library.entries.history(
            HistoryQuery(entryID: entry, action: action?.action, since: since, limit: limit == 0 ? nil : limit),
            catchRecords: true)
        guard listing.count > 0 || printer.json else {
            guard !library.isInMemory else { return }
            let filtered = entry != nil || action != nil || since != nil
            try printer.note(SafeText(filtered ? tr("history.empty.no-match") : tr("history.empty.none")))
            return
        }
        global.page(context)
        try await printer.emit(HistoryOutput(listing: listing, ballNames: { try await library.games.ballNames() }))
        if !printer.json, listing.total > listing.count {
            // --limit's value stays ungrouped: it is typed back.
            let arguments: [String: any TextArgument] = [
                "count": listing.count, "total": listing.total, "next": String(limit * 5),
            ]
            try printer.note(SafeText(limit * 5 < listing.total
                ? tr("history.more.next", arguments) : tr("history.more.all", arguments)))
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
