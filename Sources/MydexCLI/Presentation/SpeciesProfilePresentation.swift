import Foundation
import MydexModel
import MydexServices
import MydexText

/// Base stats, abilities, evolution and breeding as text, in `show` and `dex` alike.
extension Presentation {
    /// Cells of a stat bar at the highest base stat, 255: short enough to fit beside the
    /// narrowest label column a field wraps at (20 columns of value).
    static let barCells = 15

    /// Label–value fields: one bar per base stat and their total, the abilities, the evolution
    /// chain (one line per path, species you hold marked ✓), egg groups, gender ratio, growth
    /// rate and habitat; each only where PokeAPI has it.
    /// `training: false` leaves training and breeding out (`browse`'s detail page, whose
    /// screen keeps the Pokédex text and the history in view).
    func profileFields(_ species: Species, _ profile: SpeciesProfile, training: Bool = true) -> [(String, String)] {
        var fields: [(String, String)] = []
        let separator = tr("profile.list-separator")
        if let stats = species.stats, !stats.isEmpty {
            for stat in Species.statNames {
                guard let base = stats[stat] else { continue }
                fields.append((profile.name("stat", stat) ?? stat, Self.padded(base, 3, with: " ") + " " + Self.bar(base)))
            }
            fields.append((tr("profile.label.stat-total"), Translator.current.format.integer(stats.values.reduce(0, +))))
        }
        if let abilities = species.abilities, !abilities.isEmpty {
            fields.append((tr("profile.label.abilities"), abilities.map { ability in
                let name = abilityName(ability.name, profile)
                return ability.hidden ? tr("profile.ability.hidden", ["ability": name]) : name
            }.joined(separator: separator)))
        }
        fields += defenseFields(profile)
        let paths = evolutionPaths(profile)
        for (index, path) in paths.enumerated() { fields.append((index == 0 ? tr("profile.label.evolution") : "", path)) }
        if profile.chain.contains(where: { $0.held > 0 }), paths.count > 0 { fields.append(("", tr("profile.evolution.you-hold-one"))) }
        if let groups = species.eggGroups, !groups.isEmpty {
            fields.append((tr("profile.label.egg-groups"), groups.map { profile.name("egg-group", $0) ?? $0 }.joined(separator: separator)))
        }
        if let rate = species.genderRate { fields.append((tr("profile.label.gender"), Self.genderRatio(rate))) }
        if let growth = species.growthRate { fields.append((tr("profile.label.growth-rate"), termName("growth-rate", growth, profile))) }
        if training { fields += trainingFields(species, profile) }
        if let habitat = species.habitat { fields.append((tr("profile.label.habitat"), termName("habitat", habitat, profile))) }
        return fields
    }

    /// An entry as `show` prints it and `browse` shows it: its species, the entry's own
    /// fields (nickname, marks, dates), then the species' profile and Pokédex text.
    func entryFields(_ detail: EntryDetail, training: Bool = true) -> [(String, String)] {
        let (entry, species, profile) = (detail.entry, detail.species, detail.profile)
        var fields = [(tr("show.field.species"), "\(dexNumber(species.id)) \(localizer.name(species))")]
        fields += speciesFields(species)
        fields += [
            (tr("show.field.nickname"), entry.nickname ?? "—"),
            (tr("show.field.favorite"), entry.isFavorite ? tr("show.value.favorite") : tr("show.value.no")),
            (tr("show.field.shiny"), entry.isShiny ? tr("show.value.shiny") : tr("show.value.no")),
            (tr("show.field.caught"), dateTime(entry.caughtAt)),
        ]
        // Caught from an encounter: where it was met, and the ball that caught it.
        if let caught = detail.caught { fields += CatchRecordShown(caught).fields() }
        if let released = entry.releasedAt { fields.append((tr("show.field.released"), dateTime(released))) }
        fields += individualFields(entry, detail.words)
        return fields + profileFields(species, profile, training: training) + pokedexField(species, game: profile.pokedexGame)
    }

    func abilityName(_ ability: String, _ profile: SpeciesProfile) -> String { profile.name("ability", ability) ?? ability }

