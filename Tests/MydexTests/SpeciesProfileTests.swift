import Foundation
import Testing
@testable import MydexCLI
import MydexStore
import MydexModel
import MydexTestSupport

/// Base stats, abilities, evolution and breeding in `dex` and `show`, from the built-in catalog.
@Suite("Species profiles")
struct SpeciesProfileTests {
    /// The value of field `label` in text output (labels padded, two spaces before the value).
    func field(_ label: String, in output: String) -> String? {
        output.split(separator: "\n").lazy.map(String.init).compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix(label + " ") else { return nil }
            return trimmed.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
        }.first
    }

    @Test("Pikachu: base stats as bars with their total, abilities with the hidden one marked")
    func pikachuStats() async throws {
        let environment = try TestEnvironment()
        let run = await environment.run("dex", "25")
        #expect(run.status == 0)
        let text = run.standardOutput
        for (label, base) in [("HP", 35), ("Attack", 55), ("Defense", 40), ("Special Attack", 50), ("Special Defense", 50), ("Speed", 90)] {
            let value = try #require(field(label, in: text), "no \(label) line in\n\(text)")
            #expect(value.hasPrefix("\(base) "))
            // 15 cells for 255: a bar as long as the value says, in eighths of a cell.
            let cells = value.drop { $0 != " " }.dropFirst()
            #expect(cells.allSatisfy { "█▏▎▍▌▋▊▉".contains($0) })
            #expect(abs(cells.filter { $0 == "█" }.count - base * 15 / 255) <= 1)
        }
        #expect(field("Stat total", in: text) == "320")
        #expect(field("Abilities", in: text) == "Static, Lightning Rod (hidden)")
        #expect(field("Gender", in: text) == "50% ♂ / 50% ♀")
        #expect(field("Egg groups", in: text) == "Field, Fairy")
        #expect(field("Growth rate", in: text) == "medium fast")
        #expect(field("Habitat", in: text) == "forest")
    }

    @Test("The evolution chain, with triggers, and the species you hold marked")
    func pikachuChain() async throws {
        let environment = try TestEnvironment()
        let before = await environment.run("dex", "172")
        #expect(field("Evolution", in: before.standardOutput)
            == "Pichu → Pikachu (Level up, friendship 220) → Raichu (Use item, Thunder Stone; or Use item, Thunder Stone, becomes Alolan Raichu)")
        #expect(!before.standardOutput.contains("✓"))
        #expect(await environment.run("catch", "--offline", "--seed", String(Fixtures.seed(catching: 25))).status == 0)
        let after = await environment.run("show", "1")
        #expect(field("Evolution", in: after.standardOutput)
            == "Pichu → Pikachu ✓ (Level up, friendship 220) → Raichu (Use item, Thunder Stone; or Use item, Thunder Stone, becomes Alolan Raichu)")
        #expect(after.standardOutput.contains("✓ you hold one"))
        #expect(field("Stat total", in: after.standardOutput) == "320", "show has the same fields")
    }

    @Test("A branching chain: one line per branch")
    func eeveeChain() async throws {
        let environment = try TestEnvironment()
        let lines = (await environment.run("dex", "eevee")).standardOutput.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("  Evolution") })
        let branches = lines[start..<(start + 8)].map { $0.replacingOccurrences(of: "Evolution", with: "").trimmingCharacters(in: .whitespaces) }
        #expect(branches.allSatisfy { $0.hasPrefix("Eevee → ") })
        #expect(branches.contains("Eevee → Jolteon (Use item, Thunder Stone)"))
        #expect(branches.contains("Eevee → Umbreon (Level up, friendship 160, night)"))
        #expect(branches.contains { $0.hasPrefix("Eevee → Sylveon (") && $0.contains("knowing a Fairy move") })
        #expect(lines[start + 8].contains("Egg groups"), "eight branches, then the next field")
        // A three-way branch on Attack and Defense.
        let tyrogue = (await environment.run("dex", "236")).standardOutput
        #expect(tyrogue.contains("Tyrogue → Hitmontop (level 20, Attack = Defense)"))
    }

    @Test("A genderless species, and one that does not evolve")
    func genderless() async throws {
        let environment = try TestEnvironment()
        let magnemite = (await environment.run("dex", "81")).standardOutput
        #expect(field("Gender", in: magnemite) == "genderless")
        #expect(field("Evolution", in: magnemite)?.hasPrefix("Magnemite → Magneton (level 30) → Magnezone (") == true)
        let tauros = (await environment.run("dex", "128")).standardOutput
        #expect(field("Gender", in: tauros) == "100% ♂")
        #expect(field("Evolution", in: tauros) == nil)
        #expect(field("Stat total", in: tauros) != nil)
    }

    @Test("Korean names of stats, abilities and egg groups, aligned with the other labels")
    func korean() async throws {
        let environment = try TestEnvironment()
        let text = (await environment.run("dex", "25", "--lang", "ko")).standardOutput
        #expect(field("특수공격", in: text)?.hasPrefix("50 ") == true)
        #expect(field("특성", in: text) == "정전기, 피뢰침 (숨겨진 특성)")
        #expect(field("진화", in: text) == "피츄 → 피카츄 (레벨업, 친밀도 220) → 라이츄 (도구 사용, 천둥의돌 또는 도구 사용, 천둥의돌, 라이츄 (알로라의 모습)로 진화)")
        #expect(field("알그룹", in: text) == "육상, 요정")
        // Values start at one column, wide Hangul labels included (stats right-aligned in 3).
        let lines = text.split(separator: "\n").map(String.init)
        let columns = Set([("HP ", " 35 "), ("특수공격 ", " 50 "), ("특성 ", "정전기"), ("종족값 합계 ", "320")].map { label, value in
            let line = lines.first { $0.hasPrefix("  " + label) } ?? ""
            return TerminalWidth.of(line.components(separatedBy: value)[0])
        })
        #expect(columns.count == 1, "\(text)")
    }

    @Test("JSON: stats by slug, abilities and evolution with slugs beside names, breeding")
    func json() async throws {
        let environment = try TestEnvironment()
        await environment.run("catch", "--offline", "--seed", String(Fixtures.seed(catching: 26)))
        let document = try #require(try (await environment.run("dex", "25", "--json", "--lang", "ko")).document())
        let species = try #require(document.object("species"))
        #expect(species["stats"] as? [String: Int]
            == ["hp": 35, "attack": 55, "defense": 40, "special-attack": 50, "special-defense": 50, "speed": 90])
        #expect(species["statTotal"] as? Int == 320)
        let abilities = try #require(species.objects("abilities"))
        #expect(abilities.map { $0["slug"] as? String } == ["static", "lightning-rod"])
        #expect(abilities.map { $0["name"] as? String } == ["정전기", "피뢰침"])
        #expect(abilities.map { $0["hidden"] as? Bool } == [false, true])
        let paths = try #require(species["evolution"] as? [[[String: Any]]])
        #expect(paths.count == 1)
        #expect(paths[0].map { $0["species"] as? String } == ["pichu", "pikachu", "raichu"])
        #expect(paths[0].map { $0["name"] as? String } == ["피츄", "피카츄", "라이츄"])
        #expect(paths[0].map { $0["held"] as? Int } == [0, 0, 1])
        let raichu = try #require((paths[0][2]["methods"] as? [[String: Any]])?.first)
        #expect(raichu["trigger"] as? String == "use-item")
        #expect(raichu["item"] as? Int == 83)
        #expect(raichu["triggerName"] as? String == "도구 사용", "the catalog's Korean where PokeAPI has none")
        #expect((species["eggGroups"] as? [[String: String]])?.map { $0["slug"] } == ["ground", "fairy"])
        #expect(species["femalePercent"] as? Double == 50)
        #expect(species["genderless"] as? Bool == false)
        #expect(species["growthRate"] as? String == "medium")
        #expect((species["habitat"] as? [String: String])?["slug"] == "forest")
        // Lists carry the same fields but the chain.
        let list = try #require(try (await environment.run("dex", "list", "--limit", "1", "--offset", "80", "--json")).document())
        let magnemite = try #require(list.objects("results")?.first?.object("species"))
        #expect(magnemite["genderless"] as? Bool == true)
        #expect(magnemite["femalePercent"] == nil)
        #expect(magnemite["statTotal"] as? Int == 325)
        #expect(magnemite["evolution"] == nil)
    }

    @Test("PokeAPI's responses carry the same: stats and abilities from /pokemon, breeding and evolution from /pokemon-species")
    func fromResponses() throws {
        let pikachu = try Fixtures.speciesData(25)
        #expect(pikachu.stats == ["hp": 35, "attack": 55, "defense": 40, "special-attack": 50, "special-defense": 50, "speed": 90])
        #expect(pikachu.abilities == [.init(name: "static", hidden: false), .init(name: "lightning-rod", hidden: true)])
        #expect(pikachu.eggGroups == ["ground", "fairy"] && pikachu.genderRate == 4 && pikachu.growthRate == "medium")
        #expect(pikachu.evolvesFrom == 172 && pikachu.evolutionChain == 10)
        #expect(pikachu.evolution == nil, "the ways of evolving are in /evolution-chain, which mydex does not fetch")
    }

    @Test("Bars fit beside the picture on a wide terminal, with the picture's layout kept")
    func besidePicture() async throws {
        let environment = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"], sprites: SpriteSource.builtIn)
        for columns in [80, 60] {
            let run = await environment.run("dex", "25", "--lang", "ko", color: true, columns: columns)
            #expect(run.status == 0)
            let lines = run.standardOutput.split(separator: "\n").map(String.init)
            for line in lines {
                let plain = line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
                #expect(TerminalWidth.of(plain) <= columns, "wider than \(columns): \(plain)")
            }
            // At 80 columns the fields start beside the picture, at 60 under it; each bar stays on one line.
            #expect(lines[1].contains("\u{1B}[") && lines[1].contains("다른 이름") == (columns == 80), "\(lines[1])")
            let hp = try #require(lines.first { $0.contains("HP ") })
            #expect(hp.hasSuffix("35 \u{1B}[32m██\u{1B}[0m"), "bars in green: \(hp)")
        }
        let noColor = await environment.run("dex", "25", color: false, columns: 80)
        #expect(!noColor.standardOutput.contains("\u{1B}"))
        #expect(noColor.standardOutput.contains("  HP                35 ██\n"))
    }
}
