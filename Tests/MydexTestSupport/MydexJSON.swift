import Foundation

/// mydex's `--json` output: one JSON object per command, with `"schema": 1` and the command's
/// fields (README, "JSON output"). Read by the tests and the reliability suite.
public enum MydexJSON {
    /// The document printed on standard output; nil when it is valid JSON but not an object.
    public static func document(_ output: Data) throws -> [String: Any]? {
        try JSONSerialization.jsonObject(with: output) as? [String: Any]
    }
}

extension Dictionary where Key == String, Value == Any {
    /// The object at `key` (e.g. a document's `entry` or `species`).
    public func object(_ key: String) -> [String: Any]? { self[key] as? [String: Any] }

    /// The array of objects at `key` (e.g. `list`'s `entries`, `history`'s `events`).
    public func objects(_ key: String) -> [[String: Any]]? { self[key] as? [[String: Any]] }
}

extension ChildProcess.Outcome {
    /// Standard output as mydex's JSON document.
    public func document() throws -> [String: Any]? { try MydexJSON.document(outputBytes) }
}
