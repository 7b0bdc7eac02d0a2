import Foundation

/// One GET request with its limits.
public struct HTTPRequest: Sendable, Equatable {
    public var url: String
    public var userAgent: String
    public var connectTimeout: Duration
    /// The whole request, body included, must finish within this.
    public var deadline: Duration
    /// A body larger than this (after decompression) is refused.
    public var maxBodyBytes: Int

    public init(
        url: String, userAgent: String, connectTimeout: Duration = .seconds(10), deadline: Duration = .seconds(20),
        maxBodyBytes: Int = 16 * 1024 * 1024
    ) {
        self.url = url
        self.userAgent = userAgent
        self.connectTimeout = connectTimeout
        self.deadline = deadline
        self.maxBodyBytes = maxBodyBytes
    }
}

public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var contentType: String?
    /// The raw `Retry-After` header, when the server sent one.
    public var retryAfter: String?
    public var body: Data

    public init(status: Int, contentType: String? = nil, retryAfter: String? = nil, body: Data = Data()) {
        self.status = status
        self.contentType = contentType
        self.retryAfter = retryAfter
        self.body = body
    }
}

/// Why a request got no HTTP response.
public enum TransportError: Error, Equatable, Sendable {
    /// The host could not be resolved or reached, or the connection broke: worth retrying.
    case connectionFailed(String)
    /// The request ran past its deadline.
    case timedOut(Duration)
    case bodyTooLarge(limit: Int)
    /// The waiting task was cancelled (Ctrl-C) and the transfer stopped.
    case cancelled
    /// Anything else (bad URL, TLS verification, …): not retried.
    case failed(String)

    public var isRetryable: Bool {
        if case .connectionFailed = self { return true }
        return false
    }
}

/// Sends HTTP GET requests. The live implementation is libcurl; tests substitute their own.
public protocol HTTPTransport: Sendable {
    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}
