import MydexText

/// Where a page of a longer list stands, as `dex list`, `list` and `list --group` say it on
/// stderr: "Entries 51–100 of 4,873. Next page: --offset 100".
enum PageLine {
    /// What the list holds. A literal names it as the English line does ("Entries", "Species"),
    /// so that each language's line is one whole message of the catalog.
    enum Noun: String, ExpressibleByStringLiteral {
        case entries = "Entries"
        case species = "Species"

        init(stringLiteral value: String) { self = Noun(rawValue: value) ?? .entries }
    }

    /// The line for `shown` rows from `offset` of `total`.
    static func text(_ noun: Noun, offset: Int, shown: Int, total: Int) -> SafeText {
        let last = offset + shown
        // Formatted here: a message with one count chooses a plural form by it, and these have none.
        var arguments: [String: any TextArgument] = ["first": grouped(offset + 1), "last": grouped(last), "total": grouped(total)]
        guard last < total else {
            return SafeText(noun == .entries ? tr("page.entries", arguments) : tr("page.species", arguments))
        }
        // An option's value: never grouped, so that it can be typed back.
        arguments["next"] = String(last)
        return SafeText(noun == .entries ? tr("page.entries.next", arguments) : tr("page.species.next", arguments))
    }

    /// An --offset past the end: "No entries on this page: there are 4,873 (try a smaller --offset)."
    static func pastTheEnd(_ noun: Noun, total: Int) -> SafeText {
        let arguments: [String: any TextArgument] = ["total": grouped(total)]
        return SafeText(noun == .entries
            ? tr("page.entries.past-the-end", arguments) : tr("page.species.past-the-end", arguments))
    }

    /// `4873` as the language writes a count: `4,873`, `4 873`, `4.873`. For a count put into
    /// a message that is not chosen by it (an Int argument would choose the message's plural form).
    static func grouped(_ number: Int) -> String {
        Translator.current.format.integer(number)
    }
}
