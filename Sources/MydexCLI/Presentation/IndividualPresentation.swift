import Foundation
import MydexModel
import MydexServices
import MydexText

extension Presentation {
    /// What sets the entry apart, as `show` prints it and `browse` shows it: level, gender,
    /// nature (what it raises and lowers), ability, characteristic, each stat with its IV and EV
    /// beside it, the IVs' share, Hidden Power, moves and held item, then where it came from.
    /// One line, "unknown", for an entry caught before mydex kept it.
    func individualFields(_ entry: CollectionEntry, _ words: IndividualWords) -> [(String, String)] {
        guard let individual = entry.individual else {
            return [(tr("individual.label.individual"), tr("individual.unknown"))]
        }
        let format = Translator.current.format
        var fields: [(String, String)] = [
            (tr("individual.label.level"), format.integer(individual.level)),
            (tr("individual.label.gender"), genderText(individual.gender)),
        ]
        if let nature = words.nature { fields.append((tr("individual.label.nature"), natureText(nature, statNames: words.statNames))) }
        if let ability = words.ability {
            fields.append((tr("individual.label.ability"),
                           individual.hiddenAbility ? tr("individual.ability.hidden", ["ability": ability]) : ability))
        }
        if let characteristic = words.characteristic { fields.append((tr("individual.label.characteristic"), characteristic)) }
        // Its stats under one label, each name padded to the widest (the species' base stats,
        // further down, have a line each under their own names).
        let names = StatKind.allCases.map { words.statNames[$0] ?? $0.rawValue }
        let width = names.map(TerminalText.displayWidth).max() ?? 0
        let numbers = StatKind.allCases.map { stat in entry.stats.map { format.integer($0[stat]) } ?? "?" }
        let numberWidth = numbers.map(\.count).max() ?? 0
        for (index, stat) in StatKind.allCases.enumerated() {
            let values = [
                "stat": names[index] + String(repeating: " ", count: width - TerminalText.displayWidth(names[index])),
                "value": String(repeating: " ", count: numberWidth - numbers[index].count) + numbers[index],
                "iv": format.integer(individual.ivs[stat]), "ev": format.integer(individual.evs[stat]),
            ]
            fields.append((index == 0 ? tr("individual.label.stats") : "",
                           individual.hasDVs ? tr("individual.stat.classic", values) : tr("individual.stat", values)))
        }
        fields.append((individual.hasDVs ? tr("individual.label.dv-total") : tr("individual.label.iv-total"),
                       format.percent(individual.ivPercentRounded, digits: 2)))
        let power = individual.hiddenPower
        fields.append((tr("individual.label.hidden-power"), tr("individual.hidden-power", [
            "type": localizer.typeName(power.type), "power": format.integer(power.power),
        ])))
        fields.append((tr("individual.label.moves"), words.moves.isEmpty ? "—" : words.moves.listJoined()))
        fields.append((tr("individual.label.held-item"), words.heldItem ?? "—"))
        if let origin = entry.origin { fields += originFields(origin, individual, words) }
        if let saved = entry.saved { fields += savedFields(saved, metPlace: words.metPlace) }
        return fields
    }

    /// What a game's file kept of an entry read from it: experience, friendship, Pokérus, where
    /// it was met, and where in which file it was.
    func savedFields(_ saved: SavedRecord, metPlace: String?) -> [(String, String)] {
        let format = Translator.current.format
        let details = saved.details
        var fields = [(tr("individual.label.experience"), format.integer(details.experience))]
        // An egg keeps its egg cycles left where a Pokémon keeps its friendship.
        if let friendship = details.friendship {
            let label = details.isEgg ? tr("individual.label.egg-cycles") : tr("individual.label.friendship")
            fields.append((label, format.integer(friendship)))
        }
        // The Pokérus byte: its strain in the high four bits, the days left in the low four.
        if let pokerus = details.pokerus, pokerus != 0 {
            fields.append((tr("individual.label.pokerus"), pokerus & 0xF > 0 ? tr("individual.pokerus.infected") : tr("individual.pokerus.cured")))
        }
        if let place = metPlace ?? details.metLocation {
            fields.append((tr("individual.label.met"), details.metLevel.map {
                tr("individual.met.level", ["place": place, "level": format.integer($0)])
            } ?? place))
        }
        fields.append((tr("individual.label.save"), tr("individual.save", [
            "game": saved.game ?? "—", "place": SavedRecord.placeText(box: saved.box, slot: saved.slot), "file": String(saved.sha256.prefix(12)),
        ])))
        return fields
    }

