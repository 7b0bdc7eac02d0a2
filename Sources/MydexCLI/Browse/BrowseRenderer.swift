import MydexModel
import MydexServices
import MydexText

/// Draws a `browse` session into a frame: header, grid (or list, or detail page), footer, and
/// the help or a question over them. Pictures are scaled once and kept (a few hundred at most).
struct BrowseRenderer {
    let depth: ColorDepth
    let sprites: SpriteSource?
    let presentation: Presentation
    private var pictures: [PictureKey: CellGrid] = [:]

    private struct PictureKey: Hashable {
        var key: Int
        var shiny: Bool
        var silhouette: Bool
    }

    init(depth: ColorDepth, sprites: SpriteSource?, presentation: Presentation) {
        self.depth = depth
        self.sprites = sprites
        self.presentation = presentation
    }

    // Colours in colour mode; without colour, reverse video does their work.
    static let barColor = SpriteColor(red: 0xB8, green: 0x2E, blue: 0x2E)
    static let selectionColor = SpriteColor(red: 0x3A, green: 0x46, blue: 0x6E)
    static let white = SpriteColor(red: 0xFF, green: 0xFF, blue: 0xFF)
    static let favoriteColor = SpriteColor(red: 0xF2, green: 0xC1, blue: 0x1D)
    static let shinyColor = SpriteColor(red: 0xE0, green: 0x6C, blue: 0xE0)

    var bar: ScreenStyle {
        depth == .none ? ScreenStyle(bold: true, reverse: true) : ScreenStyle(foreground: Self.white, background: Self.barColor, bold: true)
    }

    var selection: ScreenStyle {
        depth == .none ? ScreenStyle(reverse: true) : ScreenStyle(foreground: Self.white, background: Self.selectionColor, bold: true)
    }

    mutating func frame(_ browse: BrowseController) -> ScreenBuffer {
        let layout = browse.layout
        var screen = ScreenBuffer(width: layout.width, height: layout.height)
        guard layout.kind != .tooSmall else {
            let text = tr("browse.too-small", [
                "columns": BrowseLayout.minimumWidth, "rows": BrowseLayout.minimumHeight,
                "width": layout.width, "height": layout.height,
            ])
            // One line, as much of it as fits, in the middle of the screen.
            let shown = TerminalText.truncated(text, toWidth: layout.width)
            screen.put(shown, x: max(0, (layout.width - TerminalText.displayWidth(shown)) / 2), y: layout.height / 2)
            return screen
        }
        if let detail = browse.details.last {
            drawDetail(detail, into: &screen)
        } else {
            drawHeader(browse, into: &screen)
            switch (browse.tab, layout.kind) {
            case (.collection, .grid): drawCollectionGrid(browse, into: &screen)
            case (.pokedex, .grid): drawPokedexGrid(browse, into: &screen)
            case (.collection, _): drawCollectionList(browse, into: &screen)
            case (.pokedex, _): drawPokedexList(browse, into: &screen)
            }
        }
        drawFooter(browse, into: &screen)
        if browse.showsHelp { drawHelp(detail: !browse.details.isEmpty, tab: browse.tab, into: &screen) }
        if pictures.count > 600 { pictures.removeAll(keepingCapacity: true) }
        return screen
    }

    // MARK: - Header and footer

