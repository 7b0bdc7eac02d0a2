import ArgumentParser
import Foundation
import MydexModel

/// `--color`: when mydex prints colour codes.
enum ColorChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Only on a terminal, and never with `NO_COLOR` or `TERM=dumb`.
    case auto
    /// Also into a pipe or a file (`mydex sprite random --color always | fastfetch --file-raw -`).
    case always
    case never
}

/// How many colours the terminal shows, decided from the environment alone (asking the terminal
/// itself would need a round trip, too slow for a shell prompt).
enum ColorDepth: String, Sendable, CaseIterable {
    /// No colour codes at all: pictures are plain silhouettes.
    case none
    /// xterm's 256 colours: the 6×6×6 cube and the grey ramp.
    case ansi256
    /// 24-bit colour.
    case trueColor

    /// Terminals that announce themselves by `TERM_PROGRAM` and show 24-bit colour.
    static let trueColorPrograms: Set<String> = ["iTerm.app", "WezTerm", "vscode", "Hyper", "ghostty", "Tabby", "WarpTerminal", "rio"]
    /// `TERM` values of terminals that show 24-bit colour (also any `*-direct` terminfo entry).
    static let trueColorTerms: Set<String> = ["xterm-kitty", "xterm-ghostty", "wezterm", "alacritty", "foot", "foot-extra", "contour", "rio"]

    /// What the environment says the terminal shows: none with `NO_COLOR` or `TERM=dumb`.
    static func supported(by environment: [String: String]) -> ColorDepth {
        if !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb" { return .none }
        return capability(environment)
    }

    /// The best colour the terminal can show, when colour is wanted whatever `NO_COLOR` says.
    static func capability(_ environment: [String: String]) -> ColorDepth {
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        if let program = environment["TERM_PROGRAM"], trueColorPrograms.contains(program) { return .trueColor }
        if let term = environment["TERM"], trueColorTerms.contains(term) || term.hasSuffix("-direct") { return .trueColor }
        return .ansi256
    }

    /// The depth `--color` asks for: `auto` colours only where the output does (a terminal, no
    /// `NO_COLOR`); `always` colours anyway, as deep as the terminal goes; `never` not at all.
    static func resolve(_ choice: ColorChoice, outputIsColored: Bool, environment: [String: String]) -> ColorDepth {
        switch choice {
        case .never: return .none
        case .always: return capability(environment)
        case .auto: return outputIsColored ? supported(by: environment) : .none
        }
    }

    /// The SGR parameters that make `color` the foreground (`background`: the background).
    func parameters(_ color: SpriteColor, background: Bool) -> String {
        switch self {
        case .none: return ""
        case .trueColor: return "\(background ? 48 : 38);2;\(color.red);\(color.green);\(color.blue)"
        case .ansi256: return "\(background ? 48 : 38);5;\(Self.xterm256(color))"
        }
    }

    /// The levels of xterm's 6×6×6 colour cube.
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The nearest of xterm's colours 16–255 (the 16 system colours are left out: every theme
    /// changes them): the nearest cube colour or the nearest grey, whichever is closer.
    static func xterm256(_ color: SpriteColor) -> Int {
        let channels = [Int(color.red), Int(color.green), Int(color.blue)]
        let levels = channels.map(nearestCubeLevel)
        let cube = 16 + 36 * levels[0] + 6 * levels[1] + levels[2]
        let cubeDistance = zip(channels, levels).reduce(0) { sum, pair in
            let difference = pair.0 - cubeLevels[pair.1]
            return sum + difference * difference
        }
        // The grey ramp 232–255 runs from 8 to 238 in steps of 10.
        let average = channels.reduce(0, +) / 3
        let greyStep = min(max((average - 8 + 5) / 10, 0), 23)
        let grey = 8 + 10 * greyStep
        let greyDistance = channels.reduce(0) { $0 + ($1 - grey) * ($1 - grey) }
        return greyDistance < cubeDistance ? 232 + greyStep : cube
    }

    private static func nearestCubeLevel(_ value: Int) -> Int {
        var best = 0
        for (index, level) in cubeLevels.enumerated() where abs(value - level) < abs(value - cubeLevels[best]) {
            best = index
        }
        return best
    }
}
