import ArgumentParser
import Foundation
import MydexServices
import MydexStore

struct CryCommand: MydexCommand {
    static let configuration = CommandConfiguration(
        commandName: "cry",
        abstract: "Play a Pokémon's cry, or save it as an Ogg file.",
        discussion: """
            Takes a species by Pokédex number or by name in any language (as `mydex dex` does; \
            not a collection entry id). The cry is PokeAPI's Ogg Vorbis file (--legacy: the old \
            game sound, for #1–649 only), fetched once and cached in $XDG_CACHE_HOME/mydex/cries \
            (else ~/.cache/mydex/cries); MYDEX_MEDIA_URL replaces https://raw.githubusercontent.com/ \
            for a mirror. It needs no collection.

            It plays with the first player on PATH that works: $MYDEX_AUDIO_PLAYER, then pw-play, \
            paplay, ffplay, mpv, ogg123, SoX's play. When none works, --save keeps the file instead.

            Examples:
              $ mydex cry 25
              $ mydex cry pikachu --legacy
              $ mydex cry 피카츄 --save pikachu.ogg
              $ MYDEX_AUDIO_PLAYER="mpv --volume=50" mydex cry 133
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: NetworkOptions

    @Argument(help: ArgumentHelp("A national Pokédex number, or a species name in any language.", valueName: "number|name"))
    var query: [String] = []

    @Flag(help: "The legacy cry of the older games (#1–649 only).")
    var legacy = false

    @Option(help: ArgumentHelp("Write the Ogg file here instead of playing it (never overwrites a file).", valueName: "path"))
    var save: String?

    func validate() throws {
        if query.joined(separator: " ").trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("give a Pokédex number or a name, e.g. `mydex cry 25`.")
        }
        if let save, save.isEmpty { throw ValidationError("--save needs a path.") }
    }

    func run(_ context: MydexContext) async throws {
        // The Pokédex only: an in-memory store, so no collection is opened or created.
        let store = try CollectionStore.inMemory(now: context.clock.now(), language: try global.language(context))
        let species = try await SpeciesFinder(store: store).species(matching: query.joined(separator: " "))
        if legacy, !CryService.legacySpecies.contains(species.id) {
            throw UsageError(CryService.Problem.noLegacyCry(speciesID: species.id).description)
        }
        let cries = try network.cries(context)
        let cry = try await cries.cry(of: species, legacy: legacy, offline: try NetworkOptions.offlineFromEnvironment(context))
        let printer = global.printer(context, localizer: Localizer(language: store.language))
        var saved: String?
        if let save {
            let path = context.absolutePath(save)
            do {
                try cry.bytes.write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
            } catch CocoaError.fileWriteFileExists {
                throw MydexFailure("\(path) already exists; choose another path for --save.")
            } catch {
                throw MydexFailure("could not write \(path): \(error.localizedDescription)")
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
            if let saved { try printer.note(SafeText("Saved the cry of #\(dex) to \(saved)")) }
        }
    }
}
