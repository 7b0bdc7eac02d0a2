import Foundation
import Testing
import MydexServices

/// The real clock and the real randomness, as a command without `--seed` uses them.
@Suite("Clock and randomness")
struct ClockAndRandomTests {
    @Test("The system clock tells the time and really sleeps")
    func systemClock() async throws {
        let clock = SystemClock()
        #expect(abs(clock.now().timeIntervalSinceNow) < 5)
        let started = ContinuousClock.now
        try await clock.sleep(for: .milliseconds(20))
        #expect(ContinuousClock.now - started >= .milliseconds(20))
    }

    @Test("Without a seed, two runs draw differently; with one, the same")
    func systemRandomness() {
        var first = RandomSource.system.generator()
        var second = RandomSource.system.generator()
        #expect((0..<4).map { _ in first.next() } != (0..<4).map { _ in second.next() })
        var seeded = RandomSource.system.generator(seed: 42)
        var again = SeededGenerator(seed: 42)
        #expect(seeded.next() == again.next())
    }

    @Test("Unit values stay in 0..<1")
    func unitValues() {
        var generator = SeededGenerator(seed: 7)
        let values = (0..<10_000).map { _ in generator.nextUnit() }
        #expect(values.allSatisfy { (0..<1).contains($0) })
        #expect(values.min() ?? 1 < 0.01 && values.max() ?? 0 > 0.99)
    }
}