    private func drawHeader(_ browse: BrowseController, into screen: inout ScreenBuffer) {
        screen.fill(x: 0, y: 0, width: screen.width, style: bar)
        var parts: [String] = []
        let range: String
        switch browse.tab {
        case .collection:
            parts.append(tr("browse.header.collection"))
            parts.append(tr("browse.header.sort", ["sort": Self.sortName(browse.filter.sort)]))
            if let type = browse.filter.type { parts.append(presentation.localizer.typeName(type)) }
            if let generation = browse.filter.generation { parts.append(tr("browse.header.generation", ["generation": generation])) }
            if browse.filter.favoritesOnly { parts.append(tr("browse.header.favorites")) }
            if let kind = browse.filter.kind { parts.append(Self.kindName(kind)) }
            if browse.countPending {
                range = tr("browse.header.entries-counting", ["first": 1, "last": browse.window.count])
            } else {
                range = Self.range(browse.cursor, count: browse.total, layout: browse.layout) { first, last, total in
                    tr("browse.header.entries", ["first": first, "last": last, "total": total])
                }
            }
        case .pokedex:
            parts.append(tr("browse.header.pokedex", ["pokedex": browse.pokedex?.name ?? ""]))
            if browse.dexFilter.order == .name { parts.append(tr("browse.header.sort", ["sort": tr("browse.sort.name")])) }
            if browse.dexFilter.missingOnly { parts.append(tr("browse.header.missing-only")) }
            if let type = browse.dexFilter.type { parts.append(presentation.localizer.typeName(type)) }
            if let generation = browse.dexFilter.generation { parts.append(tr("browse.header.generation", ["generation": generation])) }
            if let kind = browse.dexFilter.kind { parts.append(Self.kindName(kind)) }
            let held = browse.slots.filter { $0.held > 0 }.count
            range = Self.range(browse.dexCursor, count: browse.shownSlots.count, layout: browse.layout) { first, last, total in
                tr("browse.header.slots", ["first": first, "last": last, "total": total, "held": held, "size": browse.slots.count])
            }
        }
        if !browse.filter.search.isEmpty { parts.append(tr("browse.header.search", ["text": browse.filter.search])) }
        let rangeWidth = TerminalText.displayWidth(range)
        screen.put(" " + parts.joined(separator: " · "), x: 0, y: 0, style: bar, limit: max(0, screen.width - rangeWidth - 2))
        screen.put(range, x: max(0, screen.width - rangeWidth - 1), y: 0, style: bar)
    }

    static func range(_ cursor: GridCursor, count: Int, layout: BrowseLayout, _ text: (Int, Int, Int) -> String) -> String {
        guard count > 0 else { return tr("browse.header.empty") }
        return text(cursor.top + 1, min(count, cursor.top + layout.pageSize), count)
    }

    static func kindName(_ kind: SpeciesKind) -> String {
        switch kind {
        case .legendary: tr("species.kind.legendary")
        case .mythical: tr("species.kind.mythical")
        case .ultraBeast: tr("species.kind.ultra-beast")
        }
    }

    static func sortName(_ sort: EntryQuery.Order) -> String {
        switch sort {
        case .id, .count, .nickname: tr("browse.sort.id")
        case .dex: tr("browse.sort.dex")
        case .name: tr("browse.sort.name")
        case .caught: tr("browse.sort.caught")
        case .iv: tr("browse.sort.iv")
        case .level: tr("browse.sort.level")
        }
    }

    /// The keys and what they do on the view on screen (a detail page, the collection or the
    /// Pokédex tab): the footer shows as many as fit, `?` all of them. A key offered works there.
    static func keys(detail: Bool, tab: BrowseController.Tab = .collection) -> [(key: String, action: String)] {
        if detail {
            return [
                ("Esc", tr("browse.key.back")), ("↑↓", tr("browse.key.scroll")), ("←→", tr("browse.key.evolution")),
                ("Enter", tr("browse.key.open-evolution")), ("f", tr("browse.key.favorite")), ("n", tr("browse.key.nickname")),
                ("r", tr("browse.key.release")), ("u", tr("browse.key.undo")), ("c", tr("browse.key.cry")), ("?", tr("browse.key.help")),
            ]
        }
        if tab == .pokedex {
            return [
                ("?", tr("browse.key.help")), ("q", tr("browse.key.quit")), ("←↑↓→", tr("browse.key.move")),
                ("Enter", tr("browse.key.open")), ("/", tr("browse.key.search")), ("Tab", tr("browse.key.tab")),
                ("d", tr("browse.key.pokedex")), ("m", tr("browse.key.missing-only")), ("s", tr("browse.key.sort")),
                ("t", tr("browse.key.type")), ("g", tr("browse.key.generation")), ("L", tr("browse.key.kind")), ("c", tr("browse.key.cry")),
            ]
        }
        return [
            ("?", tr("browse.key.help")), ("q", tr("browse.key.quit")), ("←↑↓→", tr("browse.key.move")), ("Enter", tr("browse.key.open")),
            ("/", tr("browse.key.search")), ("Tab", tr("browse.key.tab")), ("s", tr("browse.key.sort")), ("t", tr("browse.key.type")),
            ("g", tr("browse.key.generation")), ("F", tr("browse.key.favorites-only")), ("L", tr("browse.key.kind")),
            ("f", tr("browse.key.favorite")),
            ("n", tr("browse.key.nickname")), ("r", tr("browse.key.release")), ("u", tr("browse.key.undo")), ("c", tr("browse.key.cry")),
        ]
    }

