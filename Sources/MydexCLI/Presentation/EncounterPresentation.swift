import Foundation
import MydexServices
import MydexModel
import MydexText

/// Encounters in words: the ways of meeting Pokémon, the parts of places, and the conditions
/// of an encounter, in the user's language; and an encounter table as a person reads it.
enum EncounterWords {
    /// The encounter methods mydex has words for (PokeAPI's `encounter_methods.csv`, those its
    /// tables use).
    static let methods: Set<String> = [
        "walk", "old-rod", "good-rod", "super-rod", "surf", "rock-smash", "headbutt", "dark-grass", "grass-spots",
        "cave-spots", "bridge-spots", "super-rod-spots", "surf-spots", "yellow-flowers", "purple-flowers", "red-flowers",
        "rough-terrain", "gift", "gift-egg", "static", "pokeflute", "headbutt-low", "headbutt-normal", "headbutt-high",
        "squirt-bottle", "wailmer-pail", "seaweed", "roaming-grass", "roaming-water", "devon-scope", "feebas-tile-fishing",
        "island-scan", "sos", "bubbling-spots", "berry-trees", "npc-trade", "sos-from-bubbling-spot", "overworld",
        "overworld-water", "overworld-flying", "overworld-special", "overworld-flying-special", "overworld-water-special",
        "horde", "colosseum-bonus-disc-us", "colosseum-bonus-disc-jpn", "pokemon-channel-pal", "pokemon-ranger", "snag",
        "snag-rematch", "pokespot", "hidden-grotto", "honey-tree", "overworld-dirt", "wanderer", "wanderer-water",
        "chase-water", "dynamax-adventure", "max-raid", "trash-can-ambush", "rustling-bush-ambush", "ceiling-ambush",
        "ground-ambush", "sky-ambush",
    ]

    /// How a Pokémon is met, in words ("Old Rod", "낡은낚싯대"); PokeAPI's identifier, spaced,
    /// for a way mydex does not know yet.
    static func method(_ identifier: String) -> String {
        methods.contains(identifier) ? tr("dex.where.method.\(identifier)") : spaced(identifier)
    }

    /// The condition values whose words are a message of their own (`dex.where.condition.*`);
    /// the others are patterns with a name or a number in them (`condition(_:names:)`).
    static let fixedConditions: Set<String> = [
        "swarm-yes", "swarm-no", "time-morning", "time-day", "time-night", "radar-on", "radar-off", "radio-off",
        "radio-hoenn", "radio-sinnoh", "season-spring", "season-summer", "season-autumn", "season-winter",
        "tv-option-blue", "tv-option-red", "slot2-none", "story-progress-awakened-beasts",
        "story-progress-beat-galactic-coronet", "story-progress-oak-eterna-city", "story-progress-vermilion-copycat",
        "story-progress-beat-elite-four-round-two", "story-progress-hall-of-fame", "story-progress-national-dex",
        "story-progress-before-national-dex", "story-progress-before-hall-of-fame", "story-progress-cure-eldritch-nightmares",
        "story-progress-defeat-jupiter", "story-progress-beat-team-galactic-iron-island", "story-progress-zephyr-badge",
        "story-progress-beat-red", "story-progress-receive-tm-from-claire", "story-progress-defeat-mars",
        "story-progress-returned-machine-part", "story-progress-juniper-cave-of-being", "story-progress-quake-badge",
        "defeated-ghetsis", "story-progress-defeated-groudon-or-kyogre", "story-progress-finished-looker-sidequest",
        "story-progress-beat-olivias-trial", "story-progress-catch-all-shadow-pokemon", "other-complete-mt-battle",
        "story-progress-master-dojo-complete-first-trial", "story-progress-master-dojo-complete-third-trial",
        "story-progress-save-village-from-glastrier-spectrier", "story-progress-catch-five-ultra-beasts",
        "other-snorlax-11-beat-league", "other-virtual-console", "other-talk-to-cynthias-grandmother",
        "other-correct-password", "other-received-kanto-starter", "other-regirock-regice-registeel-in-party",
        "other-talked-to-32-people-underground", "other-event-arceus-in-party", "other-captured-reshiram-or-zekrom",
        "other-found-11-times-roaming", "other-uxie-mesprit-azelf-in-party",
        "other-nicknamed-cold-item-regice-regirock-registeel3", "other-dialga-or-palkia-in-party", "other-castform-in-party",
        "other-level-100-pokemon-in-party", "other-tornadus-thundurus-in-party", "other-reshiram-zekrom-in-party",
        "other-captured-all-ultra-beasts", "other-raikou-entei-in-party", "other-groudon-kyogre-in-party",
        "other-dialga-palkia-in-party", "other-scan-qr-code", "other-caught-articuno", "other-caught-zapdos",
        "other-caught-moltres", "other-giratina-not-caught-in-distortion-world", "other-find-50-cavern-footprints",
        "other-find-50-grassland-footprints", "other-find-50-iron-will-footprints",
        "other-regirock-regice-registeel-regieleki-regidrago-in-party", "other-choose-regieleki-pattern",
        "other-choose-regidrago-pattern", "other-grow-iceroot-carrot", "other-grow-shaderoot-carrot",
        "other-talked-to-32-people", "other-eat-curry-with-cobalion-terrakion-virizion", "other-witness-galarian-bird-fight",
        "weekday-sunday", "weekday-monday", "weekday-tuesday", "weekday-wednesday", "weekday-thursday", "weekday-friday",
        "weekday-saturday", "first-party-pokemon-high-friendship", "special-encounter-couldnt-capture-before",
        "great-marsh-daily-slot-none", "honey-tree-group-a", "honey-tree-group-b", "honey-tree-group-c",
        "headbutt-tree-common", "headbutt-tree-rare", "headbutt-tree-secret", "backlot-not-mentioned", "backlot-mentioned",
        "bug-catching-contest-no", "bug-catching-contest-yes", "save-data-from-lets-go-pikachu",
        "save-data-from-lets-go-eevee", "johto-safari-blocks-inactive", "max-den-rarity-common", "max-den-rarity-rare",
        "max-den-rarity-special", "weather-normal", "weather-overcast", "weather-raining", "weather-thunderstorm",
        "weather-snowing", "weather-snowstorm", "weather-sandstorm", "weather-intense-sun", "weather-fog",
        "berry-tree-type-red", "berry-tree-type-blue", "berry-tree-type-purple", "berry-tree-type-green",
        "berry-tree-type-yellow", "berry-tree-type-pink", "trash-can-type-daily", "trash-can-type-tuesday",
        "trash-can-type-thursday",
    ]

