import Foundation
import MydexModel
import MydexServices
import MydexText

/// The species object, the same in every document.
struct SpeciesJSON: Encodable, Sendable {
    var dex: Int
    var species: String
    var name: String
    /// The name in every language PokeAPI has, by language code.
    var names: [String: String]
    var genus: String?
    var types: [String]
    var typeNames: [String]
    var generation: Int?
    var heightMetres: Double
    var weightKilograms: Double
    var captureRate: Int
    var baseExperience: Int?
    var legendary: Bool
    var mythical: Bool
    var baby: Bool
    var flavorText: String?
    var sprite: String?
    var shinySprite: String?
    var cry: String?
    /// `builtin` (the catalog compiled into mydex) or `api` (fetched from PokeAPI).
    var source: String
    /// Base stats by PokeAPI stat name (`hp`, `attack`, …), and their sum.
    var stats: [String: Int]?
    var statTotal: Int?
    var abilities: [AbilityJSON]?
    /// Every path of the chain from its first species, in `dex` and `show` only.
    var evolution: [[EvolutionStepJSON]]?
    var eggGroups: [TermJSON]?
    /// Chance of being female in percent; absent when `genderless`.
    var femalePercent: Double?
    var genderless: Bool?
    var growthRate: String?
    var habitat: TermJSON?
    /// Training and breeding, in `dex` and `show`: effort values given by stat (those that
    /// give some), base friendship, the chance of a Poké Ball at full HP (0–1, generation 5
    /// and later), egg cycles and the steps they take (257 a cycle).
    var effortYield: [String: Int]?
    var baseFriendship: Int?
    var catchChance: Double?
    var eggCycles: Int?
    var eggSteps: Int?
    /// `dex` only: what it may hold in the wild, `{item, name, rarity, game}` a game (PokeAPI's
    /// item id and version identifier, rarity in percent), in the games' order.
    var heldItems: [HeldItemJSON]?
    /// `dex` and `show` only: the game `flavorText` is from, by name, where the catalog knows it.
    var flavorTextGame: String?

    struct HeldItemJSON: Encodable, Sendable {
        var item: Int
        var name: String
        var rarity: Int
        var game: String
    }
    /// What each attacking type does to it by the current games' chart, in the chart's order,
    /// and its abilities that change that (noted, not applied): in `dex` and `show`.
    var typeDefenses: [TypeDefenseJSON]?
    var abilityEffects: [AbilityEffectJSON]?
    /// With `dex --game`: the game whose generation's chart `typeDefenses` follow.
    var typeChart: TypeChartJSON?

    struct TypeChartJSON: Encodable, Sendable {
        var game: String
        var name: String
        var generation: Int
    }
    /// The form shown (`dex NAME --form …`), and every form of the species: in `dex` only.
    var form: FormJSON?
    var forms: [FormJSON]?
    /// Every game's Pokédex entry, each text once with its games: with `dex --all-entries` only.
    var pokedexEntries: [PokedexEntryJSON]?

    struct AbilityJSON: Encodable, Sendable {
        var slug: String
        var name: String
        var hidden: Bool
    }

    struct TermJSON: Encodable, Sendable {
        var slug: String
        var name: String
    }

    /// An attacking type and the multiplier its moves have: 0, 0.25, 0.5, 1, 2 or 4.
    struct TypeDefenseJSON: Encodable, Sendable {
        var type: String
        var name: String
        var multiplier: Double
    }

    /// An ability that changes what hurts its Pokémon: each effect is a type with its multiplier
    /// (Levitate: ground 0), or a rule (`only-super-effective`; `super-effective-reduced`, 0.75).
    struct AbilityEffectJSON: Encodable, Sendable {
        var ability: String
        var name: String
        var effects: [Effect]

        struct Effect: Encodable, Sendable {
            var type: String?
            var rule: String?
            var multiplier: Double?
        }
    }

    /// A species on a path of its evolution chain, and how it evolves from the one before.
    struct EvolutionStepJSON: Encodable, Sendable {
        var dex: Int
        var species: String
        var name: String
        var held: Int
        var methods: [EvolutionMethodJSON]
        /// `methods` as text, in the display language.
        var description: String?
    }

    /// One way of evolving: PokeAPI's trigger and conditions (`Species.Evolution`'s fields), and
    /// the trigger's localized name.
    struct EvolutionMethodJSON: Encodable, Sendable {
        var method: Species.Evolution
        var triggerName: String

        private enum Keys: String, CodingKey { case triggerName }

        func encode(to encoder: any Encoder) throws {
            try method.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(triggerName, forKey: .triggerName)
        }
    }

