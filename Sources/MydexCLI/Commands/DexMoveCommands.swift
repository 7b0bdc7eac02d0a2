import ArgumentParser
import MydexModel
import MydexServices
import MydexText

/// How a Pokémon learns a move, as PokeAPI names the ways (`pokemon_move_methods.csv`).
enum MoveMethodOption: String, CaseIterable, ExpressibleByArgument, Sendable {
    case levelUp = "level-up", machine, egg, tutor, formChange = "form-change", lightBallEgg = "light-ball-egg"
    case stadiumSurfingPikachu = "stadium-surfing-pikachu", colosseumPurification = "colosseum-purification"
    case xdShadow = "xd-shadow", xdPurification = "xd-purification", zygardeCube = "zygarde-cube", train

    static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension Presentation {
    /// A learning method in the user's language ("Level up", "기술머신", …).
    static func methodName(_ method: String) -> String {
        MoveMethodOption(rawValue: method) != nil ? tr("dex.moves.method.\(method)") : method
    }

    /// A damage class in the user's language (Physical, 물리, …).
    static func damageClassName(_ damageClass: String?) -> String {
        guard let damageClass, ["physical", "special", "status"].contains(damageClass) else { return damageClass ?? "" }
        return tr("dex.moves.class.\(damageClass)")
    }

    /// A machine's item as the games label it: TM24, HM05, TR12 (기술머신24, わざマシン24, …).
    static func machineName(_ item: String?) -> String {
        let label = MachineLabel(item)
        guard ["tm", "hm", "tr"].contains(label.kind), let item else { return item ?? "" }
        let digits = String(item.drop { $0.isLetter })
        return tr("dex.moves.machine.\(label.kind)", ["number": digits])
    }

    /// A number the move may lack (status moves have no power): "—" then.
    static func figure(_ value: Int?) -> String { value.map(String.init) ?? "—" }
}

/// `mydex dex moves pikachu --game firered`: what a Pokémon learns in one game, by method.
struct DexMovesCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "moves",
            abstract: tr("dex.moves.help.abstract"),
            discussion: tr("dex.moves.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("dex.moves.argument.pokemon"), valueName: "pokemon"))
    var query: [String]

    @OptionGroup var game: GameOption<ForLearnset>

    /// `--game`: whose learnset to show.
    enum ForLearnset: GamePurpose { static var help: String { tr("dex.moves.option.game") } }

    @Option(help: ArgumentHelp(tr("dex.moves.option.method"), valueName: "method"))
    var method: MoveMethodOption?

    @Option(help: ArgumentHelp(tr("dex.show.option.form"), valueName: "form"))
    var form: String?

    func validate() throws { try PokemonQuery.validate(query) }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .pokedexOnly, species: true)
        let found = try await library.finder.pokemon(matching: query.joined(separator: " "), form: form)
        let pokedex = library.pokedex
        let name = printer.presentation.formName(found.form, speciesName: printer.localizer.name(found.species))
        // A form PokeAPI gives no moves of its own (Gigantamax Pikachu) learns as its species.
        var pokemonID = found.form.pokemonID
        var available = try await pokedex.learnsetGroups(pokemonID: pokemonID)
        if available.isEmpty, pokemonID != found.species.id {
            pokemonID = found.species.id
            available = try await pokedex.learnsetGroups(pokemonID: pokemonID)
        }
        guard let latest = available.first else {
            throw NoAnswer(tr("dex.moves.error.no-learnset", ["pokemon": name]))
        }
        let group: GameGroup
        if let game = game.name {
            let asked = try await library.games.gameGroup(named: game)
            // The group as a whole ("FireRed / LeafGreen"), though one game was named.
            guard let whole = available.first(where: { $0.id == asked.id }) else {
                throw NoAnswer(tr("dex.moves.error.not-in-game", [
                    "pokemon": name, "game": asked.name, "games": available.map(\.identifier).listJoined(),
                ]))
            }
            group = whole
        } else {
            group = latest
        }
        var moves = try await pokedex.learnset(pokemonID: pokemonID, groupID: group.id)
        if let method { moves = moves.filter { $0.method == method.rawValue } }
        let others = game.name == nil ? available.dropFirst().map(\.identifier) : []
        try printer.emit(Output(
            pokemon: found, name: name, game: group, moves: moves, method: method?.rawValue, otherGames: others,
            localizer: printer.localizer))
    }

    /// `{"pokemon": {"id", "species", "name"}, "game": {identifier, name, generation}, "method": null,
    /// "moves": [{"method", "level", "machine", "move": {…}}, …]}`.
    struct Output: CommandOutput {
        let pokemon: FoundPokemon
        let name: String
        let game: GameGroup
        let moves: [LearnedMove]
        let method: String?
        /// The other version groups with a learnset, when the latest was chosen for the user.
        let otherGames: [String]
        let localizer: Localizer

        private enum Keys: String, CodingKey { case pokemon, game, method, moves }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(MovePokemonJSON(
                id: pokemon.form.pokemonID, species: pokemon.species.id, form: pokemon.form.identifier, name: name), forKey: .pokemon)
            try container.encode(GameGroupJSON(game), forKey: .game)
            try container.encode(method, forKey: .method)
            try container.encode(moves.map { LearnedMoveJSON($0, localizer) }, forKey: .moves)
        }

        func printText(to printer: Printer) throws {
            try printer.line(SafeText(tr("dex.moves.title", ["pokemon": name, "game": game.name, "generation": String(game.generation)]))
                .styled(.bold, if: printer.color))
            guard !moves.isEmpty else {
                try printer.note(SafeText(tr("dex.moves.none-by-method", [
                    "pokemon": name, "method": Presentation.methodName(method ?? ""), "game": game.name,
                ])))
                return
            }
            var methods: [String] = []
            for move in moves where !methods.contains(move.method) { methods.append(move.method) }
            for method in methods {
                try printer.line("")
                try printer.line(SafeText(Presentation.methodName(method)).styled(.bold, if: printer.color))
                let first: Table.Column? = switch method {
                case LearnedMove.levelUpMethod: .init(title: tr("dex.moves.header.level"), alignRight: true, shrinks: false)
                case "machine": .init(title: tr("dex.moves.header.machine"), shrinks: false)
                default: nil
                }
                var table = Table((first.map { [$0] } ?? []) + MoveColumns.columns)
                for learned in moves where learned.method == method {
                    let lead: [SafeText] = switch method {
                    case LearnedMove.levelUpMethod: [SafeText(learned.level.map { $0 == 0 ? tr("dex.moves.level.evolve") : String($0) } ?? "")]
                    case "machine": [SafeText(Presentation.machineName(learned.machine))]
                    default: []
                    }
                    table.append(lead + MoveColumns.cells(learned.move, localizer))
                }
                try printer.table(table)
            }
            if !otherGames.isEmpty {
                try printer.note(SafeText(tr("dex.moves.other-games", ["games": otherGames.listJoined()])))
            }
        }
    }
}

