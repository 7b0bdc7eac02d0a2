import Foundation
import MydexText

/// Why one entry of a command that names several cannot be changed.
public enum EntryProblem: Sendable, Equatable {
    case notFound(Int64)
    case released(Int64)
    case favorite(Int64)
    /// `unrelease` of an entry that is in the collection.
    case notReleased(Int64)

    public var id: Int64 {
        switch self {
        case .notFound(let id), .released(let id), .favorite(let id), .notReleased(let id): return id
        }
    }

    /// The error a command about this one entry has always given.
    var storeError: StoreError? {
        switch self {
        case .notFound(let id): return .entryNotFound(id: id)
        case .released(let id): return .entryReleased(id: id)
        case .favorite(let id): return .favoriteNeedsForce(id: id)
        case .notReleased: return nil
        }
    }
}

/// A command about several entries changed none of them: every entry that stood in the way,
/// grouped by reason, each group with what to do about it.
public struct EntryProblems: Error, Sendable, Equatable, CustomStringConvertible {
    public var problems: [EntryProblem]

    public init(_ problems: [EntryProblem]) { self.problems = problems }

    public var description: String {
        func ids(_ matching: (EntryProblem) -> Bool) -> [Int64] { problems.filter(matching).map(\.id) }
        func named(_ ids: [Int64]) -> [String: any TextArgument] { ["count": ids.count, "ids": Self.compact(ids)] }
        var parts: [String] = []
        let missing = ids { if case .notFound = $0 { true } else { false } }
        if !missing.isEmpty { parts.append(tr("bulk.problem.not-found", named(missing))) }
        let released = ids { if case .released = $0 { true } else { false } }
        if !released.isEmpty { parts.append(tr("bulk.problem.released", named(released))) }
        let favorites = ids { if case .favorite = $0 { true } else { false } }
        if !favorites.isEmpty { parts.append(tr("bulk.problem.favorite", named(favorites))) }
        let held = ids { if case .notReleased = $0 { true } else { false } }
        if !held.isEmpty { parts.append(tr("bulk.problem.not-released", named(held))) }
        return tr("bulk.problems", ["problems": parts.joined(separator: tr("bulk.problems.separator"))])
    }

    /// "#2, #5-9, #12": runs of consecutive ids as ranges, as they are typed, and after
    /// `shown` pieces a count of the rest (`release 1-5000` on a small collection stays one line).
    static func compact(_ ids: [Int64], shown: Int = 10) -> String {
        var runs: [ClosedRange<Int64>] = []
        for id in ids {
            if let last = runs.last, last.upperBound + 1 == id {
                runs[runs.count - 1] = last.lowerBound...id
            } else {
                runs.append(id...id)
            }
        }
        let pieces = runs.prefix(shown).map { $0.count == 1 ? "#\($0.lowerBound)" : "#\($0.lowerBound)-\($0.upperBound)" }
        let rest = runs.dropFirst(shown).reduce(0) { $0 + $1.count }
        let shownIDs = pieces.joined(separator: ", ")
        return rest > 0 ? tr("bulk.ids.more", ["ids": shownIDs, "count": rest]) : shownIDs
    }

    /// The one problem of a one-entry command, as that command has always reported it.
    package func reported(forSingleEntry single: Bool) -> any Error {
        if single, problems.count == 1, let error = problems[0].storeError { return error }
        return self
    }
}

/// What a change of several entries did (or, dry, would do).
public struct BulkChange: Sendable, Equatable {
    /// The entries named, in the order given, as they are after the change (dry: as they are now).
    public var entries: [CollectionEntry]
    /// The ids among them that changed (or would); the others already were as asked.
    public var changed: Set<Int64>

    public init(entries: [CollectionEntry], changed: Set<Int64>) {
        self.entries = entries
        self.changed = changed
    }
}
