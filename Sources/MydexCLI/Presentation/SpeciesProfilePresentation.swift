import Foundation
import MydexServices
import MydexStore

/// Base stats, abilities, evolution and breeding as text, in `show` and `dex` alike.
extension Presentation {
    /// Cells of a stat bar at the highest base stat, 255: short enough to fit beside the
    /// narrowest label column a field wraps at (20 columns of value).
    static let barCells = 15

    /// Label–value fields: one bar per base stat and their total, the abilities, the evolution
    /// chain (one line per path, species you hold marked ✓), egg groups, gender ratio, growth
    /// rate and habitat; each only where PokeAPI has it.
    func profileFields(_ species: Species, _ profile: SpeciesProfile) -> [(String, String)] {
        var fields: [(String, String)] = []
        if let stats = species.stats, !stats.isEmpty {
            for stat in Species.statNames {
                guard let base = stats[stat] else { continue }
                fields.append((profile.name("stat", stat) ?? stat, Self.padded(base, 3, with: " ") + " " + Self.bar(base)))
            }
            fields.append(("Stat total", String(stats.values.reduce(0, +))))
        }
        if let abilities = species.abilities, !abilities.isEmpty {
            fields.append(("Abilities", abilities.map { ability in
                abilityName(ability.name, profile) + (ability.hidden ? " (hidden)" : "")
            }.joined(separator: ", ")))
        }
        let paths = evolutionPaths(profile)
        for (index, path) in paths.enumerated() { fields.append((index == 0 ? "Evolution" : "", path)) }
        if profile.chain.contains(where: { $0.held > 0 }), paths.count > 0 { fields.append(("", "✓ you hold one")) }
        if let groups = species.eggGroups, !groups.isEmpty {
            fields.append(("Egg groups", groups.map { profile.name("egg-group", $0) ?? $0 }.joined(separator: ", ")))
        }
        if let rate = species.genderRate { fields.append(("Gender", Self.genderRatio(rate))) }
        if let growth = species.growthRate { fields.append(("Growth rate", growth)) }
        if let habitat = species.habitat { fields.append(("Habitat", profile.name("habitat", habitat) ?? habitat)) }
        return fields
    }

    func abilityName(_ ability: String, _ profile: SpeciesProfile) -> String { profile.name("ability", ability) ?? ability }

    /// What bars are drawn with: a full cell, then one to seven eighths of one.
    static let barGlyphs: [Character] = ["█", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A bar of `barCells` cells for a base stat (0…255), in eighths of a cell.
    static func bar(_ base: Int) -> String {
        let eighths = (min(max(base, 0), 255) * barCells * 8 + 127) / 255
        return String(repeating: barGlyphs[0], count: eighths / 8) + (eighths % 8 == 0 ? "" : String(barGlyphs[eighths % 8]))
    }

    /// "50% ♂ / 50% ♀", "100% ♀" or "genderless", from PokeAPI's eighths female (-1: none).
    static func genderRatio(_ eighthsFemale: Int) -> String {
        guard eighthsFemale >= 0 else { return "genderless" }
        func percent(_ eighths: Int) -> String {
            let tenths = eighths * 125
            return tenths % 10 == 0 ? "\(tenths / 10)%" : "\(tenths / 10).\(tenths % 10)%"
        }
        switch eighthsFemale {
        case 0: return "100% ♂"
        case 8: return "100% ♀"
        default: return "\(percent(8 - eighthsFemale)) ♂ / \(percent(eighthsFemale)) ♀"
        }
    }

    /// The chain from its first species to each last one, e.g. "Pichu → Pikachu ✓ (Level up,
    /// friendship 220) → Raichu (Use item, item #83)": one line per branch.
    func evolutionPaths(_ profile: SpeciesProfile) -> [String] {
        evolutionChains(profile).map { path in
            path.map { link in
                link.name + (link.held > 0 ? " ✓" : "")
                    + (link.evolution.isEmpty ? "" : " (" + evolutionMethods(link.evolution, profile) + ")")
            }.joined(separator: " → ")
        }
    }

    /// Each path of the chain from a first species to a last one (none when it does not evolve).
    func evolutionChains(_ profile: SpeciesProfile) -> [[SpeciesProfile.Link]] {
        let chain = profile.chain
        guard chain.count > 1 else { return [] }
        let ids = Set(chain.map(\.id))
        var paths: [[SpeciesProfile.Link]] = []
        func walk(_ link: SpeciesProfile.Link, _ prefix: [SpeciesProfile.Link]) {
            let path = prefix + [link]
            let next = chain.filter { $0.evolvesFrom == link.id }
            if next.isEmpty { paths.append(path) }
            for child in next { walk(child, path) }
        }
        for root in chain where root.evolvesFrom.map({ !ids.contains($0) }) ?? true { walk(root, []) }
        return paths
    }

    /// The ways of evolving, e.g. "level 16" or "Level up, friendship 160, day; or Use item, item #85".
    func evolutionMethods(_ methods: [Species.Evolution], _ profile: SpeciesProfile) -> String {
        methods.map { evolution($0, profile) }.joined(separator: "; or ")
    }

    /// One way of evolving: "level 16", or the trigger's name and its conditions.
    func evolution(_ evolution: Species.Evolution, _ profile: SpeciesProfile) -> String {
        var parts: [String] = []
        if evolution.trigger == "level-up", let level = evolution.minLevel {
            parts.append("level \(level)")
        } else {
            parts.append(profile.name("evolution-trigger", evolution.trigger) ?? evolution.trigger)
            if let level = evolution.minLevel { parts.append("level \(level)") }
        }
        if let item = evolution.item { parts.append("item #\(item)") }
        if let item = evolution.heldItem { parts.append("holding item #\(item)") }
        if let happiness = evolution.minHappiness { parts.append("friendship \(happiness)") }
        if let affection = evolution.minAffection { parts.append("affection \(affection)") }
        if let beauty = evolution.minBeauty { parts.append("beauty \(beauty)") }
        if let time = evolution.timeOfDay { parts.append(time) }
        if let gender = evolution.gender { parts.append(gender == 1 ? "♀" : "♂") }
        if let move = evolution.knownMove { parts.append("knowing move #\(move)") }
        if let type = evolution.knownMoveType { parts.append("knowing a \(localizer.typeName(type)) move") }
        if let comparison = evolution.relativePhysicalStats {
            parts.append(comparison > 0 ? "Attack > Defense" : comparison < 0 ? "Attack < Defense" : "Attack = Defense")
        }
        if let type = evolution.partyType { parts.append("with a \(localizer.typeName(type)) Pokémon in the party") }
        if let partner = evolution.partySpecies {
            parts.append("with \(profile.otherSpecies[partner] ?? "#\(partner)") in the party")
        }
        if let partner = evolution.tradeSpecies { parts.append("for \(profile.otherSpecies[partner] ?? "#\(partner)")") }
        if evolution.needsRain == true { parts.append("in rain") }
        if evolution.upsideDown == true { parts.append("upside down") }
        if evolution.specialPlace == true { parts.append("at a special place") }
        return parts.joined(separator: ", ")
    }
}
