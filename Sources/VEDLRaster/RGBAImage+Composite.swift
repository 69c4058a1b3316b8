extension RGBAImage {
  /// Draws `top` with its top-left pixel at (`x`, `y`) source-over (premultiplied), clipped
  /// to this picture, with its alpha scaled by `opacity` (0…1): FFmpeg's `overlay`.
  ///
  /// At full opacity every channel becomes `top + ⌊(dst·(255 − αtop) + 128)·257 >> 16⌋`
  /// (the `FAST_DIV255` rounding `overlay` uses). On an opaque picture this is `overlay`'s
  /// straight blend `(dst·(255 − α) + src·α)/255` with `src·α/255` already rounded into the
  /// premultiplied colour: at most one level apart, identical where the top is opaque or
  /// transparent. Below full opacity the weights are 16-bit:
  /// `(top·w + dst·(2¹⁶ − α·w/255) + 2¹⁵) >> 16` with `w = round(opacity·2¹⁶)`, which for an
  /// opaque top is exactly `fade`'s interpolation towards a colour with factor `w` — so a main
  /// track fade is this picture filled with the fade colour and the frame drawn on it with
  /// `opacity: factor / 65536`.
  public mutating func composite(_ top: RGBAImage, x: Int, y: Int, opacity: Double = 1) {
    let clip = Clip(x: x, y: y, width: top.width, height: top.height, inside: width, height)
    guard !clip.isEmpty, opacity > 0 else { return }
    let weight = opacity >= 1 ? 1 << 16 : min(max(Int((opacity * 65536).rounded()), 0), 1 << 16)
    guard weight > 0 else { return }
    let dstWidth = width
    top.pixels.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        for row in 0..<clip.height {
          let src = source.baseAddress! + ((clip.sourceY + row) * top.width + clip.sourceX) * 4
          let dst = target.baseAddress! + ((clip.y + row) * dstWidth + clip.x) * 4
          if weight == 1 << 16 {
            Self.blendRow(src, dst, count: clip.width)
          } else {
            Self.blendRow(src, dst, count: clip.width, weight: weight)
          }
        }
      }
    }
  }

  /// Source-over of `count` premultiplied pixels at full opacity.
  static func blendRow(_ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, count: Int) {
    let rawSrc = UnsafeRawPointer(src)
    let rawDst = UnsafeMutableRawPointer(dst)
    for i in 0..<count {
      let s = rawSrc.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt8>.self)
      let alpha = s[3]
      if alpha == 0 { continue }
      if alpha == 255 {
        rawDst.storeBytes(of: s, toByteOffset: i * 4, as: SIMD4<UInt8>.self)
        continue
      }
      let d = SIMD4<UInt32>(truncatingIfNeeded: rawDst.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt8>.self))
      let scaled = d &* UInt32(255 - alpha) &+ 128
      let kept = (scaled &* 257) &>> 16
      let out = SIMD4<UInt32>(truncatingIfNeeded: s) &+ kept
      rawDst.storeBytes(
        of: SIMD4<UInt8>(truncatingIfNeeded: pointwiseMin(out, SIMD4<UInt32>(repeating: 255))), toByteOffset: i * 4,
        as: SIMD4<UInt8>.self)
    }
  }

  /// Source-over of `count` premultiplied pixels with the top scaled by `weight`/2¹⁶.
  static func blendRow(_ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, count: Int, weight: Int) {
    let w = UInt32(weight)
    let rawSrc = UnsafeRawPointer(src)
    let rawDst = UnsafeMutableRawPointer(dst)
    for i in 0..<count {
      let s = SIMD4<UInt32>(truncatingIfNeeded: rawSrc.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt8>.self))
      if s[3] == 0 { continue }
      let covered = (s[3] * w + 127) / 255
      let d = SIMD4<UInt32>(truncatingIfNeeded: rawDst.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt8>.self))
      let out = (s &* w &+ d &* ((1 << 16) - covered) &+ (1 << 15)) &>> 16
      rawDst.storeBytes(
        of: SIMD4<UInt8>(truncatingIfNeeded: pointwiseMin(out, SIMD4<UInt32>(repeating: 255))), toByteOffset: i * 4,
        as: SIMD4<UInt8>.self)
    }
  }
}
