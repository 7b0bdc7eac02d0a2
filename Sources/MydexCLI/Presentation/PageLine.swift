/// Where a page of a longer list stands, as `dex list`, `list` and `list --group` say it on
/// stderr: "Entries 51–100 of 4,873. Next page: --offset 100".
enum PageLine {
    /// The line for `shown` rows from `offset` of `total` (`noun` capitalized: "Entries", "Species").
    static func text(_ noun: String, offset: Int, shown: Int, total: Int) -> SafeText {
        let last = offset + shown
        var line = "\(noun) \(grouped(offset + 1))–\(grouped(last)) of \(grouped(total))."
        if last < total { line += " Next page: --offset \(last)" }
        return SafeText(line)
    }

    /// An --offset past the end: "No entries on this page: there are 4,873 (try a smaller --offset)."
    static func pastTheEnd(_ noun: String, total: Int) -> SafeText {
        SafeText("No \(noun.lowercased()) on this page: there are \(grouped(total)) (try a smaller --offset).")
    }

    /// `4873` as `4,873`: the same in every language, as mydex's other numbers are.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (number < 0 ? "-" : "") + result
    }
}
