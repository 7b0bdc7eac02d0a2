import Foundation
import MydexModel
import MydexServices
import MydexText

/// The entry object, the same in every document: the entry, and its species by number, PokeAPI
/// name and name in the user's language (slugs next to localized names).
struct EntryJSON: Encodable, Sendable {
    var id: Int64
    var dex: Int
    var species: String
    /// PokeAPI's identifier of the entry's form (`vulpix-alola`; the species' own: `vulpix`).
    var form: String
    var name: String
    var nickname: String?
    var types: [String]
    var typeNames: [String]
    var favorite: Bool
    var shiny: Bool
    var caughtAt: Date
    var releasedAt: Date?
    /// The entry's stable identity, the same wherever it is exported and imported.
    var uuid: String
}

extension EntryJSON {
    init(_ entry: CollectionEntry) {
        id = entry.id
        dex = entry.speciesID
        species = entry.speciesName
        form = entry.form
        name = entry.name
        nickname = entry.nickname
        types = entry.types
        typeNames = entry.typeNames
        favorite = entry.isFavorite
        shiny = entry.isShiny
        caughtAt = entry.caughtAt
        releasedAt = entry.releasedAt
        uuid = entry.uuid
    }
}

extension EntryJSON {
    /// This entry as an element of a document's array nested `depth` levels deep, exactly as
    /// `JSONOutput` renders it inside a document (a test compares the two on hostile text), but
    /// written directly: `list --json` prints one per entry, and `JSONEncoder` took 30 µs each,
    /// seconds for a large collection. `export` writes its times to the millisecond (`exact`),
    /// so that they come back as they were.
    func element(depth: Int, exact: Bool = false, encounter: TransferredEncounter? = nil) -> SafeText {
        let outer = String(repeating: "  ", count: depth)
        let inner = outer + "  "
        func string(_ text: String) -> String { JSONText.quoted(text) }
        func list(_ values: [String]) -> String {
            values.isEmpty ? "[]" : "[\n" + values.map { inner + "  " + string($0) }.joined(separator: ",\n") + "\n" + inner + "]"
        }
        func time(_ date: Date) -> String { string(exact ? TransferTime.text(date) : JSONText.iso8601(date)) }
        var fields: [String] = [
            "\"caughtAt\" : " + time(caughtAt),
            "\"dex\" : \(dex)",
        ]
        if let encounter, let text = Self.nested(encounter, indent: inner) { fields.append("\"encounter\" : " + text) }
        fields += [
            "\"favorite\" : \(favorite)",
            "\"form\" : " + string(form),
            "\"id\" : \(id)",
            "\"name\" : " + string(name),
        ]
        if let nickname { fields.append("\"nickname\" : " + string(nickname)) }
        if let releasedAt { fields.append("\"releasedAt\" : " + time(releasedAt)) }
        fields += [
            "\"shiny\" : \(shiny)",
            "\"species\" : " + string(species),
            "\"typeNames\" : " + list(typeNames),
            "\"types\" : " + list(types),
            "\"uuid\" : " + string(uuid),
        ]
        return .json(outer + "{\n" + fields.map { inner + $0 }.joined(separator: ",\n") + "\n" + outer + "}")
    }

    /// `value` as `JSONOutput` renders it, its lines after the first indented by `indent`: an
    /// object inside an element (the few entries caught from an encounter carry one).
    static func nested(_ value: some Encodable, indent: String) -> String? {
        guard let text = try? JSONOutput.render(value).rendered else { return nil }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 ? String($0.element) : indent + $0.element }.joined(separator: "\n")
    }
}