    /// What the patterned conditions name, found in the catalog before they are put in words:
    /// Pokémon (`trade-meowth-galar`, `starter-bulbasaur`), items (`item-helix-fossil`) and games
    /// (`slot2-firered`) by PokeAPI identifier, in the user's language.
    struct Names: Sendable {
        var pokemon: [String: String] = [:]
        var items: [String: String] = [:]
        var games: [String: String] = [:]
        /// Parts of places named as something the catalog names: the Friend Safari's areas
        /// are its types (`electric`).
        var areas: [String: String] = [:]

        /// The Pokémon, item and game identifiers that `conditions` name.
        static func wanted(by conditions: some Sequence<String>) -> (pokemon: Set<String>, games: Set<String>) {
            var pokemon: Set<String> = [], games: Set<String> = []
            for condition in conditions {
                if let rest = condition.dropPrefix("trade-") {
                    pokemon.formUnion(rest.components(separatedBy: "-or-"))
                } else if let rest = condition.dropPrefix("starter-") {
                    pokemon.insert(rest)
                } else if let rest = condition.dropPrefix("slot2-"), rest != "none" {
                    games.insert(rest)
                }
            }
            return (pokemon, games)
        }
    }

    /// A condition value in words: its own message, or a pattern filled with the names and
    /// numbers it holds; PokeAPI's identifier, spaced, for one mydex does not know.
    static func condition(_ value: String, names: Names) -> String {
        if fixedConditions.contains(value) { return tr("dex.where.condition.\(value)") }
        let number = { (text: String) in Int(text).map { Translator.current.format.integer($0) } }
        if let rest = value.dropPrefix("trade-") {
            let partners = rest.components(separatedBy: "-or-").map { names.pokemon[$0] ?? spaced($0) }
            let partner = partners.count == 2 ? tr("dex.where.condition.or", ["first": partners[0], "second": partners[1]])
                : partners.joined(separator: tr("profile.list-separator"))
            return tr("dex.where.condition.trade", ["pokemon": partner])
        }
        if let rest = value.dropPrefix("starter-") { return tr("dex.where.condition.starter", ["pokemon": names.pokemon[rest] ?? spaced(rest)]) }
        if let rest = value.dropPrefix("slot2-") { return tr("dex.where.condition.slot2", ["game": names.games[rest] ?? spaced(rest)]) }
        if let rest = value.dropPrefix("item-") { return tr("dex.where.condition.item", ["item": names.items[rest] ?? spaced(rest)]) }
        if let rest = value.dropPrefix("coins-"), let count = number(rest) { return tr("dex.where.condition.coins", ["count": count]) }
        if let rest = value.dropPrefix("friend-safari-slot-") { return tr("dex.where.condition.friend-safari-slot", ["number": rest]) }
        if let rest = value.dropPrefix("great-marsh-daily-slot-"), let count = number(rest.replacingOccurrences(of: "-of-32", with: "")) {
            return tr("dex.where.condition.great-marsh-daily", ["count": count])
        }
        if let rest = value.dropPrefix("alolan-diglett-found-"), let count = number(rest) {
            return tr("dex.where.condition.alolan-diglett", ["count": count])
        }
        if let rest = value.dropPrefix("max-den-rating-"), let stars = Int(rest.replacingOccurrences(of: "-star", with: "")), stars > 0 {
            return tr("dex.where.condition.max-raid-stars", ["stars": String(repeating: "★", count: min(stars, 7))])
        }
        if let rest = value.dropPrefix("johto-safari-blocks-") {
            let parts = rest.components(separatedBy: "-min-")
            if parts.count == 2, ["plains", "forest", "peak", "water"].contains(parts[0]), let count = number(parts[1]) {
                return tr("dex.where.condition.safari-blocks", ["terrain": tr("dex.where.condition.terrain.\(parts[0])"), "count": count])
            }
        }
        // time-minute-00-to-19, and time-04-00-to-19-59: two-digit numbers between dashes.
        if let rest = value.dropPrefix("time-minute-"), let minutes = digitPairs(rest), minutes.count == 3, minutes[1] == "to" {
            return tr("dex.where.condition.time-minutes", ["from": minutes[0], "to": minutes[2]])
        }
        if let rest = value.dropPrefix("time-"), let times = digitPairs(rest), times.count == 5, times[2] == "to" {
            return tr("dex.where.condition.time-range", ["from": "\(times[0]):\(times[1])", "to": "\(times[3]):\(times[4])"])
        }
        return spaced(value)
    }

