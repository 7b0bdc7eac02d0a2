import Foundation

/// PokeAPI's sprites and cries live outside the API, under one base URL; `MYDEX_MEDIA_URL`
/// swaps it for a mirror (or the tests' local server).
public enum MediaURL {
    /// What PokeAPI's media URLs start with.
    public static let defaultBase = "https://raw.githubusercontent.com/"

    /// An absolute http(s) base, ending in exactly one slash.
    public static func validated(_ base: String) throws(PokeAPIError) -> String {
        try LivePokeAPIClient.validated(base) + "/"
    }

    /// `url` served from `base` instead of the default base; a URL elsewhere is left as it is.
    public static func rewrite(_ url: String, base: String) -> String {
        guard base != defaultBase, url.hasPrefix(defaultBase) else { return url }
        return base + url.dropFirst(defaultBase.count)
    }
}

extension LivePokeAPIClient {
    /// The bytes at a media URL (a cry, a sprite): the same retries, deadline and budget as API
    /// requests, but no JSON check; the caller checks the format it expects.
    public func fetchMedia(url: String) async throws(PokeAPIError) -> Data {
        try await getWithRetries(url).body
    }
}
