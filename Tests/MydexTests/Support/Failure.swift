import Testing

/// The error `call` ends with, or nil (recorded as an issue) when it succeeds.
func failure<T, E: Error>(
    _ call: () async throws(E) -> T, sourceLocation: SourceLocation = #_sourceLocation
) async -> E? {
    do {
        _ = try await call()
        Issue.record("expected a failure", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}
