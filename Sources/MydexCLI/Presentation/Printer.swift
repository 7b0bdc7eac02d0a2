import Foundation
import MydexStore

/// Writes a command's result as text or, with `--json`, as JSON.
struct Printer {
    let output: Output
    let json: Bool
    let presentation: Presentation

    init(_ context: MydexContext, json: Bool) {
        output = context.output
        self.json = json
        presentation = Presentation(timeZone: context.timeZone, color: context.output.colorEnabled)
    }

    var color: Bool { output.colorEnabled }

    func line(_ text: SafeText) { output.print(text) }

    func note(_ text: SafeText) { output.note(text) }

    func printJSON(_ value: some Encodable) throws { output.print(try JSONOutput.render(value)) }

    /// The result of a command that changed one entry: JSON, or one sentence.
    func entryChanged(_ entry: CollectionEntry, _ sentence: SafeText) throws {
        if json {
            try printJSON(EntryJSON(entry))
        } else {
            line(sentence)
        }
    }

    /// "Sparky (Pikachu) #0025, entry #3" with the entry's title emphasised.
    func describe(_ entry: CollectionEntry) -> SafeText {
        SafeText(presentation.title(entry)).styled(.bold, if: color)
            + SafeText(" (entry #\(entry.id))")
    }
}
