import Foundation
import MydexStore
import MydexModel
import MydexText

/// Why a file cannot be imported: every problem found (up to a limit), each with its line.
/// Nothing was changed.
public struct ImportProblems: Error, Sendable, Equatable, CustomStringConvertible {
    /// "line 7: species 2000 does not exist in the Pokédex", in the order of the file.
    public var problems: [String]
    /// How many there were in all (`problems` holds the first `limit`).
    public var total: Int

    static let limit = 10

    init(_ problems: [String]) {
        self.problems = Array(problems.prefix(Self.limit))
        total = problems.count
    }

    public var description: String {
        var lines = [tr("import.problems.header")] + problems.map { "  " + $0 }
        if total > problems.count { lines.append("  " + tr("import.problems.more", ["count": total - problems.count])) }
        return lines.joined(separator: "\n")
    }
}

/// What an import did, or in a dry run would do.
public struct ImportReport: Sendable {
    public var format: TransferFormat
    public var dryRun: Bool
    /// The file's entries, checked, in its order.
    public var entries: [ImportedEntry]
    /// What became of each entry: one per entry, in the same order.
    public var outcomes: [ImportOutcome]
    /// Species names by number, for saying what the entries are.
    public var names: [Int: PokedexName]

    /// Entries added (or, in a dry run, that would be).
    public var added: Int { outcomes.count { $0.action == .imported || $0.action == .wouldImport } }
    /// Entries here changed (or, in a dry run, to be changed) as the file has them.
    public var updated: Int { outcomes.count { $0.action == .updated || $0.action == .wouldUpdate } }
    public var alreadyHere: Int { outcomes.count { $0.action == .alreadyHere } }
}

/// Reads a file `export` wrote (CSV or JSON), checks every entry against the Pokédex, and merges
/// it into the collection in one transaction: an entry whose uuid is already here is skipped.
public struct ImportService: Sendable {
    let store: CollectionStore
    let clock: any MydexClock

    public init(store: CollectionStore, clock: any MydexClock) {
        self.store = store
        self.clock = clock
    }

    /// The file's entries, checked against this store's Pokédex; throws `ImportProblems` naming
    /// every bad line (nothing is written).
    public func check(_ bytes: [UInt8]) async throws -> ImportPlan {
        let format = TransferFormat.detect(bytes)
        let names = try await store.pokedexNames()
        let checker = TransferRowChecker(names: names, forms: try await store.formIdentifiers(), format: format)
        var entries: [ImportedEntry] = []
        var problems: [String] = []
        var lineOfUUID: [String: Int] = [:]
        // Each row is checked as it is read: only the checked entries are kept, never every
        // row's text at once.
        func check(_ row: TransferRow) {
            do {
                let entry = try checker.entry(row)
                if let first = lineOfUUID[entry.uuid] {
                    problems.append(TransferRows.onLine(row.line, tr("import.problem.duplicate-uuid", [
                        "uuid": entry.uuid, "first": String(first),
                    ])))
                } else {
                    lineOfUUID[entry.uuid] = row.line
                    entries.append(entry)
                }
            } catch {
                problems.append(TransferRows.onLine(row.line, error.message))
            }
        }
        if format == .csv {
            try TransferRows.csv(bytes, check)
        } else {
            for row in try TransferRows.json(bytes) { check(row) }
        }
        guard problems.isEmpty else { throw ImportProblems(problems) }
        return ImportPlan(format: format, entries: entries, names: names)
    }

    /// Merges checked entries into this store in one transaction (with `dryRun`, only says what
    /// would happen): entries whose uuid is here already are skipped.
    public func merge(_ plan: ImportPlan, dryRun: Bool) async throws -> ImportReport {
        let outcomes = try await store.importEntries(plan.entries, dryRun: dryRun, at: clock.now())
        return ImportReport(format: plan.format, dryRun: dryRun, entries: plan.entries, outcomes: outcomes, names: plan.names)
    }
}

