extension RGBAImage {
  /// The picture through a 3D colour table of `size` points per axis (`table`: 3 floats per
  /// point, red index slowest, `(r·size + g)·size + b`), with FFmpeg 5.1's `lut3d` maths for
  /// 8-bit RGB in single precision: each channel `c/255·(size − 1)` clipped to the table,
  /// trilinear interpolation (red, then green, then blue), the result `·255` truncated and
  /// clipped to 0…255. Straight colour: a translucent pixel is unpremultiplied first and
  /// premultiplied again after (alpha kept), as `vignetted` does.
  public func applyingLUT(size: Int, table: [Float]) -> RGBAImage {
    precondition(size >= 2 && table.count == 3 * size * size * size, "a table of size³ colours")
    let lutMax = Float(size - 1)
    let scaleF = Float(1) / Float(255)
    // The 256 possible scaled inputs, as `lut3d` computes them per pixel.
    var scaled = [Float](repeating: 0, count: 256)
    for c in 0..<256 { scaled[c] = min(max(Float(c) * scaleF * lutMax, 0), lutMax) }
    let s2 = size * size
    var result = pixels
    table.withUnsafeBufferPointer { lut in
      result.withUnsafeMutableBufferPointer { buffer in
        func lerp(_ v0: Float, _ v1: Float, _ f: Float) -> Float { v0 + (v1 - v0) * f }
        for j in stride(from: 0, to: buffer.count, by: 4) {
          let alpha = Int(buffer[j + 3])
          if alpha == 0 { continue }
          var rgb = (Int(buffer[j]), Int(buffer[j + 1]), Int(buffer[j + 2]))
          if alpha != 255 {
            rgb.0 = min(255, (rgb.0 * 255 + alpha / 2) / alpha)
            rgb.1 = min(255, (rgb.1 * 255 + alpha / 2) / alpha)
            rgb.2 = min(255, (rgb.2 * 255 + alpha / 2) / alpha)
          }
          let s = (scaled[rgb.0], scaled[rgb.1], scaled[rgb.2])
          let p = (Int(s.0), Int(s.1), Int(s.2))
          let n = (min(p.0 + 1, size - 1), min(p.1 + 1, size - 1), min(p.2 + 1, size - 1))
          let d = (s.0 - Float(p.0), s.1 - Float(p.1), s.2 - Float(p.2))
          for k in 0..<3 {
            func c(_ r: Int, _ g: Int, _ b: Int) -> Float { lut[3 * (r * s2 + g * size + b) + k] }
            let c00 = lerp(c(p.0, p.1, p.2), c(n.0, p.1, p.2), d.0)
            let c10 = lerp(c(p.0, n.1, p.2), c(n.0, n.1, p.2), d.0)
            let c01 = lerp(c(p.0, p.1, n.2), c(n.0, p.1, n.2), d.0)
            let c11 = lerp(c(p.0, n.1, n.2), c(n.0, n.1, n.2), d.0)
            let c0 = lerp(c00, c10, d.1)
            let c1 = lerp(c01, c11, d.1)
            let v = lerp(c0, c1, d.2) * Float(255)
            // C's float-to-int conversion truncates; out-of-range values are clipped.
            var out = v.isNaN ? 0 : (v >= 256 ? 255 : (v <= -1 ? 0 : Int(v)))
            out = min(max(out, 0), 255)
            if alpha != 255 { out = (out * alpha + 127) / 255 }
            buffer[j + k] = UInt8(out)
          }
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: result)
  }
}
