import Foundation
import MydexModel

/// Where the collection lives, first that is set: `--db PATH`, `MYDEX_DB`,
/// `$XDG_DATA_HOME/mydex/mydex.sqlite`, `~/.local/share/mydex/mydex.sqlite`.
public enum DatabaseLocation {
    public static let environmentVariable = "MYDEX_DB"

    /// The database path, absolute. Relative paths and `~` are resolved against the given home and
    /// current directory (the command's context), never the process's own.
    public static func resolve(
        explicit: String?, environment: [String: String], homeDirectory: String, currentDirectory: String
    ) -> String {
        let user = UserPath(homeDirectory: homeDirectory, currentDirectory: currentDirectory)
        if let explicit, !explicit.isEmpty { return user.absolute(explicit) }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return user.absolute(fromEnvironment)
        }
        // The XDG spec says relative values are invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return (dataHome as NSString).appendingPathComponent("mydex/mydex.sqlite")
        }
        return (homeDirectory as NSString).appendingPathComponent(".local/share/mydex/mydex.sqlite")
    }
}

/// A path as a user typed it, made absolute: `~` and `~/…` are the given home, anything relative
/// is under the given current directory.
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
