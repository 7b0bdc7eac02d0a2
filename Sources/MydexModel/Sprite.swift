import Foundation

/// One opaque pixel's colour.
public struct SpriteColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// A species' picture: cropped to its visible box, pixels row by row, nil where transparent.
public struct Sprite: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [SpriteColor?]

    public init(width: Int, height: Int, pixels: [SpriteColor?]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`; nil (transparent) outside the picture.
    public subscript(x: Int, y: Int) -> SpriteColor? {
        guard x >= 0, x < width, y >= 0, y < height, y * width + x < pixels.count else { return nil }
        return pixels[y * width + x]
    }

    /// The key of a form's own box sprite (one `FormFlags.hasOwnSprite` says it has): its
    /// PokeAPI id, which from 10001 on is apart from species numbers. A form PokeAPI numbers
    /// below 10001 that is not its species' own would share its species' key (Xerneas' Active
    /// Mode is 716, its species' own form the Neutral Mode, 10132): it is keyed 20000 + its id.
    public static func key(ofForm id: Int) -> Int {
        id < PokemonForm.firstFormID ? formsNumberedAsSpecies + id : id
    }

    /// Where the keys of forms numbered as species start: above every PokeAPI form id.
    static let formsNumberedAsSpecies = 20_000
}
