import Foundation
import MydexModel
import MydexText
import PokeAPI

/// A setting as resolved: its value, or why what was given is none. The problem is raised where
/// the setting is used, so that a bad `MYDEX_TIMEOUT` stops the commands that wait on the
/// network and no other.
public enum Checked<Value: Sendable & Equatable>: Sendable, Equatable {
    case value(Value)
    case invalid(SettingProblem)

    public func get() throws(SettingProblem) -> Value {
        switch self {
        case .value(let value): return value
        case .invalid(let problem): throw problem
        }
    }
}

/// A value a setting cannot take, with where it came from and what it can be: a usage error.
public struct SettingProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// How mydex reaches PokeAPI and the media it serves, resolved once from `--api-url`, the
/// environment (`MYDEX_API_URL`, `MYDEX_OFFLINE`, `MYDEX_TIMEOUT`, `MYDEX_MEDIA_URL`) and the
/// config file, in that order.
public struct NetworkSettings: Sendable, Equatable {
    /// PokeAPI's REST base URL.
    public var apiURL: Checked<String>
    /// Whether to stay off the network (what is cached or built in only).
    public var offline: Checked<Bool>
    /// Seconds mydex may wait on PokeAPI in all: attempts, backoff and `Retry-After` included.
    public var timeout: Checked<Int>
    /// Where sprites and cries come from instead of raw.githubusercontent.com (a mirror).
    public var mediaBase: Checked<String>

    /// `MYDEX_TIMEOUT`'s and the config file's `timeout`'s range, in seconds.
    public static let timeoutRange = 1...600
    public static let defaultTimeout = 20
    public static let defaultAPIURL = LivePokeAPIClient.defaultBaseURL

    public init(
        apiURL: Checked<String> = .value(NetworkSettings.defaultAPIURL), offline: Checked<Bool> = .value(false),
        timeout: Checked<Int> = .value(NetworkSettings.defaultTimeout), mediaBase: Checked<String> = .value(MediaURL.defaultBase)
    ) {
        self.apiURL = apiURL
        self.offline = offline
        self.timeout = timeout
        self.mediaBase = mediaBase
    }

    /// What the config file sets of the network, each already checked when the file was read.
    public struct Configured: Sendable, Equatable {
        public var apiURL: String?
        public var offline: Bool?
        public var timeout: Int?

        public init(apiURL: String? = nil, offline: Bool? = nil, timeout: Int? = nil) {
            self.apiURL = apiURL
            self.offline = offline
            self.timeout = timeout
        }
    }

    /// `--api-url` (checked by the argument parser), else the environment, else the file, else
    /// the defaults. An empty variable counts as unset.
    public static func resolve(apiURL flag: String?, environment: [String: String], configured: Configured) -> NetworkSettings {
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        var settings = NetworkSettings()
        if let flag {
            settings.apiURL = .value(flag)
        } else if let raw = variable("MYDEX_API_URL") {
            settings.apiURL = (try? LivePokeAPIClient.validated(raw)) != nil ? .value(raw) : .invalid(SettingProblem(
                tr("global.error.api-url-variable", ["value": raw, "url": defaultAPIURL])))
        } else if let configured = configured.apiURL {
            settings.apiURL = .value(configured)
        }
        if let raw = variable("MYDEX_OFFLINE") {
            switch raw.lowercased() {
            case "1", "true", "yes", "on": settings.offline = .value(true)
            case "0", "false", "no", "off": settings.offline = .value(false)
            default: settings.offline = .invalid(SettingProblem(tr("global.error.offline-variable", ["value": raw])))
            }
        } else if let configured = configured.offline {
            settings.offline = .value(configured)
        }
        if let raw = variable("MYDEX_TIMEOUT") {
            if let seconds = Int(raw.trimmingCharacters(in: .whitespaces)), timeoutRange.contains(seconds) {
                settings.timeout = .value(seconds)
            } else {
                settings.timeout = .invalid(SettingProblem(tr("global.error.timeout-variable", [
                    "value": raw, "min": String(timeoutRange.lowerBound), "max": String(timeoutRange.upperBound),
                ])))
            }
        } else if let configured = configured.timeout {
            settings.timeout = .value(configured)
        }
        if let raw = variable("MYDEX_MEDIA_URL") {
            settings.mediaBase = (try? MediaURL.validated(raw)).map(Checked.value) ?? .invalid(SettingProblem(
                tr("global.error.media-url-variable", ["value": raw, "url": MediaURL.defaultBase])))
        }
        return settings
    }

    /// Whether `text` is a URL PokeAPI can be reached at (what `--api-url` and the config file's
    /// `api-url` take).
    public static func isAPIURL(_ text: String) -> Bool { (try? LivePokeAPIClient.validated(text)) != nil }
}

/// Where mydex keeps things: the XDG base directories (absolute values only, as the spec says),
/// and paths as users type them.
public enum MydexPaths {
    /// The collection: `--db PATH`, `MYDEX_DB`, `$XDG_DATA_HOME/mydex/mydex.sqlite`,
    /// `~/.local/share/mydex/mydex.sqlite`, first that is set; made absolute against `user`.
    public static func database(explicit: String?, environment: [String: String], user: UserPath) -> String {
        if let explicit, !explicit.isEmpty { return user.absolute(explicit) }
        if let fromEnvironment = environment["MYDEX_DB"], !fromEnvironment.isEmpty { return user.absolute(fromEnvironment) }
        if let dataHome = absolute(environment["XDG_DATA_HOME"]) {
            return (dataHome as NSString).appendingPathComponent("mydex/mydex.sqlite")
        }
        return (user.homeDirectory as NSString).appendingPathComponent(".local/share/mydex/mydex.sqlite")
    }

    /// Cries and big sprites: `$XDG_CACHE_HOME/mydex`, else `~/.cache/mydex`.
    public static func cache(environment: [String: String], homeDirectory: String) -> String {
        ((absolute(environment["XDG_CACHE_HOME"]) ?? (homeDirectory as NSString).appendingPathComponent(".cache")) as NSString)
            .appendingPathComponent("mydex")
    }

    /// The config file: `$XDG_CONFIG_HOME/mydex/config.toml`, else `~/.config/mydex/config.toml`.
    public static func configFile(environment: [String: String], homeDirectory: String) -> String {
        ((absolute(environment["XDG_CONFIG_HOME"]) ?? (homeDirectory as NSString).appendingPathComponent(".config")) as NSString)
            .appendingPathComponent("mydex/config.toml")
    }

    /// The XDG spec says relative values are invalid and must be ignored.
    private static func absolute(_ path: String?) -> String? { path.flatMap { $0.hasPrefix("/") ? $0 : nil } }
}

/// A path as a user typed it, made absolute: `~` and `~/…` are the given home, anything relative
/// is under the given current directory (the command's, never the process's own).
public struct UserPath: Sendable {
    public var homeDirectory: String
    public var currentDirectory: String

    public init(homeDirectory: String, currentDirectory: String) {
        self.homeDirectory = homeDirectory
        self.currentDirectory = currentDirectory
    }

    public func absolute(_ path: String) -> String {
        let expanded: String
        if path == "~" {
            expanded = homeDirectory
        } else if path.hasPrefix("~/") {
            expanded = (homeDirectory as NSString).appendingPathComponent(String(path.dropFirst(2)))
        } else {
            expanded = path
        }
        let absolute = expanded.hasPrefix("/") ? expanded : (currentDirectory as NSString).appendingPathComponent(expanded)
        return (absolute as NSString).standardizingPath
    }
}
