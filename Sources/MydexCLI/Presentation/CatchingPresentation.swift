import Foundation
import MydexModel
import MydexServices
import MydexText

/// How catching reads: ball names in the user's language (PokeAPI's item names), chances,
/// the odds table, a meeting's header, and a throw's shakes.
struct CatchingWords: Sendable {
    /// Ball names by item identifier, in the user's language.
    let ballNames: [String: String]

    func name(_ ball: Ball) -> String { ballNames[ball.rawValue] ?? EncounterWords.titled(ball.rawValue) }
    func name(ball identifier: String) -> String { ballNames[identifier] ?? EncounterWords.titled(identifier) }

    /// A chance as a percentage: two decimals under 10%, one above ("1.57%", "40.9%").
    static func percent(_ chance: Double) -> String {
        if chance >= 1 { return Translator.current.format.percent(100, digits: 0) }
        return Translator.current.format.percent(chance * 100, digits: chance < 0.1 ? 2 : 1)
    }

    /// The key that throws the `index`th ball of the prompt: 1–9, then a, b, c… (never r, the run key).
    static func key(_ index: Int) -> Character {
        if index < 9 { return Character(String(index + 1)) }
        let letters = Array("abcdefghijklmnopqstuvwxyz")
        return letters[min(index - 9, letters.count - 1)]
    }

    /// The narrowest terminal the shake columns are shown on: narrower, the table would wrap.
    static let shakeColumnsWidth = 80

    /// The odds table: each ball's chance a throw, of breaking free after 0–3 shakes (on a
    /// terminal of `width` at least `shakeColumnsWidth`, or in a pipe), of a critical capture
    /// where the generation has them, the throws a catch takes on average, and (with `within`)
    /// the chance of a catch within that many throws. `keys`: the prompt's keys first.
    func table(_ rows: [OddsRow], within: Int?, keys: Bool, width: Int?) -> Table {
        let shakes = (width ?? .max) >= Self.shakeColumnsWidth
        let critical = rows.contains { $0.odds.criticalChance > 0 }
        var columns: [Table.Column] = []
        if keys { columns.append(.init(title: tr("odds.column.key"), shrinks: false)) }
        columns += [
            .init(title: tr("odds.column.ball")),
            .init(title: tr("odds.column.chance"), alignRight: true, shrinks: false),
        ]
        if shakes {
            columns += (0...3).map { Table.Column(title: tr("odds.column.shakes", ["count": String($0)]), alignRight: true, shrinks: false) }
        }
        if critical { columns.append(.init(title: tr("odds.column.critical"), alignRight: true, shrinks: false)) }
        columns.append(.init(title: tr("odds.column.expected"), alignRight: true, shrinks: false))
        if let within { columns.append(.init(title: tr("odds.column.within", ["count": String(within)]), alignRight: true, shrinks: false)) }
        var table = Table(columns)
        for (index, row) in rows.enumerated() {
            var cells: [SafeText] = []
            if keys { cells.append(SafeText(String(Self.key(index)))) }
            cells.append(SafeText(name(row.odds.ball)))
            cells.append(SafeText(Self.percent(row.odds.catchChance)))
            if shakes { cells += row.odds.breakFree.map { SafeText($0 == 0 ? "–" : Self.percent($0)) } }
            if critical { cells.append(SafeText(row.odds.criticalChance == 0 ? "–" : Self.percent(row.odds.criticalChance))) }
            cells.append(SafeText(row.expected.map { Translator.current.format.decimal($0, digits: 1) } ?? "∞"))
            if within != nil { cells.append(SafeText(Self.percent(row.within))) }
            table.append(cells)
        }
        return table
    }

