import Foundation
import MydexModel
import MydexServices
import MydexText

/// `export --format html`: the living dex as one self-contained page. No script, no request: the
/// style is in the page and every picture a PNG data URI made here (`PNGEncoder`), so the file
/// opens anywhere, offline, and prints. Sections: progress per Pokédex of the games, the national
/// living dex in boxes of 30 (held species drawn, missing ones as dim numbered slots), and the
/// held entries as a table, in the interface's language.
struct HTMLPage: Sendable {
    let progress: [DexProgress]
    /// The national Pokédex's slots, in order.
    let slots: [DexSlot]
    let sprites: SpriteSource?
    let presentation: Presentation
    let exportedAt: Date
    /// The words of the entries' individuals (natures, abilities, moves…), read once.
    var words: IndividualWordBook?

    /// Fixed sizes of the boxes, in CSS pixels: a glance (and the browser tests) can count on them.
    enum Layout {
        static let slotsPerBox = 30
        static let columns = 6
        static let slotWidth = 120
        static let slotHeight = 140
        static let gap = 4
        /// The picture's part of a slot: the largest sprite (58×52) drawn twice as large fits.
        static let pictureHeight = 108
        /// Pictures are drawn at twice their size, pixel for pixel.
        static let scale = 2
        /// The outline of every slot, light and dark, used nowhere else on the page (the tests
        /// find the boxes by it).
        static let slotBorder = (red: 0xB9, green: 0xC3, blue: 0xCF)
        static let slotBorderDark = (red: 0x3D, green: 0x48, blue: 0x56)
    }

    /// Reads what the page shows besides the entries: the games' Pokédexes and the national slots.
    static func load(
        _ library: Library, sprites: SpriteSource?, presentation: Presentation, exportedAt: Date
    ) async throws -> HTMLPage {
        let games = try await library.games.gamePokedexes().filter(\.mainSeries)
        let progress = try await library.pokedex.progress(of: games, ProgressQuery())
        var slots: [DexSlot] = []
        if let national = try await library.games.nationalPokedex() { slots = try await library.pokedex.slots(of: national) }
        return HTMLPage(
            progress: progress, slots: slots, sprites: sprites, presentation: presentation, exportedAt: exportedAt,
            words: try await library.pokedex.individualWordBook())
    }

    /// Writes the page line by line (without line ends) as the entries are read; returns how
    /// many entries its table holds.
    func write(_ entries: EntryListing, to emit: (String) throws -> Void) async throws -> Int {
        let language = Translator.current.language.rawValue
        let title = HTMLText.escaped(tr("export.html.title"))
        try emit("<!DOCTYPE html>")
        try emit("<html lang=\"\(HTMLText.escaped(language))\">")
        try emit("<head>")
        try emit("<meta charset=\"utf-8\">")
        try emit("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        try emit("<meta name=\"color-scheme\" content=\"light dark\">")
        try emit("<meta name=\"generator\" content=\"mydex\">")
        try emit("<title>\(title)</title>")
        try emit("<style>")
        for line in Self.style { try emit(line) }
        try emit("</style>")
        try emit("</head>")
        try emit("<body>")
        try emit("<header>")
        try emit("<h1>\(title)</h1>")
        try emit("<p class=\"note\">\(HTMLText.escaped(tr("export.html.exported", ["date": presentation.dateTime(exportedAt)])))</p>")
        try emit("</header>")
        try writeProgress(emit)
        try writeBoxes(emit)
        let count = try await writeCollection(entries, emit)
        try emit("</body>")
        try emit("</html>")
        return count
    }

    private func writeProgress(_ emit: (String) throws -> Void) throws {
        try emit("<section id=\"progress\">")
        try emit("<h2>\(HTMLText.escaped(tr("export.html.progress")))</h2>")
        try emit("<table class=\"progress\">")
        try emit("<thead><tr><th>\(HTMLText.escaped(tr("dex.progress.header.pokedex")))</th>"
            + "<th class=\"number\">\(HTMLText.escaped(tr("dex.progress.header.caught")))</th>"
            + "<th class=\"number\">\(HTMLText.escaped(tr("dex.progress.header.complete")))</th><th></th></tr></thead>")
        try emit("<tbody>")
        for item in progress {
            let identity = "class=\"pokedex\" data-pokedex=\"\(HTMLText.escaped(item.pokedex.identifier))\""
            try emit(row(identity, name: item.pokedex.name, caught: item.caught, total: item.total))
            for generation in item.generations {
                let name = tr("dex.progress.generation", ["generation": String(generation.generation)])
                try emit(row("class=\"generation\" data-generation=\"\(generation.generation)\"", name: name,
                             caught: generation.caught, total: generation.total))
            }
        }
        try emit("</tbody>")
        try emit("</table>")
        try emit("</section>")
    }

