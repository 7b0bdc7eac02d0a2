import Foundation
import Testing
@testable import MydexCLI
import MydexCatalog
import MydexModel
import MydexServices
import MydexStore
import MydexTestSupport
import Synchronization

/// Hand-made sprites, so that the drawing is tested without the built-in sprite data.
enum TestSprites {
    static let red = SpriteColor(red: 255, green: 0, blue: 0)
    static let green = SpriteColor(red: 0, green: 255, blue: 0)
    static let blue = SpriteColor(red: 0, green: 0, blue: 255)
    static let white = SpriteColor(red: 255, green: 255, blue: 255)

    /// 6×5 with a transparent border; its visible box is 4×3 (odd: padded at the top).
    static let small: Sprite = {
        let (r, g, b, w): (SpriteColor?, SpriteColor?, SpriteColor?, SpriteColor?) = (red, green, blue, white)
        let rows: [[SpriteColor?]] = [
            [nil, nil, nil, nil, nil, nil],
            [nil, r, r, nil, nil, nil],
            [nil, r, g, g, b, nil],
            [nil, nil, b, b, w, nil],
            [nil, nil, nil, nil, nil, nil],
        ]
        return Sprite(width: 6, height: 5, pixels: rows.flatMap { $0 })
    }()

    /// A solid `width`×`height` block of `color`.
    static func block(_ width: Int, _ height: Int, _ color: SpriteColor = red) -> Sprite {
        Sprite(width: width, height: height, pixels: Array(repeating: color, count: width * height))
    }

    /// Every species as a one-pixel-wide column as tall as its number's last digit (at least
    /// one), its colour saying whether it is shiny, and the species asked for recorded.
    final class Recording: Sendable {
        private let asked = Mutex<[String]>([])
        var requests: [String] { asked.withLock { $0 } }

        var source: SpriteSource {
            SpriteSource { id, shiny in
                self.asked.withLock { $0.append("\(id)\(shiny ? "*" : "")") }
                return id > 1025 ? nil : TestSprites.block(1, max(id % 10, 1), shiny ? TestSprites.white : TestSprites.red)
            }
        }
    }
}

@Suite("Drawing")
struct DrawingTests {
    static let escape = "\u{1B}["

    func lines(_ sprite: Sprite, _ depth: ColorDepth) -> [String] {
        CellGrid(sprite).rows.map { HalfBlocks.line($0, depth: depth).rendered }
    }

