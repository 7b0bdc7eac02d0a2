import Foundation
import MydexModel
import MydexServices
import MydexText

extension ImportCommand {
    /// A game's save or Pokémon file (a binary file): read, checked against the Pokédex before a
    /// missing collection is started, then merged in one transaction (or, with --dry-run, listed).
    func runSave(_ bytes: [UInt8], _ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .pokedexOnly)
        let plan = try await library.saves.read(bytes)
        let names = try await library.saves.names(plan)
        let target = library.isInMemory && !dryRun ? try await global.open(context, .create).0 : library
        let outcomes = try await target.saves.merge(plan, eggs: eggs, dryRun: dryRun)
        if let fallback = plan.fellBack {
            try printer.note(SafeText(tr("import.save.fell-back", [
                "part": fallback.part, "stored": SaveFileError.hex(fallback.stored), "computed": SaveFileError.hex(fallback.computed),
            ])))
        }
        let output = SaveImportOutput(plan: plan, outcomes: outcomes, names: names, dryRun: dryRun)
        if dryRun { return try printer.emit(output) }
        try printer.afterCommit(tr("import.committed", ["count": output.imported])) { try printer.emit(output) }
    }
}

/// `import` of a game's file: `{"dryRun", "kind", "game", "generation", "trainer": {name, id},
/// "sha256", "fellBack", "imported", "alreadyHere", "hatched", "eggs", "damaged", "pokemon": [...]}`, each
/// Pokémon with `box` (a number, or "party"), `slot`, `species`, `form`, `egg`, the individual's
/// fields under the names `list --json` uses, `details` and `action`; as text, with --dry-run a
/// table of them, then the summary.
struct SaveImportOutput: CommandOutput {
    let plan: SavePlan
    let outcomes: [SavedOutcome]
    let names: SaveNames
    let dryRun: Bool

    var imported: Int { outcomes.count { $0.action == .imported || $0.action == .wouldImport } }
    var hatched: Int { outcomes.count { $0.action == .hatched } }
    var alreadyHere: Int { outcomes.count { $0.action == .alreadyHere } }
    var eggs: Int { outcomes.count { $0.action == .egg } }
    var damaged: Int { outcomes.count { $0.action == .damaged } }

    struct Trainer: Encodable {
        var name: String
        var id: UInt32
    }

    struct FallbackJSON: Encodable {
        var part: String
        var stored: Int
        var computed: Int
    }

