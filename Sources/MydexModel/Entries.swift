import Foundation
import MydexText
import GRDB
import Synchronization

/// The result of a change that may have been a no-op (a nickname it already had, say).
public struct EntryChange: Sendable, Equatable {
    public var entry: CollectionEntry
    /// False when the entry already was as asked: nothing was written or recorded.
    public var changed: Bool

    package init(entry: CollectionEntry, changed: Bool) {
        self.entry = entry
        self.changed = changed
    }
}

/// An entry of the collection with what lists show of its species, in the store's language:
/// a row of the entry query (`CollectionStore.entries`).
///
/// Read by column position rather than through `Decodable`: `list` decodes one per entry, and
/// GRDB's keyed decoding took half of a 10,000-entry list's time (about 60 µs a row).
public struct CollectionEntry: Sendable, Equatable, FetchableRecord {
    public var id: Int64
    public var speciesID: Int
    /// PokeAPI's id of the entry's form.
    public var formID: Int
    /// PokeAPI's identifier of the form (`vulpix-alola`; `vulpix` for the species' own).
    public var form: String
    /// Whether the form is the species' own (then `name` is the species').
    public var isDefaultForm: Bool
    public var nickname: String?
    public var isFavorite: Bool
    public var isShiny: Bool
    public var caughtAt: Date
    public var releasedAt: Date?
    /// PokeAPI's name of the species, e.g. `mr-mime`.
    public var speciesName: String
    /// The name in the store's language (else English, else PokeAPI's name): the species', or
    /// for another form the form's whole name ("Alolan Vulpix"); an egg's says it is one.
    public var name: String
    /// PokeAPI type names in slot order (the form's), joined by "/" (one column reads faster than a list).
    public var typeList: String
    /// The type names in the store's language, joined by "/".
    public var typeNameList: String
    /// The entry's stable identity (a version-4 UUID, lower-case): what `export` writes and
    /// `import` matches on; the id is this collection's own number.
    public var uuid: String
    /// What sets it apart from others of its species; nil for an entry made before mydex kept it.
    public var individual: Individual?
    /// Where it came from; nil for an entry made before mydex kept it.
    public var origin: EntryOrigin?
    /// What a game's file kept of it, for an entry read from one.
    public var saved: SavedRecord?
    /// Its stats, from the individual and its form's base stats in the individual's generation
    /// (filled by the store where it reads entries); nil without an individual.
    public var stats: StatValues?

    /// A row of the entry query (`CollectionStore.entrySQL`): the entry's own columns, then
    /// what is shown of its species, then of its form when it is not the species' own.
    public init(row: Row) throws {
        let at = Stored.columnCount
        let species = (row[at] as String?).map { speciesName in
            ShownSpecies(speciesName: speciesName, name: row[at + 1], typeList: row[at + 2], typeNameList: row[at + 3])
        }
        let form = (row[at + 4] as Int?).map { _ in
            ShownForm(
                identifier: row[at + 5], formIdentifier: row[at + 6], name: row[at + 7], typeList: row[at + 8],
                typeNameList: row[at + 9])
        }
        self.init(Stored(row: row), species: species, form: form)
    }

    /// An entry as its row stores it, shown with its species' and its form's names and types:
    /// the form's whole name ("Alolan Vulpix"), else the species' with the form's identifier,
    /// else the species'; the form's types, else the species'.
    package init(_ stored: Stored, species: ShownSpecies?, form: ShownForm?) {
        id = stored.id
        speciesID = stored.speciesID
        nickname = stored.nickname
        isFavorite = stored.isFavorite
        isShiny = stored.isShiny
        caughtAt = stored.caughtAt
        releasedAt = stored.releasedAt
        uuid = stored.uuid
        formID = stored.formID
        individual = stored.individual
        origin = stored.origin
        saved = stored.saved
        speciesName = species?.speciesName ?? "species-\(stored.speciesID)"
        let speciesShownName = species?.name ?? "#\(stored.speciesID)"
        if let form {
            name = form.wholeName(speciesName: speciesShownName)
            (typeList, typeNameList) = (form.typeList, form.typeNameList)
            self.form = form.identifier
        } else {
            name = speciesShownName
            (typeList, typeNameList) = (species?.typeList ?? "", species?.typeNameList ?? "")
            self.form = speciesName
        }
        isDefaultForm = form == nil
        if isEgg { name = tr("entry.egg", ["name": name]) }
    }

