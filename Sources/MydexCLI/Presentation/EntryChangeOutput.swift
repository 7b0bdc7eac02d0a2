import MydexStore

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
        let described = printer.describe(entry)
        let sentence: SafeText
        switch (change, changed) {
        case (.released, _) where dryRun: sentence = "Would release " + described + "."
        case (.unreleased, _) where dryRun: sentence = "Would bring back " + described + "."
        case (.nicknamed, _):
            let nickname = SafeText(entry.nickname ?? "").styled(.bold, if: printer.color)
            sentence = changed
                ? SafeText("Entry #\(entry.id) is now called ") + nickname + "."
                : SafeText("Entry #\(entry.id) is already called ") + nickname + "; nothing changed."
        case (.nicknameCleared, true): sentence = "Cleared the nickname of " + described + "."
        case (.nicknameCleared, false): sentence = described + " has no nickname; nothing changed."
        case (.favorited, true): sentence = SafeText("★ ").styled(.yellow, if: printer.color) + described + " is a favorite."
        case (.favorited, false): sentence = described + " is already a favorite; nothing changed."
        case (.unfavorited, true): sentence = described + " is no longer a favorite."
        case (.unfavorited, false): sentence = described + " is not a favorite; nothing changed."
        case (.released, _): sentence = "Released " + described + " back to the wild. Bye!"
        case (.unreleased, _): sentence = "Brought " + described + " back into your collection. Welcome back!"
        }
        try printer.line(sentence)
    }

    /// What the message says was kept if printing fails after the change was saved.
    func committed(_ printer: Printer) -> String {
        let described = printer.plainDescription(entry)
        switch change {
        case .nicknamed: return "Entry #\(entry.id) is now called \(entry.nickname ?? "")"
        case .nicknameCleared: return "Cleared the nickname of entry #\(entry.id)"
        case .favorited: return "\(described) is now a favorite"
        case .unfavorited: return "\(described) is no longer a favorite"
        case .released: return "Released \(described)"
        case .unreleased: return "Brought back \(described)"
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
            return each.first?.committed(printer) ?? "Nothing changed"
        }
        return first.committed(printer) + " and \(result.entries.count - 1) more"
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
    static let nothingChanged: SafeText = "Dry run: nothing was changed."
}