/// The columns every move table shares: name, type, class, power, accuracy, PP.
enum MoveColumns {
    static var columns: [Table.Column] {
        [
            .init(title: tr("dex.moves.header.move")), .init(title: tr("dex.moves.header.type")),
            .init(title: tr("dex.moves.header.class")),
            .init(title: tr("dex.moves.header.power"), alignRight: true, shrinks: false),
            .init(title: tr("dex.moves.header.accuracy"), alignRight: true, shrinks: false),
            .init(title: tr("dex.moves.header.pp"), alignRight: true, shrinks: false),
        ]
    }

    static func cells(_ move: MoveSummary, _ localizer: Localizer) -> [SafeText] {
        [
            SafeText(move.name), SafeText(localizer.typeName(move.type)), SafeText(Presentation.damageClassName(move.damageClass)),
            SafeText(Presentation.figure(move.power)), SafeText(Presentation.figure(move.accuracy)), SafeText(Presentation.figure(move.pp)),
        ]
    }
}

/// `mydex dex move thunderbolt`: a move's figures, what it does, and who learns it in a game.
struct DexMoveCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "move",
            abstract: tr("dex.move.help.abstract"),
            discussion: tr("dex.move.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("dex.move.argument.move"), valueName: "move"))
    var query: [String]

    @OptionGroup var game: GameOption<ForLearners>

    /// `--game`: whose learners to list.
    enum ForLearners: GamePurpose { static var help: String { tr("dex.move.option.game") } }

    @Option(help: ArgumentHelp(tr("dex.moves.option.method"), valueName: "method"))
    var method: MoveMethodOption?

    func validate() throws {
        if SearchText.normalized(query.joined(separator: " ")).isEmpty { throw ValidationError(tr("dex.move.error.empty")) }
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .pokedexOnly, species: true)
        let pokedex = library.pokedex
        let detail = try await pokedex.move(named: query.joined(separator: " "))
        let move = detail.summary
        let available = try await pokedex.moveGroups(moveID: move.id)
        var group = available.first
        if let game = game.name {
            let asked = try await library.games.gameGroup(named: game)
            guard let whole = available.first(where: { $0.id == asked.id }) else {
                throw NoAnswer(available.isEmpty
                    ? tr("dex.move.error.learnt-by-none", ["move": move.name])
                    : tr("dex.move.error.not-in-game", [
                        "move": move.name, "game": asked.name, "games": available.map(\.identifier).listJoined(),
                    ]))
            }
            group = whole
        }
        var learners: [MoveLearner] = []
        if let group { learners = try await pokedex.learners(moveID: move.id, groupID: group.id) }
        if let method { learners = learners.filter { $0.method == method.rawValue } }
        try printer.emit(Output(detail: detail, game: group, learners: learners, method: method?.rawValue, localizer: printer.localizer))
    }

    /// `{"move": {id, identifier, name, type, typeName, damageClass, power, accuracy, pp,
    /// generation, priority, effectChance, effect, effectGame}, "game": {…} | null, "method": null,
    /// "learners": [{"pokemon", "species", "name", "method", "levels", "machine"}, …]}`.
    struct Output: CommandOutput {
        let detail: MoveDetail
        let game: GameGroup?
        let learners: [MoveLearner]
        let method: String?
        let localizer: Localizer

        private enum Keys: String, CodingKey { case move, game, method, learners }

        struct MoveJSON: Encodable {
            var summary: MoveSummaryJSON
            var generation: Int
            var priority: Int
            var effectChance: Int?
            var effect: String?
            var effectGame: GameGroupJSON?

            private enum Keys: String, CodingKey { case generation, priority, effectChance, effect, effectGame }

            func encode(to encoder: any Encoder) throws {
                try summary.encode(to: encoder)
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(generation, forKey: .generation)
                try container.encode(priority, forKey: .priority)
                try container.encode(effectChance, forKey: .effectChance)
                try container.encode(effect, forKey: .effect)
                try container.encode(effectGame, forKey: .effectGame)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(MoveJSON(
                summary: MoveSummaryJSON(detail.summary, localizer), generation: detail.generation, priority: detail.priority,
                effectChance: detail.effectChance, effect: detail.effect, effectGame: detail.effectGame.map(GameGroupJSON.init)),
                forKey: .move)
            try container.encode(game.map(GameGroupJSON.init), forKey: .game)
            try container.encode(method, forKey: .method)
            try container.encode(learners, forKey: .learners)
        }

        func printText(to printer: Printer) throws {
            let move = detail.summary
            try printer.line(SafeText(move.name).styled(.bold, if: printer.color))
            var fields: [(String, String)] = [
                (tr("dex.move.label.type"), localizer.typeName(move.type)),
                (tr("dex.move.label.class"), Presentation.damageClassName(move.damageClass)),
                (tr("dex.move.label.power"), Presentation.figure(move.power)),
                (tr("dex.move.label.accuracy"), move.accuracy.map { tr("dex.move.percent", ["value": $0]) } ?? "—"),
                (tr("dex.move.label.pp"), Presentation.figure(move.pp)),
                (tr("dex.move.label.priority"), detail.priority > 0 ? "+\(detail.priority)" : String(detail.priority)),
            ]
            if let chance = detail.effectChance { fields.append((tr("dex.move.label.effect-chance"), tr("dex.move.percent", ["value": chance]))) }
            fields.append((tr("entry.field.generation"), String(detail.generation)))
            if let effect = detail.effect {
                fields.append((detail.effectGame.map { tr("dex.move.label.game-text", ["game": $0.name]) } ?? tr("dex.move.label.effect"), effect))
            }
            try printer.fields(fields)
            guard let game else {
                try printer.note(SafeText(tr("dex.move.learnt-by-none", ["move": move.name])))
                return
            }
            try printer.line("")
            try printer.line(SafeText(tr("dex.move.learners-title", ["game": game.name, "generation": String(game.generation)]))
                .styled(.bold, if: printer.color))
            guard !learners.isEmpty else {
                try printer.note(SafeText(tr("dex.move.none-by-method", [
                    "move": move.name, "method": Presentation.methodName(method ?? ""), "game": game.name,
                ])))
                return
            }
            // One field a method: the Pokémon's names, with levels for level-up.
            var byMethod: [(String, [String])] = []
            for learner in learners {
                let shown = switch learner.method {
                case LearnedMove.levelUpMethod:
                    tr("dex.move.learner-at-levels", ["pokemon": learner.name, "levels": learner.levels.map {
                        $0 == 0 ? tr("dex.moves.level.evolve") : String($0)
                    }.joined(separator: tr("profile.list-separator"))])
                default: learner.name
                }
                if let index = byMethod.firstIndex(where: { $0.0 == learner.method }) {
                    byMethod[index].1.append(shown)
                } else {
                    byMethod.append((learner.method, [shown]))
                }
            }
            try printer.fields(byMethod.map { method, names in
                // Every learner by machine uses the same one: its label (TM24) names the method.
                let label = method == "machine"
                    ? Presentation.machineName(learners.first { $0.method == "machine" }?.machine)
                    : Presentation.methodName(method)
                return (tr("dex.move.label.method-count", ["method": label, "count": names.count]),
                        names.joined(separator: tr("profile.list-separator")))
            })
        }
    }
}