    /// An entry's own columns (`CollectionStore.entryColumns`), first in a row.
    package struct Stored: Sendable {
        var id: Int64
        package var speciesID: Int
        var nickname: String?
        var isFavorite: Bool
        var isShiny: Bool
        var caughtAt: Date
        var releasedAt: Date?
        var uuid: String
        package var formID: Int
        var individual: Individual?
        var origin: EntryOrigin?
        var saved: SavedRecord?

        /// The entry's columns: its own nine, then the individual's and its origin's
        /// (`IndividualColumns.columns`, in that order), then what a game's file kept, as one
        /// JSON object (NULL for every other entry: nothing read for them).
        package static let columnCount = 37

        package init(row: Row) {
            id = row[0]
            speciesID = row[1]
            nickname = row[2]
            isFavorite = row[3]
            isShiny = row[4]
            caughtAt = CollectionEntry.date(seconds: row[5])
            releasedAt = (row[6] as Double?).map(CollectionEntry.date(seconds:))
            uuid = row[7]
            formID = row[8]
            if let generation = row[9] as Int?, let level = row[10] as Int?,
               let gender = (row[11] as String?).flatMap(Gender.init(rawValue:)) {
                func values(_ first: Int) -> StatValues {
                    StatValues(
                        hp: row[first] ?? 0, attack: row[first + 1] ?? 0, defense: row[first + 2] ?? 0,
                        specialAttack: row[first + 3] ?? 0, specialDefense: row[first + 4] ?? 0, speed: row[first + 5] ?? 0)
                }
                individual = Individual(
                    generation: generation, level: level, gender: gender, nature: row[12], ability: row[13],
                    hiddenAbility: row[14] ?? false, personality: (row[15] as Int64?).map { UInt32(truncatingIfNeeded: $0) },
                    ivs: values(16), evs: values(22), moves: Self.strings(row[28]), heldItem: row[29])
            }
            if let kind = (row[30] as String?).flatMap(EntryOrigin.Kind.init(rawValue:)) {
                origin = EntryOrigin(
                    kind: kind, game: row[31], ball: row[32], trainer: row[33],
                    trainerID: (row[34] as Int64?).map { UInt32(truncatingIfNeeded: $0) }, drawn: Self.strings(row[35]))
            }
            if let json = row[36] as String? {
                saved = try? JSONDecoder().decode(SavedRecord.self, from: Data(json.utf8))
            }
        }

        /// The strings of a JSON array of strings (moves, drawn values): a short hand-read of
        /// `["a","b"]` as the store writes it (identifiers need no escapes), JSONDecoder otherwise.
        static func strings(_ text: String?) -> [String] {
            guard let text, text.count > 2 else { return [] }
            if !text.contains("\\") {
                return text.dropFirst().dropLast().split(separator: ",").map { String($0.dropFirst().dropLast()) }
            }
            return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
        }
    }

    /// Dates are stored to the millisecond; the conversion's floating-point error is rounded away.
    static func date(seconds: Double) -> Date {
        Date(timeIntervalSince1970: (seconds * 1000).rounded() / 1000)
    }

    public var isReleased: Bool { releasedAt != nil }
    /// An egg from a game's save, not hatched yet (its `name` says so).
    public var isEgg: Bool { saved?.details.isEgg == true }
    public var types: [String] { typeList.split(separator: "/").map(String.init) }
    public var typeNames: [String] { typeNameList.split(separator: "/").map(String.init) }
}

/// What lists show of a species in the store's language (a row of `SpeciesSQL.shown`).
package struct ShownSpecies: Sendable {
    /// PokeAPI's name, e.g. `mr-mime`.
    package var speciesName: String
    package var name: String
    package var typeList: String
    package var typeNameList: String

    package init(speciesName: String, name: String, typeList: String, typeNameList: String) {
        self.speciesName = speciesName
        self.name = name
        self.typeList = typeList
        self.typeNameList = typeNameList
    }
}

/// What lists show of a form other than its species' own (a row of `SpeciesSQL.shownForms`).
package struct ShownForm: Sendable {
    /// PokeAPI's identifier, e.g. `vulpix-alola`.
    package var identifier: String
    /// The form's part of it, e.g. `alola`.
    package var formIdentifier: String?
    /// The whole name ("Alolan Vulpix"); nil where no language names the form.
    package var name: String?
    package var typeList: String
    package var typeNameList: String

    package init(
        identifier: String, formIdentifier: String? = nil, name: String? = nil, typeList: String,
        typeNameList: String
    ) {
        self.identifier = identifier
        self.formIdentifier = formIdentifier
        self.name = name
        self.typeList = typeList
        self.typeNameList = typeNameList
    }
    /// Its whole name, else the species' shown name with the form's identifier: "Vulpix (alola)".
    package func wholeName(speciesName: String) -> String {
        name ?? "\(speciesName) (\(formIdentifier ?? identifier))"
    }
}

/// How many rows the database holds, as printed by backup and restore.
public struct CollectionCounts: Codable, Sendable, Equatable {
    public var entries: Int
    public var released: Int
    public var historyRows: Int
    /// Species fetched from PokeAPI and kept in the collection database.
    public var cachedSpecies: Int