    private func drawFooter(_ browse: BrowseController, into screen: inout ScreenBuffer) {
        let y = screen.height - 1
        if let prompt = browse.prompt { return drawPrompt(prompt, into: &screen, y: y) }
        if let message = browse.message {
            screen.put(" " + message, x: 0, y: y, style: ScreenStyle(bold: true))
            return
        }
        var x = 1
        for (key, action) in Self.keys(detail: !browse.details.isEmpty, tab: browse.tab) {
            let width = TerminalText.displayWidth(key) + 1 + TerminalText.displayWidth(action)
            guard x + width < screen.width else { break }
            x += screen.put(key, x: x, y: y, style: ScreenStyle(bold: true))
            x += screen.put(" " + action, x: x, y: y, style: ScreenStyle(dim: depth != .none)) + 2
        }
    }

    private func drawPrompt(_ prompt: BrowsePrompt, into screen: inout ScreenBuffer, y: Int) {
        screen.fill(x: 0, y: y, width: screen.width, style: .plain)
        let question: String
        var field: LineEditor?
        var hint = ""
        switch prompt {
        case .search(let editor):
            (question, field, hint) = (tr("browse.prompt.search"), editor, tr("browse.prompt.search-hint"))
        case .nickname(_, let title, let editor):
            (question, field, hint) = (tr("browse.prompt.nickname", ["title": title]), editor, tr("browse.prompt.nickname-hint"))
        case .release(let entry, let favoriteConfirmed):
            let title = presentation.title(entry)
            question = favoriteConfirmed
                ? tr("browse.prompt.release-favorite", ["id": String(entry.id), "title": title])
                : tr("browse.prompt.release", ["id": String(entry.id), "title": title])
        }
        var x = 1 + screen.put(" " + question, x: 0, y: y, style: ScreenStyle(bold: true), limit: screen.width - 2)
        guard let field else { return }
        x += 1
        let hintWidth = TerminalText.displayWidth(hint)
        let room = screen.width - x - 1 - (screen.width - x > hintWidth + 12 ? hintWidth + 2 : 0)
        guard room > 1 else { return }
        let (text, caret) = field.visible(width: room)
        screen.put(text, x: x, y: y)
        // The caret: the cell after the text, or the character under it, in reverse video.
        let caretX = x + caret
        let under = screen[caretX, y]
        screen.put(under.text.isEmpty || under.text == " " ? " " : under.text, x: caretX, y: y, style: ScreenStyle(reverse: true), limit: 2)
        if room < screen.width - x - 1 { screen.put(hint, x: screen.width - hintWidth - 1, y: y, style: ScreenStyle(dim: true)) }
    }

    /// Every key of the view on screen (the grid's or a detail page's), in a box over it.
    private mutating func drawHelp(detail: Bool, tab: BrowseController.Tab, into screen: inout ScreenBuffer) {
        let lines = Self.keys(detail: detail, tab: tab).map { "\($0.key)\t\($0.action)" }
            + (detail ? [] : ["Esc\t" + tr("browse.key.back")])
            + ["Ctrl-L\t" + tr("browse.key.refresh"), "Ctrl-Z\t" + tr("browse.key.suspend")]
        let keyWidth = 8
        let widest = lines.map { keyWidth + TerminalText.displayWidth($0.split(separator: "\t").last.map(String.init) ?? "") }
            + [tr("browse.help.title"), tr("browse.help.close")].map(TerminalText.displayWidth)
        let width = min(screen.width - 2, max(30, widest.max() ?? 0) + 4)
        let height = min(screen.height - 2, lines.count + 4)
        let (left, top) = ((screen.width - width) / 2, (screen.height - height) / 2)
        for row in 0..<height { screen.fill(x: left, y: top + row, width: width, style: bar) }
        screen.put(tr("browse.help.title"), x: left + 2, y: top, style: bar, limit: width - 4)
        for (index, line) in lines.prefix(height - 4).enumerated() {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            screen.put(parts[0], x: left + 2, y: top + 2 + index, style: bar, limit: keyWidth)
            screen.put(parts.count > 1 ? parts[1] : "", x: left + 2 + keyWidth, y: top + 2 + index, style: bar, limit: width - keyWidth - 4)
        }
        screen.put(tr("browse.help.close"), x: left + 2, y: top + height - 1, style: bar, limit: width - 4)
    }

