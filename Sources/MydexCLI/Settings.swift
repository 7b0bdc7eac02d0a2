import MydexServices
import MydexText

/// Everything this run of mydex is set to: resolved once, before the command runs, from the
/// command line, the environment and the config file (in that order of precedence, then the
/// built-in defaults), and carried by the context. No setting travels as an environment
/// variable inside the program.
public struct Settings: Sendable, Equatable {
    /// The language Pokémon data is read in (PokeAPI's code): `--lang`, `MYDEX_LANG`, the file's
    /// `lang`, the locale. The pseudo-language (tests only) reads Korean data.
    public var language = "en"
    /// `--color`, else the file's `color` unless `NO_COLOR` is set, else auto.
    var color = ColorChoice.auto
    /// The collection: `--db`, `MYDEX_DB`, `$XDG_DATA_HOME/mydex/mydex.sqlite`,
    /// `~/.local/share/mydex/mydex.sqlite`; absolute.
    public var databasePath = ""
    /// Cries and big sprites: `$XDG_CACHE_HOME/mydex`, else `~/.cache/mydex`.
    public var cacheDirectory = ""
    /// PokeAPI and its media: `--api-url`, the environment, the file.
    public var network = NetworkSettings()
    /// The game `encounter` and `odds` play when none is named: the file's `game`.
    public var game: String?
    /// Pictures beside `show`, `dex` and `catch`: off with the file's `sprites = false`.
    public var pictures = true

    public init() {}

    /// The settings of a command run with `global` (and `apiURL`, its `--api-url`), in
    /// `context`'s environment, with what the config file `file` sets.
    static func resolve(
        _ global: GlobalOptions, apiURL: String?, context: MydexContext, file: ConfigValues
    ) throws(UsageError) -> Settings {
        var settings = Settings()
        do {
            let code = try DisplayLanguage.resolve(explicit: global.lang, environment: context.environment, configured: file.lang)
            settings.language = code == InterfaceLanguage.pseudo.rawValue ? "ko" : code
        } catch {
            throw UsageError(error.description)
        }
        if let color = global.color {
            settings.color = color
        } else if let configured = file.color, (context.environment["NO_COLOR"] ?? "").isEmpty {
            settings.color = configured
        }
        let user = UserPath(homeDirectory: context.homeDirectory, currentDirectory: context.currentDirectory)
        settings.databasePath = MydexPaths.database(explicit: global.db, environment: context.environment, user: user)
        settings.cacheDirectory = MydexPaths.cache(environment: context.environment, homeDirectory: context.homeDirectory)
        settings.network = NetworkSettings.resolve(
            apiURL: apiURL, environment: context.environment,
            configured: .init(apiURL: file.apiURL, offline: file.offline, timeout: file.timeout))
        settings.game = file.game
        settings.pictures = file.sprites ?? true
        return settings
    }
}