/// A file's entries, checked, with the Pokédex's names of their species.
public struct ImportPlan: Sendable {
    public var format: TransferFormat
    public var entries: [ImportedEntry]
    public var names: [Int: PokedexName]
}

/// An entry as the file has it: text by column, before any check.
struct TransferRow {
    var line: Int
    var values: TransferValues
    /// Where and how it was caught (mydex's JSON's `encounter`).
    var encounter: TransferredEncounter?
    /// Its individual (mydex's JSON's `level`, `ivs`, … fields).
    var individual: TransferredIndividual?
}

/// A row's values by column: a slot per column, where a dictionary hashed every field of
/// every row (a tenth of checking a large file).
struct TransferValues {
    private var slots = [String?](repeating: nil, count: TransferColumn.allCases.count)

    subscript(column: TransferColumn) -> String? {
        get { slots[column.position] }
        set { slots[column.position] = newValue }
    }
}

/// A problem with one row.
struct RowProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// The rows of a file, or `ImportProblems` when it cannot be read as CSV or JSON at all.
enum TransferRows {
    /// "line 7: species 2000 does not exist in the Pokédex": a problem and where it is.
    static func onLine(_ line: Int, _ problem: String) -> String {
        tr("import.problem.on-line", ["line": String(line), "problem": problem])
    }

    /// The rows of a CSV file, each handed to `body` as it is read. A file whose rows do not all
    /// have the header's fields says only that (every such line), after the whole file.
    static func csv(_ bytes: [UInt8], _ body: (TransferRow) -> Void) throws {
        var columns: [TransferColumn?]?
        var problems: [String] = []
        var headerProblem: ImportProblems?
        do throws(CSVText.Problem) {
            try CSVText.forEachRecord(bytes) { record in
                guard headerProblem == nil else { return }
                guard let known = columns else {
                    do throws(ImportProblems) { columns = try Self.columns(record) } catch { headerProblem = error }
                    return
                }
                guard record.fields.count == known.count else {
                    problems.append(onLine(record.line, tr("import.problem.field-count", [
                        "count": record.fields.count, "columns": known.count,
                    ])))
                    return
                }
                // Rows are checked only while every row has its fields: one that has not stops them.
                guard problems.isEmpty else { return }
                var values = TransferValues()
                for (column, value) in zip(known, record.fields) {
                    if let column, !value.isEmpty { values[column] = CSVText.revealed(value) }
                }
                body(TransferRow(line: record.line, values: values))
            }
        } catch {
            throw ImportProblems([onLine(error.line, error.message)])
        }
        if let headerProblem { throw headerProblem }
        guard columns != nil else { throw ImportProblems([tr("import.problem.empty")]) }
        guard problems.isEmpty else { throw ImportProblems(problems) }
    }

    /// The columns the header names (nil where mydex knows no such column); the problem when
    /// one it needs is missing.
    static func columns(_ header: CSVText.Record) throws(ImportProblems) -> [TransferColumn?] {
        var columns: [TransferColumn?] = []
        for name in header.fields {
            let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
            columns.append(TransferColumn.allCases.first { $0.csvName == trimmed || $0.rawValue.lowercased() == trimmed })
        }
        let present = Set(columns.compactMap { $0 })
        var needed: [String] = [TransferColumn.uuid, .caughtAt].filter { !present.contains($0) }.map(\.csvName)
        if !present.contains(.dex) && !present.contains(.species) {
            needed.append(tr("import.problem.dex-or-species", ["dex": TransferColumn.dex.csvName, "species": TransferColumn.species.csvName]))
        }
        if !needed.isEmpty {
            let all: [String] = TransferColumn.allCases.map(\.csvName)
            throw ImportProblems([
                onLine(header.line, tr("import.problem.missing-columns", [
                    "columns": needed.listJoined(), "header": all.joined(separator: ","),
                ])),
            ])
        }
        return columns
    }

