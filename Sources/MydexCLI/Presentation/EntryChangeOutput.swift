import MydexStore

/// What `nickname`, `favorite`, `unfavorite` and `release` print: the entry as it is now, and
/// whether anything changed (asking for what already is records nothing).
struct EntryChangeOutput: CommandOutput {
    enum Change: String, Encodable {
        case nicknamed, nicknameCleared = "nickname-cleared", favorited, unfavorited, released
    }

    let change: Change
    let entry: CollectionEntry
    let changed: Bool

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
        }
    }
}

extension Printer {
    /// Prints the result of a change that is already saved; a failure to print says it was kept.
    func emitChange(_ change: EntryChangeOutput) throws {
        try afterCommit(change.committed(self)) { try emit(change) }
    }
}