    @Test("A sprite in 24-bit colour: cropped, padded at the top, codes only where the colour changes, a reset at each line's end")
    func trueColorSnapshot() {
        #expect(lines(TestSprites.small, .trueColor) == [
            "\u{1B}[38;2;255;0;0m▄▄\u{1B}[0m",
            "\u{1B}[38;2;255;0;0m▀\u{1B}[38;2;0;255;0;48;2;0;0;255m▀▀\u{1B}[38;2;255;255;255m▄\u{1B}[0m",
        ])
    }

    @Test("The same sprite in xterm's 256 colours, and as a silhouette without colour")
    func otherDepthSnapshots() {
        #expect(lines(TestSprites.small, .ansi256) == [
            "\u{1B}[38;5;196m▄▄\u{1B}[0m",
            "\u{1B}[38;5;196m▀\u{1B}[38;5;46;48;5;21m▀▀\u{1B}[38;5;231m▄\u{1B}[0m",
        ])
        #expect(lines(TestSprites.small, .none) == ["▄▄", "▀███"])
    }

    @Test("A transparent pixel is never painted: the background is reset before a gap, and no trailing blanks are written")
    func transparency() {
        let cells = [
            Cell(top: TestSprites.green, bottom: TestSprites.blue), .blank,
            Cell(top: TestSprites.red, bottom: nil), .blank, .blank,
        ]
        #expect(HalfBlocks.line(cells, depth: .trueColor).rendered
            == "\u{1B}[38;2;0;255;0;48;2;0;0;255m▀\u{1B}[49m \u{1B}[38;2;255;0;0m▀\u{1B}[0m")
        #expect(HalfBlocks.line(cells, depth: .none).rendered == "█ ▀")
        // A wholly transparent sprite draws nothing.
        #expect(CellGrid(Sprite(width: 3, height: 2, pixels: Array(repeating: nil, count: 6))).rows.isEmpty)
    }

    @Test("What a terminal shows of a drawn sprite is its pixels exactly: every opaque one in its colour, no transparent one painted", arguments: [ColorDepth.trueColor, .ansi256])
    func roundTrip(depth: ColorDepth) {
        let palette = [TestSprites.red, TestSprites.green, TestSprites.blue, SpriteColor(red: 250, green: 2, blue: 3)]
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<300 {
            let (width, height) = (generator.nextInt(below: 9) + 1, generator.nextInt(below: 9) + 1)
            let pixels = (0..<width * height).map { _ -> SpriteColor? in
                let roll = generator.nextInt(below: palette.count + 2)
                return roll < palette.count ? palette[roll] : nil
            }
            let sprite = Sprite(width: width, height: height, pixels: pixels)
            let shown = lines(sprite, depth).map { line in
                #expect(line.hasSuffix(HalfBlocks.reset) && !line.hasSuffix(" " + HalfBlocks.reset), "\(line.debugDescription)")
                return Self.terminal(line)
            }
            // The expected picture, worked out on its own: the visible box, an odd height padded at the top.
            let opaque = (0..<height).flatMap { y in (0..<width).filter { sprite[$0, y] != nil }.map { ($0, y) } }
            guard let minX = opaque.map(\.0).min(), let maxX = opaque.map(\.0).max(),
                  let minY = opaque.map(\.1).min(), let maxY = opaque.map(\.1).max() else {
                #expect(shown.isEmpty)
                continue
            }
            let padded = (maxY - minY + 1) % 2 == 1 ? [minY - 1] + Array(minY...maxY) : Array(minY...maxY)
            let expected = stride(from: 0, to: padded.count, by: 2).map { index in
                (minX...maxX).map { x in
                    [padded[index], padded[index + 1]].map { y in sprite[x, y].map { depth.parameters($0, background: false) } }
                }
            }
            // Trailing transparent cells are not written.
            let trimmed = expected.map { row in Array(row[..<((row.lastIndex { $0 != [nil, nil] } ?? -1) + 1)]) }
            #expect(shown == trimmed, "\(sprite)")
        }
    }

    /// The cells a terminal shows for one line, as the foreground parameters of each half
    /// ("38;2;255;0;0"), nil where the terminal's own background shows through.
    static func terminal(_ line: String) -> [[String?]] {
        var (foreground, background): (String?, String?) = (nil, nil)
        var cells: [[String?]] = []
        var rest = Substring(line)
        while let first = rest.first {
            if first == "\u{1B}", let end = rest.firstIndex(of: "m") {
                var parameters = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(separator: ";").map(String.init)
                rest = rest[rest.index(after: end)...]
                while let code = parameters.first {
                    switch code {
                    case "0": (foreground, background) = (nil, nil)
                    case "49": background = nil
                    case "38", "48":
                        let length = parameters.dropFirst().first == "2" ? 5 : 3
                        let color = "38;" + parameters.dropFirst().prefix(length - 1).joined(separator: ";")
                        if code == "38" { foreground = color } else { background = color }
                        parameters.removeFirst(length - 1)
                    default: Issue.record("unexpected SGR \(code)")
                    }
                    parameters.removeFirst()
                }
                continue
            }
            rest = rest.dropFirst()
            // A glyph drawn in the terminal's default foreground would paint a pixel mydex never chose.
            if first != " " && foreground == nil { Issue.record("\(first) without a foreground colour") }
            switch first {
            case "▀": cells.append([foreground, background])
            case "▄": cells.append([background, foreground])
            case "█": cells.append([foreground, foreground])
            default: cells.append([background, background])
            }
        }
        return cells
    }

    @Test("The nearest of xterm's 256 colours: the cube or the grey ramp, never the 16 system colours")
    func xterm256() {
        let cases: [((UInt8, UInt8, UInt8), Int)] = [
            ((0, 0, 0), 16), ((255, 255, 255), 231), ((255, 0, 0), 196), ((95, 135, 175), 67),
            ((128, 128, 128), 244), ((8, 8, 8), 232), ((238, 238, 238), 255), ((100, 140, 170), 67),
        ]
        for ((red, green, blue), expected) in cases {
            #expect(ColorDepth.xterm256(SpriteColor(red: red, green: green, blue: blue)) == expected, "\(red),\(green),\(blue)")
        }
    }

    @Test("Colour depth from the environment alone, and as --color asks")
    func colorDepthTable() {
        let table: [([String: String], ColorDepth)] = [
            ([:], .ansi256),
            (["TERM": "xterm-256color"], .ansi256),
            (["COLORTERM": "truecolor", "TERM": "xterm-256color"], .trueColor),
            (["COLORTERM": "24bit"], .trueColor),
            (["COLORTERM": "TrueColor"], .trueColor),
            (["COLORTERM": "yes"], .ansi256),
            (["TERM_PROGRAM": "iTerm.app"], .trueColor),
            (["TERM_PROGRAM": "WezTerm"], .trueColor),
            (["TERM_PROGRAM": "Apple_Terminal"], .ansi256),
            (["TERM": "xterm-kitty"], .trueColor),
            (["TERM": "alacritty"], .trueColor),
            (["TERM": "xterm-direct"], .trueColor),
            (["TERM": "dumb", "COLORTERM": "truecolor"], .none),
            (["NO_COLOR": "1", "COLORTERM": "truecolor"], .none),
            (["NO_COLOR": ""], .ansi256),
        ]
        for (environment, expected) in table {
            #expect(ColorDepth.supported(by: environment) == expected, "\(environment)")
        }
        let truecolor = ["COLORTERM": "truecolor"]
        #expect(ColorDepth.resolve(.auto, outputIsColored: true, environment: truecolor) == .trueColor)
        #expect(ColorDepth.resolve(.auto, outputIsColored: false, environment: truecolor) == .none)
        #expect(ColorDepth.resolve(.never, outputIsColored: true, environment: truecolor) == .none)
        #expect(ColorDepth.resolve(.always, outputIsColored: false, environment: truecolor) == .trueColor)
        // An explicit --color always wins over NO_COLOR and TERM=dumb.
        #expect(ColorDepth.resolve(.always, outputIsColored: false, environment: ["NO_COLOR": "1", "TERM": "dumb"]) == .ansi256)
    }

    @Test("Sprites side by side are bottom-aligned, one column apart, and wrap at the width")
    func layout() {
        let grids = [TestSprites.block(1, 2), TestSprites.block(2, 4), TestSprites.block(1, 1)].map(CellGrid.init)
        func draw(width: Int?) -> [String] {
            let widths = grids.map(\.width)
            return SpriteLayout.rows(widths: widths, width: width).flatMap { row in
                SpriteLayout.compose(Array(grids[row]), columnWidths: Array(widths[row]))
                    .map { HalfBlocks.line($0, depth: .none).rendered } + ["--"]
            }
        }
        #expect(draw(width: nil) == ["  ██", "█ ██ ▄", "--"])
        #expect(draw(width: 6) == ["  ██", "█ ██ ▄", "--"])
        #expect(draw(width: 5) == ["  ██", "█ ██", "--", "▄", "--"])
        // Too narrow for any two: one a row, even one wider than the width.
        #expect(draw(width: 1) == ["█", "--", "██", "██", "--", "▄", "--"])
    }
}

