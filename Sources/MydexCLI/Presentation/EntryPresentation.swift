import Foundation
import MydexServices
import MydexStore

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
            species.names[code].map { "\($0) (\(code))" }
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// A species as text, the same in `show` and `dex`: its names in other languages, genus,
    /// types, generation, size, capture rate, base experience and kind, as label–value fields.
    func speciesFields(_ species: Species) -> [(String, String)] {
        var fields: [(String, String)] = []
        if let otherNames = otherNames(species) { fields.append(("Also", otherNames)) }
        if let genus = localizer.genus(species) { fields.append(("Genus", genus)) }
        fields.append(("Types", localizer.types(species)))
        if let generation = species.generation { fields.append(("Generation", String(generation))) }
        fields += [
            ("Height", metres(species.height)),
            ("Weight", kilograms(species.weight)),
            ("Capture rate", "\(species.captureRate) of 255"),
        ]
        if let experience = species.baseExperience { fields.append(("Base exp.", String(experience))) }
        let kind = [species.legendary ? "legendary" : nil, species.mythical ? "mythical" : nil, species.baby ? "baby" : nil]
            .compactMap { $0 }
        if !kind.isEmpty { fields.append(("Kind", kind.joined(separator: ", "))) }
        return fields
    }

    /// The species' Pokédex text as the last field, when there is one.
    func pokedexField(_ species: Species) -> [(String, String)] {
        localizer.flavorText(species).map { [("Pokédex", $0)] } ?? []
    }

    /// "Sparky (Pikachu)" or "Pikachu".
    func title(_ entry: CollectionEntry) -> String {
        guard let nickname = entry.nickname else { return entry.name }
        return "\(nickname) (\(entry.name))"
    }

    /// `2026-11-21`, in the user's time zone.
    func date(_ date: Date) -> String {
        let time = LocalTime(date, timeZone)
        return "\(time.year)-\(Self.padded(time.month, 2))-\(Self.padded(time.day, 2))"
    }

    /// `2026-11-21 07:35`, in the user's time zone.
    func dateTime(_ date: Date) -> String {
        let time = LocalTime(date, timeZone)
        return "\(self.date(date)) \(Self.padded(time.hour, 2)):\(Self.padded(time.minute, 2))"
    }

    func metres(_ decimetres: Int) -> String { "\(decimetres / 10).\(decimetres % 10) m" }

    func kilograms(_ hectograms: Int) -> String { "\(hectograms / 10).\(hectograms % 10) kg" }

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