    public var active: Int { entries - released }

    package init(entries: Int, released: Int, historyRows: Int, cachedSpecies: Int) {
        self.entries = entries
        self.released = released
        self.historyRows = historyRows
        self.cachedSpecies = cachedSpecies
    }
}

/// What `entries` returns, and in which order.
public struct EntryQuery: Sendable, Equatable {
    /// The one order of entries and of their groups by species (`list`, `list --group`,
    /// `export`, `browse`); a group stands where its first entry would.
    public enum Order: String, Sendable, CaseIterable {
        /// Entry id: the order of catching (a group: of its first catch).
        case id
        /// Pokédex number, then entry id.
        case dex
        /// When caught, then entry id (a group: its first catch).
        case caught
        /// Species name in the store's language, as searches compare names (case, accents and
        /// punctuation ignored).
        case name
        /// Nicknamed entries first, by nickname; then the rest by species name. Groups have
        /// no nickname: by id.
        case nickname
        /// Groups only: the most entries first, then Pokédex order. Entries: by id.
        case count
        /// The IVs' share of their highest, highest first; entries without an individual last.
        case iv
        /// Level, highest first; entries without an individual last.
        case level

        /// Whether the order is of the entry's own columns (read from the entries table alone).
        public var isEntryColumn: Bool { ![.name, .nickname].contains(self) }
    }

    public var order: Order = .id
    /// Further sort keys, after `order` (`--sort iv,level`): each breaks the ties of those before.
    public var thenBy: [Order] = []
    /// The individual's filters (issue 31); nil or empty, any. Entries without an individual
    /// never pass a filter of a value.
    public var individual = IndividualFilter()
    public var reverse = false
    public var includeReleased = false
    public var favoritesOnly = false
    /// Only released entries (`list --released`).
    public var releasedOnly = false
    public var shinyOnly = false
    /// A PokeAPI type name (resolve what the user typed first).
    public var type: String?
    public var generation: Int?
    /// Text that a nickname or a species name in any language contains, compared as searches
    /// compare (`SearchText`).
    public var name: String?
    /// A form, by PokeAPI's form identifier (`alola`, `mega`: also `galar-standard`, `mega-x`),
    /// whole identifier (`vulpix-alola`) or form name in any language ("Alolan Form").
    public var form: String?
    /// Only regional forms (Alolan, Galarian, Hisuian, Paldean).
    public var regionalOnly = false
    /// Only species of these kinds (any of them); empty: every species.
    public var kinds: Set<SpeciesKind> = []
    /// Only entries caught from an encounter in one of these games (PokeAPI's versions), at one
    /// of these places (PokeAPI's locations), with this ball (PokeAPI's item): nil, any.
    public var games: [String]?
    public var places: [String]?
    public var ball: String?
    /// Only entries whose original trainer is this: a name (any case) or a trainer ID as the
    /// games show it (the lower 16 bits).
    public var trainer: String?
    /// Only these entries (`export`'s ids).
    public var ids: [Int64]?
    /// The page: at most `limit` entries (nil: all) after the first `offset`. Summaries and
    /// counts are of every entry the filters select.
    public var limit: Int?
    public var offset = 0

    public init(
        order: Order = .id, reverse: Bool = false, includeReleased: Bool = false, favoritesOnly: Bool = false,
        releasedOnly: Bool = false, shinyOnly: Bool = false, type: String? = nil, generation: Int? = nil,
        name: String? = nil, form: String? = nil, regionalOnly: Bool = false, limit: Int? = nil, offset: Int = 0
    ) {
        self.form = form
        self.regionalOnly = regionalOnly
        self.order = order
        self.reverse = reverse
        self.includeReleased = includeReleased
        self.favoritesOnly = favoritesOnly
        self.releasedOnly = releasedOnly
        self.shinyOnly = shinyOnly
        self.type = type
        self.generation = generation
        self.name = name
        self.limit = limit
        self.offset = offset
    }
}

/// `list`'s filters of the individual (issue 31): each a clause of the entry query.
public struct IndividualFilter: Sendable, Equatable {
    public var level: NumberFilter?
    /// The IVs' share of their highest, in percent (`--iv 90`, `--iv >=80`).
    public var ivPercent: NumberFilter?
    /// One stat's IV (a DV in generations 1–2).
    public var statIVs: [StatKind: NumberFilter] = [:]
    /// PokeAPI identifiers (resolve what the user typed first).
    public var nature: String?
    public var gender: Gender?
    public var ability: String?
    public var move: String?
    public var heldItem: String?
    /// At least `count` of its six IVs equal `value` (Pokétwo's `--triple 31`).
    public var sameIVs: (count: Int, value: Int)?

    public init() {}