    /// Values of one condition, any of which will do, in words: a pattern said once with its
    /// names together ("Ruby, Sapphire in the Game Boy Advance slot"), else each value's words.
    static func conditions(_ values: [String], names: Names) -> String {
        let separator = tr("profile.list-separator")
        let games = values.compactMap { $0.dropPrefix("slot2-") }
        if values.count > 1, games.count == values.count, !games.contains("none") {
            return tr("dex.where.condition.slot2", ["game": games.map { names.games[$0] ?? spaced($0) }.joined(separator: separator)])
        }
        return values.map { condition($0, names: names) }.joined(separator: separator)
    }

    /// The parts of places mydex has words for (`dex.where.area.*`); floors (`1f`, `b2f`) and
    /// numbered parts are patterns.
    static let areaWords: Set<String> = [
        "hidden-grotto", "main", "outside", "inside", "entrance", "north", "south", "east", "west", "cave", "summit", "roof",
        "underwater", "waterfall", "gym", "pokemon-center",
    ]

    /// Where an encounter is: the place's name, and the area's when the place has several:
    /// PokeAPI's whole name of the area in the user's language where it has one ("Mt. Moon
    /// B1F"), else the place and the part in words ("オツキミやま (B1F)"): floors as the games
    /// write them, the Friend Safari's by their types' names, a few common parts translated,
    /// the others in English words.
    static func place(_ encounter: Encounter, names: Names) -> String {
        place(locationName: encounter.locationName, area: encounter.area, areaName: encounter.areaName, names: names)
    }

    static func place(locationName: String, area: String?, areaName: String?, names: Names) -> String {
        guard let area else { return locationName }
        if let areaName { return areaName }
        return tr("dex.where.area", ["place": locationName, "area": names.areas[area] ?? areaPart(area)])
    }