    static func json(_ bytes: [UInt8]) throws -> [TransferRow] {
        let document: TransferJSON
        do {
            document = try JSONDecoder().decode(TransferJSON.self, from: Data(bytes))
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw ImportProblems([
                context.underlyingError.map { tr("import.problem.not-json-detail", ["detail": String(describing: $0)]) }
                    ?? tr("import.problem.not-json"),
            ])
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
                let DecodingError.keyNotFound(_, context), let DecodingError.dataCorrupted(context) {
            throw ImportProblems([describe(context, lines: JSONEntryLines.lines(bytes))])
        }
        if let schema = document.schema, schema != 1 {
            throw ImportProblems([tr("import.problem.schema", ["schema": String(schema), "supported": "1"])])
        }
        let lines = JSONEntryLines.lines(bytes)
        return document.entries.enumerated().map { index, entry in
            TransferRow(
                line: index < lines.count ? lines[index] : 1, values: entry.values, encounter: entry.encounter,
                individual: entry.individual)
        }
    }

    /// "line 7: favorite: expected true or false" from where the decoder stopped.
    private static func describe(_ context: DecodingError.Context, lines: [Int]) -> String {
        let path = context.codingPath
        guard path.first?.stringValue == "entries", path.count >= 2, let index = path[1].intValue else {
            return tr("import.problem.not-export", ["shape": "{\"entries\": [...]}"])
        }
        let line = index < lines.count ? lines[index] : 1
        let field = path.dropFirst(2).map(\.stringValue).joined(separator: ".")
        let detail = context.debugDescription
        return onLine(line, field.isEmpty ? detail : tr("import.problem.field", ["field": field, "detail": detail]))
    }
}

/// The parts of an export document import reads.
private struct TransferJSON: Decodable {
    var schema: Int?
    var entries: [Entry]

    struct Entry: Decodable {
        var values = TransferValues()
        var encounter: TransferredEncounter?
        var individual: TransferredIndividual?

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            encounter = try container.decodeIfPresent(TransferredEncounter.self, forKey: Key(stringValue: "encounter"))
            // The individual's fields are the entry's own (files written before have none).
            if container.contains(Key(stringValue: "level")) { individual = try TransferredIndividual(from: decoder) }
            // Only the columns import reads: `types` and others may be anything.
            // The encounter and the individual are objects (decoded above): CSV carries them as text.
            for column in TransferColumn.allCases where ![.name, .id, .encounter, .individual].contains(column) {
                let key = Key(stringValue: column.rawValue)
                guard container.contains(key), try !container.decodeNil(forKey: key) else { continue }
                // The type export writes first: a failed attempt throws, which is slow.
                switch column {
                case .favorite, .shiny:
                    if let flag = try? container.decode(Bool.self, forKey: key) {
                        values[column] = flag ? "true" : "false"
                        continue
                    }
                case .dex:
                    if let number = try? container.decode(Int.self, forKey: key) {
                        values[column] = String(number)
                        continue
                    }
                default:
                    break
                }
                values[column] = try container.decode(String.self, forKey: key)
            }
        }
    }
}

/// The lines on which the objects of a JSON document's top-level `entries` array start.
enum JSONEntryLines {
    static func lines(_ bytes: [UInt8]) -> [Int] {
        var result: [Int] = []
        var line = 1
        var depth = 0
        var inString = false
        var escaped = false
        var string: [UInt8] = []
        var lastKey: [UInt8] = []
        var inEntries = false
        for byte in bytes {
            if byte == 0x0A { line += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                    if depth == 1 { lastKey = string }
                } else if depth == 1 {
                    string.append(byte)
                }
                continue
            }
            switch byte {
            case 0x22:
                inString = true
                string.removeAll(keepingCapacity: true)
            case 0x7B, 0x5B:  // { [
                if depth == 2, inEntries, byte == 0x7B { result.append(line) }
                if depth == 1, byte == 0x5B, lastKey == Array("entries".utf8) { inEntries = true }
                depth += 1
            case 0x7D, 0x5D:  // } ]
                depth -= 1
                if depth == 1 { inEntries = false }
            default:
                break
            }
        }
        return result
    }
}

