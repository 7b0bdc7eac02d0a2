import Foundation
import MydexModel
import MydexServices
import MydexText

/// What the history says, in the user's language: actions in the games' words, and the details
/// mydex stored in English said again (`history`, and an entry's page in `browse`).
enum HistoryWords {
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
        case .add: tr("history.action.add")
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
        case .import where detail.contains(" from "):
            return fromSave(detail, entry: entry)
        case .catch, .import, .add:
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

extension HistoryWords {
    /// "treecko (shiny) from emerald box 3 slot 12 551cbd0c4620": an entry read from a game's
    /// file (`CollectionStore.importSaved`), said as "Treecko, shiny, from a save of emerald
    /// (box 3, slot 12)"; "togepi (egg) from …" an egg, "hatched togepi from …" an egg here
    /// that a later save holds hatched.
    static func fromSave(_ detail: String, entry: CollectionEntry?) -> String {
        guard let from = detail.range(of: " from ") else { return detail }
        var head = String(detail[..<from.lowerBound])
        let hatched = head.dropping(prefix: "hatched ")
        head = hatched ?? head
        let egg = head.dropping(suffix: " (egg)")
        head = egg ?? head
        let slug = head.dropping(suffix: " (shiny)")
        var species = entry?.name ?? slug ?? head
        if slug != nil { species = tr("history.detail.shiny", ["species": species]) }
        // An egg's own name says so already (`CollectionEntry.name`); a hatched one's does not.
        if egg != nil, entry?.isEgg != true { species = tr("entry.egg", ["name": species]) }
        if hatched != nil { species = tr("history.detail.hatched", ["species": species]) }
        let words = detail[from.upperBound...].split(separator: " ").map(String.init)
        guard let game = words.first else { return detail }
        var (box, slot, party): (Int?, Int?, Bool) = (nil, nil, false)
        var index = 1
        while index < words.count {
            switch words[index] {
            case "box" where index + 1 < words.count: box = Int(words[index + 1]); index += 1
            case "slot" where index + 1 < words.count: slot = Int(words[index + 1]); index += 1
            case "party": party = true
            default: break
            }
            index += 1
        }
        guard box != nil || (party && slot != nil) else {
            return tr("history.detail.from-save", ["species": species, "game": game])
        }
        return tr("history.detail.from-save-place", [
            "species": species, "game": game, "place": SavedRecord.placeText(box: box, slot: slot),
        ])
    }
}

extension String {
    /// The text without `prefix`, or nil when it does not start with it.
    fileprivate func dropping(prefix: String) -> String? { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil }

    /// The text without `suffix`, or nil when it does not end with it.
    fileprivate func dropping(suffix: String) -> String? { hasSuffix(suffix) ? String(dropLast(suffix.count)) : nil }
}

/// `history`: `{"events": [{"id": 7, "action": "release", "detail": …, "at": …, "entry": entry,
/// "throws": […]}, …], "schema": 1}`, newest first, or a table; either written as the rows are
/// read, so that a history of any length takes little memory and never holds the database
/// while it is printed.
struct HistoryOutput: StreamedOutput {
    let listing: HistoryListing
    /// The balls' names, read when the first catch from an encounter is shown.
    let ballNames: @Sendable () async throws -> [String: String]

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
    static func throwsMade(_ event: HistoryEntry, in page: HistoryListing.Page) -> [BallThrow]? {
        guard event.action == .catch || event.action == .import, let id = event.entryID else { return nil }
        return page.catchRecords[id]?.throwsMade
    }

    func printJSON(to printer: Printer) async throws {
        var document = JSONArrayStream(key: "events")
        for try await page in listing {
            for event in page.events {
                try document.append(JSONOutput.element(Event(
                    id: event.id ?? 0, action: event.action.rawValue, detail: event.detail, at: event.occurredAt,
                    entry: event.entryID.flatMap { page.entries[$0] }.map(EntryJSON.init),
                    throwsMade: Self.throwsMade(event, in: page).map(TransferredEncounter.transferred))), to: printer.line)
            }
        }
        try document.finish(["\"schema\" : \(JSONSchema.version)"], to: printer.line)
    }

    /// The table, its columns as wide as their widest cell: a first pass over the rows measures
    /// them (and keeps them, up to a page's worth), a second prints them when they were more.
    func printText(to printer: Printer) async throws {
        var layout = Table.Layout([
            .init(title: tr("history.header.when"), shrinks: false), .init(title: tr("history.header.entry")),
            .init(title: tr("history.header.action"), shrinks: false), .init(title: tr("history.header.detail")),
        ], color: printer.color)
        var words: CatchingWords?
        var kept: [[SafeText]]? = []
        for try await page in listing {
            for row in try await rows(page, printer.presentation, &words) {
                layout.measure(row)
                kept?.append(row)
            }
            if (kept?.count ?? 0) > listing.pageSize { kept = nil }
        }
        layout.fit(into: printer.columns)
        try printer.line(layout.header())
        if let kept {
            for row in kept { for line in layout.lines(row) { try printer.line(line) } }
            return
        }
        for try await page in listing {
            for row in try await rows(page, printer.presentation, &words) {
                for line in layout.lines(row) { try printer.line(line) }
            }
        }
    }

    /// A page's rows: each event, and under a catch from an encounter each ball thrown, how it shook.
    private func rows(
        _ page: HistoryListing.Page, _ presentation: Presentation, _ words: inout CatchingWords?
    ) async throws -> [[SafeText]] {
        var rows: [[SafeText]] = []
        for event in page.events {
            let entry = event.entryID.flatMap { page.entries[$0] }
            let entryCell = event.entryID.map { id in
                entry.map { tr("history.entry", ["id": String(id), "name": $0.nickname ?? $0.name]) } ?? "#\(id)"
            }
            rows.append([
                SafeText(presentation.dateTime(event.occurredAt)), SafeText(entryCell ?? "—"),
                SafeText(HistoryWords.actionName(event.action)),
                SafeText(event.detail.map { HistoryWords.detail($0, of: event.action, entry: entry, presentation: presentation) } ?? ""),
            ])
            for made in Self.throwsMade(event, in: page) ?? [] {
                if words == nil { words = CatchingWords(ballNames: try await ballNames()) }
                let outcome = made.caught
                    ? (made.critical ? tr("history.throw.caught-critical") : tr("history.throw.caught"))
                    : tr("history.throw.broke-free", ["shakes": String(made.shakes)])
                rows.append([
                    SafeText(presentation.dateTime(made.thrownAt)), SafeText(entryCell ?? "—"), SafeText(tr("history.action.throw")),
                    SafeText(tr("history.throw", [
                        "ball": words?.name(ball: made.ball) ?? made.ball, "outcome": outcome, "chance": CatchingWords.percent(made.chance),
                    ])),
                ])
            }
        }
        return rows
    }
}
