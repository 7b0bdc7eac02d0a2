import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests and the reliability suite: each request is
/// answered by a handler that can also misbehave (truncate, drip, stay silent, send garbage),
/// as real servers do. It listens on loopback only.
public final class LocalHTTPServer: Sendable {
    public struct Request: Sendable {
        public var path: String
        public var headers: [String: String]

        public init(path: String, headers: [String: String]) {
            self.path = path
            self.headers = headers
        }
    }

    public enum Reply: Sendable {
        case response(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// Bytes written as they are, then the connection is closed.
        case raw(Data)
        /// A response whose bytes are sent one at a time, `interval` apart.
        case drip(status: Int, body: Data, interval: Duration)
        /// Reads the request and never answers.
        case silence

        public static func json(_ body: Data, status: Int = 200) -> Reply {
            .response(status: status, headers: ["Content-Type": "application/json"], body: body)
        }
    }

    public let port: Int
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let state = Mutex<(requests: [Request], servingTimes: [Duration], connections: Set<Int32>, stopped: Bool)>(
        ([], [], [], false))

    public init(handler: @escaping @Sendable (Request) -> Reply) throws {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socketFD, 64) == 0 else {
            close(socketFD)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        listener = socketFD
        port = Int(UInt16(bigEndian: address.sin_port))
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    public var baseURL: String { "http://127.0.0.1:\(port)/api/v2" }

    /// Every request received so far, oldest first.
    public var requests: [Request] { state.withLock { $0.requests } }

    /// How long each finished connection was served, from its request to the end of the reply
    /// or to the moment the client went away, in the order they finished. Measured on the
    /// server's own threads, so no other work in the process can delay the measurement.
    public var servingTimes: [Duration] { state.withLock { $0.servingTimes } }

    /// Stops accepting and cuts open connections. File descriptors are shut down only under the
    /// lock, and closed only by their own thread, so a number reused by another server is never hit.
    public func stop() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            for connection in state.connections { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR, !state.withLock({ $0.stopped }) { continue }
                close(listener)
                return
            }
            let accepted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.connections.insert(connection)
                return true
            }
            guard accepted else {
                close(connection)
                close(listener)
                return
            }
            let thread = Thread { [self] in
                serve(connection)
                state.withLock {
                    $0.connections.remove(connection)
                    close(connection)
                }
            }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        guard let request = readRequest(connection) else { return }
        let started = ContinuousClock.now
        state.withLock { $0.requests.append(request) }
        defer { state.withLock { $0.servingTimes.append(ContinuousClock.now - started) } }
        switch handler(request) {
        case .response(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) Status\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            // The head first, on its own: a client deciding from it (a length over its cap) need not
            // wait for a large body to be copied behind it.
            guard send(Data((head + "\r\n").utf8), connection) else { return }
            send(body, connection)
        case .raw(let bytes):
            send(bytes, connection)
        case .drip(let status, let body, let interval):
            let head = "HTTP/1.1 \(status) Status\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            send(Data(head.utf8), connection)
            for byte in body {
                guard !state.withLock({ $0.stopped }) else { return }
                Thread.sleep(forTimeInterval: Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18)
                guard send(Data([byte]), connection) else { return }
            }
        case .silence:
            var buffer = [UInt8](repeating: 0, count: 1024)
            while recv(connection, &buffer, buffer.count, 0) > 0 {}
        }
    }

    private func readRequest(_ connection: Int32) -> Request? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator = Data("\r\n\r\n".utf8)
        while received.range(of: terminator) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
        let head = String(decoding: received, as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(path: String(parts[1]), headers: headers)
    }

    @discardableResult
    private func send(_ data: Data, _ connection: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(connection, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }
}
