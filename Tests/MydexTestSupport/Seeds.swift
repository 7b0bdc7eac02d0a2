import MydexServices

extension SeededGenerator {
    /// The first seed whose catch picks `speciesID` out of `count` species, found by trying seeds
    /// in order: for tests and the reliability suite, which catch a chosen species with `--seed`.
    public static func seed(catching speciesID: Int, among count: Int) -> UInt64 {
        var seed: UInt64 = 0
        while true {
            var generator = SeededGenerator(seed: seed)
            if generator.nextInt(below: count) + 1 == speciesID { return seed }
            seed += 1
        }
    }
}
