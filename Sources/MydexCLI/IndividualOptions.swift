import ArgumentParser
import Foundation
import MydexModel
import MydexServices
import MydexText

/// `--sort iv,level`: one order or several, each breaking the ties of those before.
struct SortKeys: ExpressibleByArgument, Sendable {
    var keys: [EntryQuery.Order]

    init(_ keys: [EntryQuery.Order]) { self.keys = keys }

    init?(argument: String) {
        let keys = argument.split(separator: ",").map { EntryQuery.Order(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
        guard !keys.isEmpty, keys.allSatisfy({ $0 != nil }) else { return nil }
        self.keys = keys.compactMap { $0 }
        guard Set(self.keys).count == self.keys.count else { return nil }
    }

    static var allValueStrings: [String] { EntryQuery.Order.allCases.map(\.rawValue) }
    var defaultValueDescription: String { keys.map(\.rawValue).joined(separator: ",") }
    var first: EntryQuery.Order { keys.first ?? .id }
}

/// A number filter as an option's value: `N`, `>N`, `<N`, `>=N`, `<=N` or `N-M`.
extension NumberFilter: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension Gender: ExpressibleByArgument {}

/// `list`'s filters of the individual (issue 31): level, IVs (their share, or one stat's),
/// nature, gender, ability, a move it knows, its held item, and how many IVs share a value.
struct IndividualFilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp(tr("list.option.level"), valueName: "n"))
    var level: NumberFilter?

    @Option(help: ArgumentHelp(tr("list.option.iv"), valueName: "percent"))
    var iv: NumberFilter?

    @Option(name: .customLong("iv-hp"), help: ArgumentHelp(tr("list.option.iv-hp"), valueName: "n"))
    var ivHP: NumberFilter?

    @Option(name: .customLong("iv-attack"), help: ArgumentHelp(tr("list.option.iv-attack"), valueName: "n"))
    var ivAttack: NumberFilter?

    @Option(name: .customLong("iv-defense"), help: ArgumentHelp(tr("list.option.iv-defense"), valueName: "n"))
    var ivDefense: NumberFilter?

    @Option(name: .customLong("iv-sp-attack"), help: ArgumentHelp(tr("list.option.iv-sp-attack"), valueName: "n"))
    var ivSpecialAttack: NumberFilter?

    @Option(name: .customLong("iv-sp-defense"), help: ArgumentHelp(tr("list.option.iv-sp-defense"), valueName: "n"))
    var ivSpecialDefense: NumberFilter?

    @Option(name: .customLong("iv-speed"), help: ArgumentHelp(tr("list.option.iv-speed"), valueName: "n"))
    var ivSpeed: NumberFilter?

    @Option(help: ArgumentHelp(tr("list.option.nature"), valueName: "nature"))
    var nature: String?

    @Option(help: ArgumentHelp(tr("list.option.gender")))
    var gender: Gender?

    @Option(help: ArgumentHelp(tr("list.option.ability"), valueName: "ability"))
    var ability: String?

    @Option(help: ArgumentHelp(tr("list.option.move"), valueName: "move"))
    var move: String?

    @Option(name: .customLong("held-item"), help: ArgumentHelp(tr("list.option.held-item"), valueName: "item"))
    var heldItem: String?

    @Option(help: ArgumentHelp(tr("list.option.triple"), valueName: "iv"))
    var triple: Int?

    @Option(help: ArgumentHelp(tr("list.option.quadruple"), valueName: "iv"))
    var quadruple: Int?

    @Option(help: ArgumentHelp(tr("list.option.pentuple"), valueName: "iv"))
    var pentuple: Int?

    @Option(help: ArgumentHelp(tr("list.option.hextuple"), valueName: "iv"))
    var hextuple: Int?

    func validate() throws {
        let same = [triple, quadruple, pentuple, hextuple].compactMap { $0 }
        if same.count > 1 { throw ValidationError(tr("list.error.one-tuple")) }
        if let value = same.first, !(0...31).contains(value) { throw ValidationError(tr("list.error.tuple-value")) }
    }

    /// Whether any is given.
    var isSet: Bool {
        level != nil || iv != nil || ivHP != nil || ivAttack != nil || ivDefense != nil || ivSpecialAttack != nil
            || ivSpecialDefense != nil || ivSpeed != nil || nature != nil || gender != nil || ability != nil || move != nil
            || heldItem != nil || triple != nil || quadruple != nil || pentuple != nil || hextuple != nil
    }

    /// The filter, names resolved to PokeAPI's identifiers (a name in any language).
    func filter(_ lookup: IndividualLookup) async throws -> IndividualFilter {
        var filter = IndividualFilter()
        filter.level = level
        filter.ivPercent = iv
        for (stat, value) in [
            (StatKind.hp, ivHP), (.attack, ivAttack), (.defense, ivDefense), (.specialAttack, ivSpecialAttack),
            (.specialDefense, ivSpecialDefense), (.speed, ivSpeed),
        ] {
            if let value { filter.statIVs[stat] = value }
        }
        filter.gender = gender
        if let nature { filter.nature = try await lookup.nature(named: nature) }
        if let ability { filter.ability = try await lookup.ability(named: ability) }
        if let move { filter.move = try await lookup.move(named: move) }
        if let heldItem { filter.heldItem = try await lookup.item(named: heldItem) }
        for (count, value) in [(3, triple), (4, quadruple), (5, pentuple), (6, hextuple)] {
            if let value { filter.sameIVs = (count, value) }
        }
        return filter
    }
}
