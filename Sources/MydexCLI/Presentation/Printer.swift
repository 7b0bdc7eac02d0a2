import Foundation
import MydexServices
import MydexStore

/// Writes a command's result as text or, with `--json`, as JSON.
struct Printer {
    let output: Output
    let json: Bool
    let presentation: Presentation

    init(_ context: MydexContext, json: Bool, localizer: Localizer) {
        output = context.output
        self.json = json
        presentation = Presentation(timeZone: context.timeZone, localizer: localizer)
    }

    var localizer: Localizer { presentation.localizer }

    func entryJSON(_ entry: CollectionEntry) -> EntryJSON { EntryJSON(entry, localizer) }

    var color: Bool { output.colorEnabled }

    func line(_ text: SafeText) { output.print(text) }

    func note(_ text: SafeText) { output.note(text) }

    func printJSON(_ value: some Encodable) throws { output.print(try JSONOutput.render(value)) }

    /// The result of a command that changed one entry: JSON, or one sentence.
    func entryChanged(_ entry: CollectionEntry, _ sentence: SafeText) throws {
        if json {
            try printJSON(entryJSON(entry))
        } else {
            line(sentence)
        }
    }

    /// "Sparky (Pikachu, entry #3)" or "Pikachu (entry #3)", the name emphasised.
    func describe(_ entry: CollectionEntry) -> SafeText {
        let species = presentation.speciesName(entry.species)
        guard let nickname = entry.pokemon.nickname else {
            return SafeText(species).styled(.bold, if: color) + SafeText(" (entry #\(entry.id))")
        }
        return SafeText(nickname).styled(.bold, if: color) + SafeText(" (\(species), entry #\(entry.id))")
    }

    /// Label–value lines, labels aligned, as `show` prints them.
    func fields(_ fields: [(String, String)]) {
        let width = fields.map { TerminalText.displayWidth($0.0) }.max() ?? 0
        for (label, value) in fields {
            line(SafeText("  " + TerminalText.padded(label, to: width) + "  ") + SafeText(value))
        }
    }
}

/// A failure whose message is already complete (exit status 1).
struct MydexFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
