import ArgumentParser
import MydexText

/// The entry ids a command names: `4 5 9-12`, in the order given, each once. The one place ids
/// and ranges are read, so every command that takes entries reads them alike.
struct EntryIDList: Equatable {
    /// More ids than any collection needs in one command: a typo such as `1-100000000` is
    /// refused before anything is read.
    static let limit = 100_000

    let ids: [Int64]

    /// Reads the arguments; a bad one is a usage error (exit 64) that names it.
    init(_ arguments: [String]) throws {
        var ids: [Int64] = []
        var seen: Set<Int64> = []
        for argument in arguments {
            for id in try Self.ids(in: argument) where seen.insert(id).inserted {
                ids.append(id)
                guard ids.count <= Self.limit else {
                    throw ValidationError(tr("global.error.too-many-ids", ["limit": String(Self.limit), "argument": argument]))
                }
            }
        }
        guard !ids.isEmpty else { throw ValidationError(tr("global.error.no-ids")) }
        self.ids = ids
    }

    /// `12` or `9-12`.
    private static func ids(in argument: String) throws -> ClosedRange<Int64> {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count <= 2, let first = number(parts[0]), let last = parts.count == 2 ? number(parts[1]) : first else {
            throw ValidationError(tr("global.error.not-an-id", ["argument": argument]))
        }
        try EntryID.validate(first)
        try EntryID.validate(last)
        guard first <= last else {
            throw ValidationError(tr("global.error.reversed-range", ["argument": argument, "range": "\(last)-\(first)"]))
        }
        guard last - first < Int64(limit) else {
            throw ValidationError(tr("global.error.range-too-large", ["argument": argument, "limit": String(limit)]))
        }
        return first...last
    }

    /// Digits only (no sign, no spaces), within Int64.
    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(text)
    }
}

/// The `ID…` argument of every command that acts on entries.
struct EntryIDArguments: ParsableArguments {
    @Argument(help: ArgumentHelp(tr("global.argument.ids"), valueName: "id"))
    var ids: [String] = []

    func validate() throws { _ = try EntryIDList(ids) }

    /// The ids, read (validated already).
    var list: EntryIDList {
        get throws { try EntryIDList(ids) }
    }
}
