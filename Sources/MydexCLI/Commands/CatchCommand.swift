import ArgumentParser
import Foundation
import MydexServices
import MydexModel
import MydexText
import Synchronization

struct CatchCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "catch",
            abstract: tr("catch.help.abstract"),
            discussion: tr("catch.help.discussion", ["minutes": String(Int(PokeAPIFacts.unreachableWindow / 60))]))
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var networkOptions: NetworkOptions
    var apiURL: String? { networkOptions.apiURL }

    /// A species typed after `catch`: a catch is random; `add` records a chosen one.
    @Argument(help: ArgumentHelp(visibility: .private))
    var species: [String] = []

    @Option(help: ArgumentHelp(tr("catch.option.seed"), valueName: "n"))
    var seed: UInt64?

    @Option(help: ArgumentHelp(tr("catch.option.generation"), valueName: "n"))
    var generation: Int?

    @Option(help: ArgumentHelp(tr("catch.option.count", ["max": String(Self.maxCount)]), valueName: "n"))
    var count: Int?

    /// More catches than anyone means in one go: `--count 1000000` is a typo, refused.
    static let maxCount = 100_000

    @Flag(help: ArgumentHelp(tr("catch.option.weighted")))
    var weighted = false

    @Flag(help: ArgumentHelp(tr("catch.option.offline")))
    var offline = false

    @Flag(help: ArgumentHelp(tr("catch.option.no-sprite")))
    var noSprite = false

    @Flag(help: ArgumentHelp(tr("catch.option.cry")))
    var cry = false

    @Flag(help: ArgumentHelp(
        tr("catch.option.retry-network", ["minutes": String(Int(PokeAPIFacts.unreachableWindow / 60))])))
    var retryNetwork = false

    func validate() throws {
        if !species.isEmpty {
            throw ValidationError(tr("catch.error.species", ["species": species.joined(separator: " ")]))
        }
        if let generation, generation < 1 {
            throw ValidationError(tr("catch.error.generation", ["generation": String(generation)]))
        }
        if offline && retryNetwork { throw ValidationError(tr("catch.error.offline-and-retry")) }
        if let count {
            guard (1...Self.maxCount).contains(count) else {
                throw ValidationError(tr("catch.error.count", ["value": String(count), "max": String(Self.maxCount)]))
            }
            if cry && count > 1 { throw ValidationError(tr("catch.error.cry-with-count")) }
        }
    }

    func run(_ context: MydexContext) async throws {
        let network = try NetworkOptions.connection(context, budget: .shared)
        // The flag wins over the settings, as everywhere.
        let offlineBySettings = try network.offline() && !retryNetwork
        let (library, printer) = try await global.open(context, .create)
        let options = CatchService.Options(
            offline: offline || offlineBySettings, generation: generation, weighted: weighted, retryNetwork: retryNetwork)
        let service = library.catching(network)
        var generator = context.random.generator(seed: seed)
        if let count {
            return try await catchMany(count, service: service, options: options, using: &generator, printer: printer, context)
        }
        let status = options.offline ? nil : WaitingStatus(context, message: tr("catch.waiting"))
        let result = try await UsageError.naming(generation: generation) {
            defer { status?.finish() }
            return try await service.catchRandom(using: &generator, options: options)
        }
        let entry = result.entry
        // A new species may complete a box of the national living dex, or a Pokédex. Only a
        // nicety: the catch is made and reported even if this cannot be read.
        let milestones = (try? await library.pokedex.milestones(completedBy: entry)) ?? CatchMilestones()
        try printer.afterCommit(tr("catch.kept", ["name": entry.name, "id": String(entry.id)])) {
            if let note = Self.fallbackNote(result, options: options, now: context.clock.now()) {
                try printer.note(SafeText(note))
            }
            let picture = printer.picture(of: entry, from: context.sprites, wanted: !noSprite)
            try printer.emit(Output(
                entry: entry, fetched: result.fetchedSpecies, offlineReason: result.offlineReason, picture: picture))
            try milestones.printNotes(to: printer)
        }
        if cry { try await playCry(speciesID: entry.speciesID, library: library, network: network, context, offline: options.offline) }
    }

    /// `--count`: one catch after another, each its own transaction, a bar on a terminal, the
    /// lines and a summary once done or stopped. Ctrl-C is heard between catches only, so a catch
    /// is whole or not made.
    private func catchMany(
        _ count: Int, service: CatchService, options: CatchService.Options, using generator: inout SeededGenerator,
        printer: Printer, _ context: MydexContext
    ) async throws {
        let progress = context.output.standardErrorIsTerminal ? SyncProgress(
            output: context.output, clock: context.clock,
            waiting: options.offline ? nil : WaitingStatus(context, message: tr("catch.waiting-many")),
            unit: tr("catch.progress-unit"), label: "catch") : nil
        let interrupted = Atomic(false)
        var results: [CatchService.Result] = []
        var failure: (any Error)?
        await context.interrupts.handling({ interrupted.store(true, ordering: .relaxed) }) {
            while results.count < count && !interrupted.load(ordering: .relaxed) {
                do {
                    results.append(try await service.catchRandom(using: &generator, options: options))
                } catch {
                    failure = error
                    return
                }
                progress?.report(SyncService.Progress(done: results.count, total: count, failed: 0))
            }
        }
        progress?.finish()
        if let failure, results.isEmpty { try await rethrow(failure) }
        let stopped = interrupted.load(ordering: .relaxed)
        let many = ManyOutput(results: results, requested: count, interrupted: stopped)
        try printer.afterCommit(tr("catch.kept-many", ["count": results.count])) {
            if let note = results.lazy.compactMap({ Self.fallbackNote($0, options: options, now: context.clock.now()) }).first {
                try printer.note(SafeText(note))
            }
            try printer.emit(many)
            if !printer.json || stopped || failure != nil { try printer.note(SafeText(many.summary)) }
        }
        if let failure { try await rethrow(failure) }
        if stopped { throw ExitCode(130) }
    }

    /// A bad --generation fails the first catch: a usage error, as without --count.
    private func rethrow(_ error: any Error) async throws {
        let body: () async throws -> Void = { throw error }
        try await UsageError.naming(generation: generation, body)
    }

    /// `--count`: `{"entries": […], "requested": N, "caught": n}` (and `"interrupted": true`
    /// after Ctrl-C); text: a line per catch.
    struct ManyOutput: CommandOutput {
        let results: [CatchService.Result]
        let requested: Int
        let interrupted: Bool

        private enum Keys: String, CodingKey { case entries, requested, caught, interrupted }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(results.map { EntryJSON($0.entry) }, forKey: .entries)
            try container.encode(requested, forKey: .requested)
            try container.encode(results.count, forKey: .caught)
            if interrupted { try container.encode(true, forKey: .interrupted) }
        }

        func printText(to printer: Printer) throws {
            for result in results {
                try Output(entry: result.entry, fetched: result.fetchedSpecies, offlineReason: result.offlineReason)
                    .printText(to: printer)
            }
        }

        /// "Caught 300 Pokémon of 212 species, 1 shiny." (with "Stopped: " and "of 500" when cut short).
        var summary: String {
            let arguments: [String: any TextArgument] = [
                "count": results.count, "requested": requested,
                "species": Set(results.map(\.entry.speciesID)).count, "shiny": results.filter(\.entry.isShiny).count,
            ]
            switch (interrupted, results.count == requested) {
            case (false, true): return tr("catch.summary", arguments)
            case (false, false): return tr("catch.summary.partial", arguments)
            case (true, true): return tr("catch.summary.stopped", arguments)
            case (true, false): return tr("catch.summary.stopped-partial", arguments)
            }
        }
    }

    /// The catch is kept whatever happens here: a cry that cannot play is only a note.
    private func playCry(
        speciesID: Int, library: Library, network: PokeAPIConnection, _ context: MydexContext, offline: Bool
    ) async throws {
        do {
            let species = try await library.finder.species(matching: String(speciesID))
            let sound = try await network.cries().cry(of: species, legacy: false, offline: offline)
            try await AudioPlayer(context).play(bytes: sound.bytes)
        } catch let interrupted as AudioPlayer.Interrupted {
            throw interrupted
        } catch {
            try context.output.note(SafeText(tr("catch.no-cry", ["reason": "\(error)"])))
        }
    }

    /// `{"entry": …, "fetched": true}`: the new entry, and whether its species came from PokeAPI just now.
    struct Output: CommandOutput {
        let entry: CollectionEntry
        let fetched: Bool
        let offlineReason: String?
        /// Drawn above the text on a terminal; never in JSON.
        var picture: CellGrid?

        private enum Keys: String, CodingKey { case entry, fetched, offlineReason }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(EntryJSON(entry), forKey: .entry)
            try container.encode(fetched, forKey: .fetched)
            try container.encodeIfPresent(offlineReason, forKey: .offlineReason)
        }

        func printText(to printer: Printer) throws {
            if let picture { try printer.draw(picture) }
            let arguments: [String: any TextArgument] = [
                "name": entry.name, "dex": printer.presentation.dexNumber(entry.speciesID), "types": entry.typeNameList,
                "id": String(entry.id),
            ]
            try printer.line(.message(arguments, showing: ["name": SafeText(entry.name).styled(.bold, if: printer.color)]) {
                tr("catch.caught", $0)
            })
            if entry.isShiny {
                try printer.line(SafeText(tr("catch.shiny", ["odds": String(CatchService.shinyOdds)])).styled(.magenta, if: printer.color))
            }
        }
    }

    /// Why the built-in Pokédex stood in, and what the next catches will do.
    static func fallbackNote(_ result: CatchService.Result, options: CatchService.Options, now: Date) -> String? {
        guard let reason = result.offlineReason, !options.offline else { return nil }
        let window = Int(PokeAPIFacts.unreachableWindow / 60)
        guard let since = result.unreachableSince else {
            return tr("catch.fallback.unavailable", ["reason": reason, "minutes": String(window)])
        }
        let minutes = Int(max(now.timeIntervalSince(since), 0) / 60)
        switch minutes {
        case 0: return tr("catch.fallback.unreachable-just-now", ["reason": reason])
        case 1: return tr("catch.fallback.unreachable-a-minute-ago", ["reason": reason])
        default: return tr("catch.fallback.unreachable-minutes-ago", ["count": minutes, "reason": reason])
        }
    }
}