    // MARK: - The grid

    private mutating func picture(key: Int, fallback: Int, shiny: Bool, silhouette: Bool) -> CellGrid? {
        let id = PictureKey(key: key, shiny: shiny, silhouette: silhouette)
        if let cached = pictures[id] { return cached }
        guard let sprite = (key != fallback ? sprites?.sprite(speciesID: key, shiny: shiny) : nil)
            ?? sprites?.sprite(speciesID: fallback, shiny: shiny) else { return nil }
        let grid = CellGrid(
            silhouette ? sprite.silhouette : sprite, fitting: BrowseLayout.spriteColumns, rows: BrowseLayout.spriteRows, largest: 1)
        pictures[id] = grid
        return grid
    }

    private mutating func picture(of entry: CollectionEntry) -> CellGrid? {
        picture(key: entry.isDefaultForm ? entry.speciesID : Sprite.key(ofForm: entry.formID), fallback: entry.speciesID,
                shiny: entry.isShiny, silhouette: false)
    }

    /// One cell: the picture standing on the cell's last picture row, centred, two lines under it.
    private func drawCell(
        _ picture: CellGrid?, lines: (String, String), marks: [(String, SpriteColor)], selected: Bool, dim: Bool,
        x: Int, y: Int, into screen: inout ScreenBuffer
    ) {
        let width = BrowseLayout.cellWidth
        if selected, depth != .none {
            for row in 0..<BrowseLayout.cellHeight { screen.fill(x: x, y: y + row, width: width, style: selection) }
        }
        let background = selected && depth != .none ? Self.selectionColor : nil
        if let picture {
            screen.draw(
                picture, x: x + (width - picture.width) / 2, y: y + BrowseLayout.spriteRows - picture.height, depth: depth,
                background: background, dim: dim)
        }
        var labelStyle = selected ? selection : ScreenStyle(dim: dim)
        labelStyle.dim = dim
        for (offset, text) in [lines.0, lines.1].enumerated() {
            let shown = TerminalText.truncated(text, toWidth: width - 2)
            let markWidth = offset == 1 ? marks.map { TerminalText.displayWidth($0.0) + 1 }.reduce(0, +) : 0
            let lineWidth = TerminalText.displayWidth(shown) + markWidth
            let start = x + max(1, (width - lineWidth) / 2)
            if selected, depth == .none { screen.fill(x: x, y: y + 7 + offset, width: width, style: selection) }
            var column = start + screen.put(shown, x: start, y: y + 7 + offset, style: labelStyle, limit: width - 2)
            if offset == 1 {
                for (mark, color) in marks {
                    var style = labelStyle
                    if depth != .none { style.foreground = color }
                    column += 1 + screen.put(mark, x: column + 1, y: y + 8, style: style, limit: x + width - column - 1)
                }
            }
        }
    }

    static func marks(_ entry: CollectionEntry) -> [(String, SpriteColor)] {
        (entry.isFavorite ? [("★", favoriteColor)] : []) + (entry.isShiny ? [("✨", shinyColor)] : [])
    }

