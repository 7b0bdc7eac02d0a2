import Foundation
import Testing
import MydexCatalog
import MydexModel
@testable import MydexCLI
import MydexServices
import MydexStore
import MydexTestSupport
@testable import PokedexGenerator

/// `export --format html`: one self-contained page of the living dex, read back as text here and
/// rendered by a real browser in `HTMLExportBrowserTests`.
@Suite("HTML export")
struct HTMLExportTests {
    static let sprites = MydexCLI.SpriteSource.builtIn
    static let nickname = "<script>"

    /// Pikachu nicknamed `<script>` (entry 1), a shiny Bulbasaur (2), Eevee released (3), Charizard (4).
    static func smallCollection() async throws -> TestEnvironment {
        let environment = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"], sprites: sprites)
        let store = try environment.openStore()
        let start = TestClock.start
        _ = try await store.recordCatch(speciesID: 25, isShiny: false, at: start)
        _ = try await store.recordCatch(speciesID: 1, isShiny: true, at: start.addingTimeInterval(60))
        _ = try await store.recordCatch(speciesID: 133, isShiny: false, at: start.addingTimeInterval(120))
        _ = try await store.recordCatch(speciesID: 6, isShiny: false, at: start.addingTimeInterval(180))
        _ = try await store.setNickname(entryID: 1, to: nickname, at: start.addingTimeInterval(200))
        _ = try await store.release(entryID: 3, force: false, at: start.addingTimeInterval(300))
        try store.close()
        return environment
    }

    /// A collection holding every species of the national Pokédex once, imported in one transaction.
    static func fullCollection() async throws -> TestEnvironment {
        let environment = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"], sprites: sprites)
        var csv = "uuid,dex,caught_at\r\n"
        for dex in 1...1025 { csv += "\(UUID().uuidString.lowercased()),\(dex),2026-11-21T07:00:00Z\r\n" }
        let file = environment.path("all.csv")
        try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
        let run = await environment.run("import", file)
        #expect(run.status == 0, "\(run.standardError)")
        return environment
    }

    /// Exports the page to a new file in the test's folder and returns its path and text.
    static func export(_ environment: TestEnvironment, _ arguments: String...) async throws -> (path: String, html: String) {
        let path = environment.path("page-\(UUID().uuidString).html")
        let run = await environment.run(["export", "--format", "html"] + arguments + [path])
        #expect(run.status == 0, "\(run.standardError)")
        return (path, try String(contentsOfFile: path, encoding: .utf8))
    }