    public var isEmpty: Bool { self == IndividualFilter() }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.level == rhs.level && lhs.ivPercent == rhs.ivPercent && lhs.statIVs == rhs.statIVs && lhs.nature == rhs.nature
            && lhs.gender == rhs.gender && lhs.ability == rhs.ability && lhs.move == rhs.move && lhs.heldItem == rhs.heldItem
            && lhs.sameIVs?.count == rhs.sameIVs?.count && lhs.sameIVs?.value == rhs.sameIVs?.value
    }
}

/// A filter of a number as people write one: `N`, `>N`, `<N`, `>=N`, `<=N` or `N-M` (both ends in).
public struct NumberFilter: Sendable, Equatable, Hashable {
    public var lowest: Double?
    public var highest: Double?
    /// `>` and `<`: the end itself is out.
    public var lowestIncluded = true
    public var highestIncluded = true

    public init(lowest: Double?, highest: Double?, lowestIncluded: Bool = true, highestIncluded: Bool = true) {
        self.lowest = lowest
        self.highest = highest
        self.lowestIncluded = lowestIncluded
        self.highestIncluded = highestIncluded
    }

    /// Nil when `text` is none of the forms.
    public init?(_ text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        func number(_ part: Substring) -> Double? {
            let part = part.trimmingCharacters(in: .whitespaces)
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(part) else {
                return nil
            }
            return value
        }
        for (prefix, isLow, included) in [(">=", true, true), ("<=", false, true), (">", true, false), ("<", false, false)]
        where text.hasPrefix(prefix) {
            guard let value = number(text.dropFirst(prefix.count)) else { return nil }
            self = isLow ? NumberFilter(lowest: value, highest: nil, lowestIncluded: included)
                : NumberFilter(lowest: nil, highest: value, highestIncluded: included)
            return
        }
        if let dash = text.dropFirst().firstIndex(of: "-") {
            guard let low = number(text[..<dash]), let high = number(text[text.index(after: dash)...]), low <= high else { return nil }
            self = NumberFilter(lowest: low, highest: high)
            return
        }
        guard let value = number(Substring(text)) else { return nil }
        self = NumberFilter(lowest: value, highest: value)
    }

    /// The condition on `column` as SQL (the numbers are this value's own, never text a user typed).
    public func sql(_ column: String) -> String {
        var parts: [String] = []
        if let lowest { parts.append("\(column) \(lowestIncluded ? ">=" : ">") \(lowest)") }
        if let highest { parts.append("\(column) \(highestIncluded ? "<=" : "<") \(highest)") }
        return parts.isEmpty ? "\(column) IS NOT NULL" : "(" + parts.joined(separator: " AND ") + ")"
    }
}

/// The kinds of species fans filter by, as Pokétwo and the games' Pokédexes set them apart:
/// legendary and mythical (PokeAPI's species flags), and the Ultra Beasts (the species whose
/// ability is Beast Boost, which every Ultra Beast has and no other Pokémon has).
public enum SpeciesKind: String, CaseIterable, Sendable, Codable {
    case legendary
    case mythical
    case ultraBeast = "ultra-beast"
}

/// What `entrySummary` tells about a list of entries.
public struct EntrySummary: Sendable, Equatable {
    public var count: Int
    public var favorites: Int
    public var shiny: Int
    public var largestID: Int64
    public var names: Set<String>
    /// The species' own names among `names` (a form's whole name adds to its species'): what a
    /// table keeps whole.
    public var speciesNames: Set<String>
    /// Type names in the store's language, joined by "/" as entries carry them.
    public var typeNames: Set<String>
    public var nicknames: Set<String>

    package init(
        count: Int, favorites: Int, shiny: Int, largestID: Int64, names: Set<String>, speciesNames: Set<String>,
        typeNames: Set<String>, nicknames: Set<String>
    ) {
        self.speciesNames = speciesNames
        self.count = count
        self.favorites = favorites
        self.shiny = shiny
        self.largestID = largestID
        self.names = names
        self.typeNames = typeNames
        self.nicknames = nicknames
    }
}

// The filters of `list` and `history`, as SQL: every condition is a clause of the query that
// reads the rows, so a filtered list streams like a whole one and nothing is filtered in Swift.

/// One species of a grouped list (`list --group`): how many of the listed entries are of it.
public struct EntryGroup: Sendable, Equatable, MydexRecord {
    public var speciesID: Int
    /// PokeAPI's name, e.g. `mr-mime`.
    public var speciesName: String
    /// The name in the store's language (else English, else PokeAPI's name).
    public var name: String
    /// PokeAPI type names in slot order, joined by "/".
    public var typeList: String
    public var typeNameList: String
    /// Entries of this species that pass the filters.
    public var held: Int
    public var shiny: Int
    public var favorites: Int

    public var types: [String] { typeList.split(separator: "/").map(String.init) }
}