/// `mydex sprite`, run in-process with hand-made sprites.
@Suite("sprite command")
struct SpriteCommandTests {
    let recording = TestSprites.Recording()
    let environment: TestEnvironment

    init() throws { environment = try TestEnvironment(sprites: recording.source) }

    @Test("Three species side by side, titles on stderr, and no database or request")
    func sideBySide() async throws {
        let run = await environment.run("sprite", "1", "4", "pikachu", "--color", "never")
        #expect(run.status == 0, "\(run.standardError)")
        // #0001 is 1 pixel tall (padded to one cell), #0004 4 pixels, #0025 5 pixels (3 cells).
        func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }
        // Each in a column as wide as its title: at 0, 16 and 33.
        #expect(run.standardOutput == [
            spaces(33) + "▄",
            spaces(16) + "█" + spaces(16) + "█",
            "▄" + spaces(15) + "█" + spaces(16) + "█",
        ].map { $0 + "\n" }.joined())
        #expect(run.standardError == "#0001 Bulbasaur #0004 Charmander #0025 Pikachu\n")
        #expect(recording.requests == ["1", "4", "25"])
        #expect(!FileManager.default.fileExists(atPath: environment.databasePath))
        #expect(try FileManager.default.contentsOfDirectory(atPath: environment.directory.path).sorted() == ["cwd"])
    }

    @Test("random picks what catch --offline picks with the same seed, and --no-title leaves stderr empty")
    func randomWithSeed() async throws {
        let seed = String(Fixtures.seed(catching: 25))
        let run = await environment.run("sprite", "random", "--seed", seed, "--no-title")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        #expect(recording.requests == ["25"])
        #expect(run.standardOutput == "▄\n█\n█\n")
        let caught = await environment.run("catch", "--offline", "--seed", seed, "--json")
        #expect(try caught.document()?.object("entry")?["dex"] as? Int == 25)
        let generation = await environment.run("sprite", "random", "random", "--generation", "1", "--json")
        let sprites = try #require(try generation.document()?.objects("sprites"))
        #expect(sprites.count == 2)
        #expect(sprites.allSatisfy { (1...151).contains($0["dex"] as? Int ?? 0) })
        let unknown = await environment.run("sprite", "random", "--generation", "42")
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("--generation 42: no species in that generation. Generations are 1–9."))
    }

    @Test("Names in any language, in the language asked for")
    func names() async {
        let korean = await environment.run("sprite", "피카츄", "--lang", "ko", "--shiny")
        #expect(korean.status == 0)
        #expect(korean.standardError == "#0025 피카츄 ✨\n")
        #expect(recording.requests == ["25*"])
        let english = await environment.run("sprite", "ピカチュウ")
        #expect(english.standardError == "#0025 Pikachu\n")
    }

    @Test("An unknown name fails with suggestions, and nothing is drawn")
    func unknownName() async {
        let run = await environment.run("sprite", "25", "pikachuu")
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("no Pokémon matches \"pikachuu\""))
        #expect(run.standardError.contains("Did you mean Pikachu"))
    }

    @Test("--color always draws in colour into a pipe; without it a pipe gets a plain silhouette")
    func colorIntoAPipe() async throws {
        let piped = await environment.run("sprite", "1")
        #expect(piped.standardOutput == "▄\n")
        let always = await environment.run("sprite", "1", "--color", "always")
        #expect(always.standardOutput == "\u{1B}[38;5;196m▄\u{1B}[0m\n")
        let trueColor = try TestEnvironment(environment: ["COLORTERM": "truecolor"], sprites: recording.source)
        let before = await trueColor.run("--color", "always", "sprite", "2", "--no-title")
        let lines = before.standardOutput.split(separator: "\n")
        #expect(lines == ["\u{1B}[38;2;255;0;0m█\u{1B}[0m"])
        // On a terminal, NO_COLOR is honoured unless --color always.
        let noColor = try TestEnvironment(environment: ["NO_COLOR": "1"], sprites: recording.source)
        #expect(await noColor.run("sprite", "1", color: true).standardOutput == "▄\n")
        #expect(await noColor.run("sprite", "1", "--color", "always", color: true).standardOutput == "\u{1B}[38;5;196m▄\u{1B}[0m\n")
        // On a terminal without NO_COLOR: colour.
        #expect(await environment.run("sprite", "1", color: true).standardOutput == "\u{1B}[38;5;196m▄\u{1B}[0m\n")
        let json = await environment.run("sprite", "1", "--color", "always", "--json")
        #expect(!json.standardOutput.contains("\u{1B}"))
        #expect(try json.document()?.objects("sprites")?.first?["species"] as? String == "bulbasaur")
        // The option applies to every command that prints colour.
        let dex = await environment.run("dex", "25", "--color", "always")
        #expect(dex.standardOutput.contains("\u{1B}[1mPikachu\u{1B}[0m"))
        #expect(await environment.run("sprite", "1", "--color", "sometimes").status == 64)
    }

    @Test("Wrapped at the terminal's width, one empty line between rows")
    func wrapping() async {
        let run = await environment.run(["sprite", "1", "2", "3", "--no-title"], color: false, columns: 3)
        #expect(run.standardOutput == "▄ █\n\n▄\n█\n")
        let fromEnvironment = try? TestEnvironment(environment: ["COLUMNS": "3"], sprites: recording.source)
        #expect(await fromEnvironment?.run("sprite", "1", "2", "3", "--no-title").standardOutput == "▄ █\n\n▄\n█\n")
    }

    @Test("Without built-in sprites, or without a species' sprite, one line and exit 1")
    func missingSprites() async throws {
        let bare = try TestEnvironment()
        let run = await bare.run("sprite", "25")
        #expect(run.status == 1)
        #expect(run.standardError == "Error: sprites are not built into this mydex yet.\n")
        #expect(await bare.run("sprite", "25", "--json").status == 0)
        let noShiny = try TestEnvironment(sprites: SpriteSource { _, shiny in shiny ? nil : TestSprites.small })
        #expect(await noShiny.run("sprite", "25").status == 0)
        let shiny = await noShiny.run("sprite", "25", "1", "--shiny")
        #expect(shiny.status == 1)
        #expect(shiny.standardOutput.isEmpty)
        #expect(shiny.standardError == "Error: this mydex has no shiny sprite of Pikachu (#25).\n")
        #expect(await environment.run("sprite", "25", "--generation", "1").status == 64)
    }
}

