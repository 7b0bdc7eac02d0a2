/// The short names fans write for the games (`sv`, `swsh`, `hgss`: Bulbapedia's "List of
/// abbreviations", and the games' communities), each the PokeAPI identifier of the version
/// group or game it stands for. Single letters are left out: `x` and `y` are games' own
/// identifiers. Korean fans' own short names (스바, 소실, 브다샤펄) are here too; the games' full
/// names in every language come from PokeAPI.
public enum GameAbbreviations {
    public static let all: [String: String] = [
        // Version groups.
        "rb": "red-blue", "gs": "gold-silver", "rs": "ruby-sapphire", "frlg": "firered-leafgreen",
        "dp": "diamond-pearl", "pt": "platinum", "hgss": "heartgold-soulsilver", "bw": "black-white",
        "b2w2": "black-2-white-2", "bw2": "black-2-white-2", "xy": "x-y", "oras": "omega-ruby-alpha-sapphire",
        "sm": "sun-moon", "usum": "ultra-sun-ultra-moon", "lgpe": "lets-go-pikachu-lets-go-eevee",
        "swsh": "sword-shield", "ioa": "the-isle-of-armor", "bdsp": "brilliant-diamond-shining-pearl",
        "pla": "legends-arceus", "la": "legends-arceus", "sv": "scarlet-violet", "plza": "legends-za",
        "스바": "scarlet-violet", "소실": "sword-shield", "브다샤펄": "brilliant-diamond-shining-pearl",
        // Single games.
        "fr": "firered", "lg": "leafgreen", "hg": "heartgold", "ss": "soulsilver", "b2": "black-2", "w2": "white-2",
        "or": "omega-ruby", "as": "alpha-sapphire", "us": "ultra-sun", "um": "ultra-moon",
        "lgp": "lets-go-pikachu", "lge": "lets-go-eevee", "bd": "brilliant-diamond", "sp": "shining-pearl",
    ]

    /// The identifier `text` abbreviates (compared as searches compare: case and spaces aside), or nil.
    public static func identifier(for text: String) -> String? {
        all[SearchText.normalized(text)]
    }
}