    private mutating func drawCollectionGrid(_ browse: BrowseController, into screen: inout ScreenBuffer) {
        let layout = browse.layout
        guard browse.total > 0 else { return drawEmpty(browse, into: &screen) }
        for slot in 0..<layout.pageSize {
            let index = browse.cursor.top + slot
            let offset = index - browse.windowStart
            guard browse.window.indices.contains(offset) else { continue }
            let entry = browse.window[offset]
            drawCell(
                picture(of: entry), lines: (entry.nickname ?? entry.name, "#\(entry.id)"), marks: Self.marks(entry),
                selected: index == browse.cursor.selected, dim: false,
                x: layout.margin + (slot % layout.columns) * BrowseLayout.cellWidth,
                y: 1 + (slot / layout.columns) * BrowseLayout.cellHeight, into: &screen)
        }
    }

    private mutating func drawPokedexGrid(_ browse: BrowseController, into screen: inout ScreenBuffer) {
        let layout = browse.layout
        guard !browse.shownSlots.isEmpty else { return drawEmpty(browse, into: &screen) }
        for slot in 0..<layout.pageSize {
            let index = browse.dexCursor.top + slot
            guard browse.shownSlots.indices.contains(index) else { break }
            let entry = browse.shownSlots[index]
            let held = entry.held > 0
            let count = entry.held > 1 ? "×\(entry.held)" : ""
            drawCell(
                picture(key: entry.speciesID, fallback: entry.speciesID, shiny: false, silhouette: !held),
                lines: (entry.name, [presentation.dexNumber(entry.number), count].filter { !$0.isEmpty }.joined(separator: " ")),
                marks: entry.shinyHeld > 0 ? [("✨", Self.shinyColor)] : [], selected: index == browse.dexCursor.selected, dim: !held,
                x: layout.margin + (slot % layout.columns) * BrowseLayout.cellWidth,
                y: 1 + (slot / layout.columns) * BrowseLayout.cellHeight, into: &screen)
        }
    }

    private func drawEmpty(_ browse: BrowseController, into screen: inout ScreenBuffer) {
        let text: String
        if browse.tab == .pokedex {
            // Only filters empty a Pokédex: the missing ones alone, when none is, mean it is complete.
            let complete = browse.dexFilter.missingOnly && !browse.dexFilter.narrowsSpecies && SearchText.normalized(browse.filter.search).isEmpty
            text = complete ? tr("browse.empty.pokedex-complete") : tr("browse.empty.pokedex-no-match")
        } else {
            text = browse.filter.narrows ? tr("browse.empty.no-match") : tr("browse.empty.collection")
        }
        for (index, line) in TerminalText.wrapped(text, width: screen.width - 4).enumerated() {
            screen.put(line, x: 2, y: 2 + index)
        }
    }

    // MARK: - The list (narrow terminals)

    private mutating func drawCollectionList(_ browse: BrowseController, into screen: inout ScreenBuffer) {
        guard browse.total > 0 else { return drawEmpty(browse, into: &screen) }
        let layout = browse.layout
        for row in 0..<layout.rows {
            let index = browse.cursor.top + row
            let offset = index - browse.windowStart
            guard browse.window.indices.contains(offset) else { continue }
            let entry = browse.window[offset]
            let marks = Self.marks(entry).map(\.0).joined()
            drawListRow("#\(entry.id) \(entry.nickname ?? entry.name) \(marks)", selected: index == browse.cursor.selected, dim: false, y: 1 + row, layout: layout, into: &screen)
        }
        if let entry = browse.selectedEntry, let picture = picture(of: entry) {
            screen.draw(picture, x: layout.listPictureColumn, y: 1, depth: depth)
        }
    }

    private mutating func drawPokedexList(_ browse: BrowseController, into screen: inout ScreenBuffer) {
        guard !browse.shownSlots.isEmpty else { return drawEmpty(browse, into: &screen) }
        let layout = browse.layout
        for row in 0..<layout.rows {
            let index = browse.dexCursor.top + row
            guard browse.shownSlots.indices.contains(index) else { break }
            let slot = browse.shownSlots[index]
            drawListRow(
                "\(presentation.dexNumber(slot.number)) \(slot.name)\(slot.held > 1 ? " ×\(slot.held)" : "")",
                selected: index == browse.dexCursor.selected, dim: slot.held == 0, y: 1 + row, layout: layout, into: &screen)
        }
        if let slot = browse.selectedSlot,
           let picture = picture(key: slot.speciesID, fallback: slot.speciesID, shiny: false, silhouette: slot.held == 0) {
            screen.draw(picture, x: layout.listPictureColumn, y: 1, depth: depth)
        }
    }