    /// A species with its base stats, abilities, breeding and, when `profile` has the chain (in
    /// `dex` and `show`), its evolution; names from `profile`'s terms.
    init(_ species: Species, _ localizer: Localizer, profile: SpeciesProfile) {
        self.init(species, localizer)
        let presentation = Presentation(timeZone: nil, localizer: localizer)
        stats = species.stats
        statTotal = species.stats.map { $0.values.reduce(0, +) }
        abilities = species.abilities?.map {
            AbilityJSON(slug: $0.name, name: presentation.abilityName($0.name, profile), hidden: $0.hidden)
        }
        if profile.chain.count > 1 {
            evolution = presentation.evolutionChains(profile).map { path in
                path.map { link in
                    EvolutionStepJSON(
                        dex: link.id, species: link.speciesName, name: link.name, held: link.held,
                        methods: link.evolution.map {
                            EvolutionMethodJSON(method: $0, triggerName: presentation.termName("evolution-trigger", $0.trigger, profile))
                        },
                        description: link.evolution.isEmpty ? nil
                            : presentation.evolutionMethods(link.evolution, profile))
                }
            }
        }
        typeChart = profile.chartGame.map { TypeChartJSON(game: $0.identifier, name: $0.name, generation: $0.generation) }
        if !profile.typeDefenses.isEmpty {
            typeDefenses = profile.typeDefenses.map {
                TypeDefenseJSON(type: $0.type, name: localizer.typeName($0.type), multiplier: Double($0.factor) / 100)
            }
            abilityEffects = profile.abilityDefenses.map { note in
                AbilityEffectJSON(ability: note.ability, name: presentation.abilityName(note.ability, profile), effects: note.effects.map {
                    switch $0 {
                    case .type(let type, let percent): .init(type: type, rule: nil, multiplier: Double(percent) / 100)
                    case .onlySuperEffective: .init(type: nil, rule: "only-super-effective", multiplier: nil)
                    case .superEffectiveReduced: .init(type: nil, rule: "super-effective-reduced", multiplier: 0.75)
                    }
                })
            }
        }
        eggGroups = species.eggGroups?.map { TermJSON(slug: $0, name: profile.name("egg-group", $0) ?? $0) }
        if let rate = species.genderRate {
            genderless = rate < 0
            femalePercent = rate < 0 ? nil : Double(rate) * 12.5
        }
        growthRate = species.growthRate
        habitat = species.habitat.map { TermJSON(slug: $0, name: presentation.termName("habitat", $0, profile)) }
        effortYield = species.effortYield
        baseFriendship = species.baseFriendship
        catchChance = (CatchOdds.pokeBallAtFullHP(captureRate: species.captureRate) * 10_000).rounded() / 10_000
        eggCycles = species.eggCycles
        eggSteps = species.eggCycles.map(CatchOdds.eggSteps)
        flavorTextGame = profile.pokedexGame
        heldItems = profile.heldItems.isEmpty ? nil
            : profile.heldItems.map { HeldItemJSON(item: $0.item, name: $0.name, rarity: $0.rarity, game: $0.game) }
    }

    private init(_ species: Species, _ localizer: Localizer) {
        dex = species.id
        self.species = species.name
        name = localizer.name(species)
        names = species.names
        genus = localizer.genus(species)
        types = species.types
        typeNames = species.types.map(localizer.typeName)
        generation = species.generation
        heightMetres = Double(species.height) / 10
        weightKilograms = Double(species.weight) / 10
        captureRate = species.captureRate
        baseExperience = species.baseExperience
        legendary = species.legendary
        mythical = species.mythical
        baby = species.baby
        flavorText = localizer.flavorText(species)
        sprite = species.sprite
        shinySprite = species.shinySprite
        cry = species.cry
        source = species.source.rawValue
    }
}

/// A form: PokeAPI's id and identifier, its names, and what kind it is.
struct FormJSON: Encodable, Sendable {
    var id: Int
    /// PokeAPI's identifier (`vulpix-alola`): what `--form` and lookups accept.
    var form: String
    var name: String
    var formName: String?
    var `default`: Bool
    var regional: Bool
    var mega: Bool
    var gigantamax: Bool
    var cosmetic: Bool
    var battleOnly: Bool
    /// Whether a catch can meet it.
    var wild: Bool
    var types: [String]
    /// Whether mydex has a box sprite of this form's own (else the species' is drawn).
    var ownSprite: Bool

    init(_ form: PokemonForm, speciesName: String) {
        id = form.id
        self.form = form.identifier
        name = Presentation.formName(form, speciesName: speciesName)
        formName = form.formName
        `default` = form.isSpeciesDefault
        regional = form.regional
        mega = form.mega
        gigantamax = form.gmax
        cosmetic = form.cosmetic
        battleOnly = form.battleOnly
        wild = form.wild
        types = form.types
        ownSprite = form.hasOwnSprite
    }
}

/// One Pokédex entry in JSON: the games that show it (PokeAPI's identifiers and their names),
/// the text, and the language it is in.
struct PokedexEntryJSON: Encodable, Sendable {
    var games: [String]
    var gameNames: [String]
    var text: String
    var language: String

    init(_ entry: PokedexEntry) {
        games = entry.games.map(\.identifier)
        gameNames = entry.games.map(\.name)
        text = entry.text
        language = entry.language
    }
}
