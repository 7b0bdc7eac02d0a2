import MydexModel
import MydexText

/// What `nickname`, `favorite`, `unfavorite`, `release` and `unrelease` print for one entry: the
/// entry as it is now, and whether anything changed (asking for what already is records nothing).
struct EntryChangeOutput: CommandOutput {
    enum Change: String, Encodable {
        case nicknamed, nicknameCleared = "nickname-cleared", favorited, unfavorited, released, unreleased
    }

    let change: Change
    let entry: CollectionEntry
    let changed: Bool
    /// `--dry-run`: the entry as it is, and what the change would do to it.
    var dryRun = false

    private enum Keys: String, CodingKey { case change, entry, changed }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(change, forKey: .change)
        try container.encode(EntryJSON(entry), forKey: .entry)
        try container.encode(changed, forKey: .changed)
    }

    func printText(to printer: Printer) throws {
        let (plain, described) = printer.described(entry)
        let arguments: [String: any TextArgument] = ["entry": plain]
        /// The sentence `text` says, the entry emphasised in it as `describe` shows it.
        func say(_ text: ([String: any TextArgument]) -> String) -> SafeText {
            .message(arguments, showing: ["entry": described], text)
        }
        let sentence: SafeText
        switch (change, changed) {
        case (.released, _) where dryRun: sentence = say { tr("entry.release.dry-run", $0) }
        case (.unreleased, _) where dryRun: sentence = say { tr("entry.unrelease.dry-run", $0) }
        case (.nicknamed, _):
            let nickname = SafeText(entry.nickname ?? "").styled(.bold, if: printer.color)
            let arguments: [String: any TextArgument] = ["id": String(entry.id), "nickname": entry.nickname ?? ""]
            sentence = .message(arguments, showing: ["nickname": nickname]) {
                changed ? tr("entry.nickname.set", $0) : tr("entry.nickname.unchanged", $0)
            }
        case (.nicknameCleared, true): sentence = say { tr("entry.nickname.cleared", $0) }
        case (.nicknameCleared, false): sentence = say { tr("entry.nickname.none", $0) }
        case (.favorited, true):
            var arguments = arguments
            arguments["star"] = "★"
            let star = SafeText("★").styled(.yellow, if: printer.color)
            sentence = .message(arguments, showing: ["star": star, "entry": described]) { tr("entry.favorite.set", $0) }
        case (.favorited, false): sentence = say { tr("entry.favorite.unchanged", $0) }
        case (.unfavorited, true): sentence = say { tr("entry.unfavorite.set", $0) }
        case (.unfavorited, false): sentence = say { tr("entry.unfavorite.unchanged", $0) }
        case (.released, _): sentence = say { tr("entry.release.done", $0) }
        case (.unreleased, _): sentence = say { tr("entry.unrelease.done", $0) }
        }
        try printer.line(sentence)
    }

    /// What the message says was kept if printing fails after the change was saved.
    func committed(_ printer: Printer) -> String {
        let arguments: [String: any TextArgument] = [
            "entry": printer.plainDescription(entry), "id": String(entry.id), "nickname": entry.nickname ?? "",
        ]
        switch change {
        case .nicknamed: return tr("entry.committed.nicknamed", arguments)
        case .nicknameCleared: return tr("entry.committed.nickname-cleared", arguments)
        case .favorited: return tr("entry.committed.favorited", arguments)
        case .unfavorited: return tr("entry.committed.unfavorited", arguments)
        case .released: return tr("entry.committed.released", arguments)
        case .unreleased: return tr("entry.committed.unreleased", arguments)
        }
    }
}

/// The same for a command that named several entries (`release 4 5 9-12`): a line per entry,
/// and in JSON `change`, `entries` (in the order named) and `unchanged` (the ids that already
/// were as asked). When one entry was named, the document also keeps the one-entry fields,
/// `entry` and `changed`, so scripts written for one id keep working. `dryRun` is true (and
/// nothing was written) with `--dry-run`.
struct EntryChangesOutput: CommandOutput {
    let change: EntryChangeOutput.Change
    let result: BulkChange
    var dryRun = false

    private var each: [EntryChangeOutput] {
        result.entries.map {
            EntryChangeOutput(change: change, entry: $0, changed: result.changed.contains($0.id), dryRun: dryRun)
        }
    }

    private enum Keys: String, CodingKey { case change, entries, unchanged, entry, changed, dryRun }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(change, forKey: .change)
        try container.encode(result.entries.map(EntryJSON.init), forKey: .entries)
        try container.encode(result.entries.map(\.id).filter { !result.changed.contains($0) }, forKey: .unchanged)
        if dryRun { try container.encode(true, forKey: .dryRun) }
        if result.entries.count == 1, let only = each.first {
            try container.encode(EntryJSON(only.entry), forKey: .entry)
            try container.encode(only.changed, forKey: .changed)
        }
    }

    func printText(to printer: Printer) throws {
        for line in each { try line.printText(to: printer) }
        if dryRun { try printer.note(DryRun.nothingChanged) }
    }

    /// What the message says was kept if printing fails after the change was saved.
    func committed(_ printer: Printer) -> String {
        guard result.entries.count != 1, let first = each.first else {
            return each.first?.committed(printer) ?? tr("entry.committed.nothing")
        }
        return tr("entry.committed.and-more", ["first": first.committed(printer), "count": result.entries.count - 1])
    }
}

extension Printer {
    /// Prints the result of a change that is already saved; a failure to print says it was kept.
    func emitChange(_ change: EntryChangeOutput) throws {
        try afterCommit(change.committed(self)) { try emit(change) }
    }

    func emitChanges(_ changes: EntryChangesOutput) throws {
        try afterCommit(changes.committed(self)) { try emit(changes) }
    }
}

/// What a command run with `--dry-run` would do: in JSON the result's own fields and
/// `"dryRun": true`; as text the lines saying what would happen, and on stderr that nothing did.
struct DryRunOutput<Value: Encodable>: CommandOutput {
    let value: Value
    let lines: [SafeText]

    private enum Keys: String, CodingKey { case dryRun }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(true, forKey: .dryRun)
    }

    func printText(to printer: Printer) throws {
        for line in lines { try printer.line(line) }
        try printer.note(DryRun.nothingChanged)
    }
}

enum DryRun {
    /// Said on stderr after every dry run.
    static var nothingChanged: SafeText { SafeText(tr("entry.dry-run.nothing-changed")) }
}
