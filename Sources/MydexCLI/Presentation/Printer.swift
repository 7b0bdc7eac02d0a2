import Foundation
import MydexServices
import MydexStore

/// Writes a command's result as text or, with `--json`, as JSON.
struct Printer: Sendable {
    let output: Output
    let json: Bool
    let presentation: Presentation
    /// The colours pictures are drawn in (none: plain silhouettes), as `--color` and the terminal decide.
    let colorDepth: ColorDepth
    /// Where pictures side by side wrap: the terminal's width, else `COLUMNS`; nil: never.
    let drawingWidth: Int?

    init(_ context: MydexContext, json: Bool, localizer: Localizer, color: ColorChoice = .auto) {
        // JSON never carries escape codes.
        colorDepth = json ? .none
            : ColorDepth.resolve(color, outputIsColored: context.output.colorEnabled, environment: context.environment)
        output = context.output.coloring(colorDepth != .none)
        drawingWidth = context.output.columns ?? TerminalSize.columns(context.environment)
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

    /// "Sparky (Pikachu, entry #3)" or "Pikachu (entry #3)", the name emphasised.
    func describe(_ entry: CollectionEntry) -> SafeText {
        guard let nickname = entry.nickname else {
            return SafeText(entry.name).styled(.bold, if: color) + SafeText(" (entry #\(entry.id))")
        }
        return SafeText(nickname).styled(.bold, if: color) + SafeText(" (\(entry.name), entry #\(entry.id))")
    }

    /// The same without emphasis, for messages.
    func plainDescription(_ entry: CollectionEntry) -> String {
        guard let nickname = entry.nickname else { return "\(entry.name) (entry #\(entry.id))" }
        return "\(nickname) (\(entry.name), entry #\(entry.id))"
    }

    /// Label–value lines, labels aligned, as `show` prints them. On a terminal, long values wrap
    /// at its width under their first line (a hanging indent); piped, each stays one line.
    func fields(_ fields: [(String, String)]) throws(OutputError) {
        let width = fields.map { TerminalText.displayWidth($0.0) }.max() ?? 0
        let indent = width + 4
        for (label, value) in fields {
            let prefix = "  " + TerminalText.padded(label, to: width) + "  "
            let lines = columns.map { TextWrap.lines(value, width: max($0 - indent, 20)) } ?? [value]
            for (index, text) in lines.enumerated() {
                let lead = index == 0 ? prefix : String(repeating: " ", count: indent)
                try line(SafeText(lead) + SafeText(text))
            }
        }
    }
}

/// A failure whose message is already complete (exit status 1).
struct MydexFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
