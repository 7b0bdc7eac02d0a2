import MydexTestSupport

/// The loopback PokeAPI stand-in (MydexTestSupport, shared with the reliability suite), under
/// the name the tests use.
typealias TestHTTPServer = LocalHTTPServer