    private func drawListRow(_ text: String, selected: Bool, dim: Bool, y: Int, layout: BrowseLayout, into screen: inout ScreenBuffer) {
        let width = layout.listPictureColumn - 1
        var style = selected ? selection : ScreenStyle()
        style.dim = dim
        if selected { screen.fill(x: 0, y: y, width: width, style: style) }
        screen.put(" " + text, x: 0, y: y, style: style, limit: width)
    }

    // MARK: - The detail page

    private func drawDetail(_ detail: BrowseDetail, into screen: inout ScreenBuffer) {
        let (width, height) = (screen.width, screen.height)
        screen.fill(x: 0, y: 0, width: width, style: bar)
        let title = " " + detail.title + (detail.marks.isEmpty ? "" : "  " + detail.marks)
        screen.put(title, x: 0, y: 0, style: bar)
        // The picture: large on the left when the screen is wide, else small above the text.
        let wide = width >= BrowseLayout.gridMinimumWidth
        let bodyRows = height - 2
        var picture: CellGrid?
        if let sprite = detail.sprite {
            picture = wide
                ? CellGrid(sprite, fitting: width * 2 / 5, rows: bodyRows - 1, largest: detail.isBigSprite ? 1 : 2)
                : CellGrid(sprite, fitting: BrowseLayout.spriteColumns, rows: BrowseLayout.spriteRows, largest: 1)
        }
        var textX = 1
        var textY = 1
        if let picture {
            if wide {
                screen.draw(picture, x: 1, y: 1 + max(0, (bodyRows - picture.height) / 2), depth: depth)
                textX = picture.width + 3
            } else {
                screen.draw(picture, x: max(0, (width - picture.width) / 2), y: 1, depth: depth)
                textY = 1 + picture.height
            }
        }
        let textWidth = width - textX - 1
        guard textWidth > 10 else { return }
        // The evolution chain, the focused species in reverse video, the page's own in bold.
        if !detail.chain.isEmpty {
            var x = textX + screen.put(tr("profile.label.evolution") + " ", x: textX, y: textY, style: ScreenStyle(bold: true), limit: textWidth)
            for (index, link) in detail.chain.enumerated() {
                if index > 0 { x += screen.put(" → ", x: x, y: textY, limit: width - x - 1) }
                var style = ScreenStyle(bold: link.id == detail.speciesID, dim: link.held == 0 && depth != .none)
                if index == detail.chainFocus { style.reverse = true }
                x += screen.put(link.name, x: x, y: textY, style: style, limit: width - x - 1)
            }
            textY += 2
        }
        let lines = Self.fieldLines(detail.fields, width: textWidth)
        let visible = max(0, height - 1 - textY)
        let scroll = min(detail.scroll, max(0, lines.count - visible))
        for (row, line) in lines.dropFirst(scroll).prefix(visible).enumerated() {
            let labelWidth = screen.put(line.label, x: textX, y: textY + row, style: ScreenStyle(bold: true), limit: textWidth)
            screen.put(line.value, x: textX + max(labelWidth, line.indent), y: textY + row, limit: textWidth - line.indent)
        }
    }

    struct FieldLine: Equatable {
        var label: String
        var value: String
        var indent: Int
    }

    /// Label–value fields as lines `width` columns wide: labels in a column as wide as the widest
    /// (at most a third of the width), values wrapped under their first line.
    static func fieldLines(_ fields: [BrowseDetail.Field], width: Int) -> [FieldLine] {
        let labelWidth = min(width / 3, (fields.map { TerminalText.displayWidth($0.label) }.max() ?? 0) + 2)
        var lines: [FieldLine] = []
        for field in fields {
            let label = TerminalText.truncated(field.label, toWidth: labelWidth - 1)
            for (index, part) in TerminalText.wrapped(field.value, width: max(1, width - labelWidth)).enumerated() {
                lines.append(FieldLine(label: index == 0 ? label : "", value: part, indent: labelWidth))
            }
        }
        return lines
    }
}
