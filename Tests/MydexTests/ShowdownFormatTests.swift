import Foundation
import Testing
@testable import MydexSets

/// Showdown's three team formats, against the examples of smogon/pokemon-showdown `sim/TEAMS.md`
/// (commit 1511b8c3) and the behaviour of `sim/teams.ts` (`exportSet`, `import`, `pack`, `unpack`).
@Suite("Showdown team formats")
struct ShowdownFormatTests {
    // MARK: The examples of sim/TEAMS.md

    /// TEAMS.md's "Export format" example. Every line of it there ends with two spaces; they are
    /// added by `withTrailingSpaces` so that no editor can strip them from this file.
    static let teamsMDText = """
        Articuno @ Leftovers
        Ability: Pressure
        EVs: 252 HP / 252 SpA / 4 SpD
        Modest Nature
        IVs: 30 SpA / 30 SpD
        - Ice Beam
        - Hurricane
        - Substitute
        - Roost

        Ludicolo @ Life Orb
        Ability: Swift Swim
        EVs: 4 HP / 252 SpA / 252 Spe
        Modest Nature
        - Surf
        - Giga Drain
        - Ice Beam
        - Rain Dance

        Volbeat (M) @ Damp Rock
        Ability: Prankster
        EVs: 248 HP / 252 Def / 8 SpD
        Bold Nature
        - Tail Glow
        - Baton Pass
        - Encore
        - Rain Dance

        Seismitoad @ Life Orb
        Ability: Swift Swim
        EVs: 252 SpA / 4 SpD / 252 Spe
        Modest Nature
        - Hydro Pump
        - Earth Power
        - Stealth Rock
        - Rain Dance

        Alomomola @ Damp Rock
        Ability: Regenerator
        EVs: 252 HP / 252 Def / 4 SpD
        Bold Nature
        - Wish
        - Protect
        - Toxic
        - Rain Dance

        Armaldo @ Leftovers
        Ability: Swift Swim
        EVs: 128 HP / 252 Atk / 4 Def / 124 Spe
        Adamant Nature
        - X-Scissor
        - Stone Edge
        - Aqua Tail
        - Rapid Spin

        """

