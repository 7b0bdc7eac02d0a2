import Foundation
import MydexModel
import MydexServices
import MydexText

/// Where pictures of species come from: the sprites built into mydex, or a test's own.
public struct SpriteSource: Sendable {
    private let lookup: @Sendable (_ speciesID: Int, _ shiny: Bool) -> Sprite?

    public init(_ lookup: @escaping @Sendable (_ speciesID: Int, _ shiny: Bool) -> Sprite?) { self.lookup = lookup }

    /// The species' sprite (its shiny one when `shiny`); nil when there is none.
    public func sprite(speciesID: Int, shiny: Bool) -> Sprite? { lookup(speciesID, shiny) }

    /// An entry's sprite: its form's own (keyed by `Sprite.key(ofForm:)`), else its
    /// species'.
    public func sprite(of entry: CollectionEntry) -> Sprite? {
        (entry.isDefaultForm ? nil : lookup(Sprite.key(ofForm: entry.formID), entry.isShiny))
            ?? lookup(entry.speciesID, entry.isShiny)
    }

    /// The sprites built into mydex (`PokedexReader.builtInSprite`).
    public static let builtIn: SpriteSource? = SpriteSource { PokedexReader.builtInSprite($0, shiny: $1) }

    /// Why nothing can be drawn when `builtIn` is nil.
    static var missing: String { tr("drawing.error.no-sprites") }
}
