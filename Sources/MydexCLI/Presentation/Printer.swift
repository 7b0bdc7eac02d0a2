import Foundation
import MydexServices
import MydexModel
import MydexText

/// Writes a command's result as text or, with `--json`, as JSON.
struct Printer: Sendable {
    let output: Output
    let json: Bool
    let presentation: Presentation
    /// The colours pictures are drawn in (none: plain silhouettes), as `--color` and the terminal decide.
    let colorDepth: ColorDepth
    /// Where pictures side by side wrap: the terminal's width, else `COLUMNS`; nil: never.
    let drawingWidth: Int?
    /// Whether pictures go beside text (`show`, `dex`, `catch`): the config file's `sprites`.
    let picturesBesideText: Bool

    init(_ context: MydexContext, json: Bool, localizer: Localizer, color: ColorChoice = .auto) {
        // JSON never carries escape codes.
        colorDepth = json ? .none
            : ColorDepth.resolve(color, outputIsColored: context.output.colorEnabled, environment: context.environment)
        output = context.output.coloring(colorDepth != .none)
        drawingWidth = context.output.columns ?? TerminalSize.columns(context.environment)
        picturesBesideText = context.settings.pictures
        self.json = json
        presentation = Presentation(timeZone: context.timeZone, localizer: localizer)
    }

    var localizer: Localizer { presentation.localizer }

    var color: Bool { output.colorEnabled }

    /// The terminal's width when printing to one; nil when piped (nothing is cut or wrapped then).
    var columns: Int? { output.columns }

    func line(_ text: SafeText) throws(OutputError) { try output.print(text) }

    func note(_ text: SafeText) throws(OutputError) { try output.note(text) }

    /// A command's result, as JSON with `--json` (a document with `"schema": 1`), else as text.
    func emit(_ value: some CommandOutput) throws {
        if json {
            try output.print(try JSONOutput.render(JSONDocument(value: value)))
        } else {
            try value.printText(to: self)
        }
    }

    /// A result written as it is read (a listing of any length): as JSON with `--json`, else as text.
    func emit(_ value: some StreamedOutput) async throws {
        if json {
            try await value.printJSON(to: self)
        } else {
            try await value.printText(to: self)
        }
    }

    func table(_ table: Table) throws(OutputError) {
        for line in table.lines(color: color, width: columns) { try output.print(line) }
    }

    /// Prints what a command that already saved a change has to say. If printing fails, the
    /// error says the change was kept, so nobody repeats a catch or a release that happened.
    func afterCommit(_ committed: @autoclosure () -> String, _ body: () throws -> Void) throws {
        do {
            try body()
            try output.flush()
        } catch var error as OutputError {
            error.committed = committed()
            throw error
        }
    }

    /// "Sparky (Pikachu, entry #3)" or "Pikachu (entry #3)": as `plainDescription` says it, and
    /// shown with the name emphasised; the message filled once for both (a sentence per entry of
    /// `release --duplicates --dry-run` wants both).
    func described(_ entry: CollectionEntry) -> (plain: String, shown: SafeText) {
        let id = String(entry.id)
        let plain = plainDescription(entry)
        guard let nickname = entry.nickname else {
            return (plain, .message(
                ["name": entry.name, "id": id], filled: plain, showing: ["name": SafeText(entry.name).styled(.bold, if: color)]
            ) { tr("entry.describe", $0) })
        }
        return (plain, .message(
            ["nickname": nickname, "species": entry.name, "id": id], filled: plain,
            showing: ["nickname": SafeText(nickname).styled(.bold, if: color)]
        ) { tr("entry.describe.nicknamed", $0) })
    }

    /// The same without emphasis, for messages.
    func plainDescription(_ entry: CollectionEntry) -> String {
        guard let nickname = entry.nickname else {
            return tr("entry.describe", ["name": entry.name, "id": String(entry.id)])
        }
        return tr("entry.describe.nicknamed", ["nickname": nickname, "species": entry.name, "id": String(entry.id)])
    }

    /// Label–value lines, labels aligned, as `show` prints them. On a terminal, long values wrap
    /// at its width under their first line (a hanging indent); piped, each stays one line.
    func fields(_ fields: [(String, String)]) throws(OutputError) {
        for text in fieldLines(fields, width: columns) { try line(text) }
    }

    /// The lines `fields` prints, wrapped at `width` columns (nil: never).
    func fieldLines(_ fields: [(String, String)], width total: Int?) -> [SafeText] {
        let width = fields.map { TerminalText.displayWidth($0.0) }.max() ?? 0
        let indent = width + 4
        var lines: [SafeText] = []
        for (label, value) in fields {
            let prefix = "  " + TerminalText.padded(label, to: width) + "  "
            let wrapped = total.map { TextWrap.lines(value, width: max($0 - indent, 20)) } ?? [value]
            for (index, text) in wrapped.enumerated() {
                lines.append(SafeText(index == 0 ? prefix : String(repeating: " ", count: indent)) + fieldValue(text))
            }
        }
        return lines
    }

