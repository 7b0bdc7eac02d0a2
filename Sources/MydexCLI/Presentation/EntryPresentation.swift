import Foundation
import MydexServices
import MydexStore

/// How entries, species and dates look in text and JSON, in the user's language.
struct Presentation {
    let localizer: Localizer
    /// Made once per command: a formatter per row made long lists slow.
    private let dayFormatter: DateFormatter
    private let minuteFormatter: DateFormatter

    init(timeZone: TimeZone, localizer: Localizer) {
        self.localizer = localizer
        dayFormatter = Self.formatter("yyyy-MM-dd", timeZone)
        minuteFormatter = Self.formatter("yyyy-MM-dd HH:mm", timeZone)
    }

    private static func formatter(_ pattern: String, _ timeZone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter
    }

    func dexNumber(_ id: Int) -> String {
        "#" + String(format: "%04d", id)
    }

    func speciesName(_ species: SpeciesData) -> String { localizer.name(species) }

    func types(_ species: SpeciesData) -> String { localizer.types(species) }

    /// The name in a few other major languages: "ピカチュウ (ja), 피카츄 (ko), …".
    func otherNames(_ species: SpeciesData) -> String? {
        let names = ["en", "ja", "ko", "zh-hans", "fr", "de"].filter { $0 != localizer.language }.compactMap { code in
            species.localization(code)?.name.map { "\($0) (\(code))" }
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// "Sparky (Pikachu)" or "Pikachu".
    func title(_ entry: CollectionEntry) -> String {
        let name = speciesName(entry.species)
        guard let nickname = entry.pokemon.nickname else { return name }
        return "\(nickname) (\(name))"
    }

    func date(_ date: Date) -> String { dayFormatter.string(from: date) }

    func dateTime(_ date: Date) -> String { minuteFormatter.string(from: date) }

    func metres(_ decimetres: Int) -> String { String(format: "%.1f m", Double(decimetres) / 10) }

    func kilograms(_ hectograms: Int) -> String { String(format: "%.1f kg", Double(hectograms) / 10) }
}

/// An entry as `--json` prints it.
struct EntryJSON: Encodable {
    var id: Int64
    var dex: Int
    var species: String
    var name: String
    var nickname: String?
    var types: [String]
    var favorite: Bool
    var shiny: Bool
    var caughtAt: Date
    var releasedAt: Date?

    init(_ entry: CollectionEntry, _ localizer: Localizer) {
        id = entry.id
        dex = entry.species.id
        species = entry.species.name
        name = localizer.name(entry.species)
        nickname = entry.pokemon.nickname
        types = entry.species.types
        favorite = entry.pokemon.isFavorite
        shiny = entry.pokemon.isShiny
        caughtAt = entry.pokemon.caughtAt
        releasedAt = entry.pokemon.releasedAt
    }
}

/// mydex's JSON: sorted keys, ISO 8601 dates, and every character a terminal could act on
/// written as a `\u` escape (JSONEncoder leaves C1 controls and bidi overrides raw).
enum JSONOutput {
    static func render(_ value: some Encodable) throws -> SafeText {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Foundation pretty-prints empty containers over three lines; raw newlines only occur
        // between tokens in JSON, so this cannot touch string contents.
        let json = String(decoding: try encoder.encode(value), as: UTF8.self)
            .replacingOccurrences(of: #"\[\n\s*\n\s*\]"#, with: "[]", options: .regularExpression)
            .replacingOccurrences(of: #"\{\n\s*\n\s*\}"#, with: "{}", options: .regularExpression)
        var escaped = ""
        for scalar in json.unicodeScalars {
            // C0 controls are already escaped by JSONEncoder; the rest (DEL, C1, bidi, separators) here.
            if TerminalText.isUnsafe(scalar), scalar.value > 0x1F {
                escaped += String(format: "\\u%04X", scalar.value)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return .json(escaped)
    }
}