@Suite("Pictures in catch, show and dex")
struct PicturesInCommandsTests {
    /// The built-in sprites, as the app draws them.
    let environment: TestEnvironment

    init() throws {
        environment = try TestEnvironment(environment: ["MYDEX_OFFLINE": "1"], sprites: SpriteSource.builtIn)
    }

    private func lines(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    @Test("On a wide terminal the sprite stands beside the text; on a narrow one above it")
    func besideOrAbove() async throws {
        let wide = await environment.run("dex", "25", color: true, columns: 120)
        #expect(wide.status == 0, "\(wide.standardError)")
        let wideLines = lines(wide.standardOutput)
        // The first line is the title; the fields start beside the picture's first row.
        #expect(wideLines[1].contains("\u{1B}[38;5;") && wideLines[1].contains("Also"), "\(wideLines[1])")
        #expect(wideLines.allSatisfy { !$0.hasSuffix(" ") })

        let narrow = await environment.run("dex", "25", color: true, columns: 50)
        let narrowLines = lines(narrow.standardOutput)
        let also = try #require(narrowLines.firstIndex { $0.contains("Also") })
        #expect(also > 2)
        #expect(narrowLines[1..<also].allSatisfy { $0.contains("\u{1B}[") && $0.hasSuffix("\u{1B}[0m") })
        #expect(!narrowLines[also].contains("\u{1B}[38;5;"), "the text stands alone under the picture")
    }

    @Test("catch draws the Pokémon it caught, shiny when it is, then says what it caught")
    func catchDraws() async throws {
        let run = await environment.run("catch", "--seed", String(Fixtures.seed(catching: 25)), color: true, columns: 100)
        #expect(run.status == 0, "\(run.standardError)")
        let output = lines(run.standardOutput)
        let caught = try #require(output.firstIndex { $0.contains("Caught") })
        #expect(caught > 3)
        #expect(output[..<caught].allSatisfy { $0.hasSuffix("\u{1B}[0m") })
        let show = await environment.run("show", "1", color: true, columns: 120)
        #expect(show.standardOutput.contains("\u{1B}[38;5;"))
    }

    @Test("No picture in a pipe, in JSON, with --no-sprite or without colour")
    func noPicture() async throws {
        for (arguments, color, columns) in [
            (["dex", "25"], false, nil), (["dex", "25"], true, nil), (["dex", "25", "--json"], true, 120),
            (["dex", "25", "--no-sprite"], true, 120), (["dex", "25", "--color", "never"], true, 120),
        ] as [([String], Bool, Int?)] {
            let run = await environment.run(arguments, color: color, columns: columns)
            #expect(run.status == 0)
            #expect(!run.standardOutput.contains("▀") && !run.standardOutput.contains("▄"), "\(arguments)")
        }
    }
}

@Suite("Real sprites, golden")
struct RealSpriteSnapshotTests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/snapshots")