    /// A row of the progress table: name, caught / total, percentage, and the bar.
    private func row(_ attributes: String, name: String, caught: Int, total: Int) -> String {
        let format = Translator.current.format
        // Rounded down, as `dex progress` does: 99.96% is not done.
        let permille = total == 0 ? 0 : caught * 1000 / total
        let done = caught == total && total > 0
        let width = "\(permille / 10).\(permille % 10)%"  // CSS, never localized
        let counts = tr("dex.progress.caught-of", ["caught": format.integer(caught), "total": format.integer(total)])
        let percent = format.percent(Double(permille) / 10, digits: 1)
        return "<tr \(attributes) data-caught=\"\(caught)\" data-total=\"\(total)\">"
            + "<td>\(HTMLText.escaped(name))</td>"
            + "<td class=\"number\">\(HTMLText.escaped(counts))</td>"
            + "<td class=\"number\">\(HTMLText.escaped(percent))</td>"
            + "<td><div class=\"bar\(done ? " done" : "")\" role=\"progressbar\""
            + " aria-valuemin=\"0\" aria-valuemax=\"\(total)\" aria-valuenow=\"\(caught)\">"
            + "<span style=\"width: \(width)\"></span></div></td></tr>"
    }

    private func writeBoxes(_ emit: (String) throws -> Void) throws {
        let format = Translator.current.format
        let shiny = HTMLText.escaped(tr("export.html.shiny"))
        try emit("<section id=\"living-dex\">")
        try emit("<h2>\(HTMLText.escaped(tr("export.html.living-dex")))</h2>")
        try emit("<p class=\"note\">\(HTMLText.escaped(tr("export.html.living-dex.note")))</p>")
        try emit("<div class=\"boxes\">")
        var start = 0
        while start < slots.count {
            let box = slots[start..<min(start + Layout.slotsPerBox, slots.count)]
            let number = start / Layout.slotsPerBox + 1
            let held = box.filter { $0.held > 0 }.count
            let heading = tr("export.html.box", [
                "number": String(number),
                "first": presentation.dexNumber(box.first?.number ?? 0), "last": presentation.dexNumber(box.last?.number ?? 0),
            ])
            let done = held == box.count ? " done" : ""
            try emit("<div class=\"box\(done)\" id=\"box-\(number)\" data-box=\"\(number)\">")
            try emit("<h3><span>\(HTMLText.escaped(heading))</span> <span class=\"count\">"
                + HTMLText.escaped(tr("dex.progress.caught-of", ["caught": format.integer(held), "total": format.integer(box.count)]))
                + "</span></h3>")
            try emit("<div class=\"slots\">")
            for slot in box { try emit(try self.slot(slot, shinyLabel: shiny)) }
            try emit("</div>")
            try emit("</div>")
            start += Layout.slotsPerBox
        }
        try emit("</div>")
        try emit("</section>")
    }

    /// One slot: a held species with its box sprite (the shiny one when a shiny is held), a
    /// missing one as its number and name, dimmed.
    private func slot(_ slot: DexSlot, shinyLabel: String) throws -> String {
        let number = presentation.dexNumber(slot.number)
        let name = HTMLText.escaped(slot.name)
        guard slot.held > 0 else {
            return "<div class=\"slot missing\" data-dex=\"\(slot.number)\" data-shiny=\"false\" title=\"\(number) \(name)\">"
                + "<div class=\"picture\"></div><span class=\"number\">\(number)</span><span class=\"name\">\(name)</span></div>"
        }
        let shiny = slot.shinyHeld > 0
        var picture = ""
        if let sprite = sprites?.sprite(speciesID: slot.speciesID, shiny: shiny), let png = try PNGEncoder.encode(sprite) {
            picture = "<img src=\"data:image/png;base64,\(Data(png).base64EncodedString())\""
                + " width=\"\(sprite.width * Layout.scale)\" height=\"\(sprite.height * Layout.scale)\" alt=\"\(name)\">"
        }
        let mark = shiny ? " <span class=\"mark\" title=\"\(shinyLabel)\">✨</span>" : ""
        return "<div class=\"slot caught\(shiny ? " shiny" : "")\" data-dex=\"\(slot.number)\" data-shiny=\"\(shiny)\""
            + " data-held=\"\(slot.held)\" title=\"\(number) \(name)\(shiny ? " (\(shinyLabel))" : "")\">"
            + "<div class=\"picture\">\(picture)</div>"
            + "<span class=\"number\">\(number)\(mark)</span><span class=\"name\">\(name)</span></div>"
    }