    /// What hurts the species, grouped as Pokédex sites group it: the types it is weak to (×4
    /// first), those it resists (×¼ first) and those that do nothing, then its abilities that
    /// change this, each noted apart ("Levitate: Ground ×0").
    func defenseFields(_ profile: SpeciesProfile) -> [(String, String)] {
        let separator = tr("profile.list-separator")
        let defenses = profile.typeDefenses
        var fields: [(String, String)] = []
        if let game = profile.chartGame {
            fields.append((tr("profile.label.type-chart"), tr("profile.type-chart", ["game": game.name, "generation": String(game.generation)])))
        }
        let weak = defenses.filter { $0.factor > 100 }.sorted { $0.factor > $1.factor }
        if !weak.isEmpty { fields.append((tr("profile.label.weak-to"), typeList(weak))) }
        let resisted = defenses.filter { $0.factor > 0 && $0.factor < 100 }.sorted { $0.factor < $1.factor }
        if !resisted.isEmpty { fields.append((tr("profile.label.resists"), typeList(resisted))) }
        let immune = defenses.filter { $0.factor == 0 }
        if !immune.isEmpty { fields.append((tr("profile.label.immune-to"), typeList(immune, multipliers: false))) }
        for (index, note) in profile.abilityDefenses.enumerated() {
            let effects = note.effects.map { effect in
                switch effect {
                case .type(let type, let percent):
                    tr("profile.type-multiplier", ["type": localizer.typeName(type), "multiplier": Self.multiplier(percent)])
                case .onlySuperEffective: tr("profile.ability-effect.only-super-effective")
                case .superEffectiveReduced: tr("profile.ability-effect.super-effective-reduced")
                }
            }
            fields.append((index == 0 ? tr("profile.label.ability-effects") : "", tr("profile.ability-effect", [
                "ability": abilityName(note.ability, profile), "effects": effects.joined(separator: separator),
            ])))
        }
        return fields
    }

    /// Training and breeding: the effort values it gives, its base friendship, the chance of a
    /// Poké Ball at full HP, and its egg cycles with their steps.
    func trainingFields(_ species: Species, _ profile: SpeciesProfile) -> [(String, String)] {
        var fields: [(String, String)] = []
        if let effort = species.effortYield, !effort.isEmpty {
            fields.append((tr("profile.label.ev-yield"), Species.statNames.compactMap { stat in
                effort[stat].map { tr("profile.ev-yield", ["count": $0, "stat": profile.name("stat", stat) ?? stat]) }
            }.joined(separator: tr("profile.list-separator"))))
        }
        if let friendship = species.baseFriendship {
            fields.append((tr("profile.label.base-friendship"), Translator.current.format.integer(friendship)))
        }
        let chance = CatchOdds.pokeBallAtFullHP(captureRate: species.captureRate)
        fields.append((tr("profile.label.catch-chance"), tr("profile.catch-chance", [
            "percent": Translator.current.format.percent(chance * 100, digits: chance < 0.1 ? 2 : 1),
        ])))
        if let held = heldItemsField(profile) { fields.append(held) }
        if let cycles = species.eggCycles {
            fields.append((tr("profile.label.egg-cycles"), tr("profile.egg-cycles", [
                "cycles": Translator.current.format.integer(cycles),
                "steps": Translator.current.format.integer(CatchOdds.eggSteps(cycles: cycles)),
            ])))
        }
        return fields
    }

    /// Wild held items in one version group: the one `dex --game` names, else the latest with any
    /// ("Light Ball 5% (Ultra Sun / Ultra Moon)"); all games are in JSON.
    func heldItemsField(_ profile: SpeciesProfile) -> (String, String)? {
        guard let last = profile.heldItems.last else { return nil }
        let asked = profile.chartGame.map { game in
            profile.heldItems.filter { $0.game == game.identifier || $0.versionGroup == game.identifier }
        }
        let items = asked ?? profile.heldItems.filter { $0.versionGroup == last.versionGroup }
        guard let first = items.first else {
            // The game asked for gives it nothing to hold, though others do: said, not left out.
            return profile.chartGame.map { (tr("profile.label.held-items"), tr("profile.held-items.none", ["game": $0.name])) }
        }
        var games: [String] = []
        for item in items where !games.contains(item.gameName) { games.append(item.gameName) }
        // An item the games of a version group all give at the same rarity, once.
        var shown: [String] = []
        for item in items where item.game == first.game {
            shown.append(tr("profile.held-item", [
                "item": item.name, "percent": Translator.current.format.percent(Double(item.rarity), digits: 0),
            ]))
        }
        return (tr("profile.label.held-items"), tr("profile.held-items", [
            "items": shown.joined(separator: tr("profile.list-separator")), "game": games.joined(separator: " / "),
        ]))
    }