    @Test("#25 and shiny #906 draw as their committed snapshots in 24-bit, 256 colours and none", arguments: [
        (["sprite", "25"], ["COLORTERM": "truecolor"], "always", "sprite-25-truecolor.txt"),
        (["sprite", "25"], [:], "always", "sprite-25-256.txt"),
        (["sprite", "25"], [:], "never", "sprite-25-none.txt"),
        (["sprite", "906", "--shiny"], ["COLORTERM": "truecolor"], "always", "sprite-906-shiny-truecolor.txt"),
        (["sprite", "906", "--shiny"], [:], "always", "sprite-906-shiny-256.txt"),
        (["sprite", "906", "--shiny"], [:], "never", "sprite-906-shiny-none.txt"),
    ] as [([String], [String: String], String, String)])
    func snapshot(arguments: [String], environment: [String: String], color: String, file: String) async throws {
        let test = try TestEnvironment(environment: environment, sprites: SpriteSource.builtIn)
        let run = await test.run(arguments + ["--no-title", "--color", color])
        #expect(run.status == 0, "\(run.standardError)")
        let expected = try String(contentsOf: Self.snapshots.appendingPathComponent(file), encoding: .utf8)
        #expect(run.standardOutput == expected, "regenerate \(file) only after looking at the picture in a terminal")
    }
}

