/// A picture in memory, the unit the native renderer composites: premultiplied RGBA with 8 bits
/// per channel, rows from top to bottom with no padding (`pixels[(y * width + x) * 4 + c]`,
/// `c` = 0 red, 1 green, 2 blue, 3 alpha). Premultiplied, so that scaling, blurring and
/// source-over compositing never bleed the colour of transparent pixels into their
/// neighbours.
public struct RGBAImage: Sendable, Equatable {
  /// Width in pixels, at least 1.
  public let width: Int
  /// Height in pixels, at least 1.
  public let height: Int
  /// `width * height * 4` bytes, premultiplied RGBA.
  public var pixels: [UInt8]

  /// A picture of the given pixels; `pixels.count` must be `width * height * 4`.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "RGBAImage size mismatch")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// A picture filled with one colour (transparent by default).
  public init(width: Int, height: Int, fill: PremultipliedColor = .transparent) {
    precondition(width > 0 && height > 0, "RGBAImage size must be positive")
    self.width = width
    self.height = height
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    if fill != .transparent {
      pixels.withUnsafeMutableBufferPointer { buffer in
        var index = 0
        while index < buffer.count {
          buffer[index] = fill.red
          buffer[index + 1] = fill.green
          buffer[index + 2] = fill.blue
          buffer[index + 3] = fill.alpha
          index += 4
        }
      }
    }
    self.pixels = pixels
  }

  /// The colour at (`x`, `y`), which must lie inside the picture.
  public func pixel(x: Int, y: Int) -> PremultipliedColor {
    let index = (y * width + x) * 4
    return PremultipliedColor(
      red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2], alpha: pixels[index + 3])
  }
}

/// One premultiplied RGBA colour (each colour channel ≤ alpha).
public struct PremultipliedColor: Sendable, Hashable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  public var alpha: UInt8

  /// A colour from premultiplied channels.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A colour from VEDL's straight (not premultiplied) `0xRRGGBBAA`, as the checker stores
  /// colours; each channel is multiplied by alpha and rounded to nearest.
  public init(straightRGBA value: UInt32) {
    let a = UInt32(value & 0xFF)
    func premultiply(_ channel: UInt32) -> UInt8 { UInt8((channel * a + 127) / 255) }
    self.init(
      red: premultiply((value >> 24) & 0xFF), green: premultiply((value >> 16) & 0xFF),
      blue: premultiply((value >> 8) & 0xFF), alpha: UInt8(a))
  }

  /// Fully transparent black.
  public static let transparent = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)
  /// Opaque black.
  public static let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255)
}