    /// Types in the user's language, each with its multiplier ("Rock ×4, Water ×2") or without.
    func typeList(_ defenses: [TypeDefense], multipliers: Bool = true) -> String {
        defenses.map { defense in
            multipliers
                ? tr("profile.type-multiplier", ["type": localizer.typeName(defense.type), "multiplier": Self.multiplier(defense.factor)])
                : localizer.typeName(defense.type)
        }.joined(separator: tr("profile.list-separator"))
    }

    /// A damage factor in percent as the games' multiplier: 4, 2, 1¼, 1, ¾, ½, ¼, 0 (fractions
    /// as characters, so no language's decimal separator is involved).
    static func multiplier(_ percent: Int) -> String {
        let whole = percent / 100, quarters = percent % 100 / 25
        guard percent % 25 == 0 else { return String(Double(percent) / 100) }
        let fraction = ["", "¼", "½", "¾"][quarters]
        return whole == 0 && !fraction.isEmpty ? fraction : String(whole) + fraction
    }

    /// The data terms mydex's catalog names (`term.<kind>.<slug>`) in all nine languages, because
    /// PokeAPI names them in a few only. A slug outside these (a term PokeAPI adds later) is
    /// named by PokeAPI's English, else shown as it is.
    static let catalogTerms: [String: Set<String>] = [
        "growth-rate": ["slow", "medium", "fast", "medium-slow", "slow-then-very-fast", "fast-then-very-slow"],
        "habitat": ["cave", "forest", "grassland", "mountain", "rare", "rough-terrain", "sea", "urban", "waters-edge"],
        "evolution-trigger": [
            "level-up", "trade", "use-item", "shed", "spin", "tower-of-darkness", "tower-of-waters", "three-critical-hits",
            "take-damage", "other", "agile-style-move", "strong-style-move", "recoil-damage", "use-move",
            "three-defeated-bisharp", "gimmighoul-coins",
        ],
        "time-of-day": ["day", "night", "dusk", "full-moon"],
    ]

    /// The data languages in which PokeAPI names every term of a kind (its CSV tables'
    /// growth_rate_prose, pokemon_habitat_names, evolution_trigger_prose; German triggers are
    /// only four of sixteen, so German comes from the catalog, which copies those four).
    static let pokeAPITermLanguages: [String: Set<String>] = [
        "growth-rate": ["en", "fr", "de"],
        "habitat": ["en", "fr", "es", "es-419"],
        "evolution-trigger": ["en", "fr"],
    ]

    /// A growth rate, habitat, evolution trigger or time of day by name, never by slug:
    /// PokeAPI's name where the data language is one PokeAPI names these in, else the catalog's.
    func termName(_ kind: String, _ slug: String, _ profile: SpeciesProfile) -> String {
        if Self.pokeAPITermLanguages[kind]?.contains(localizer.language) == true, let name = profile.name(kind, slug) { return name }
        // Keys built from the slug: every one of `catalogTerms` is in the catalog.
        if Self.catalogTerms[kind]?.contains(slug) == true { return tr("term.\(kind).\(slug)") }
        return profile.name(kind, slug) ?? slug
    }

    /// An item by name in the data language (else English); `item #83` when the catalog lacks it.
    func itemName(_ id: Int, _ profile: SpeciesProfile) -> String {
        profile.name("item", String(id)) ?? tr("profile.evolution.item-id", ["id": String(id)])
    }

    /// A move by name in the data language (else English); `move #344` when the catalog lacks it.
    func moveName(_ id: Int, _ profile: SpeciesProfile) -> String {
        profile.name("move", String(id)) ?? tr("profile.evolution.move-id", ["id": String(id)])
    }