    /// "A wild Pikachu appeared!", its level, and where: what a meeting starts with.
    func header(_ meeting: EncounterService.Meeting, name: String, printer: Printer) throws {
        let shown = SafeText(name).styled(.bold, if: printer.color)
        try printer.line(.message(["name": name], showing: ["name": shown]) { tr("encounter.appeared", $0) })
        if meeting.encounter.isShiny {
            let odds = CatchRules.shinyRolls(generation: meeting.game.generation, shinyCharm: false).odds
            try printer.line(SafeText(tr("encounter.shiny", ["odds": String(odds)])).styled(.magenta, if: printer.color))
        }
        try printer.line(SafeText(tr("encounter.where", [
            "level": String(meeting.encounter.level), "place": place(meeting), "game": meeting.game.name,
            "method": EncounterWords.method(meeting.encounter.method),
        ])))
    }

    func place(_ meeting: EncounterService.Meeting) -> String {
        guard let place = meeting.place else { return meeting.encounter.location }
        return EncounterWords.place(locationName: place.locationName, area: place.area, areaName: place.areaName, names: .init())
    }

    /// A throw in words: "Great Ball… 1… 2… 3… Gotcha!" or "… Oh no! It broke free!".
    func narration(_ result: EncounterService.ThrowResult, name: String) -> (start: String, shakes: [String], end: String) {
        let start = tr("throw.threw", ["ball": self.name(result.odds.ball)])
            + (result.outcome.critical ? " " + tr("throw.critical") : "")
        let shakes = (0..<result.outcome.shakes).map { tr("throw.shake", ["count": String($0 + 1)]) }
        let end = result.outcome.caught ? tr("throw.gotcha", ["name": name]) : tr("throw.broke-free")
        return (start, shakes, end)
    }

    /// The throw's line whole, as a pipe gets it.
    func line(_ result: EncounterService.ThrowResult, name: String) -> String {
        let (start, shakes, end) = narration(result, name: name)
        return ([start] + shakes + [end]).joined(separator: " ")
    }
}

/// One ball's row of an odds table.
struct OddsRow: Sendable {
    var odds: ThrowOdds
    var within: Double
    var expected: Double?
}

/// Where and how an entry was caught, with the names to show: the game's, the place's and the
/// balls' in the user's language.
struct CatchRecordShown: Sendable {
    var record: CatchRecord
    var gameName: String
    var place: String
    var ballNames: [String: String]

    /// The record as the services read it, its place in words.
    init(_ caught: CaughtFrom) {
        record = caught.record
        gameName = caught.gameName
        place = caught.placeArea.map {
            EncounterWords.place(locationName: $0.locationName, area: $0.area, areaName: $0.areaName, names: .init())
        } ?? caught.record.encounter.location
        ballNames = caught.ballNames
    }

    var ballName: String? { record.ball.map { ballNames[$0] ?? EncounterWords.titled($0) } }

    /// `show`'s lines: where it was met, and the ball that caught it.
    func fields() -> [(String, String)] {
        let encounter = record.encounter
        var fields = [(tr("show.field.met"), tr("encounter.where", [
            "level": String(encounter.level), "place": place, "game": gameName, "method": EncounterWords.method(encounter.method),
        ]))]
        if let ballName, let chance = record.chance {
            let critical = record.critical ? tr("show.value.critical") : nil
            fields.append((tr("show.field.ball"), tr("show.value.ball", [
                "ball": ballName, "throws": String(record.throwsMade.count), "chance": CatchingWords.percent(chance),
            ]) + (critical.map { " · " + $0 } ?? "")))
        }
        return fields
    }
}

extension CatchMilestones {
    /// A box of the national living dex, or a Pokédex, a new entry completed: notes on stderr.
    func printNotes(to printer: Printer) throws {
        if let box {
            try printer.note(SafeText(tr("catch.completed-box", [
                "number": String(box.number), "first": printer.presentation.dexNumber(box.first),
                "last": printer.presentation.dexNumber(box.last),
            ])))
        }
        for pokedex in pokedexes {
            try printer.note(SafeText(tr("catch.completed-pokedex", ["pokedex": pokedex.name, "count": pokedex.size])))
        }
    }
}