    /// A line of a field's value, its bars (runs of `Presentation.barGlyphs`: base stats) in
    /// green when printing in colour, as `stats` draws its bars.
    func fieldValue(_ text: String) -> SafeText {
        guard color, text.contains(where: Presentation.barGlyphs.contains) else { return SafeText(text) }
        var parts: [SafeText] = []
        var run = ""
        var inBar = false
        for character in text {
            let bar = Presentation.barGlyphs.contains(character)
            if bar != inBar, !run.isEmpty {
                parts.append(SafeText(run).styled(.green, if: inBar))
                run = ""
            }
            inBar = bar
            run.append(character)
        }
        parts.append(SafeText(run).styled(.green, if: inBar))
        return .joined(parts)
    }

    /// The picture to draw beside a command's text: only on a terminal that shows colour, never
    /// in JSON, and not with `--no-sprite` (`wanted` false).
    func picture(of species: Int, shiny: Bool, from sprites: SpriteSource?, wanted: Bool) -> CellGrid? {
        guard wanted, picturesBesideText, !json, columns != nil, colorDepth != .none,
              let sprite = sprites?.sprite(speciesID: species, shiny: shiny) else { return nil }
        return CellGrid(sprite)
    }

    /// An entry's picture: its form's own box sprite, else its species'.
    func picture(of entry: CollectionEntry, from sprites: SpriteSource?, wanted: Bool) -> CellGrid? {
        guard wanted, picturesBesideText, !json, columns != nil, colorDepth != .none,
              let sprite = sprites?.sprite(of: entry) else { return nil }
        return CellGrid(sprite)
    }

    /// `picture` beside `fields` when the terminal leaves the text 40 columns, else above them.
    func fields(_ fields: [(String, String)], beside picture: CellGrid?) throws(OutputError) {
        guard let picture else { return try self.fields(fields) }
        let gap = 2
        if let width = columns, width - picture.width - gap >= 40 {
            let text = fieldLines(fields, width: width - picture.width - gap)
            for index in 0..<max(picture.height, text.count) {
                let drawn = HalfBlocks.line(index < picture.height ? picture.rows[index] : [], depth: colorDepth)
                guard index < text.count else {
                    try line(.drawn(drawn))
                    continue
                }
                // A drawn line stops at its last painted cell: spaces bring the text to its column.
                let padding = String(repeating: " ", count: picture.width + gap - TerminalText.displayWidth(drawn.plain))
                try line(.drawn(drawn) + SafeText(padding) + text[index])
            }
        } else {
            try draw(picture)
            try self.fields(fields)
        }
    }

    /// `picture` on its own lines.
    func draw(_ picture: CellGrid) throws(OutputError) {
        for cells in picture.rows { try line(.drawn(HalfBlocks.line(cells, depth: colorDepth))) }
    }
}

/// A failure whose message is already complete (exit status 1).
struct MydexFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A question answered no (`restore`): nothing was done, as the user chose. Said as it is, not
/// as an error, and the status is 1 so that nothing reads it as done.
struct Declined: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension SafeText {
    /// A message of the catalog, `text(arguments)` (a `tr(key, $0)`), with the values of the
    /// placeholders named in `parts` shown as those parts (a name in bold), wherever the
    /// language puts them. `parts`' text must be what the placeholder's value shows
    /// (`SafeText(value)` styled). `filled`: `text(arguments)`, when the caller has it already.
    static func message(
        _ arguments: [String: any TextArgument], filled: String? = nil, showing parts: [String: SafeText],
        _ text: ([String: any TextArgument]) -> String
    ) -> SafeText {
        let filled = filled ?? text(arguments)
        // Parts shown as they are (no colour: a pipe, NO_COLOR) change nothing: the message as it
        // is, without rendering it again for each part (most of a long dry run's lines).
        if parts.values.allSatisfy({ $0.rendered == $0.plain }) { return SafeText(filled) }
        // Where each value stands: the message with the value replaced by a mark is the same
        // text up to the mark (what follows may differ: a Korean particle agrees with the value).
        var spans: [(start: Int, end: Int, part: SafeText)] = []
        for (name, part) in parts {
            guard let value = arguments[name]?.text(Translator.current.format), !value.isEmpty else { continue }
            var marked = arguments
            marked[name] = "\u{E000}"
            // Found as a scalar: `utf8.firstRange(of:)` (a generic searcher) was a sixth of
            // `release --duplicates --dry-run`, which says a message for each of thousands.
            let markedText = text(marked)
            guard let mark = markedText.unicodeScalars.firstIndex(of: "\u{E000}") else { continue }
            let start = markedText.utf8.distance(from: markedText.startIndex, to: mark)
            let end = start + value.utf8.count
            guard end <= filled.utf8.count, filled.utf8.dropFirst(start).starts(with: value.utf8) else { continue }
            spans.append((start, end, part))
        }
        var result: [SafeText] = []
        var position = 0
        let bytes = Array(filled.utf8)
        for span in spans.sorted(by: { $0.start < $1.start }) where span.start >= position {
            result.append(SafeText(String(decoding: bytes[position..<span.start], as: UTF8.self)))
            result.append(span.part)
            position = span.end
        }
        result.append(SafeText(String(decoding: bytes[position...], as: UTF8.self)))
        return .joined(result)
    }
}