    static func areaPart(_ area: String) -> String {
        // A floor: 1f, b2f (the games write 1F, B2F in every language).
        let floor = area.hasPrefix("b") ? area.dropFirst() : Substring(area)
        if floor.count > 1, floor.hasSuffix("f"), floor.dropLast().allSatisfy(\.isASCIIDigit) { return area.uppercased() }
        if areaWords.contains(area) { return tr("dex.where.area.\(area)") }
        if let letter = area.dropPrefix("max-den-"), letter.count == 1, letter.allSatisfy({ $0.isASCII && $0.isLetter }) {
            return tr("dex.where.area.max-den", ["letter": letter.uppercased()])
        }
        if let number = area.dropPrefix("area-"), number.allSatisfy(\.isASCIIDigit) { return tr("dex.where.area.numbered", ["number": number]) }
        if area == "area" { return tr("dex.where.area.main") }
        if let number = area.dropPrefix("unknown-area-"), number.allSatisfy(\.isASCIIDigit) {
            return tr("dex.where.area.unknown", ["number": number])
        }
        return titled(area)
    }

    /// An area's identifier as English words (`IdentifierWords.titled`).
    static func titled(_ identifier: String) -> String { IdentifierWords.titled(identifier) }

    /// `rest`'s parts between dashes when each is two digits or a word (`04-00-to-19-59`); nil
    /// when one is neither. (No Regex: Swift's would link 1.3 MB of its engine into the binary.)
    static func digitPairs(_ rest: String) -> [String]? {
        let parts = rest.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        let sound = parts.allSatisfy { part in
            (part.count == 2 && part.allSatisfy(\.isASCIIDigit)) || (!part.isEmpty && part.allSatisfy { $0.isASCII && $0.isLetter })
        }
        return sound ? parts : nil
    }

    /// PokeAPI's identifier as words, for what mydex has none of its own for.
    static func spaced(_ identifier: String) -> String { identifier.replacingOccurrences(of: "-", with: " ") }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    /// The rest of the string after `prefix`, when it starts with it and has more.
    func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) && count > prefix.count ? String(dropFirst(prefix.count)) : nil
    }
}

/// The conditions of encounters as the catalog has them: which condition each value is of
/// (`time-night` of `time`), and the values each takes in each version group's tables.
struct EncounterConditions: Sendable {
    var kinds: [String: String] = [:]
    /// Version group → condition → its values, in PokeAPI's order.
    var values: [String: [String: [String]]] = [:]

    init(_ all: [(identifier: String, condition: String)] = [], values: [String: [String: [String]]] = [:]) {
        for value in all { kinds[value.identifier] = value.condition }
        self.values = values
    }
}

/// One game's (or several games') encounters as a table shows them: for each place and way,
/// each Pokémon's levels and chance in the states of the world that give them
/// (`EncounterChances`), with the conditions that tell those states apart, in words.
struct EncounterRows: Equatable {
    struct Row: Equatable {
        var areaID: Int
        var place: String
        var pokemonID: Int
        var pokemon: String
        var method: String
        var levels: String
        var chance: Int
        var conditions: String
    }

    var rows: [Row]

    init(_ encounters: [Encounter], conditions: EncounterConditions, names: EncounterWords.Names) {
        struct Table: Hashable { var areaID: Int, method: String }
        var order: [Table] = []
        var tables: [Table: [Encounter]] = [:]
        for encounter in encounters {
            let key = Table(areaID: encounter.areaID, method: encounter.method)
            if tables[key] == nil { order.append(key) }
            tables[key, default: []].append(encounter)
        }
        var rows: [Row] = []
        // Each set of conditions is put in words once: a long table repeats a few.
        let separator = tr("dex.where.condition.separator")
        var words: [[String]: String] = [:]
        for key in order {
            guard let table = tables[key], let first = table.first else { continue }
            let pokemonNames = Dictionary(table.map { ($0.pokemonID, $0.pokemonName) }) { first, _ in first }
            let chances = EncounterChances.rows(
                table, values: conditions.values[first.versionGroup] ?? [:], kinds: conditions.kinds)
            let place = EncounterWords.place(first, names: names), method = EncounterWords.method(key.method)
            for chance in chances {
                let said = chance.conditions.map { set in
                    if let known = words[set] { return known }
                    let said = EncounterWords.conditions(set, names: names)
                    words[set] = said
                    return said
                }
                let row = Row(
                    areaID: key.areaID, place: place, pokemonID: chance.pokemonID,
                    pokemon: pokemonNames[chance.pokemonID] ?? "", method: method,
                    levels: chance.minLevel == chance.maxLevel ? String(chance.minLevel)
                        : tr("dex.where.levels", ["min": String(chance.minLevel), "max": String(chance.maxLevel)]),
                    chance: chance.chance, conditions: said.joined(separator: separator))
                if !rows.contains(row) { rows.append(row) }
            }
        }
        self.rows = rows
    }
}
