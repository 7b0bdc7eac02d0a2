import Foundation
import MydexServices
import MydexModel

/// Everything a command reaches outside itself, in one value: tests build their own, the app
/// builds the live one in `live()`, the only place that touches the real process environment.
public struct MydexContext: Sendable {
    public var environment: [String: String]
    public var homeDirectory: String
    /// Where relative paths on the command line and in `MYDEX_DB` start from.
    public var currentDirectory: String
    public var output: Output
    public var clock: any MydexClock
    public var random: RandomSource
    /// The network. Tests pass a transport that fails the test when it is reached unstubbed.
    public var transport: any NetworkTransport
    public var retryPolicy: NetworkRetryPolicy
    /// The time zone dates are shown in; nil: the system's, looked up only when a command
    /// shows a date (finding it loads ICU's zone data, a few milliseconds at every start otherwise).
    public var timeZone: TimeZone?
    /// How long to wait for another `mydex` process holding the database lock.
    public var busyTimeout: TimeInterval
    /// Ctrl-C, for commands that stop cleanly on it (`dex sync`).
    public var interrupts: Interrupts
    /// The pictures of species; nil when this mydex has none built in.
    public var sprites: SpriteSource?
    /// What this run is set to, from the command line, the environment and the config file:
    /// `Mydex.run` resolves it once the command line is parsed, before the command runs.
    public var settings: Settings
    /// Questions to the user (`restore` asks before replacing the collection).
    public var confirmation: Confirmation
    /// The terminal `browse` takes over full screen; none in a pipe and in most tests.
    public var terminal: TerminalAccess
    /// Where long listings go on a terminal (`less`); none in tests.
    public var pager: Pager

    public init(
        environment: [String: String], homeDirectory: String, currentDirectory: String, output: Output, clock: any MydexClock,
        random: RandomSource, transport: any NetworkTransport, retryPolicy: NetworkRetryPolicy = PokeAPIConnection.defaultRetryPolicy,
        timeZone: TimeZone? = nil, busyTimeout: TimeInterval = 30, interrupts: Interrupts = .none,
        sprites: SpriteSource? = nil, settings: Settings = Settings(), confirmation: Confirmation = .none,
        terminal: TerminalAccess = .none, pager: Pager = .none
    ) {
        self.pager = pager
        self.environment = environment
        self.homeDirectory = homeDirectory
        self.currentDirectory = currentDirectory
        self.output = output
        self.clock = clock
        self.random = random
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.timeZone = timeZone
        self.busyTimeout = busyTimeout
        self.interrupts = interrupts
        self.sprites = sprites
        self.settings = settings
        self.confirmation = confirmation
        self.terminal = terminal
    }

    /// A path the user typed, made absolute against this context's home and current directory.
    public func absolutePath(_ path: String) -> String {
        UserPath(homeDirectory: homeDirectory, currentDirectory: currentDirectory).absolute(path)
    }

    /// The real process: its environment, terminal, clock, entropy, libcurl and SIGINT.
    public static func live() -> MydexContext {
        let environment = ProcessInfo.processInfo.environment
        return MydexContext(
            environment: environment,
            homeDirectory: environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory(),
            currentDirectory: FileManager.default.currentDirectoryPath,
            output: .live(environment: environment),
            clock: SystemClock(),
            random: .system,
            transport: PokeAPIConnection.liveTransport,
            interrupts: .live,
            sprites: SpriteSource.builtIn,
            confirmation: .live(),
            terminal: .live,
            pager: .live)
    }
}