    /// A nature with the stat it raises and the one it lowers: "Adamant (+Attack, −Special Attack)".
    func natureText(_ nature: NatureInfo, statNames: [StatKind: String]) -> String {
        guard let raised = nature.effect.raised, let lowered = nature.effect.lowered else {
            return tr("individual.nature.neutral", ["nature": nature.name])
        }
        return tr("individual.nature.effect", [
            "nature": nature.name, "raised": statNames[raised] ?? raised.rawValue, "lowered": statNames[lowered] ?? lowered.rawValue,
        ])
    }

    func genderText(_ gender: Gender) -> String {
        gender == .genderless ? tr("individual.gender.genderless") : gender.symbol
    }

    /// How it was made and by whom: a random catch or an encounter (by which generation's
    /// rules), or added by hand (in which game, which values were drawn), and its trainer.
    func originFields(_ origin: EntryOrigin, _ individual: Individual, _ words: IndividualWords) -> [(String, String)] {
        let generation = Translator.current.format.integer(individual.generation)
        var fields: [(String, String)] = []
        switch origin.kind {
        case .catch:
            fields.append((tr("individual.label.origin"), tr("individual.origin.catch", ["generation": generation])))
        case .encounter:
            fields.append((tr("individual.label.origin"), tr("individual.origin.encounter", [
                "game": words.game ?? origin.game ?? "?", "generation": generation,
            ])))
        case .hand:
            fields.append((tr("individual.label.origin"), words.game.map { tr("individual.origin.hand-game", ["game": $0]) }
                ?? tr("individual.origin.hand")))
            if let ball = words.ball { fields.append((tr("individual.label.ball"), ball)) }
            if !origin.drawn.isEmpty {
                fields.append((tr("individual.label.drawn"), origin.drawn.map(drawnName).listJoined()))
            }
        case .save:
            fields.append((tr("individual.label.origin"), words.game.map { tr("individual.origin.save-game", ["game": $0]) }
                ?? tr("individual.origin.save")))
            if let ball = words.ball { fields.append((tr("individual.label.ball"), ball)) }
        case .set:
            fields.append((tr("individual.label.origin"), tr("individual.origin.set")))
            if let ball = words.ball { fields.append((tr("individual.label.ball"), ball)) }
        }
        if let trainer = Self.trainerText(origin) { fields.append((tr("individual.label.trainer"), trainer)) }
        return fields
    }

    /// Its original trainer as the games show one: the name and the five-digit ID (the lower
    /// 16 bits; the secret ID is never shown), "LANDON (ID 02928)"; nil without a name.
    static func trainerText(_ origin: EntryOrigin) -> String? {
        guard let trainer = origin.trainer else { return nil }
        return origin.trainerID.map { tr("individual.trainer", ["name": trainer, "id": padded(Int($0 & 0xFFFF), 5)]) } ?? trainer
    }

    /// The label of a value `add` drew, by its JSON name.
    func drawnName(_ field: String) -> String {
        switch field {
        case "level": tr("individual.label.level")
        case "gender": tr("individual.label.gender")
        case "nature": tr("individual.label.nature")
        case "ability": tr("individual.label.ability")
        case "ivs": tr("individual.label.ivs")
        case "moves": tr("individual.label.moves")
        case "heldItem": tr("individual.label.held-item")
        default: field
        }
    }
}
