extension RGBAImage {
  /// The picture through a 3D colour table of `size` points per axis (`table`: 3 floats per
  /// point, red index slowest, `(r·size + g)·size + b`), with FFmpeg 5.1's `lut3d` maths for
  /// 8-bit RGB in single precision: each channel `c/255·(size − 1)` clipped to the table,
  /// trilinear interpolation (red, then green, then blue), the result `·255` truncated and
  /// clipped to 0…255. Straight colour: a translucent pixel is unpremultiplied first and
  /// premultiplied again after (alpha kept), as `vignetted` does.
  public func applyingLUT(size: Int, table: [Float]) -> RGBAImage {
    precondition(size >= 2 && table.count == 3 * size * size * size, "a table of size³ colours")
    // Per input level (256 of them), as `lut3d` computes them per pixel: the point below,
    // the point above and the fraction between.
    let lutMax = Float(size - 1)
    let scaleF = Float(1) / Float(255)
    var below = [Int](repeating: 0, count: 256)
    var above = [Int](repeating: 0, count: 256)
    var fraction = [Float](repeating: 0, count: 256)
    for c in 0..<256 {
      let s = min(max(Float(c) * scaleF * lutMax, 0), lutMax)
      below[c] = Int(s)
      above[c] = min(below[c] + 1, size - 1)
      fraction[c] = s - Float(below[c])
    }
    let s2 = size * size
    var result = pixels
    table.withUnsafeBufferPointer { lut in
      result.withUnsafeMutableBufferPointer { buffer in
        for j in stride(from: 0, to: buffer.count, by: 4) {
          let alpha = Int(buffer[j + 3])
          if alpha == 0 { continue }
          var r = Int(buffer[j])
          var g = Int(buffer[j + 1])
          var b = Int(buffer[j + 2])
          if alpha != 255 {
            r = min(255, (r * 255 + alpha / 2) / alpha)
            g = min(255, (g * 255 + alpha / 2) / alpha)
            b = min(255, (b * 255 + alpha / 2) / alpha)
          }
          let (r0, r1, dr) = (below[r] * s2, above[r] * s2, fraction[r])
          let (g0, g1, dg) = (below[g] * size, above[g] * size, fraction[g])
          let (b0, b1, db) = (below[b], above[b], fraction[b])
          // The eight corners' first floats.
          let i000 = 3 * (r0 + g0 + b0)
          let i100 = 3 * (r1 + g0 + b0)
          let i010 = 3 * (r0 + g1 + b0)
          let i110 = 3 * (r1 + g1 + b0)
          let i001 = 3 * (r0 + g0 + b1)
          let i101 = 3 * (r1 + g0 + b1)
          let i011 = 3 * (r0 + g1 + b1)
          let i111 = 3 * (r1 + g1 + b1)
          for k in 0..<3 {
            // `lerpf(v0, v1, f) = v0 + (v1 − v0)·f`, in `lut3d`'s order.
            let c000 = lut[i000 + k]
            let c00 = c000 + (lut[i100 + k] - c000) * dr
            let c010 = lut[i010 + k]
            let c10 = c010 + (lut[i110 + k] - c010) * dr
            let c001 = lut[i001 + k]
            let c01 = c001 + (lut[i101 + k] - c001) * dr
            let c011 = lut[i011 + k]
            let c11 = c011 + (lut[i111 + k] - c011) * dr
            let c0 = c00 + (c10 - c00) * dg
            let c1 = c01 + (c11 - c01) * dg
            let v = (c0 + (c1 - c0) * db) * Float(255)
            // C's float-to-int conversion truncates; out-of-range values are clipped.
            var out = v.isNaN || v < 0 ? 0 : (v >= 255 ? 255 : Int(v))
            if alpha != 255 { out = (out * alpha + 127) / 255 }
            buffer[j + k] = UInt8(out)
          }
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: result)
  }
}
