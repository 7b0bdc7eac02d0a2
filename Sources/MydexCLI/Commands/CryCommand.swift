import ArgumentParser
import Foundation
import MydexServices
import MydexModel
import MydexText

struct CryCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "cry",
            abstract: tr("cry.help.abstract"),
            discussion: tr("cry.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var networkOptions: NetworkOptions
    var apiURL: String? { networkOptions.apiURL }

    @Argument(help: ArgumentHelp(tr("cry.argument.query"), valueName: "number|name"))
    var query: [String] = []

    @Flag(help: ArgumentHelp(tr("cry.option.legacy")))
    var legacy = false

    @Option(help: ArgumentHelp(tr("cry.option.save"), valueName: "path"))
    var save: String?

    func validate() throws {
        if query.joined(separator: " ").trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError(tr("cry.error.no-query"))
        }
        if let save, save.isEmpty { throw ValidationError(tr("cry.error.save-empty")) }
    }

    func run(_ context: MydexContext) async throws {
        // The Pokédex only: no collection is opened or created.
        let library = try Library.pokedexOnly(language: context.settings.language, clock: context.clock)
        let species = try await library.finder.species(matching: query.joined(separator: " "))
        if legacy, !CryService.legacySpecies.contains(species.id) {
            throw UsageError(CryService.Problem.noLegacyCry(speciesID: species.id).description)
        }
        let network = try NetworkOptions.connection(context, budget: .shared)
        let cry = try await network.cries().cry(of: species, legacy: legacy, offline: try network.offline())
        let printer = global.printer(context, localizer: Localizer(language: library.language))
        var saved: String?
        if let save {
            let path = context.absolutePath(save)
            do {
                try cry.bytes.write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
            } catch CocoaError.fileWriteFileExists {
                throw MydexFailure(tr("cry.error.save-exists", ["path": path]))
            } catch {
                throw MydexFailure(tr("cry.error.save-failed", ["path": path, "reason": error.localizedDescription]))
            }
            saved = path
        } else {
            try await AudioPlayer(context).play(bytes: cry.bytes)
        }
        try printer.emit(Output(dex: species.id, species: species.name, legacy: legacy, saved: saved, played: saved == nil))
    }

    /// `{"dex": 25, "species": "pikachu", "legacy": false, "saved": "/path", "played": false}`;
    /// as text, where a saved cry went (on stderr: stdout carries nothing).
    struct Output: CommandOutput {
        let dex: Int
        let species: String
        let legacy: Bool
        let saved: String?
        let played: Bool

        func printText(to printer: Printer) throws {
            if let saved { try printer.note(SafeText(tr("cry.saved", ["dex": String(dex), "path": saved]))) }
        }
    }
}
