import Foundation
import MydexModel
import MydexServices
import MydexText
import TOMLKit

/// What the user's config file sets, each value checked as the file is read: defaults that a flag
/// or an environment variable overrides (`Settings.resolve`: flag > environment > file > built-in).
struct ConfigValues: Sendable, Equatable {
    /// `lang`: PokeAPI's code of the language.
    var lang: String?
    var apiURL: String?
    var offline: Bool?
    /// `color`: the default of `--color` (NO_COLOR, from the environment, still wins over it).
    var color: ColorChoice?
    /// `sprites = false`: no pictures beside `show`, `dex` and `catch`.
    var sprites: Bool?
    var timeout: Int?
    /// `game`: the game `encounter` and `odds` play when no `--game` is given (checked when used:
    /// the Pokédex knows the games).
    var game: String?
}

/// Reads and checks the config file. A bad file is a usage error (exit 64) that names the file,
/// the line and the key.
enum ConfigFile {
    /// The keys a config file may set, in the order the error message lists them.
    static let keys = ["lang", "api-url", "offline", "color", "sprites", "timeout", "game"]

    /// What the file at `path` sets; nothing when there is no file.
    static func load(path: String) throws(UsageError) -> ConfigValues {
        guard let data = FileManager.default.contents(atPath: path) else {
            // No file is the usual case; a file mydex cannot read is worth saying.
            if FileManager.default.fileExists(atPath: path) { throw UsageError(tr("config.error.unreadable", ["path": path])) }
            return ConfigValues()
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw UsageError(tr("config.error.not-utf8", ["path": path]))
        }
        return try parse(text, path: path)
    }

    static func parse(_ text: String, path: String) throws(UsageError) -> ConfigValues {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw UsageError(tr("config.error.not-toml", [
                "path": path, "line": String(error.source.begin.line), "reason": error.description,
            ]))
        } catch {
            throw UsageError(tr("config.error.problem", ["path": path, "problem": "\(error)"]))
        }
        var settings = ConfigValues()
        // "config.toml, line 3: offline must be true or false.": where, then what is wrong (a whole sentence).
        let problem = { (key: String, detail: String) -> UsageError in
            guard let line = Self.line(of: key, in: text) else {
                return UsageError(tr("config.error.problem", ["path": path, "problem": detail]))
            }
            return UsageError(tr("config.error.problem-at-line", ["path": path, "line": String(line), "problem": detail]))
        }
        for (key, value) in table {
            switch key {
            case "lang":
                guard let code = value.string, let language = DisplayLanguage.match(code) else {
                    throw problem(key, tr("config.error.lang", ["languages": DisplayLanguage.supported.joined(separator: ", ")]))
                }
                settings.lang = language
            case "api-url":
                guard let url = value.string, NetworkSettings.isAPIURL(url) else {
                    throw problem(key, tr("config.error.api-url", ["url": NetworkSettings.defaultAPIURL]))
                }
                settings.apiURL = url
            case "offline":
                guard let offline = value.bool else { throw problem(key, tr("config.error.offline")) }
                settings.offline = offline
            case "timeout":
                guard let seconds = value.int, NetworkSettings.timeoutRange.contains(seconds) else {
                    let range = NetworkSettings.timeoutRange
                    throw problem(key, tr("config.error.timeout", ["min": String(range.lowerBound), "max": String(range.upperBound)]))
                }
                settings.timeout = seconds
            case "color":
                guard let name = value.string, let color = ColorChoice(rawValue: name) else {
                    throw problem(key, tr("config.error.color", ["values": ColorChoice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")]))
                }
                settings.color = color
            case "sprites":
                guard let sprites = value.bool else { throw problem(key, tr("config.error.sprites")) }
                settings.sprites = sprites
            case "game":
                guard let game = value.string, !game.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw problem(key, tr("config.error.game"))
                }
                settings.game = game
            default:
                let known = keys.joined(separator: ", ")
                guard let suggestion = CommandLineArguments.nearest(to: key, among: keys) else {
                    throw problem(key, tr("config.error.unknown-key", ["key": key, "keys": known]))
                }
                throw problem(key, tr("config.error.unknown-key-suggestion", ["key": key, "suggestion": suggestion, "keys": known]))
            }
        }
        return settings
    }

    /// The first line where `key` is set (`key = …`, `"key" = …`, or a `[key]` table): TOMLKit
    /// keeps no positions of keys, only of syntax errors.
    static func line(of key: String, in text: String) -> Int? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            for form in [key, "\"\(key)\"", "'\(key)'"] {
                if trimmed.hasPrefix("[" + form + "]") || trimmed.hasPrefix("[[" + form + "]]") { return index + 1 }
                guard trimmed.hasPrefix(form) else { continue }
                let rest = trimmed.dropFirst(form.count).drop(while: { $0 == " " || $0 == "\t" })
                if rest.hasPrefix("=") || rest.hasPrefix(".") { return index + 1 }
            }
        }
        return nil
    }
}
