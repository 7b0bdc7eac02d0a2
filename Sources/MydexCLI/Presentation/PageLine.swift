import MydexText

/// Where a page of a longer list stands, as `dex list`, `list` and `list --group` say it on
/// stderr: "Entries 51–100 of 4,873. Next page: --offset 100".
enum PageLine {
    /// What the list holds: each noun has whole messages of its own in the catalog.
    enum Noun {
        case entries, species
    }

    /// The line for `shown` rows from `offset` of `total`.
    static func text(_ noun: Noun, offset: Int, shown: Int, total: Int) -> SafeText {
        let last = offset + shown
        var arguments: [String: any TextArgument] = ["first": offset + 1, "last": last, "total": total]
        guard last < total else {
            return SafeText(noun == .entries ? tr("page.entries", arguments) : tr("page.species", arguments))
        }
        // An option's value: never grouped, so that it can be typed back.
        arguments["next"] = String(last)
        return SafeText(noun == .entries ? tr("page.entries.next", arguments) : tr("page.species.next", arguments))
    }

    /// An --offset past the end: "No entries on this page: there are 4,873 (try a smaller --offset)."
    static func pastTheEnd(_ noun: Noun, total: Int) -> SafeText {
        let arguments: [String: any TextArgument] = ["total": total]
        return SafeText(noun == .entries
            ? tr("page.entries.past-the-end", arguments) : tr("page.species.past-the-end", arguments))
    }
}