@Suite("mydex box")
struct BoxCommandTests {
    let environment: TestEnvironment

    init() throws {
        environment = try TestEnvironment(
            environment: ["MYDEX_OFFLINE": "1"],
            sprites: SpriteSource { _, shiny in shiny ? TestSprites.block(2, 2, TestSprites.blue) : TestSprites.block(3, 4) })
    }

    private func catchSome(_ count: Int) async {
        for index in 0..<count { _ = await environment.run("catch", "--seed", String(index)) }
    }

    @Test("Six to a row, each with its entry id under it; box 2 starts at the 31st Pokémon held")
    func boxes() async throws {
        await catchSome(32)
        _ = await environment.run("release", "3")
        let first = await environment.run("box", "--color", "never")
        #expect(first.status == 0, "\(first.standardError)")
        let lines = first.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        // Five rows of pictures two lines tall, a line of ids under each, empty lines between.
        #expect(lines.filter { $0.hasPrefix("#") }.count == 5)
        #expect(lines.first { $0.hasPrefix("#1 ") } == "#1  #2  #4  #5  #6  #7")
        #expect(!first.standardOutput.contains("#3 "), "a released Pokémon is in no box")
        #expect(first.standardError.contains("Box 1 of 2"))
        let second = await environment.run("box", "2", "--json")
        let json = try #require(try second.document())
        #expect(json["box"] as? Int == 2 && json["boxes"] as? Int == 2)
        #expect(json.objects("entries")?.map { $0["id"] as? Int } == [32])
        let beyond = await environment.run("box", "3")
        #expect(beyond.status == 64)
        #expect(beyond.standardError.contains("fills 2 boxes (31 Pokémon)"))
        #expect(await environment.run("box", "0").status == 64)
    }

    @Test("On a terminal a box fits its width, as many to a row as fit; narrower than a picture, the ids alone")
    func boxFitsTheTerminal() async throws {
        await catchSome(12)
        for columns in [12, 20, 40] {
            let run = await environment.run(["box"], color: false, columns: columns)
            #expect(run.status == 0, "\(run.standardError)")
            let lines = run.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= columns }, "\(columns): \(lines)")
            let ids = lines.filter { $0.hasPrefix("#") }.flatMap { $0.split(separator: " ") }
            #expect(ids.count == 12, "every entry, once: \(ids)")
            let idLines = lines.filter { $0.hasPrefix("#") }
            let perRow = idLines.first?.split(separator: " ").count ?? 1
            #expect(idLines.count == (12 + perRow - 1) / perRow, "rows of \(perRow): \(idLines)")
        }
        let wide = await environment.run(["box"], color: false, columns: 200)
        let wideIDs = wide.standardOutput.split(separator: "\n").first { $0.hasPrefix("#1 ") }?.split(separator: " ") ?? []
        #expect(wideIDs.count > 6, "wider than six when the terminal has room")
        // Narrower than one picture: the ids alone, nothing cut.
        let narrow = await environment.run(["box"], color: false, columns: 2)
        #expect(narrow.standardOutput.split(separator: "\n").map(String.init) == (1...12).map { "#\($0)" })
    }
}