    /// What bars are drawn with: a full cell, then one to seven eighths of one.
    static let barGlyphs: [Character] = ["█", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A bar of `barCells` cells for a base stat (0…255), in eighths of a cell.
    static func bar(_ base: Int) -> String {
        let eighths = (min(max(base, 0), 255) * barCells * 8 + 127) / 255
        return String(repeating: barGlyphs[0], count: eighths / 8) + (eighths % 8 == 0 ? "" : String(barGlyphs[eighths % 8]))
    }

    /// "50% ♂ / 50% ♀", "100% ♀" or "genderless", from PokeAPI's eighths female (-1: none);
    /// percentages as the language writes them ("87,5 % ♂").
    static func genderRatio(_ eighthsFemale: Int) -> String {
        guard eighthsFemale >= 0 else { return tr("profile.gender.genderless") }
        func percent(_ eighths: Int) -> String {
            let tenths = eighths * 125
            return Translator.current.format.percent(Double(tenths) / 10, digits: tenths % 10 == 0 ? 0 : 1)
        }
        switch eighthsFemale {
        case 0: return "\(percent(8)) ♂"
        case 8: return "\(percent(8)) ♀"
        default: return "\(percent(8 - eighthsFemale)) ♂ / \(percent(eighthsFemale)) ♀"
        }
    }

    /// The chain from its first species to each last one, e.g. "Pichu → Pikachu ✓ (Level up,
    /// friendship 220) → Raichu (Use item, Thunder Stone)": one line per branch.
    func evolutionPaths(_ profile: SpeciesProfile) -> [String] {
        evolutionChains(profile).map { path in
            path.map { link in
                let name = link.name + (link.held > 0 ? " ✓" : "")
                guard !link.evolution.isEmpty else { return name }
                return tr("profile.evolution.step", ["species": name, "methods": evolutionMethods(link.evolution, profile)])
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

    /// The ways of evolving, e.g. "level 16" or "Level up, friendship 160, day; or Use item, Leaf Stone".
    func evolutionMethods(_ methods: [Species.Evolution], _ profile: SpeciesProfile) -> String {
        methods.map { evolution($0, profile) }.joined(separator: tr("profile.evolution.or"))
    }

    /// One way of evolving: "level 16", or the trigger's name and its conditions, each a whole
    /// phrase of the catalog.
    func evolution(_ evolution: Species.Evolution, _ profile: SpeciesProfile) -> String {
        // Numbers as the language writes them, passed as text: none of these phrases counts.
        func number(_ value: Int) -> String { Translator.current.format.integer(value) }
        func species(_ id: Int) -> String { profile.otherSpecies[id] ?? "#\(id)" }
        var parts: [String] = []
        if evolution.trigger == "level-up", let level = evolution.minLevel {
            parts.append(tr("profile.evolution.level", ["level": number(level)]))
        } else {
            parts.append(termName("evolution-trigger", evolution.trigger, profile))
            if let level = evolution.minLevel { parts.append(tr("profile.evolution.level", ["level": number(level)])) }
        }
        if let item = evolution.item { parts.append(itemName(item, profile)) }
        if let item = evolution.heldItem { parts.append(tr("profile.evolution.holding", ["item": itemName(item, profile)])) }
        if let happiness = evolution.minHappiness { parts.append(tr("profile.evolution.friendship", ["value": number(happiness)])) }
        if let affection = evolution.minAffection { parts.append(tr("profile.evolution.affection", ["value": number(affection)])) }
        if let beauty = evolution.minBeauty { parts.append(tr("profile.evolution.beauty", ["value": number(beauty)])) }
        if let time = evolution.timeOfDay { parts.append(termName("time-of-day", time, profile)) }
        if let gender = evolution.gender { parts.append(gender == 1 ? "♀" : "♂") }
        if let move = evolution.knownMove { parts.append(tr("profile.evolution.knowing-move", ["move": moveName(move, profile)])) }
        if let type = evolution.knownMoveType {
            parts.append(tr("profile.evolution.knowing-move-type", ["type": localizer.typeName(type)]))
        }
        if let comparison = evolution.relativePhysicalStats {
            parts.append(comparison > 0 ? tr("profile.evolution.attack-above-defense")
                : comparison < 0 ? tr("profile.evolution.attack-below-defense") : tr("profile.evolution.attack-equals-defense"))
        }
        if let type = evolution.partyType { parts.append(tr("profile.evolution.party-type", ["type": localizer.typeName(type)])) }
        if let partner = evolution.partySpecies { parts.append(tr("profile.evolution.party-species", ["species": species(partner)])) }
        if let partner = evolution.tradeSpecies { parts.append(tr("profile.evolution.trade-for", ["species": species(partner)])) }
        if evolution.needsRain == true { parts.append(tr("profile.evolution.rain")) }
        if evolution.upsideDown == true { parts.append(tr("profile.evolution.upside-down")) }
        if evolution.specialPlace == true { parts.append(tr("profile.evolution.special-place")) }
        // A form's own way: "as Galarian Meowth", "becomes Alolan Ninetales".
        if let form = evolution.fromForm { parts.append(tr("profile.evolution.from-form", ["form": profile.name("form", form) ?? form])) }
        if let form = evolution.toForm { parts.append(tr("profile.evolution.to-form", ["form": profile.name("form", form) ?? form])) }
        return parts.joined(separator: tr("profile.list-separator"))
    }
}
