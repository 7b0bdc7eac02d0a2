import Foundation
import MydexModel
import MydexText
import PokeAPI
import Synchronization

/// The network below the services, as a command's context carries it: tests put their own in its place.
public typealias NetworkTransport = HTTPTransport
/// How often and how patiently a request is tried again.
public typealias NetworkRetryPolicy = RetryPolicy

/// PokeAPI as the settings reach it: the client, and the cries and big sprites fetched through it.
public struct PokeAPIConnection: Sendable {
    let client: LivePokeAPIClient
    public let settings: NetworkSettings
    let cacheDirectory: String

    /// How the timeout counts: one deadline for the whole command (`catch`), or for each request
    /// with its retries (`dex sync`, which makes two thousand and is long by nature).
    public enum Budget: Sendable {
        case shared, eachRequest
    }

    /// The live transport: libcurl, loaded on the first request.
    public static var liveTransport: any NetworkTransport { CurlTransport() }

    /// Four attempts, backing off from half a second (`RetryPolicy`'s defaults).
    public static var defaultRetryPolicy: NetworkRetryPolicy { RetryPolicy() }

    /// A client for `settings` (its API URL and timeout must be good: else their problem), over
    /// `transport`, waiting by `clock`, its backoff jittered by `random`.
    public init(
        settings: NetworkSettings, budget: Budget, transport: any NetworkTransport, retryPolicy: NetworkRetryPolicy,
        clock: any MydexClock, random: RandomSource, cacheDirectory: String
    ) throws(SettingProblem) {
        let deadline = try settings.timeout.get()
        let jitter = Mutex(random.generator())
        do {
            client = try LivePokeAPIClient(
                baseURL: try settings.apiURL.get(), transport: transport, userAgent: "mydex/\(MydexVersion.current)",
                retryPolicy: retryPolicy, connectTimeout: .seconds(min(deadline, 10)), deadline: .seconds(deadline),
                budget: NetworkBudget(.seconds(deadline), scope: budget == .shared ? .shared : .eachRequest),
                sleep: { try await clock.sleep(for: $0) },
                unitRandom: { jitter.withLock { $0.nextUnit() } },
                now: { clock.now() })
        } catch let problem as SettingProblem {
            throw problem
        } catch {
            // The URL was checked when it was resolved: a client that cannot be made is one too.
            throw SettingProblem(tr("global.error.api-url", ["url": NetworkSettings.defaultAPIURL]))
        }
        self.settings = settings
        self.cacheDirectory = cacheDirectory
    }

    /// Whether to stay off the network.
    public func offline() throws(SettingProblem) -> Bool { try settings.offline.get() }

    /// Cries (`mydex cry`, `catch --cry`): cached, else fetched.
    public func cries() throws(SettingProblem) -> CryService {
        let client = self.client
        return CryService(
            cacheDirectory: cacheDirectory, mediaBase: try settings.mediaBase.get(), fetch: { try await client.fetchMedia(url: $0) })
    }

    /// PokeAPI's 96×96 sprites (`sprite --big`): cached, else fetched.
    public func bigSprites() throws(SettingProblem) -> BigSpriteService {
        let client = self.client
        return BigSpriteService(
            cacheDirectory: cacheDirectory, mediaBase: try settings.mediaBase.get(), fetch: { try await client.fetchMedia(url: $0) })
    }
}
