import Foundation
import MydexModel

/// The time source, injected so tests control "now" and never really sleep.
public protocol MydexClock: Sendable {
    func now() -> Date
    func sleep(for duration: Duration) async throws
}

public struct SystemClock: MydexClock {
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}

/// SplitMix64: small, fast and fully specified, so a `--seed` picks the same Pokémon on every
/// platform and Swift version (the standard library's generators promise neither).
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// Where the sequence is: a generator made with this as its seed goes on from here (a
    /// pending encounter keeps it between commands).
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound`, by rejection (no modulo bias).
    public mutating func nextInt(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let range = UInt64(bound)
        let limit = UInt64.max - UInt64.max % range
        while true {
            let value = next()
            if value < limit { return Int(value % range) }
        }
    }

    /// A uniform value in `0..<1`.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}

/// Where randomness comes from: a `--seed`, or fresh entropy (fixed in tests).
public struct RandomSource: Sendable {
    private let entropy: @Sendable () -> UInt64

    public init(entropy: @escaping @Sendable () -> UInt64) { self.entropy = entropy }

    public static let system = RandomSource {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }

    public func generator(seed: UInt64? = nil) -> SeededGenerator {
        SeededGenerator(seed: seed ?? entropy())
    }
}
