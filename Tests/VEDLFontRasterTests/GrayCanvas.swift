import Foundation
import VEDLFontRaster
import VEDLTestSupport

/// A black 8-bit canvas on which a `RenderedText` mask is painted in white at `drawtext`'s
/// `x`/`y` with `drawtext`'s own blend arithmetic (white through coverage `c` over black is
/// `c`), to compare with FFmpeg's picture.
struct GrayCanvas {
  var width: Int
  var height: Int
  var pixels: [UInt8]

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height)
  }

  /// Paints `text`'s mask for a `drawtext` placed at (`x`, `y`), clipped to the canvas.
  mutating func paint(_ text: RenderedText, x: Int, y: Int) {
    let mask = text.mask
    for row in 0..<mask.height {
      let cy = y + text.maskY + row
      guard cy >= 0, cy < height else { continue }
      for column in 0..<mask.width {
        let cx = x + text.maskX + column
        guard cx >= 0, cx < width else { continue }
        // drawtext's 8-bit blend of white (`ff_blend_mask` with alpha 255: 0x10203 per step).
        let present = Int(pixels[cy * width + cx])
        let weight = Int(mask.alpha[row * mask.width + column]) * 0x10203
        pixels[cy * width + cx] = UInt8(((0x0101_0101 - weight) * present + weight * 255) >> 24)
      }
    }
  }
}

/// How two same-sized gray pictures differ.
struct PictureComparison: CustomStringConvertible {
  /// The smallest rectangle holding every non-zero pixel, as (left, top, right, bottom)
  /// exclusive; `nil` for an all-black picture.
  typealias Box = (left: Int, top: Int, right: Int, bottom: Int)
  var expectedBox: Box?
  var actualBox: Box?
  var maxDifference: Int
  /// Peak signal-to-noise ratio in dB (infinite when identical).
  var psnr: Double

  init(expected: [UInt8], actual: [UInt8], width: Int) {
    expectedBox = Self.box(expected, width: width)
    actualBox = Self.box(actual, width: width)
    var maximum = 0
    var squares = 0.0
    for (e, a) in zip(expected, actual) {
      let difference = abs(Int(e) - Int(a))
      maximum = max(maximum, difference)
      squares += Double(difference * difference)
    }
    maxDifference = maximum
    psnr = PSNR.decibels(meanSquaredError: squares / Double(max(1, expected.count)))
  }

  /// Whether both pictures have the same non-zero bounding box.
  var sameBox: Bool {
    switch (expectedBox, actualBox) {
    case (nil, nil): return true
    case (let e?, let a?): return e == a
    default: return false
    }
  }

  var description: String {
    "ffmpeg box \(String(describing: expectedBox)), ours \(String(describing: actualBox)), "
      + "max diff \(maxDifference), PSNR \(psnr) dB"
  }

  private static func box(_ pixels: [UInt8], width: Int) -> Box? {
    var result: Box?
    for (index, value) in pixels.enumerated() where value != 0 {
      let x = index % width
      let y = index / width
      if let b = result {
        result = (min(b.left, x), min(b.top, y), max(b.right, x + 1), max(b.bottom, y + 1))
      } else {
        result = (x, y, x + 1, y + 1)
      }
    }
    return result
  }
}
