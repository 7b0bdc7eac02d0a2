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
}
