/// PokeAPI's identifiers as English words, for what no language names.
public enum IdentifierWords {
    /// An area's identifier as English words, as PokeAPI's English names write them
    /// (`contest-hall` → Contest Hall, `sw` → SW, `north-of-lilycove` → North of Lilycove):
    /// what a language PokeAPI names no areas in reads beside its own place names.
    public static func titled(_ identifier: String) -> String {
        let compass: Set<Substring> = ["n", "s", "e", "w", "ne", "nw", "se", "sw"]
        let small: Set<Substring> = ["a", "an", "and", "at", "by", "in", "of", "on", "the", "to"]
        return identifier.split(separator: "-").enumerated().map { index, word in
            if compass.contains(word) { return word.uppercased() }
            if index > 0, small.contains(word) { return String(word) }
            if word == "pokemon" { return "Pokémon" }
            return word.prefix(1).uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }
}
