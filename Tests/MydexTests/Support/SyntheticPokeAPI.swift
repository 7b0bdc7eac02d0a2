import Foundation
import MydexTestSupport
import Synchronization

/// A small PokeAPI for sync tests: `count` species, the real fixtures where there are some, and
/// for other ids Pikachu's real responses with the id and name changed (and, in `/pokemon`, no
/// `moves`: mydex skips them, and they are 95% of the 577 KB that every request would otherwise
/// parse and write again). Species in `failing` answer 500; every request waits `delay` so
/// that concurrency can be observed.
final class SyntheticPokeAPI: Sendable {
    let count: Int
    let failing: Mutex<Set<Int>>
    let delay: TimeInterval
    private let inFlight = Mutex((current: 0, peak: 0))
    /// Pikachu's responses by resource, read once.
    private let templates: [String: Data]

    init(count: Int, failing: Set<Int> = [], delay: TimeInterval = 0) {
        self.count = count
        self.failing = Mutex(failing)
        self.delay = delay
        var templates: [String: Data] = [:]
        for resource in ["pokemon", "pokemon-species"] {
            guard let body = Fixtures.body(forAPIPath: "\(resource)/25"),
                  var json = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { continue }
            json["moves"] = nil
            templates[resource] = try? JSONSerialization.data(withJSONObject: json)
        }
        self.templates = templates
    }

    var peakConcurrency: Int { inFlight.withLock { $0.peak } }

    func reply(_ request: TestHTTPServer.Request) -> TestHTTPServer.Reply {
        inFlight.withLock { $0.current += 1; $0.peak = max($0.peak, $0.current) }
        defer { inFlight.withLock { $0.current -= 1 } }
        // A handler runs on the server's own connection thread, never a cooperative one: it may sleep.
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        let parts = request.path.split(separator: "?")[0].split(separator: "/").map(String.init)
        // ["api", "v2", resource, id?]
        guard parts.count >= 3 else { return .response(status: 404) }
        let resource = parts[2]
        let id = parts.count > 3 ? Int(parts[3]) : nil
        switch (resource, id) {
        case ("pokemon-species", nil):
            return .json(Data(#"{"count": \#(count), "next": null, "previous": null, "results": []}"#.utf8))
        case ("type", _):
            return Fixtures.reply(request)
        case (_, let id?) where (1...count).contains(id):
            if failing.withLock({ $0.contains(id) }) { return .response(status: 500) }
            return .json(body(resource: resource, id: id))
        default:
            return .response(status: 404)
        }
    }

    private func body(resource: String, id: Int) -> Data {
        if let real = Fixtures.body(forAPIPath: "\(resource)/\(id)") { return real }
        guard let template = templates[resource],
              var json = try? JSONSerialization.jsonObject(with: template) as? [String: Any] else { return Data() }
        json["id"] = id
        json["name"] = "synthetic-\(id)"
        return (try? JSONSerialization.data(withJSONObject: json)) ?? Data()
    }
}