    /// The held entries in Pokédex order; the table starts with the first, so an empty collection
    /// gets a sentence instead.
    private func writeCollection(_ entries: EntryListing, _ emit: (String) throws -> Void) async throws -> Int {
        try emit("<section id=\"collection\">")
        try emit("<h2>\(HTMLText.escaped(tr("export.html.collection")))</h2>")
        var count = 0
        for try await page in entries {
            for entry in page.entries {
                if count == 0 {
                    let headers = ["list.header.id", "list.header.dex", "list.header.name", "list.header.level", "list.header.iv",
                                   "list.header.nickname", "list.header.types", "list.header.shiny", "list.header.caught",
                                   "individual.label.individual"]
                    try emit("<table class=\"collection\">")
                    try emit("<thead><tr>" + headers.map { key in
                        "<th\(key == "list.header.id" ? " class=\"number\"" : "")>\(HTMLText.escaped(tr(key)))</th>"
                    }.joined() + "</tr></thead>")
                    try emit("<tbody>")
                }
                count += 1
                try emit(row(entry))
            }
        }
        if count == 0 {
            try emit("<p class=\"note\">\(HTMLText.escaped(tr("export.html.empty")))</p>")
        } else {
            try emit("</tbody>")
            try emit("</table>")
        }
        try emit("</section>")
        return count
    }

    /// An entry's row of the collection's table.
    private func row(_ entry: CollectionEntry) -> String {
        let shiny = HTMLText.escaped(tr("export.html.shiny"))
        let cells = [
            "<td class=\"number\">\(entry.id)</td>",
            "<td>\(presentation.dexNumber(entry.speciesID))</td>",
            "<td>\(HTMLText.escaped(entry.name))</td>",
            "<td class=\"number\">\(entry.individual.map { String($0.level) } ?? "—")</td>",
            "<td class=\"number\">\(HTMLText.escaped(entry.individual.map { Translator.current.format.percent($0.ivPercent, digits: 1) } ?? "—"))</td>",
            "<td>\(HTMLText.escaped(entry.nickname ?? ""))</td>",
            "<td>\(HTMLText.escaped(entry.typeNames.joined(separator: "/")))</td>",
            entry.isShiny ? "<td class=\"shiny\" title=\"\(shiny)\">✨</td>" : "<td></td>",
            "<td><time datetime=\"\(TransferTime.text(entry.caughtAt))\">"
                + "\(HTMLText.escaped(presentation.date(entry.caughtAt)))</time></td>",
            individualCell(entry),
        ]
        return "<tr data-id=\"\(entry.id)\" data-dex=\"\(entry.speciesID)\" data-shiny=\"\(entry.isShiny)\">" + cells.joined() + "</tr>"
    }

    /// The individual's page as `show` gives it (gender, nature, ability, characteristic, stats
    /// with IVs and EVs, Hidden Power, moves, held item, origin), folded in a `<details>`.
    private func individualCell(_ entry: CollectionEntry) -> String {
        guard entry.individual != nil, let words else { return "<td></td>" }
        let fields = presentation.individualFields(entry, words.words(of: entry))
        // Level and the IVs' share have columns of their own; the stats' lines follow their label.
        let lines = fields.dropFirst().map { label, value in
            "<dt>\(HTMLText.escaped(label))</dt><dd>\(HTMLText.escaped(value.trimmingCharacters(in: .whitespaces)))</dd>"
        }
        let summary = [presentation.genderText(entry.individual?.gender ?? .genderless), words.words(entry.individual, origin: nil).nature?.name]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
        return "<td><details><summary>\(HTMLText.escaped(summary))</summary><dl class=\"individual\">" + lines.joined() + "</dl></details></td>"
    }

    private static func hex(_ color: (red: Int, green: Int, blue: Int)) -> String {
        "#" + [color.red, color.green, color.blue].map { String(String($0 + 0x100, radix: 16).dropFirst()) }.joined()
    }

    /// The page's colours: light, then dark where the reader prefers it; paper is always light.
    private static let light = [
        "--slot-border: \(hex(Layout.slotBorder))",
        "--page: #ffffff", "--text: #1d2330", "--dim: #5f6b7a", "--rule: #d9dee5", "--slot: #eef1f5",
        "--caught: #ffffff", "--missing: #9aa4b1", "--bar: #dde3ea", "--fill: #2f6fde", "--done: #1f9d55",
        "--shiny: #c48a00",
    ]
    private static let dark = [
        "--slot-border: \(hex(Layout.slotBorderDark))",
        "--page: #14181f", "--text: #e4e8ee", "--dim: #a3adba", "--rule: #2e3744", "--slot: #1b2129",
        "--caught: #27303c", "--missing: #5f6a78", "--bar: #2b3440", "--fill: #5b9cf5", "--done: #3fc47a",
        "--shiny: #f2c14e",
    ]

    static let style: [String] = {
        let (width, height, gap) = (Layout.slotWidth, Layout.slotHeight, Layout.gap)
        return [
            ":root { color-scheme: light dark; \(light.joined(separator: "; ")); }",
            "@media (prefers-color-scheme: dark) { :root { \(dark.joined(separator: "; ")); } }",
            "* { box-sizing: border-box; }",
            "body { margin: 0; padding: 24px; background: var(--page); color: var(--text); font: 14px/1.4 system-ui, sans-serif; }",
            "h1 { font-size: 24px; margin: 0 0 4px; }",
            "h2 { font-size: 18px; margin: 32px 0 8px; }",
            "h3 { font-size: 14px; margin: 0 0 6px; display: flex; justify-content: space-between; }",
            ".note { color: var(--dim); margin: 0 0 12px; }",
            "table { border-collapse: collapse; }",
            "th, td { text-align: left; padding: 3px 16px 3px 0; border-bottom: 1px solid var(--rule); vertical-align: middle; }",
            "th { font-size: 12px; font-weight: 600; color: var(--dim); }",
            ".number { text-align: right; font-variant-numeric: tabular-nums; }",
            "tr.generation td:first-child { padding-left: 16px; color: var(--dim); }",
            "dl.individual { display: grid; grid-template-columns: auto auto; gap: 0 12px; margin: 4px 0; font-size: 12px; }",
            "dl.individual dt { color: var(--dim); } dl.individual dd { margin: 0; white-space: pre; }",
            ".bar { width: 200px; height: 10px; border-radius: 5px; background: var(--bar); overflow: hidden; }",
            ".bar span { display: block; height: 100%; background: var(--fill); }",
            ".bar.done span { background: var(--done); }",
            ".boxes { display: flex; flex-wrap: wrap; gap: 24px; }",
            ".box { break-inside: avoid; }",
            ".count { color: var(--dim); font-weight: normal; }",
            ".box.done .count { color: var(--done); font-weight: 600; }",
            ".slots { display: grid; grid-template-columns: repeat(\(Layout.columns), \(width)px); grid-auto-rows: \(height)px; gap: \(gap)px; }",
            ".slot { width: \(width)px; height: \(height)px; border: 1px solid var(--slot-border); border-radius: 6px; background: var(--slot);"
                + " display: flex; flex-direction: column; align-items: center; overflow: hidden; }",
            ".slot.caught { background: var(--caught); }",
            ".slot.shiny { border-color: var(--shiny); }",
            ".picture { width: 100%; height: \(Layout.pictureHeight)px; display: flex; align-items: center; justify-content: center; }",
            ".picture img { image-rendering: pixelated; }",
            ".slot .number, .slot .name { font-size: 11px; line-height: 14px; max-width: \(width - 8)px;"
                + " white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }",
            ".slot .number { color: var(--dim); font-variant-numeric: tabular-nums; }",
            ".slot.missing .number, .slot.missing .name { color: var(--missing); }",
            ".mark, td.shiny { color: var(--shiny); }",
            "@page { size: A4; margin: 12mm; }",
            "@media print {",
            "  :root { color-scheme: light; \(light.joined(separator: "; ")); }",
            "  * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }",
            "  body { padding: 0; font-size: 10pt; }",
            "  .boxes { display: block; }",
            "  .box { margin-bottom: 16px; }",
            "  .slots { grid-template-columns: repeat(\(Layout.columns), 1fr); grid-auto-rows: auto; gap: 3px; }",
            "  .slot { width: auto; height: auto; padding-bottom: 2px; }",
            "  .picture { height: 60px; }",
            "  .picture img { max-width: 100%; max-height: 100%; object-fit: contain; }",
            "  h2, h3 { break-after: avoid; }",
            "  tr, .progress { break-inside: avoid; }",
            "}",
        ]
    }()
}

/// Text from outside (names, nicknames) made safe inside HTML text and quoted attributes.
enum HTMLText {
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            // Control characters are errors in HTML (and invisible): shown as the replacement character.
            case "\u{0}"..."\u{8}", "\u{B}"..."\u{C}", "\u{E}"..."\u{1F}", "\u{7F}"..."\u{9F}": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