    /// The living dex's slots as the page writes them: (class, dex number, shiny, the whole element).
    static func slots(_ html: String) -> [(caught: Bool, dex: Int, shiny: Bool, element: Substring)] {
        html.matches(of: #/<div class="slot (caught|missing)[^"]*" data-dex="(\d+)" data-shiny="(true|false)"[^\n]*/#)
            .map { ($0.output.1 == "caught", Int($0.output.2) ?? 0, $0.output.3 == "true", $0.output.0) }
    }

    /// The PNG a slot's picture holds, decoded.
    static func picture(in element: Substring) throws -> PNGImage {
        let base64 = try #require(element.firstMatch(of: #/src="data:image/png;base64,([A-Za-z0-9+/=]+)"/#)?.output.1)
        return try PNGImage(try #require(Data(base64Encoded: String(base64))))
    }

    /// Whether a decoded PNG holds exactly the sprite's pixels (transparent ones with alpha 0).
    static func same(_ png: PNGImage, _ sprite: Sprite) -> Bool {
        guard png.width == sprite.width, png.height == sprite.height else { return false }
        for y in 0..<sprite.height {
            for x in 0..<sprite.width {
                let offset = (y * png.width + x) * 4
                let rgba = Array(png.rgba[offset..<offset + 4])
                if let color = sprite[x, y] {
                    if rgba != [color.red, color.green, color.blue, 255] { return false }
                } else if rgba[3] != 0 {
                    return false
                }
            }
        }
        return true
    }

    @Test("The page holds every national slot, draws the held species (the shiny sprite for a shiny), escapes the nickname, and has no script and no address")
    func smallPage() async throws {
        let environment = try await Self.smallCollection()
        let (path, html) = try await Self.export(environment)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains("<link") && !html.contains("@import") && !html.contains("url("))
        #expect(html.contains("<td>&lt;script&gt;</td>"))
        #expect(!html.contains(Self.nickname))

        let slots = Self.slots(html)
        #expect(slots.map(\.dex) == Array(1...1025))
        // Eevee was released: its slot is empty again.
        #expect(slots.filter(\.caught).map(\.dex) == [1, 6, 25])
        #expect(slots.filter(\.shiny).map(\.dex) == [1])
        #expect(html.components(separatedBy: "data:image/png;base64,").count - 1 == 3, "only held species' pictures")
        for slot in slots where slot.caught {
            let sprite = try #require(Self.sprites?.sprite(speciesID: slot.dex, shiny: slot.shiny))
            let png = try Self.picture(in: slot.element)
            #expect(Self.same(png, sprite), "#\(slot.dex)'s picture is its sprite, pixel for pixel")
            #expect(slot.element.contains("width=\"\(sprite.width * 2)\" height=\"\(sprite.height * 2)\""))
            #expect(slot.element.contains("image/png"))
        }
        let missing = try #require(slots.first { $0.dex == 133 })
        #expect(!missing.element.contains("<img"))
        #expect(missing.element.contains("#0133") && missing.element.contains("Eevee"))

        let national = "<tr class=\"pokedex\" data-pokedex=\"national\" data-caught=\"3\" data-total=\"1025\">"
            + "<td>National</td><td class=\"number\">3 / 1,025</td><td class=\"number\">0.2%</td>"
        #expect(html.contains(national))
        #expect(html.contains("<h3><span>Box 1: #0001–#0030</span> <span class=\"count\">3 / 30</span></h3>"))
        // The table: held entries in Pokédex order.
        let rows = html.matches(of: #/<tr data-id="(\d+)" data-dex="(\d+)"/#).map { Int($0.output.1) ?? 0 }
        #expect(rows == [2, 4, 1])
        let bulbasaur = "<td class=\"number\">2</td><td>#0001</td><td>Bulbasaur</td>"
            + "<td class=\"number\">—</td><td class=\"number\">—</td><td></td><td>Grass/Poison</td>"
            + "<td class=\"shiny\" title=\"Shiny\">✨</td>"
        #expect(html.contains(bulbasaur))
        #expect(html.contains("@media (prefers-color-scheme: dark)") && html.contains("@page { size: A4;") && html.contains("break-inside: avoid"))
        #expect(html.contains("image-rendering: pixelated"))
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("An entry from a game's save shows where it was met by the place's name in the page's language, and an egg says it is one")
    func savedEntries() async throws {
        let environment = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"], sprites: Self.sprites)
        let save = environment.path("ruby.sav")
        try Data(try Fixtures.save("ruby-slot1.sav")).write(to: URL(fileURLWithPath: save))
        #expect(await environment.run("import", save, "--eggs").status == 0)
        let (_, html) = try await Self.export(environment)
        #expect(html.contains("Route 101") && !html.contains("hoenn-route-101"), "the place's name, not its identifier")
        #expect(html.contains("Wingull (egg)"))
        let korean = await environment.run("export", "--lang", "ko", "--format", "html", "-")
        #expect(korean.standardOutput.contains("101번도로") && korean.standardOutput.contains("갈모매 (알)"))
    }

    @Test("In Korean the page says so, and its headings and names are Korean")
    func korean() async throws {
        let environment = try await Self.smallCollection()
        let path = environment.path("living-dex.html")
        let run = await environment.run("export", "--lang", "ko", path)
        #expect(run.status == 0)
        #expect(run.standardError == "항목 3개를 HTML 형식으로 \(path)에 내보냈습니다\n")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("<html lang=\"ko\">"))
        for text in ["<title>나의 리빙 도감</title>", "<h2>도감별 진행도</h2>", "<h2>전국 리빙 도감</h2>", "<h2>가지고 있는 포켓몬</h2>",
                     "박스 1: #0001–#0030", "<td>관동</td>", "<td>피카츄</td>", "title=\"#0001 이상해씨 (색이 다른 포켓몬)\"", "<th>이름</th>"] {
            let found = html.contains(text)  // (not in the expectation: a failure would print the page)
            #expect(found, "\(text)")
        }
        // (Pokédexes PokeAPI has no Korean name for, the national one and Let’s Go Kanto, keep their English one, as in `dex progress`.)
        let english = html.contains("Pikachu")
        #expect(!english)
    }

    @Test("Written like the other formats: .html and .htm choose it, - is standard output, an existing file is never replaced, --bom and --json to standard output are refused")
    func writing() async throws {
        let environment = try await Self.smallCollection()
        for name in ["dex.html", "dex.HTM"] {
            let path = environment.path(name)
            let run = await environment.run("export", path)
            #expect(run.standardError == "Exported 3 entries as HTML to \(path)\n")
            #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
            let again = await environment.run("export", path)
            #expect(again.status == 1)
            #expect(again.standardError == "Error: \(path) already exists; choose another path, or - to write to standard output.\n")
        }
        let piped = await environment.run("export", "--format", "html", "-")
        #expect(piped.status == 0 && piped.standardError.isEmpty)
        let (_, file) = try await Self.export(environment)
        // The same page as the file (the test's clock stands still).
        #expect(piped.standardOutput == file)

        let json = await environment.run("export", "--format", "html", environment.path("summary.html"), "--json")
        let document = try #require(try json.document())
        #expect(document["format"] as? String == "html" && document["exported"] as? Int == 3)

        let bom = await environment.run("export", "--bom", environment.path("bom.html"))
        #expect(bom.status == 64)
        #expect(bom.standardError.hasPrefix("Error: --bom is for CSV; an HTML page says in itself that it is UTF-8.\n"))
        #expect(!FileManager.default.fileExists(atPath: environment.path("bom.html")))
        let toJSON = await environment.run("export", "--format", "html", "--json")
        #expect(toJSON.status == 64)
        #expect(toJSON.standardError.hasPrefix("Error: --json writes the export as JSON to standard output; drop --format html, or give a path.\n"))
    }

    @Test("A collection of all 1,025 species: every slot drawn, each picture once, the page under 3 MB")
    func size() async throws {
        let environment = try await Self.fullCollection()
        let (_, html) = try await Self.export(environment)
        let slots = Self.slots(html)
        #expect(slots.count == 1025 && slots.allSatisfy(\.caught))
        #expect(html.components(separatedBy: "data:image/png;base64,").count - 1 == 1025)
        #expect(html.utf8.count < 3_000_000, "\(html.utf8.count) bytes")
        #expect(html.contains("data-pokedex=\"national\" data-caught=\"1025\" data-total=\"1025\""))
        #expect(html.components(separatedBy: "<tr data-id=").count - 1 == 1025)
    }

    @Test("PNGs of every palette size and of more colours than a palette holds decode to exactly the sprite",
          arguments: [(1, 1), (3, 2), (15, 4), (255, 8), (300, 8)])
    func png(colors: Int, depth: UInt8) throws {
        // A 31×19 picture (rows end mid-byte at 1, 2 and 4 bits), every seventh pixel transparent:
        // 255 colours and transparency fill a palette exactly, 300 do not.
        let (width, height) = (31, 19)
        let pixels: [SpriteColor?] = (0..<width * height).map { index in
            guard index % 7 != 0 else { return nil }
            let value = index % colors
            return SpriteColor(red: UInt8(value % 256), green: UInt8((value * 7) % 256), blue: UInt8(value / 256 * 90 + 17))
        }
        let sprite = Sprite(width: width, height: height, pixels: pixels)
        let bytes = try #require(try PNGEncoder.encode(sprite))
        #expect(Self.same(try PNGImage(Data(bytes)), sprite))
        // Indexed while the palette (transparency included) fits 256 entries; RGBA (colour type 6) past that.
        #expect(bytes[24] == depth && bytes[25] == (colors < 256 ? 3 : 6))
        #expect(try PNGEncoder.encode(Sprite(width: 0, height: 0, pixels: [])) == nil)
    }

    @Test("Every built-in sprite round-trips through the encoder")
    func everySprite() throws {
        var bytes = 0
        for id in 1...1025 {
            for shiny in [false, true] {
                let sprite = try #require(Self.sprites?.sprite(speciesID: id, shiny: shiny))
                let png = try #require(try PNGEncoder.encode(sprite))
                bytes += png.count
                #expect(Self.same(try PNGImage(Data(png)), sprite), "#\(id) shiny: \(shiny)")
            }
        }
        // About 500 bytes a sprite: what keeps a page of the whole national dex small.
        #expect(bytes / 2050 < 600, "\(bytes / 2050) bytes a sprite on average")
    }

    @Test("Text from outside is escaped for HTML text and attributes")
    func escaping() {
        #expect(HTMLText.escaped(#"<a href="x">Tom & 'Jerry'</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
        #expect(HTMLText.escaped("피카\u{0}츄\u{1B}[31m\u{85}") == "피카\u{FFFD}츄\u{FFFD}[31m\u{FFFD}")
        #expect(HTMLText.escaped("tab\tand\nline") == "tab\tand\nline")
    }
}

enum Chromium {
    /// `chromium` on PATH, if any.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("chromium") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}

/// The page in a real browser: Debian's `chromium`, headless (installed by .ci/run; a machine
/// without it skips these). The DOM it builds, the pictures it paints where the DOM says, dark
/// mode and A4 pages.
@Suite("HTML export in Chromium", .serialized, .enabled(if: Chromium.executable != nil))
struct HTMLExportBrowserTests {

    /// Runs headless Chromium on `page` with its profile, cache and home inside the test's folder.
    static func browse(_ page: String, _ options: [String], in environment: TestEnvironment) async throws -> ChildProcess.Outcome {
        let chromium = try #require(Chromium.executable)
        let home = environment.path("chromium-home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(home)/profile",
                         "--hide-scrollbars", "--force-device-scale-factor=1"] + options + [URL(fileURLWithPath: page).absoluteString]
        let outcome = try await ChildProcess.run(
            chromium, arguments,
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home,
                          "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache"],
            in: environment.directory)
        #expect(outcome.status == 0, "chromium: \(outcome.standardError.suffix(2000))")
        return outcome
    }

    /// A screenshot of the page's top `height` pixels, 1200 wide.
    static func screenshot(_ page: String, height: Int, dark: Bool = false, in environment: TestEnvironment) async throws -> PNGImage {
        let file = environment.path("shot-\(UUID().uuidString).png")
        _ = try await browse(page, ["--screenshot=\(file)", "--window-size=1200,\(height)"] + (dark ? ["--force-dark-mode"] : []),
                             in: environment)
        return try PNGImage(try Data(contentsOf: URL(fileURLWithPath: file)))
    }

    /// The top left corner of the first box's first slot: the first row and the first column
    /// where the slots' outline colour runs long (the outlines' straight edges; a stray pixel of
    /// that colour elsewhere is no edge).
    static func firstSlot(_ image: PNGImage, border: (red: Int, green: Int, blue: Int)) -> (x: Int, y: Int)? {
        let outline = [border.red, border.green, border.blue]
        var rows = [Int](repeating: 0, count: image.height), columns = [Int](repeating: 0, count: image.width)
        for y in 0..<image.height {
            for x in 0..<image.width where color(image, x, y) == outline {
                rows[y] += 1
                columns[x] += 1
            }
        }
        guard let y = rows.firstIndex(where: { $0 >= 100 }), let x = columns.firstIndex(where: { $0 >= 100 }) else { return nil }
        return (x, y)
    }

    static func color(_ image: PNGImage, _ x: Int, _ y: Int) -> [Int] {
        let offset = (y * image.width + x) * 4
        return image.rgba[offset..<offset + 3].map(Int.init)
    }

    static func close(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 3 } }

    /// The screen pixels of slot `index` (0-based, in box 1) holding its picture, 5 pixels in from
    /// the outline's left, top and right (clear of its rounded corners).
    static func pictureArea(_ origin: (x: Int, y: Int), _ index: Int) -> [(x: Int, y: Int)] {
        let layout = HTMLPage.Layout.self
        let left = origin.x + (index % layout.columns) * (layout.slotWidth + layout.gap)
        let top = origin.y + (index / layout.columns) * (layout.slotHeight + layout.gap)
        return (top + 5..<top + 1 + layout.pictureHeight).flatMap { y in (left + 5..<left + layout.slotWidth - 5).map { (x: $0, y: y) } }
    }

    /// Checks that slot `index` shows `sprite` (its colours, on about as many pixels as a 2× picture
    /// has) or, with nil, nothing but its background.
    static func expectSlot(_ image: PNGImage, _ origin: (x: Int, y: Int), _ index: Int, shows sprite: Sprite?) {
        let area = pictureArea(origin, index)
        // The slot's own colour, above any picture (the largest is 104 pixels high in 108).
        let background = color(image, area[0].x + 4, area[0].y - 3)
        let painted = area.filter { !close(color(image, $0.x, $0.y), background) }
        guard let sprite else {
            #expect(painted.isEmpty, "slot \(index + 1) is empty")
            return
        }
        let colors = sprite.pixels.compactMap { $0.map { [Int($0.red), Int($0.green), Int($0.blue)] } }
        let spriteColors = Set(colors)
        let matching = painted.filter { point in spriteColors.contains { close($0, color(image, point.x, point.y)) } }
        // Each sprite pixel is four screen pixels; those of the background's colour do not show.
        #expect(matching.count >= colors.count * 4 / 2, "slot \(index + 1): \(matching.count) of \(colors.count * 4) pixels")
        #expect(Double(matching.count) >= Double(painted.count) * 0.95, "slot \(index + 1): painted only in the sprite's colours")
    }

    @Test("Chromium's DOM: every slot, the caught count of the progress table equal to the caught slots, the names, no script element")
    func dom() async throws {
        let environment = try await HTMLExportTests.smallCollection()
        let (path, _) = try await HTMLExportTests.export(environment)
        let dom = try await Self.browse(path, ["--dump-dom"], in: environment).standardOutput
        #expect(dom.matches(of: #/<div class="slot (caught|missing)/#).count == 1025)
        let caught = dom.matches(of: #/<div class="slot caught/#).count
        let national = try #require(dom.firstMatch(of: #/data-pokedex="national" data-caught="(\d+)" data-total="1025"><td>National</td><td class="number">(\d+) \/ 1,025</#))
        #expect(caught == 3 && Int(national.output.1) == caught && Int(national.output.2) == caught)
        for name in ["Bulbasaur", "Charizard", "Pikachu", "Eevee", "Pecharunt"] { #expect(dom.contains(name), "\(name)") }
        #expect(dom.contains("&lt;script&gt;") && !dom.lowercased().contains("<script"))
    }

    @Test("Chromium paints each held species' sprite in its slot and leaves missing slots empty, in light and dark mode", arguments: [false, true])
    func screenshot(dark: Bool) async throws {
        let environment = try await HTMLExportTests.smallCollection()
        let (path, _) = try await HTMLExportTests.export(environment)
        let image = try await Self.screenshot(path, height: 2600, dark: dark, in: environment)
        let page = Self.color(image, 2, 2)
        #expect(dark ? page.reduce(0, +) < 150 : page == [255, 255, 255], "the page's background: \(page)")
        let layout = HTMLPage.Layout.self
        let origin = try #require(Self.firstSlot(image, border: dark ? layout.slotBorderDark : layout.slotBorder),
                                  "the boxes are in the screenshot")
        let sprites = try #require(HTMLExportTests.sprites)
        // Box 1: #1 Bulbasaur (shiny), #6 Charizard, #25 Pikachu held; #2 and #7 missing.
        Self.expectSlot(image, origin, 0, shows: sprites.sprite(speciesID: 1, shiny: true))
        Self.expectSlot(image, origin, 5, shows: sprites.sprite(speciesID: 6, shiny: false))
        Self.expectSlot(image, origin, 24, shows: sprites.sprite(speciesID: 25, shiny: false))
        Self.expectSlot(image, origin, 1, shows: nil)
        Self.expectSlot(image, origin, 6, shows: nil)
    }

    @Test("Printed, the page is on A4 sheets")
    func printed() async throws {
        let environment = try await HTMLExportTests.smallCollection()
        let (path, _) = try await HTMLExportTests.export(environment)
        let pdf = environment.path("page.pdf")
        _ = try await Self.browse(path, ["--no-pdf-header-footer", "--print-to-pdf=\(pdf)"], in: environment)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: pdf)), as: UTF8.self)
        let sizes = text.matches(of: #/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/#).compactMap { match in
            Double(match.output.1).flatMap { width in Double(match.output.2).map { (width, $0) } }
        }
        #expect(sizes.count > 1)
        // A4 is 595 × 842 points.
        #expect(sizes.allSatisfy { abs($0.0 - 595) < 2 && abs($0.1 - 842) < 2 }, "\(sizes.prefix(3))")
    }

    @Test("A page of all 1,025 species: Chromium reads it in well under ten seconds and finds every slot caught")
    func whole() async throws {
        let environment = try await HTMLExportTests.fullCollection()
        let (path, _) = try await HTMLExportTests.export(environment)
        let outcome = try await Self.browse(path, ["--dump-dom"], in: environment)
        #expect(outcome.seconds < 10, "chromium took \(outcome.seconds) s")
        let dom = outcome.standardOutput
        #expect(dom.matches(of: #/<div class="slot caught/#).count == 1025)
        #expect(dom.contains("data-pokedex=\"national\" data-caught=\"1025\" data-total=\"1025\""))
        #expect(dom.matches(of: #/<img src="data:image\/png;base64,/#).count == 1025)
    }
}
