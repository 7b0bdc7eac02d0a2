import ArgumentParser
import CMydexBuildStamp
import MydexServices
import MydexModel
import MydexText

/// `mydex version` (also `mydex --version --verbose`): the version, and what a bug report needs
/// beside it: the commit and date a release was built from, the built-in Pokédex's data and
/// the SQLite library in use.
struct VersionCommand: MydexCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "version",
            abstract: tr("version.help.abstract"),
            discussion: tr("version.help.discussion"))
    }

    @OptionGroup var global: GlobalOptions

    func run(_ context: MydexContext) async throws {
        // The Pokédex only: nothing of the collection is opened or created.
        let library = try Library.pokedexOnly(language: context.settings.language, clock: context.clock)
        let about = try await library.pokedex.about()
        let printer = global.printer(context, localizer: Localizer(language: library.language))
        try printer.emit(Output(stamp: BuildStamp.current, about: about))
    }

    /// `{"version": "0.1.0", "commit": "…", "builtAt": "…", "catalog": {…}, "sqlite": "3.40.1"}`
    /// (`commit` and `builtAt` null in a build that no release stamped).
    struct Output: CommandOutput {
        let stamp: BuildStamp
        let about: PokedexAbout

        struct Catalog: Encodable {
            var format: String?
            var source: String?
            var version: String?
        }

        private enum Keys: String, CodingKey { case version, commit, builtAt, catalog, sqlite }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(MydexVersion.current, forKey: .version)
            try container.encode(stamp.commit, forKey: .commit)
            try container.encode(stamp.date, forKey: .builtAt)
            try container.encode(
                Catalog(format: about.catalogFormat, source: about.catalogSource, version: about.catalogVersion), forKey: .catalog)
            try container.encode(about.sqliteVersion, forKey: .sqlite)
        }

        func printText(to printer: Printer) throws {
            try printer.line(SafeText("mydex \(MydexVersion.current)"))
            let catalog = [about.catalogSource, about.catalogVersion.map { tr("version.catalog", ["version": $0, "format": about.catalogFormat ?? "?"]) }]
                .compactMap { $0 }.joined(separator: " ")
            try printer.fields([
                (tr("version.field.commit"), stamp.commit ?? tr("version.unstamped")),
                (tr("version.field.built"), stamp.date ?? tr("version.unstamped")),
                (tr("version.field.pokedex"), catalog),
                (tr("version.field.sqlite"), about.sqliteVersion),
            ])
        }
    }
}

/// What MydexRelease stamped into this binary: the commit and the build date, or nothing.
struct BuildStamp: Sendable, Equatable {
    var commit: String?
    var date: String?

    /// Read from the stamp's text, `commit=…;date=…`.
    init(_ text: String) {
        let fields = Dictionary(
            text.split(separator: ";").compactMap { field -> (String, String)? in
                let parts = field.split(separator: "=", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            }, uniquingKeysWith: { first, _ in first })
        commit = fields["commit"]
        date = fields["date"]
    }

    static var current: BuildStamp { BuildStamp(String(cString: mydex_build_stamp())) }
}
