import Foundation
import MydexModel
import MydexServices
import MydexText

extension ImportCommand {
    /// A team in Showdown's formats: every set checked before a missing collection is started,
    /// then all added in one transaction (or, with --dry-run, listed).
    func runSets(_ plan: ShowdownService.SetPlan, _ library: Library, _ printer: Printer, _ context: MydexContext) async throws {
        let target = library.isInMemory && !dryRun ? try await global.open(context, .create).0 : library
        let added = try await target.showdown.merge(plan, dryRun: dryRun)
        let output = SetImportOutput(plan: plan, added: added, dryRun: dryRun)
        if dryRun { return try printer.emit(output) }
        try printer.afterCommit(tr("import.committed", ["count": plan.sets.count])) { try printer.emit(output) }
    }
}

/// `import` of a team: `{"dryRun", "format": "showdown"|"showdown-packed"|"showdown-json",
/// "imported", "sets": [{set, line, dex, showdown, nickname, level, shiny, action, id}]}`; as
/// text, with --dry-run a line a set, then the summary.
struct SetImportOutput: CommandOutput {
    let plan: ShowdownService.SetPlan
    let added: [Int64]
    let dryRun: Bool

    struct SetJSON: Encodable {
        var set: Int
        var line: Int
        var dex: Int
        var showdown: String
        var nickname: String?
        var level: Int
        var shiny: Bool
        var action: String
        var id: Int64?
    }

    enum CodingKeys: String, CodingKey { case dryRun, format, imported, sets }


    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dryRun, forKey: .dryRun)
        try container.encode(plan.format.rawValue, forKey: .format)
        try container.encode(plan.sets.count, forKey: .imported)
        try container.encode(plan.sets.enumerated().map { index, set in
            SetJSON(
                set: set.number, line: set.line, dex: set.speciesID, showdown: set.shownSpecies, nickname: set.nickname,
                level: set.individual.level, shiny: set.isShiny, action: dryRun ? "would-import" : "imported",
                id: index < added.count ? added[index] : nil)
        }, forKey: .sets)
    }

    func printText(to printer: Printer) throws {
        if dryRun {
            for set in plan.sets {
                var name = set.shownSpecies
                if let nickname = set.nickname { name = tr("import.dry-run.with-nickname", ["text": name, "nickname": nickname]) }
                if set.isShiny { name += " " + tr("import.mark.shiny") }
                try printer.line(SafeText(tr("import.set.would-import", [
                    "set": set.number, "line": set.line, "pokemon": name, "level": set.individual.level,
                ])))
            }
        }
        let summary = dryRun ? "import.summary.dry-run" : "import.summary.imported"
        try printer.line(SafeText(tr(summary, ["count": plan.sets.count, "already": 0])))
    }
}