    /// A box's number or "party" (a single Pokémon file has neither).
    enum BoxJSON: Encodable {
        case box(Int), party

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case let .box(number): try container.encode(number)
            case .party: try container.encode("party")
            }
        }
    }

    struct PokemonJSON: Encodable {
        var box: BoxJSON?
        var slot: Int?
        var species: String
        var form: String
        var name: String
        var nickname: String?
        var egg: Bool
        var damaged: Bool
        var shiny: Bool
        var level: Int
        var gender: Gender
        var nature: String?
        var ability: String?
        var hiddenAbility: Bool?
        var personality: UInt32?
        var ivs: StatsJSON
        var evs: StatsJSON
        var stats: StatsJSON?
        var ivPercent: Double
        var characteristic: Int?
        var hiddenPower: HiddenPowerJSON
        var moves: [String]
        var heldItem: String?
        var generation: Int
        var origin: OriginJSON
        var details: SavedDetails
        /// The game's numbers mydex found no PokeAPI counterpart for ("item 300").
        var unknown: [String]?
        var action: String
        var id: Int64?
    }

    enum CodingKeys: String, CodingKey {
        case dryRun, kind, game, generation, trainer, sha256, fellBack, imported, alreadyHere, hatched, eggs, damaged, pokemon
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dryRun, forKey: .dryRun)
        try container.encode(plan.kind.rawValue, forKey: .kind)
        try container.encodeIfPresent(plan.game, forKey: .game)
        try container.encode(plan.generation, forKey: .generation)
        if let name = plan.trainerName, let id = plan.trainerID {
            try container.encode(Trainer(name: name, id: id), forKey: .trainer)
        }
        try container.encode(plan.sha256, forKey: .sha256)
        if let fallback = plan.fellBack {
            try container.encode(
                FallbackJSON(part: fallback.part, stored: fallback.stored, computed: fallback.computed), forKey: .fellBack)
        }
        try container.encode(imported, forKey: .imported)
        try container.encode(alreadyHere, forKey: .alreadyHere)
        try container.encode(hatched, forKey: .hatched)
        try container.encode(eggs, forKey: .eggs)
        try container.encode(damaged, forKey: .damaged)
        try container.encode(zip(plan.entries, outcomes).map(pokemon), forKey: .pokemon)
    }

    func pokemon(_ entry: SavedEntry, _ outcome: SavedOutcome) -> PokemonJSON {
        let individual = entry.individual
        let power = individual.hiddenPower
        return PokemonJSON(
            box: entry.box.map(BoxJSON.box) ?? (entry.slot == nil ? nil : .party), slot: entry.slot, species: entry.species,
            form: entry.form ?? entry.species, name: names.name(entry), nickname: entry.nickname, egg: entry.isEgg,
            damaged: entry.damaged, shiny: entry.isShiny, level: individual.level, gender: individual.gender,
            nature: individual.nature, ability: individual.ability,
            hiddenAbility: individual.ability == nil ? nil : individual.hiddenAbility, personality: individual.personality,
            ivs: StatsJSON(values: individual.ivs), evs: StatsJSON(values: individual.evs),
            stats: entry.stats.map(StatsJSON.init(values:)), ivPercent: individual.ivPercentRounded,
            characteristic: individual.characteristicID, hiddenPower: HiddenPowerJSON(power: power.power, type: power.type),
            moves: individual.moves, heldItem: individual.heldItem, generation: individual.generation,
            origin: OriginJSON(entry.origin),
            details: entry.details,
            unknown: entry.unknown.isEmpty ? nil : entry.unknown, action: outcome.action.rawValue, id: outcome.id)
    }

    func printText(to printer: Printer) throws {
        if dryRun {
            // Names are never cut (as in `list`): the trainer and the nature give way first.
            let widest = plan.entries.map { TerminalText.displayWidth(names.name($0)) }.max() ?? 0
            // Generations 1–2 have no natures: no column of blanks.
            let natures = plan.generation >= 3
            var table = Table([
                Table.Column(title: tr("import.save.column.place"), shrinks: false),
                Table.Column(title: tr("import.save.column.pokemon"), minimumWidth: widest),
                Table.Column(title: tr("import.save.column.level"), alignRight: true, shrinks: false),
            ] + (natures ? [Table.Column(title: tr("import.save.column.nature"), optional: true)] : []) + [
                Table.Column(title: tr("import.save.column.ivs"), shrinks: false, optional: true),
                Table.Column(title: tr("import.save.column.trainer"), optional: true),
                Table.Column(title: tr("import.save.column.action"), shrinks: false),
            ])
            for (entry, outcome) in zip(plan.entries, outcomes) {
                var name = names.name(entry)
                if let nickname = entry.nickname { name = tr("import.dry-run.with-nickname", ["text": name, "nickname": nickname]) }
                if entry.isEgg { name = tr("entry.egg", ["name": name]) }
                if entry.isShiny { name += " " + tr("import.mark.shiny") }
                let place = SavedRecord.placeText(box: entry.box, slot: entry.slot)
                let individual = entry.individual
                let ivs = StatKind.allCases.map { String(individual.ivs[$0]) }.joined(separator: "/")
                let trainer = Presentation.trainerText(entry.origin) ?? ""
                let nature = individual.nature.map { names.natures[$0] ?? $0 } ?? ""
                table.append(
                    [SafeText(place), SafeText(name), SafeText(String(individual.level))] + (natures ? [SafeText(nature)] : [])
                        + [SafeText(ivs), SafeText(trainer), SafeText(actionLabel(outcome.action))])
            }
            try printer.table(table)
        }
        let summary = dryRun ? "import.summary.dry-run" : "import.summary.imported"
        try printer.line(SafeText(tr(summary, ["count": imported, "already": alreadyHere])))
        if hatched > 0 { try printer.line(SafeText(tr("import.save.hatched", ["count": hatched]))) }
        if eggs > 0 { try printer.line(SafeText(tr("import.save.eggs", ["count": eggs]))) }
        if damaged > 0 { try printer.line(SafeText(tr("import.save.damaged", ["count": damaged]))) }
    }

    func actionLabel(_ action: SavedOutcome.Action) -> String {
        switch action {
        case .imported: tr("import.save.action.imported")
        case .wouldImport: tr("import.dry-run.would-import")
        case .alreadyHere: tr("import.dry-run.already-here")
        case .egg: tr("import.save.action.egg")
        case .hatched: dryRun ? tr("import.save.action.would-hatch") : tr("import.save.action.hatched")
        case .damaged: tr("import.save.action.damaged")
        }
    }
}
