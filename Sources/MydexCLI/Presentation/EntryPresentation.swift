import Foundation
import MydexModel
import MydexServices
import MydexText

/// How entries, species and dates look in text, in the user's language. Cheap to make: nothing
/// is prepared until a command prints (no formatter or locale data is loaded at start).
struct Presentation: Sendable {
    let localizer: Localizer
    /// nil: the system's, found on the first date shown.
    let timeZone: TimeZone?

    init(timeZone: TimeZone?, localizer: Localizer) {
        self.localizer = localizer
        self.timeZone = timeZone
    }

    func dexNumber(_ id: Int) -> String {
        "#" + Self.padded(id, 4)
    }

    /// The name in a few other major languages: "ピカチュウ (ja), 피카츄 (ko), …".
    func otherNames(_ species: Species) -> String? {
        let names = ["en", "ja", "ko", "zh-hans", "fr", "de"].filter { $0 != localizer.language }.compactMap { code in
            species.names[code].map { tr("entry.other-name", ["name": $0, "language": code]) }
        }
        return names.isEmpty ? nil : names.joined(separator: tr("entry.list-separator"))
    }

    /// A species as text, the same in `show` and `dex`: its names in other languages, genus,
    /// types, generation, size, capture rate, base experience and kind, as label–value fields.
    func speciesFields(_ species: Species) -> [(String, String)] {
        var fields: [(String, String)] = []
        if let otherNames = otherNames(species) { fields.append((tr("entry.field.also"), otherNames)) }
        if let genus = localizer.genus(species) { fields.append((tr("entry.field.genus"), genus)) }
        fields.append((tr("entry.field.types"), localizer.types(species)))
        if let generation = species.generation { fields.append((tr("entry.field.generation"), String(generation))) }
        fields += [
            (tr("entry.field.height"), metres(species.height)),
            (tr("entry.field.weight"), kilograms(species.weight)),
            (tr("entry.field.capture-rate"), tr("entry.capture-rate", ["rate": String(species.captureRate)])),
        ]
        if let experience = species.baseExperience {
            fields.append((tr("entry.field.base-experience"), Translator.current.format.integer(experience)))
        }
        let kind = [
            species.legendary ? tr("entry.kind.legendary") : nil, species.mythical ? tr("entry.kind.mythical") : nil,
            species.baby ? tr("entry.kind.baby") : nil,
        ].compactMap { $0 }
        if !kind.isEmpty { fields.append((tr("entry.field.kind"), kind.joined(separator: tr("entry.list-separator")))) }
        return fields
    }

    /// The species' Pokédex text as the last field, when there is one.
    /// The Pokédex text, naming its game where the profile knows it ("… (Scarlet)").
    func pokedexField(_ species: Species, game: String? = nil) -> [(String, String)] {
        localizer.flavorText(species).map { text in
            [(tr("entry.field.pokedex"), game.map { tr("entry.pokedex-entry", ["text": text, "game": $0]) } ?? text)]
        } ?? []
    }

    /// "Sparky (Pikachu)" or "Pikachu".
    func title(_ entry: CollectionEntry) -> String {
        guard let nickname = entry.nickname else { return entry.name }
        return tr("entry.title.nicknamed", ["nickname": nickname, "species": entry.name])
    }

    /// `2026-11-21` (in English; as the language writes a day otherwise), in the user's time zone.
    func date(_ date: Date) -> String {
        let time = LocalTime(date, timeZone)
        return Translator.current.format.date(year: time.year, month: time.month, day: time.day)
    }

    /// `2026-11-21` in English, `26. 11. 21.` in Korean: a day in a table's column.
    func shortDate(_ date: Date) -> String {
        let time = LocalTime(date, timeZone)
        return Translator.current.format.shortDate(year: time.year, month: time.month, day: time.day)
    }

    /// `2026-11-21 07:35` (in English), in the user's time zone.
    func dateTime(_ date: Date) -> String {
        let time = LocalTime(date, timeZone)
        return Translator.current.format.dateTime(
            year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute)
    }

    /// A day as wide as any in the current language (months and days always take two digits): measures date columns.
    static var sampleDate: String { Translator.current.format.date(year: 2000, month: 10, day: 10) }
    static var sampleShortDate: String { Translator.current.format.shortDate(year: 2000, month: 10, day: 10) }

    /// `0.4 m`, `0,4 m`: the decimal separator as the language writes it.
    func metres(_ decimetres: Int) -> String {
        tr("entry.metres", ["value": Translator.current.format.decimal(Double(decimetres) / 10, digits: 1)])
    }

    func kilograms(_ hectograms: Int) -> String {
        tr("entry.kilograms", ["value": Translator.current.format.decimal(Double(hectograms) / 10, digits: 1)])
    }

    static func padded(_ value: Int, _ width: Int, with pad: String = "0") -> String {
        let digits = String(value)
        return String(repeating: pad, count: max(0, width - digits.count)) + digits
    }
}

/// A moment as a wall clock in a time zone shows it: plain arithmetic on the proleptic Gregorian
/// calendar (what DateFormatter prints), without a formatter per command or per row.
struct LocalTime {
    var year: Int, month: Int, day: Int, hour: Int, minute: Int

    init(_ date: Date, _ timeZone: TimeZone?) {
        let offset = (timeZone ?? .current).secondsFromGMT(for: date)
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = seconds - days * 86_400
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        (year, month, day) = GregorianDays.civil(fromDays: days)
    }
}