    /// Two spaces before every line break of a non-empty line, as the server writes.
    static func withTrailingSpaces(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : $0 + "  " }.joined(separator: "\n")
    }

    /// TEAMS.md's "Packed format" example, its line breaks ("added for readability") removed.
    static let teamsMDPacked = [
        "Articuno||leftovers|pressure|icebeam,hurricane,substitute,roost|Modest|252,,,252,4,||,,,30,30,|||]",
        "Ludicolo||lifeorb|swiftswim|surf,gigadrain,icebeam,raindance|Modest|4,,,252,,252|||||]",
        "Volbeat||damprock|prankster|tailglow,batonpass,encore,raindance|Bold|248,,252,,8,|M||||]",
        "Seismitoad||lifeorb|swiftswim|hydropump,earthpower,stealthrock,raindance|Modest|,,,252,4,252|||||]",
        "Alomomola||damprock|regenerator|wish,protect,toxic,raindance|Bold|252,,252,,4,|||||]",
        "Armaldo||leftovers|swiftswim|xscissor,stoneedge,aquatail,rapidspin|Adamant|128,252,4,,,124|||||",
    ].joined()

    /// The first three sets of TEAMS.md's "JSON format" example, as written there (Ludicolo and
    /// Volbeat have no `ivs`, and no set has `level`).
    static let teamsMDJSON = """
        [
          {
            "name": "",
            "species": "Articuno",
            "gender": "",
            "item": "Leftovers",
            "ability": "Pressure",
            "evs": {"hp": 252, "atk": 0, "def": 0, "spa": 252, "spd": 4, "spe": 0},
            "nature": "Modest",
            "ivs": {"hp": 31, "atk": 31, "def": 31, "spa": 30, "spd": 30, "spe": 31},
            "moves": ["Ice Beam", "Hurricane", "Substitute", "Roost"]
          },
          {
            "name": "",
            "species": "Ludicolo",
            "gender": "",
            "item": "Life Orb",
            "ability": "Swift Swim",
            "evs": {"hp": 4, "atk": 0, "def": 0, "spa": 252, "spd": 0, "spe": 252},
            "nature": "Modest",
            "moves": ["Surf", "Giga Drain", "Ice Beam", "Rain Dance"]
          },
          {
            "name": "",
            "species": "Volbeat",
            "gender": "M",
            "item": "Damp Rock",
            "ability": "Prankster",
            "evs": {"hp": 248, "atk": 0, "def": 252, "spa": 0, "spd": 8, "spe": 0},
            "nature": "Bold",
            "moves": ["Tail Glow", "Baton Pass", "Encore", "Rain Dance"]
          }
        ]
        """

    /// What a set means once names are compared as Showdown compares them (by `toID`), and
    /// "no nickname" is one value whether written "" or as the species.
    static func meaning(_ set: ShowdownSet) -> [String] {
        [set.nickname ?? "", toID(set.species), toID(set.item), toID(set.ability), set.moves.map(toID).joined(separator: ","),
         toID(set.nature), set.gender, "\(set.evs)", "\(set.ivs)", "\(set.level)"]
    }

    @Test("the export example of TEAMS.md reads field by field")
    func teamsMDText() throws {
        let team = ShowdownText.parse(Self.withTrailingSpaces(Self.teamsMDText))
        #expect(team.problems.isEmpty)
        #expect(team.sets.map(\.set.species) == ["Articuno", "Ludicolo", "Volbeat", "Seismitoad", "Alomomola", "Armaldo"])
        let articuno = try #require(team.sets.first)
        #expect(articuno.set == ShowdownSet(
            name: "", species: "Articuno", item: "Leftovers", ability: "Pressure", moves: ["Ice Beam", "Hurricane", "Substitute", "Roost"],
            nature: "Modest", gender: "", evs: ShowdownStats(hp: 252, atk: 0, def: 0, spa: 252, spd: 4, spe: 0),
            ivs: ShowdownStats(hp: 31, atk: 31, def: 31, spa: 30, spd: 30, spe: 31), level: 100))
        #expect(articuno.line == 1)
        #expect(articuno.fieldLines == [.firstLine: 1, .ability: 2, .evs: 3, .nature: 4, .ivs: 5])
        #expect(articuno.moveLines == [6, 7, 8, 9])
        let volbeat = team.sets[2]
        #expect(volbeat.line == 20)
        #expect(volbeat.set.gender == "M" && volbeat.set.item == "Damp Rock" && volbeat.set.nickname == nil)
        #expect(volbeat.set.evs == ShowdownStats(hp: 248, atk: 0, def: 252, spa: 0, spd: 8, spe: 0))
        #expect(team.sets[5].set.moves == ["X-Scissor", "Stone Edge", "Aqua Tail", "Rapid Spin"])
        #expect(team.sets[5].set.evs == ShowdownStats(hp: 128, atk: 252, def: 4, spa: 0, spd: 0, spe: 124))
    }

    @Test("the packed and JSON examples of TEAMS.md mean the same sets as its export example")
    func teamsMDPackedAndJSON() throws {
        let text = ShowdownText.parse(Self.teamsMDText).sets.map(\.set)
        let packed = try ShowdownPacked.unpack(Self.teamsMDPacked).get()
        #expect(packed.problems.isEmpty)
        #expect(packed.sets.map(Self.meaning) == text.map(Self.meaning))
        // Packed names are Showdown's ids; without a Pokédex they stay as they are.
        #expect(packed.sets[0].item == "leftovers" && packed.sets[0].name == "Articuno" && packed.sets[0].species == "Articuno")
        #expect(packed.sets[2].gender == "M")
        let json = try #require(ShowdownSet.decodeTeam(Data(Self.teamsMDJSON.utf8)))
        #expect(json == Array(text.prefix(3)))
    }

    // MARK: Writing

    @Test("export writes the server's bytes: two spaces on every line, an empty line after each set")
    func exportBytes() {
        let text = ShowdownText.parse(Self.teamsMDText).sets.map(\.set)
        #expect(ShowdownText.export(text) == Self.withTrailingSpaces(Self.teamsMDText) + "\n")
        let set = ShowdownSet(
            name: "Sparky", species: "Pikachu", item: "Light Ball", ability: "Static", moves: ["Hidden Power Ice", "Hidden Power [Grass]", "Volt Tackle"],
            nature: "Timid", gender: "F", evs: ShowdownStats(hp: 0, atk: 4, def: 0, spa: 252, spd: 0, spe: 252),
            ivs: ShowdownStats(hp: 31, atk: 0, def: 31, spa: 31, spd: 31, spe: 31), level: 50, shiny: true, happiness: 0,
            pokeball: "Great Ball", hpType: "Fire", dynamaxLevel: 3, gigantamax: true, teraType: "Water")
        let expected = [
            "Sparky (Pikachu) (F) @ Light Ball", "Ability: Static", "Level: 50", "Shiny: Yes", "Happiness: 0", "Pokeball: Great Ball",
            "Hidden Power: Fire", "Dynamax Level: 3", "Gigantamax: Yes", "Tera Type: Water", "EVs: 4 Atk / 252 SpA / 252 Spe",
            "Timid Nature", "IVs: 0 Atk", "- Hidden Power [Ice]", "- Hidden Power [Grass]", "- Volt Tackle",
        ].map { $0 + "  \n" }.joined()
        #expect(ShowdownText.exportSet(set) == expected)
        #expect(ShowdownText.exportSet(set, options: ShowdownExportOptions(hideStats: true, removeNicknames: true))
            .hasPrefix("Pikachu (F) @ Light Ball  \nAbility: Static  \n"))
        // Level 0 is "unset" to Showdown's `set.level &&`, 255 friendship and Dynamax level 10 are the defaults.
        let quiet = ShowdownSet(name: "Pikachu", species: "Pikachu", level: 0, happiness: 255, dynamaxLevel: 10)
        #expect(ShowdownText.exportSet(quiet) == "Pikachu  \n")
    }

    @Test("export, parse, export gives the same bytes and the same set")
    func exportRoundTrip() throws {
        let set = ShowdownSet(
            name: "Reliance", species: "Type: Null", item: "Eviolite", ability: "Battle Armor", moves: ["Hidden Power Fire", "Swords Dance"],
            nature: "Adamant", gender: "", evs: ShowdownStats(hp: 252, atk: 252, def: 4, spa: 0, spd: 0, spe: 0),
            ivs: ShowdownStats(hp: 30, atk: 31, def: 30, spa: 30, spd: 31, spe: 30), level: 5, shiny: true, happiness: 70,
            pokeball: "Cherish Ball", hpType: "Ice", dynamaxLevel: 0, gigantamax: true, teraType: "Stellar")
        let text = ShowdownText.export([set, ShowdownSet(species: "Vulpix-Alola", gender: "M")])
        let parsed = ShowdownText.parse(text)
        #expect(parsed.problems.isEmpty)
        #expect(parsed.sets.map(\.set) == [set, ShowdownSet(species: "Vulpix-Alola", gender: "M")])
        #expect(ShowdownText.export(parsed.sets.map(\.set)) == text)
    }

    // MARK: Reading the export format

    @Test("Nickname (Species) splits on the last \" (\", as the client does")
    func nicknames() {
        let sets = ShowdownText.parse("Reliance (Type: Null) @ Eviolite\n\nBob (the Builder) (Pikachu) (M)\n\nMr. Mime\n").sets.map(\.set)
        #expect(sets.map(\.name) == ["Reliance", "Bob (the Builder)", ""])
        #expect(sets.map(\.species) == ["Type: Null", "Pikachu", "Mr. Mime"])
        #expect(sets.map(\.nickname) == ["Reliance", "Bob (the Builder)", nil])
        #expect(sets[1].gender == "M" && sets[0].item == "Eviolite")
        #expect(ShowdownText.parse("Pikachu @ No Item").sets.first?.set.item == "")
    }

    @Test("Trait:, Friendship: and ~ moves are read; lines come in any order")
    func aliases() throws {
        let text = "Ditto\n~ Transform\nFriendship: 70\nTrait: Imposter\njolly nature\n-Tackle\nShiny: Yes\nLevel: 50\n"
        let parsed = try #require(ShowdownText.parse(text).sets.first)
        #expect(parsed.set.ability == "Imposter" && parsed.set.happiness == 70 && parsed.set.nature == "jolly")
        #expect(parsed.set.moves == ["Transform", "Tackle"] && parsed.moveLines == [2, 6])
        #expect(parsed.set.shiny == true && parsed.set.level == 50)
        #expect(parsed.fieldLines[.happiness] == 3 && parsed.fieldLines[.ability] == 4 && parsed.fieldLines[.level] == 8)
    }

    @Test("missing EVs are 0 and missing IVs 31; stat names as Showdown knows them")
    func statDefaults() throws {
        let plain = try #require(ShowdownText.parse("Pikachu\nAbility: Static\n").sets.first?.set)
        #expect(plain.evs == .defaultEVs && plain.ivs == .defaultIVs && plain.level == 100)
        let named = try #require(ShowdownText.parse("Pikachu\nEVs: 4 Spd / 8 SpD / 12 Special Attack\nIVs: 0 spe\n").sets.first?.set)
        // Showdown's getID takes "Spd" (exactly) as Speed and "SpD" as Special Defense.
        #expect(named.evs == ShowdownStats(hp: 0, atk: 0, def: 0, spa: 12, spd: 8, spe: 4))
        #expect(named.ivs == ShowdownStats(hp: 31, atk: 31, def: 31, spa: 31, spd: 31, spe: 0))
    }

    @Test("Hidden Power [Fire] becomes the move Hidden Power Fire and leaves IVs and hpType alone")
    func hiddenPower() throws {
        let parsed = ShowdownText.parse("Magnezone\n- Hidden Power [Fire]\n- Frustration\n\nSkarmory\n- Hidden Power [Ground\n")
        let magnezone = try #require(parsed.sets.first?.set)
        #expect(magnezone.moves == ["Hidden Power Fire", "Frustration"])
        #expect(magnezone.ivs == .defaultIVs && magnezone.hpType == nil)
        // Showdown gives a set with Frustration and no friendship a friendship of 0.
        #expect(magnezone.happiness == 0)
        #expect(ShowdownText.exportSet(magnezone).contains("- Hidden Power [Fire]  \n"))
        #expect(parsed.sets[1].set.moves == ["Hidden Power Ground"])
        #expect(parsed.problems == [ShowdownProblem(.missingBracket, line: 6, set: 2, text: "- Hidden Power [Ground")])
    }

    @Test("team backup headers keep each set's team and format")
    func backupHeaders() throws {
        let text = "=== [gen9ou] Rain/Rain Team ===\n\nPelipper @ Damp Rock\nAbility: Drizzle\n\n=== [gen3ou] Old Team ===\n\nSkarmory\n- Spikes\n\nZapdos\n- Thunderbolt\n"
        let team = ShowdownText.parse(text)
        #expect(team.problems.isEmpty)
        #expect(team.headers == [
            ShowdownTeamHeader(line: 1, format: "gen9ou", folder: "Rain", name: "Rain Team"),
            ShowdownTeamHeader(line: 6, format: "gen3ou", folder: "", name: "Old Team"),
        ])
        #expect(team.sets.map(\.set.species) == ["Pelipper", "Skarmory", "Zapdos"])
        #expect(team.sets.map { $0.team?.name } == ["Rain Team", "Old Team", "Old Team"])
        #expect(team.sets.map(\.line) == [3, 8, 11])
    }

    @Test("problems carry their set and line; numbers out of range are kept as read")
    func problems() throws {
        let text = """
            Pikachu
            Ability: Static

            Raichu
            EVs: 300 HP / x Atk / 4 Foo / 252abc Spe
            IVs: 40 HP / y Def
            Level: 0
            Happiness: lots
            Ability: Lightning Rod
            Ability: Static
            Favourite food: berries
            - Thunderbolt
            """
        let team = ShowdownText.parse(text)
        let raichu = try #require(team.sets.last)
        #expect(raichu.set.evs == ShowdownStats(hp: 300, atk: 0, def: 0, spa: 0, spd: 0, spe: 252))
        #expect(raichu.set.ivs == ShowdownStats(hp: 40, atk: 31, def: 31, spa: 31, spd: 31, spe: 31))
        #expect(raichu.set.level == 0 && raichu.set.happiness == nil && raichu.set.ability == "Static")
        #expect(raichu.fieldLines[.ability] == 10 && raichu.moveLines == [12])
        #expect(team.problems == [
            ShowdownProblem(.badNumber(.evs), line: 5, set: 2, text: "x Atk"),
            ShowdownProblem(.unknownStat(.evs), line: 5, set: 2, text: "4 Foo"),
            ShowdownProblem(.badNumber(.evs), line: 5, set: 2, text: "252abc Spe"),
            ShowdownProblem(.badNumber(.ivs), line: 6, set: 2, text: "y Def"),
            ShowdownProblem(.badNumber(.happiness), line: 8, set: 2, text: "lots"),
            ShowdownProblem(.repeatedField(.ability), line: 10, set: 2, text: "Ability: Static"),
            ShowdownProblem(.unknownLine, line: 11, set: 2, text: "Favourite food: berries"),
        ])
    }

    @Test("CRLF line ends and a byte order mark read as Showdown reads them")
    func lineEnds() throws {
        let team = ShowdownText.parse("\u{FEFF}Pikachu @ Light Ball\r\nAbility: Static\r\n- Thunderbolt\r\n")
        #expect(team.problems.isEmpty)
        #expect(team.sets.first?.set == ShowdownSet(species: "Pikachu", item: "Light Ball", ability: "Static", moves: ["Thunderbolt"]))
    }

    // MARK: Packed

    @Test("packed to sets and back is identical")
    func packedRoundTrip() throws {
        #expect(ShowdownPacked.pack(try ShowdownPacked.unpack(Self.teamsMDPacked).get().sets) == Self.teamsMDPacked)
        let rich = "Reliance|TypeNull|Eviolite|H|HiddenPowerFire,SwordsDance|Adamant|252,,4,,,|F|30,,30,,,|S|50|70,Ice,CherishBall,G,3,Stellar]"
            + "Vulpix-Alola||||||||||5|,,,,,Fire"
        let team = try ShowdownPacked.unpack(rich).get()
        #expect(team.problems.isEmpty)
        let reliance = try #require(team.sets.first)
        #expect(reliance == ShowdownSet(
            name: "Reliance", species: "Type Null", item: "Eviolite", ability: "H", moves: ["Hidden Power Fire", "Swords Dance"],
            nature: "Adamant", gender: "F", evs: ShowdownStats(hp: 252, atk: 0, def: 4, spa: 0, spd: 0, spe: 0),
            ivs: ShowdownStats(hp: 30, atk: 31, def: 30, spa: 31, spd: 31, spe: 31), level: 50, shiny: true, happiness: 70,
            pokeball: "Cherish Ball", hpType: "Ice", dynamaxLevel: 3, gigantamax: true, teraType: "Stellar"))
        #expect(reliance.abilitySlot == "H")
        #expect(team.sets[1].species == "Vulpix-Alola" && team.sets[1].level == 5 && team.sets[1].teraType == "Fire")
        #expect(team.sets[1].happiness == 255 && team.sets[1].dynamaxLevel == 10 && team.sets[1].moves == [""])
        #expect(ShowdownPacked.pack(team.sets) == rich)
    }

    @Test("sets packed from the export format, and the packed tail in the code's order")
    func packFromText() throws {
        let set = ShowdownSet(species: "Pikachu", item: "Light Ball", moves: ["Hidden Power Fire"], ivs: ShowdownStats(all: 31), happiness: 0, pokeball: "Great Ball", hpType: "Water")
        #expect(ShowdownPacked.pack(set) == "Pikachu||LightBall||HiddenPowerFire|||||||0,Water,GreatBall,,,")
        #expect(ShowdownPacked.unpackName("LifeOrb") == "Life Orb" && ShowdownPacked.unpackName("Porygon2") == "Porygon 2")
        #expect(ShowdownPacked.packName("Farfetch’d") == "Farfetchd")
    }

    @Test("packed text Showdown refuses or cuts")
    func packedProblems() {
        #expect(ShowdownPacked.unpack("") == .failure(.empty))
        #expect(ShowdownPacked.unpack("Pikachu||lightball|static") == .failure(.truncatedSet(number: 1, text: "Pikachu||lightball|static")))
        // A "]" at the end starts a set with no fields: Showdown's unpack returns null.
        #expect(ShowdownPacked.unpack("Pikachu|||||||||||]") == .failure(.truncatedSet(number: 2, text: "")))
        let bad = ShowdownPacked.unpack("Pikachu||||||x,,,,,|||||")
        #expect(bad == .success(ShowdownPackedTeam(sets: [ShowdownSet(name: "Pikachu", species: "Pikachu", moves: [""])],
                                                    problems: [ShowdownProblem(.badNumber(.evs), line: 1, set: 1, text: "x")])))
        let many = Array(repeating: "Pikachu|||||||||||", count: 25).joined(separator: "]")
        let cut = try? ShowdownPacked.unpack(many).get()
        #expect(cut?.sets.count == 24 && cut?.problems.map(\.kind) == [.extraPackedSets])
    }

    // MARK: JSON

    @Test("JSON round trip, and Showdown-shaped JSON with fields missing")
    func json() throws {
        let set = ShowdownSet(name: "Sparky", species: "Pikachu", moves: ["Thunderbolt"], evs: ShowdownStats(all: 1), level: 7, shiny: false, teraType: "Electric")
        let data = try ShowdownSet.encodeTeam([set])
        #expect(ShowdownSet.decodeTeam(data) == [set])
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(Set(object[0].keys) == ["name", "species", "item", "ability", "moves", "nature", "gender", "evs", "ivs", "level", "shiny", "teraType"])
        let sparse = #"[{"species": "Pikachu", "evs": {"spe": 252, "atk": "x"}, "ivs": {"atk": 0}, "moves": ["Surf", 3], "gigantamax": true}]"#
        let read = try #require(ShowdownSet.decodeTeam(Data(sparse.utf8))?.first)
        #expect(read == ShowdownSet(species: "Pikachu", moves: ["Surf", ""], evs: ShowdownStats(hp: 0, atk: 0, def: 0, spa: 0, spd: 0, spe: 252),
                                    ivs: ShowdownStats(hp: 31, atk: 0, def: 31, spa: 31, spd: 31, spe: 31), gigantamax: true))
        #expect(ShowdownSet.decodeTeam(Data(#"{"species": "Pikachu"}"#.utf8)) == nil)
    }

    // MARK: Recognizing

    @Test("recognize tells the three formats from mydex's own files and from saves")
    func recognize() {
        #expect(ShowdownFormat.recognize(Self.teamsMDText) == .text)
        #expect(ShowdownFormat.recognize("\n" + Self.teamsMDPacked + "\r\n") == .packed)
        #expect(ShowdownFormat.recognize("  " + Self.teamsMDJSON) == .json)
        #expect(ShowdownFormat.recognize("Pikachu\n- Thunderbolt\n") == .text)
        // mydex's CSV and JSON exports, a JSON array of something else, prose, a save's bytes.
        #expect(ShowdownFormat.recognize("id,uuid,dex,species,form\n1,abc,25,pikachu,\n") == nil)
        #expect(ShowdownFormat.recognize(#"{"entries": [{"species": "pikachu", "moves": []}]}"#) == nil)
        #expect(ShowdownFormat.recognize(#"[{"uuid": "x", "species": "pikachu"}]"#) == nil)
        #expect(ShowdownFormat.recognize("Dear diary,\nToday I caught a Pikachu.\nIt was great.\nLevel: 5\n") == nil)
        #expect(ShowdownFormat.recognize("Notes\nbuy milk\nwalk dog\n") == nil)
        // A move-like line does not make a team of lines mostly not understood.
        #expect(ShowdownFormat.recognize("Shopping list\nbuy milk\nbuy eggs\nbuy bread\n- call mom\n") == nil)
        #expect(ShowdownFormat.recognize("a|b|c") == nil)
        #expect(ShowdownFormat.recognize([0x00, 0x41, 0x62] + Array("|||||||||||".utf8)) == nil)
        #expect(ShowdownFormat.recognize([0xFF, 0xFE, 0x41]) == nil)
        #expect(ShowdownFormat.recognize("   \n") == nil)
    }

    @Test("read gives a packed team refused whole as a problem, and packed lines their line")
    func read() throws {
        let broken = try #require(ShowdownFormat.read("\n\nPikachu|||||||||||]Raichu|||"))
        #expect(broken.format == .packed && broken.team.sets.isEmpty)
        #expect(broken.team.problems == [ShowdownProblem(.truncatedPackedSet, line: 3, set: 2, text: "Raichu|||")])
        let json = try #require(ShowdownFormat.read(Self.teamsMDJSON))
        #expect(json.format == .json && json.team.sets.count == 3 && json.team.sets[0].line == 1)
    }

    @Test("toID keeps lowercase ASCII letters and digits only")
    func ids() {
        #expect(toID("Vulpix-Alola") == "vulpixalola")
        #expect(toID("Type: Null") == "typenull")
        #expect(toID("Flabébé") == "flabb")
        #expect(toID("Porygon-Z 2") == "porygonz2")
    }
}