/// Checks one row: its uuid, species (by number and PokeAPI name, which must agree), nickname,
/// marks and times.
struct TransferRowChecker {
    let names: [Int: PokedexName]
    let idsBySlug: [String: Int]
    /// Every form of the catalog by PokeAPI identifier.
    let forms: [String: (id: Int, speciesID: Int)]
    let format: TransferFormat

    init(names: [Int: PokedexName], forms: [String: (id: Int, speciesID: Int)] = [:], format: TransferFormat) {
        self.names = names
        self.forms = forms
        self.format = format
        idsBySlug = Dictionary(names.map { ($0.value.slug, $0.key) }) { first, _ in first }
    }

    /// The column's name as the file writes it.
    private func name(_ column: TransferColumn) -> String { format == .csv ? column.csvName : column.rawValue }

    func entry(_ row: TransferRow) throws(RowProblem) -> ImportedEntry {
        let values = row.values
        guard let rawUUID = values[.uuid] else { throw RowProblem(tr("import.problem.no-uuid")) }
        guard let uuid = Self.uuid(Self.trimmed(rawUUID)) else {
            throw RowProblem(tr("import.problem.bad-uuid", ["uuid": rawUUID]))
        }
        let speciesID = try species(values[.dex], values[.species])
        let formID = try form(values[.form], of: speciesID)
        var nickname: String?
        if let raw = values[.nickname] {
            do {
                nickname = try Nickname.validate(raw)
            } catch {
                throw RowProblem(tr("import.problem.bad-nickname", ["nickname": raw, "problem": error.description]))
            }
        }
        let favorite = try flag(.favorite, values[.favorite])
        let shiny = try flag(.shiny, values[.shiny])
        guard let rawCaught = values[.caughtAt] else { throw RowProblem(tr("import.problem.no-time", ["column": name(.caughtAt)])) }
        let caughtAt = try time(.caughtAt, rawCaught)
        let releasedAt = try values[.releasedAt].map { raw throws(RowProblem) in try time(.releasedAt, raw) }
        if let releasedAt, releasedAt < caughtAt {
            throw RowProblem(tr("import.problem.released-before-caught", [
                "releasedColumn": name(.releasedAt), "released": values[.releasedAt] ?? "",
                "caughtColumn": name(.caughtAt), "caught": rawCaught,
            ]))
        }
        if favorite, releasedAt != nil { throw RowProblem(tr("import.problem.released-favorite")) }
        var encounter = row.encounter
        if let text = values[.encounter] {
            // CSV: the cell holds the JSON object mydex's JSON carries.
            do {
                encounter = try JSONDecoder().decode(TransferredEncounter.self, from: Data(text.utf8))
            } catch {
                throw RowProblem(tr("import.problem.bad-encounter", ["problem": "not the JSON object mydex writes"]))
            }
        }
        if let problem = encounter?.problem { throw RowProblem(tr("import.problem.bad-encounter", ["problem": problem])) }
        var transferred = row.individual
        if let text = values[.individual] {
            // CSV: the cell holds the individual's fields as mydex's JSON gives them.
            do {
                transferred = try JSONDecoder().decode(TransferredIndividual.self, from: Data(text.utf8))
            } catch {
                throw RowProblem(tr("import.problem.bad-individual", ["field": name(.individual)]))
            }
        }
        var individual: Individual?
        switch transferred?.individual() {
        case .success(let made): individual = made
        case .failure(let problem): throw RowProblem(tr("import.problem.bad-individual", ["field": problem.field]))
        case nil: break
        }
        var saved: SavedRecord?
        switch transferred?.savedRecord() {
        case .success(let record): saved = record
        case .failure(let problem): throw RowProblem(tr("import.problem.bad-individual", ["field": problem.field]))
        case nil: break
        }
        return ImportedEntry(
            line: row.line, uuid: uuid, speciesID: speciesID, formID: formID, nickname: nickname,
            isFavorite: favorite, isShiny: shiny, caughtAt: caughtAt, releasedAt: releasedAt, encounter: encounter,
            individual: individual, origin: individual == nil ? nil : transferred?.entryOrigin,
            saved: individual == nil ? nil : saved)
    }

