import Foundation

/// Where the collection lives, first that is set: `--db PATH`, `MYDEX_DB`,
/// `$XDG_DATA_HOME/mydex/mydex.sqlite`, `~/.local/share/mydex/mydex.sqlite`.
public enum DatabaseLocation {
    public static let environmentVariable = "MYDEX_DB"

    public static func resolve(explicit: String?, environment: [String: String], homeDirectory: String) -> String {
        if let explicit, !explicit.isEmpty { return absolute(explicit, environment: environment) }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return absolute(fromEnvironment, environment: environment)
        }
        // The XDG spec says relative values are invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return (dataHome as NSString).appendingPathComponent("mydex/mydex.sqlite")
        }
        return (homeDirectory as NSString).appendingPathComponent(".local/share/mydex/mydex.sqlite")
    }

    private static func absolute(_ path: String, environment: [String: String]) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return expanded }
        let cwd = FileManager.default.currentDirectoryPath
        return ((cwd as NSString).appendingPathComponent(expanded) as NSString).standardizingPath
    }
}
