import Foundation
import MydexModel

/// The chance of catching a wild Pokémon as the games work it out, from its species' capture
/// rate (0–255). The detail page shows the plainest case; issue 21's catching shares these rules.
public enum CatchOdds {
    /// One Poké Ball at full HP, no status, by the rules of generation 5 and later: the modified
    /// rate X = rate × (3·maxHP − 2·HP) / (3·maxHP) × ball × status is rate / 3 at full HP, and
    /// the shake checks the games make come to (X / 255)^¾ (a capture rate of 3 at full HP is
    /// 1.57%, Bulbapedia's "Catch rate"). X of 255 or more always catches.
    public static func pokeBallAtFullHP(captureRate: Int) -> Double {
        let modified = Double(max(captureRate, 0)) / 3
        guard modified < 255 else { return 1 }
        return pow(modified / 255, 0.75)
    }

    /// Steps one egg cycle takes from generation 5 on (257; 256 before, and 255 in generation
    /// 4, per Bulbapedia's "Egg cycle"): what `eggSteps` multiplies by.
    public static let stepsPerEggCycle = 257

    /// The steps an egg of `cycles` cycles takes to hatch, from generation 5 on.
    public static func eggSteps(cycles: Int) -> Int { cycles * stepsPerEggCycle }
}