    private func species(_ dex: String?, _ slug: String?) throws(RowProblem) -> Int {
        var byNumber: Int?
        if let dex {
            let digits = Self.trimmed(dex)
            guard let number = Int(digits.hasPrefix("#") ? String(digits.dropFirst()) : digits), number > 0 else {
                throw RowProblem(tr("import.problem.bad-dex", ["dex": dex]))
            }
            guard names[number] != nil else { throw RowProblem(tr("import.problem.unknown-number", ["number": String(number)])) }
            byNumber = number
        }
        guard let slug else {
            guard let byNumber else { throw RowProblem(tr("import.problem.no-species")) }
            return byNumber
        }
        let key = Self.trimmed(slug).lowercased()
        guard let bySlug = idsBySlug[key] else { throw RowProblem(tr("import.problem.unknown-name", ["name": slug])) }
        if let byNumber, byNumber != bySlug {
            throw RowProblem(tr("import.problem.species-mismatch", [
                "dex": String(byNumber), "species": names[byNumber]?.slug ?? "?", "given": slug, "number": String(bySlug),
            ]))
        }
        return bySlug
    }

    /// The form a row names (PokeAPI's identifier, `vulpix-alola`), which must be one of its
    /// species'; nil (the species' own) when the row names none, as files written before forms.
    /// The species' own name stands for its own form, which the catalog may name otherwise
    /// (`unown` for `unown-a`).
    private func form(_ raw: String?, of speciesID: Int) throws(RowProblem) -> Int? {
        guard let raw, case let identifier = Self.trimmed(raw).lowercased(), !identifier.isEmpty,
              identifier != names[speciesID]?.slug else { return nil }
        guard let form = forms[identifier] else { throw RowProblem(tr("import.problem.unknown-form", ["form": raw])) }
        guard form.speciesID == speciesID else {
            throw RowProblem(tr("import.problem.form-mismatch", [
                "form": raw, "species": names[speciesID]?.slug ?? String(speciesID),
            ]))
        }
        return form.id
    }

    /// A UUID as its 36 characters (8-4-4-4-12 hex digits), lower-case; nil for anything else.
    /// Read by hand: Foundation's parser goes through sscanf, a sixth of checking a large file.
    static func uuid(_ text: String) -> String? {
        var bytes = Array(text.utf8)
        guard bytes.count == 36 else { return nil }
        for index in bytes.indices {
            switch (index, bytes[index]) {
            case (8, 0x2D), (13, 0x2D), (18, 0x2D), (23, 0x2D): continue
            case (8, _), (13, _), (18, _), (23, _): return nil
            case (_, 0x30...0x39), (_, 0x61...0x66): continue
            case (_, 0x41...0x46): bytes[index] += 0x20
            default: return nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` without spaces and tabs around it. Most values have none: Foundation's trimming
    /// (through NSString) took a third of checking a large file.
    static func trimmed(_ text: String) -> String {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let first = text.utf8.first, let last = text.utf8.last, blank(first) || blank(last) else { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    private func flag(_ column: TransferColumn, _ raw: String?) throws(RowProblem) -> Bool {
        switch raw.map(Self.trimmed)?.lowercased() {
        case nil, "false", "0", "no": return false
        case "true", "1", "yes": return true
        default: throw RowProblem(tr("import.problem.bad-flag", ["column": name(column), "value": raw ?? ""]))
        }
    }

    private func time(_ column: TransferColumn, _ raw: String) throws(RowProblem) -> Date {
        guard let date = TransferTime.date(Self.trimmed(raw)) else {
            throw RowProblem(tr("import.problem.bad-time", ["column": name(column), "value": raw, "example": "2026-11-22T04:05:06.123Z"]))
        }
        return date
    }
}
