extension RGBAImage {
  /// Paints `color` through an 8-bit coverage `mask` (`maskWidth` × `maskHeight`, row by
  /// row) whose top-left pixel lands at (`x`, `y`), clipped: how `drawtext` draws a glyph
  /// run (libavfilter's `ff_blend_mask`).
  ///
  /// With the straight colour `s` and alpha `A`, coverage `m` weighs
  /// `k = m·⌊(0x10307·A + 3)/2⁸⌋` and each colour channel becomes
  /// `((0x1010101 − k)·dst + k·s) >> 24` — FFmpeg's integers exactly, so text on an opaque
  /// picture matches `drawtext`. Alpha becomes `((0x1010101 − k)·dst + k·255) >> 24`, the
  /// premultiplied source-over (`drawtext` blends towards `A` there, which lowers the alpha
  /// of an opaque picture under translucent text and leaves straight colour on a
  /// transparent layer; the colour channels are the same). A translucent premultiplied
  /// colour has lost some precision: `paint(straightRGBA:…)` takes VEDL's colour exactly.
  /// A short `mask` array draws only its complete rows.
  public mutating func paint(
    _ color: PremultipliedColor, through mask: [UInt8], maskWidth: Int, maskHeight: Int, x: Int, y: Int
  ) {
    let s = color.straight
    paint(straight: (s.red, s.green, s.blue, Int(color.alpha)), mask, maskWidth, maskHeight, x, y)
  }

  /// `paint` with a straight `0xRRGGBBAA` colour (VEDL's form, `drawtext`'s `fontcolor`), so
  /// that translucent colours match `drawtext` exactly.
  public mutating func paint(
    straightRGBA color: UInt32, through mask: [UInt8], maskWidth: Int, maskHeight: Int, x: Int, y: Int
  ) {
    paint(straight: Self.channels(color), mask, maskWidth, maskHeight, x, y)
  }

  private mutating func paint(
    straight color: (red: Int, green: Int, blue: Int, alpha: Int), _ mask: [UInt8], _ maskWidth: Int,
    _ maskHeight: Int, _ x: Int, _ y: Int
  ) {
    guard color.alpha > 0, maskWidth > 0, maskHeight > 0 else { return }
    let rows = min(maskHeight, mask.count / maskWidth)
    let clip = Clip(x: x, y: y, width: maskWidth, height: rows, inside: width, height)
    guard !clip.isEmpty else { return }
    let alphaWeight = (0x10307 * color.alpha + 3) >> 8
    let dstWidth = width
    mask.withUnsafeBufferPointer { coverage in
      pixels.withUnsafeMutableBufferPointer { target in
        for row in 0..<clip.height {
          let m = coverage.baseAddress! + (clip.sourceY + row) * maskWidth + clip.sourceX
          let dst = target.baseAddress! + ((clip.y + row) * dstWidth + clip.x) * 4
          for i in 0..<clip.width where m[i] != 0 {
            let k = Int(m[i]) * alphaWeight
            let keep = 0x0101_0101 - k
            let p = dst + i * 4
            p[0] = UInt8(truncatingIfNeeded: (keep * Int(p[0]) + k * color.red) >> 24)
            p[1] = UInt8(truncatingIfNeeded: (keep * Int(p[1]) + k * color.green) >> 24)
            p[2] = UInt8(truncatingIfNeeded: (keep * Int(p[2]) + k * color.blue) >> 24)
            p[3] = UInt8(truncatingIfNeeded: (keep * Int(p[3]) + k * 255) >> 24)
          }
        }
      }
    }
  }

  /// Fills the `width` × `height` rectangle at (`x`, `y`) with `color` source-over, clipped:
  /// `drawtext`'s `box` (libavfilter's `ff_blend_rectangle`).
  ///
  /// With the straight colour `s` and alpha `A`, `α = 0x10203·A + 2` and each colour channel
  /// becomes `(dst·(0x1010101 − α) + α·s) >> 24` — FFmpeg's integers exactly (an opaque
  /// colour replaces the pixels). Alpha gets the same blend towards 255 (premultiplied
  /// source-over; see `paint`). `fillRect(…straightRGBA:)` takes a translucent colour
  /// without the precision the premultiplied form has lost.
  public mutating func fillRect(x: Int, y: Int, width: Int, height: Int, color: PremultipliedColor) {
    let s = color.straight
    fillRect(x, y, width, height, straight: (s.red, s.green, s.blue, Int(color.alpha)))
  }

  /// `fillRect` with a straight `0xRRGGBBAA` colour (VEDL's form, `drawtext`'s `boxcolor`).
  public mutating func fillRect(x: Int, y: Int, width: Int, height: Int, straightRGBA color: UInt32) {
    fillRect(x, y, width, height, straight: Self.channels(color))
  }

  private mutating func fillRect(
    _ x: Int, _ y: Int, _ width: Int, _ height: Int, straight color: (red: Int, green: Int, blue: Int, alpha: Int)
  ) {
    guard color.alpha > 0 else { return }
    let clip = Clip(x: x, y: y, width: width, height: height, inside: self.width, self.height)
    guard !clip.isEmpty else { return }
    let alpha = 0x10203 * color.alpha + 2
    let keep = 0x0101_0101 - alpha
    let dstWidth = self.width
    pixels.withUnsafeMutableBufferPointer { target in
      for row in 0..<clip.height {
        let dst = target.baseAddress! + ((clip.y + row) * dstWidth + clip.x) * 4
        for i in 0..<clip.width {
          let p = dst + i * 4
          p[0] = UInt8(truncatingIfNeeded: (keep * Int(p[0]) + alpha * color.red) >> 24)
          p[1] = UInt8(truncatingIfNeeded: (keep * Int(p[1]) + alpha * color.green) >> 24)
          p[2] = UInt8(truncatingIfNeeded: (keep * Int(p[2]) + alpha * color.blue) >> 24)
          p[3] = UInt8(truncatingIfNeeded: (keep * Int(p[3]) + alpha * 255) >> 24)
        }
      }
    }
  }

  /// The channels of a straight `0xRRGGBBAA` colour.
  private static func channels(_ color: UInt32) -> (red: Int, green: Int, blue: Int, alpha: Int) {
    (Int(color >> 24), Int((color >> 16) & 0xFF), Int((color >> 8) & 0xFF), Int(color & 0xFF))
  }
}
