import ArgumentParser
import MydexModel
import MydexServices
import MydexText

/// `mydex dex where pikachu --game firered`: where a Pokémon is met in each game (place, way,
/// levels, how often, when); `mydex dex where --at viridian-forest`: what lives in a place.
struct DexWhereCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "where",
            abstract: tr("dex.where.help.abstract"),
            discussion: tr("dex.where.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr("dex.where.argument.pokemon"), valueName: "pokemon"))
    var query: [String] = []

    @OptionGroup var game: GameOption<ForEncounters>

    /// `--game`: whose encounters to show.
    enum ForEncounters: GamePurpose { static var help: String { tr("dex.where.option.game") } }

    @Option(help: ArgumentHelp(tr("dex.where.option.at"), valueName: "place"))
    var at: String?

    @Option(help: ArgumentHelp(tr("dex.show.option.form"), valueName: "form"))
    var form: String?

    func validate() throws {
        let named = !SearchText.normalized(query.joined(separator: " ")).isEmpty
        let place = at.map { !SearchText.normalized($0).isEmpty } ?? false
        if !named && !place { throw ValidationError(tr("dex.where.error.nothing-named")) }
        if at != nil && !place { throw ValidationError(tr("dex.where.error.nothing-named")) }
    }

    func run(_ context: MydexContext) async throws {
        let (library, printer) = try await global.open(context, .pokedexOnly, species: true)
        let pokedex = library.pokedex
        let withData = try await library.games.gameGroupsWithEncounters()
        var group: GameGroup?
        if let game = game.name {
            let asked = try await library.games.gameGroup(named: game, listing: withData)
            guard withData.contains(where: { $0.id == asked.id }) else {
                throw NoAnswer(tr("dex.where.error.no-data", [
                    "game": asked.name, "games": withData.map(\.identifier).listJoined(),
                ]))
            }
            group = asked
        }
        var pokemon: Output.Asked?
        if !query.isEmpty {
            let found = try await library.finder.pokemon(matching: query.joined(separator: " "), form: form)
            let name = printer.presentation.formName(found.form, speciesName: printer.localizer.name(found.species))
            // The species asked for is met in any of its varieties (Rattata and Alolan Rattata);
            // a form asked for, in its own.
            let ids = found.form.isSpeciesDefault && form == nil
                ? Array(Set(found.forms.map(\.pokemonID) + [found.form.pokemonID])).sorted() : [found.form.pokemonID]
            pokemon = Output.Asked(found: found, name: name, pokemonIDs: ids)
        }
        var place: Place?
        if let at { place = try await library.games.place(named: at, game: group, pokemon: pokemon?.pokemonIDs) }

        var encounters: [Encounter]
        if let pokemon {
            encounters = try await pokedex.encounters(pokemonIDs: pokemon.pokemonIDs, groupID: group?.id)
            if let place { encounters = encounters.filter { $0.locationID == place.id } }
        } else if let place {
            encounters = try await pokedex.encounters(locationIDs: [place.id], groupID: group?.id)
            if encounters.isEmpty {
                // A place met in other games only, or in none (a town without wild Pokémon).
                let elsewhere = group == nil ? [] : try await pokedex.encounters(locationIDs: [place.id])
                let games = Self.groups(of: elsewhere, among: withData)
                throw NoAnswer(games.isEmpty
                    ? tr("dex.where.error.empty-place", ["place": place.name])
                    : tr("dex.where.error.place-not-in-game", [
                        "place": place.name, "game": group?.name ?? "", "games": games.map(\.identifier).listJoined(),
                    ]))
            }
        } else {
            encounters = []
        }

        // Every value of a condition the rows name may be said (a table's states take them
        // all), not only the values the rows name; other conditions (trades elsewhere) are not.
        var conditions = EncounterConditions(try await pokedex.encounterConditions())
        let named = Set(encounters.flatMap(\.conditions))
        conditions.values = try await pokedex.encounterConditionValues(
            groups: Array(Set(encounters.map(\.versionGroup))), conditions: Set(named.compactMap { conditions.kinds[$0] }).sorted())
        let said = named.union(conditions.values.values.flatMap { $0.values.joined() })
        let names = try await Self.names(for: said, areas: encounters, in: library, localizer: printer.localizer)
        var output = Output(
            pokemon: pokemon, place: place, game: group, encounters: encounters, conditions: conditions,
            names: names, localizer: printer.localizer)
        if group == nil {
            let ids = Set(withData.map(\.id))
            output.gamesWithoutEncounters = try await library.games.gameGroups().filter { !ids.contains($0.id) }
        }
        if let pokemon, encounters.isEmpty {
            if group != nil || place != nil {
                let everywhere = try await pokedex.encounters(pokemonIDs: pokemon.pokemonIDs)
                output.otherGames = Self.groups(of: everywhere, among: withData).map(\.identifier)
            }
            output.origin = try await Self.origin(of: pokemon.found.species, in: pokedex, printer: printer)
        }
        try printer.emit(output)
    }

    /// The version groups among `groups` that `encounters` are in, in release order.
    static func groups(of encounters: [Encounter], among groups: [GameGroup]) -> [GameGroup] {
        let found = Set(encounters.map(\.versionGroup))
        return groups.filter { found.contains($0.identifier) }
    }

    /// The names the conditions `said` hold (Pokémon traded or chosen first, items, games),
    /// and the names of the areas of `encounters` the catalog names: the Friend Safari's types.
    static func names(
        for said: Set<String>, areas encounters: [Encounter], in library: Library, localizer: Localizer
    ) async throws -> EncounterWords.Names {
        let wanted = EncounterWords.Names.wanted(by: said)
        var names = EncounterWords.Names()
        for encounter in encounters where encounter.location == "friend-safari" {
            if let area = encounter.area { names.areas[area] = localizer.typeName(area) }
        }
        if !wanted.pokemon.isEmpty { names.pokemon = try await library.pokedex.pokemonNames(identifiers: wanted.pokemon.sorted()) }
        if said.contains(where: { $0.hasPrefix("item-") }) { names.items = try await library.pokedex.encounterItemNames() }
        for game in wanted.games {
            if let found = try await library.games.games(matching: game).first { names.games[game] = found.name }
        }
        return names
    }

    /// How to get a Pokémon met nowhere: the species it evolves from and how, or, for a baby,
    /// the species whose eggs it hatches from.
    static func origin(of species: Species, in pokedex: PokedexReader, printer: Printer) async throws -> Output.Origin? {
        let profile = try await pokedex.profile(of: species)
        let presentation = printer.presentation
        if species.baby {
            let parents = profile.chain.filter { $0.evolvesFrom == species.id }
            guard !parents.isEmpty else { return nil }
            return Output.Origin(
                kind: "egg", species: parents.map { .init(id: $0.id, name: $0.name) },
                text: tr("dex.where.hatch", ["species": parents.map(\.name).joined(separator: tr("profile.list-separator"))]))
        }
        guard let link = profile.chain.first(where: { $0.id == species.id }), let from = link.evolvesFrom,
              let parent = profile.chain.first(where: { $0.id == from }) else { return nil }
        let how = presentation.evolutionMethods(link.evolution, profile)
        return Output.Origin(
            kind: "evolution", species: [.init(id: parent.id, name: parent.name)],
            text: tr("dex.where.evolve-from", ["species": parent.name, "how": how]))
    }

    /// `{"pokemon": {id, species, form, name} | null, "place": {id, identifier, name, region} |
    /// null, "game": {identifier, name, generation} | null, "encounters": [{"game": {…},
    /// "location": {…}, "area": {…}, "method": {…}, "pokemon": {…}, "minLevel", "maxLevel",
    /// "chance", "conditions": [{identifier, condition, name}]}], "gamesWithoutEncounters":
    /// [version group, …], "otherGames": […], "origin": {kind, species: [{id, name}], text} | null}`.
    struct Output: CommandOutput {
        struct Asked: Sendable {
            let found: FoundPokemon
            let name: String
            let pokemonIDs: [Int]
        }

        /// How a Pokémon met nowhere is had: evolved from a species, or hatched from its eggs.
        struct Origin: Encodable, Sendable {
            struct Link: Encodable, Sendable {
                var id: Int
                var name: String
            }

            var kind: String
            var species: [Link]
            var text: String
        }

        let pokemon: Asked?
        let place: Place?
        let game: GameGroup?
        let encounters: [Encounter]
        let conditions: EncounterConditions
        let names: EncounterWords.Names
        let localizer: Localizer
        /// The version groups PokeAPI has no encounters for (when every game was asked).
        var gamesWithoutEncounters: [GameGroup] = []
        /// Where the Pokémon is met instead, when it is not in the game or place asked.
        var otherGames: [String] = []
        var origin: Origin?

        private enum Keys: String, CodingKey {
            case pokemon, place, game, encounters, gamesWithoutEncounters, otherGames, origin
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(pokemon.map {
                MovePokemonJSON(id: $0.found.form.pokemonID, species: $0.found.species.id, form: $0.found.form.identifier, name: $0.name)
            }, forKey: .pokemon)
            try container.encode(place.map { PlaceJSON(identifier: $0.identifier, name: $0.name, region: $0.region) }, forKey: .place)
            try container.encode(game.map(GameGroupJSON.init), forKey: .game)
            try container.encode(encounters.map { EncounterJSON($0, conditions: conditions, names: names) }, forKey: .encounters)
            try container.encode(gamesWithoutEncounters.map(\.identifier), forKey: .gamesWithoutEncounters)
            try container.encode(otherGames, forKey: .otherGames)
            try container.encode(origin, forKey: .origin)
        }

        func printText(to printer: Printer) throws {
            let title = switch (pokemon, place) {
            case let (pokemon?, place?): tr("dex.where.title.pokemon-at", ["pokemon": pokemon.name, "place": place.name])
            case let (pokemon?, nil): tr("dex.where.title", ["pokemon": pokemon.name])
            case let (nil, place?): tr("dex.where.title.at", ["place": place.name])
            case (nil, nil): ""
            }
            try printer.line(SafeText(title).styled(.bold, if: printer.color))
            if let pokemon, encounters.isEmpty {
                let answer = place.map { tr("dex.where.nowhere-at", ["pokemon": pokemon.name, "place": $0.name]) }
                    ?? game.map { tr("dex.where.nowhere-in-game", ["pokemon": pokemon.name, "game": $0.name]) }
                    ?? tr("dex.where.nowhere", ["pokemon": pokemon.name])
                try printer.line(SafeText(answer))
                if let origin { try printer.line(SafeText(origin.text)) }
                if !otherGames.isEmpty { try printer.note(SafeText(tr("dex.where.other-games", ["games": otherGames.listJoined()]))) }
            }
            for section in sections() {
                try printer.line("")
                try printer.line(SafeText(tr("dex.where.game", ["game": section.names, "generation": String(section.generation)]))
                    .styled(.bold, if: printer.color))
                try printer.table(table(section.table))
            }
            if !gamesWithoutEncounters.isEmpty {
                try printer.note(SafeText(tr("dex.where.no-data-games", [
                    "games": gamesWithoutEncounters.map(\.name).joined(separator: tr("profile.list-separator")),
                ])))
            }
        }

        /// Each game's table, games of one version group whose tables are the same as one
        /// ("Red / Blue"), in release order.
        func sections() -> [(names: String, generation: Int, table: EncounterRows)] {
            var games: [(game: String, encounters: [Encounter])] = []
            for encounter in encounters {
                if games.last?.game == encounter.game {
                    games[games.count - 1].encounters.append(encounter)
                } else {
                    games.append((encounter.game, [encounter]))
                }
            }
            var sections: [(names: String, generation: Int, group: String, table: EncounterRows)] = []
            for (_, rows) in games {
                guard let first = rows.first else { continue }
                let table = EncounterRows(rows, conditions: conditions, names: names)
                if let last = sections.last, last.group == first.versionGroup, last.table == table {
                    sections[sections.count - 1].names += " / " + first.gameName
                } else {
                    sections.append((first.gameName, first.generation, first.versionGroup, table))
                }
            }
            return sections.map { ($0.names, $0.generation, $0.table) }
        }

        /// A table of rows: where (when a Pokémon was asked, or a place of several areas),
        /// which Pokémon (when a place was asked, or the species is met in several forms), how,
        /// at which levels, how often, and when (where any row has a condition).
        func table(_ encounters: EncounterRows) -> Table {
            let rows = encounters.rows
            let showPlace = pokemon != nil ? place == nil : Set(rows.map(\.areaID)).count > 1
            let showPokemon = pokemon == nil || Set(rows.map(\.pokemonID)).count > 1
            let showConditions = rows.contains { !$0.conditions.isEmpty }
            var columns: [Table.Column] = []
            if showPlace { columns.append(.init(title: tr("dex.where.header.place"), wraps: true)) }
            if showPokemon { columns.append(.init(title: tr("dex.where.header.pokemon"))) }
            columns += [
                .init(title: tr("dex.where.header.method")),
                .init(title: tr("dex.where.header.levels"), shrinks: false),
                .init(title: tr("dex.where.header.chance"), alignRight: true, shrinks: false),
            ]
            if showConditions { columns.append(.init(title: tr("dex.where.header.conditions"), wraps: true)) }
            var table = Table(columns)
            for row in rows {
                var cells: [SafeText] = []
                if showPlace { cells.append(SafeText(row.place)) }
                if showPokemon { cells.append(SafeText(row.pokemon)) }
                cells += [SafeText(row.method), SafeText(row.levels), SafeText(tr("dex.move.percent", ["value": row.chance]))]
                if showConditions { cells.append(SafeText(row.conditions)) }
                table.append(cells)
            }
            return table
        }
    }
}
