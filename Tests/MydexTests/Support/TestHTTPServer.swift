import MydexReliability

/// The reliability suite's loopback HTTP server, under the name the tests use.
typealias TestHTTPServer = LocalHTTPServer
