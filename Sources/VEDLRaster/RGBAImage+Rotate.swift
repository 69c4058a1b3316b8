extension RGBAImage {
  /// The picture turned clockwise by `degrees` about its centre into an `outputWidth` ×
  /// `outputHeight` picture (centres aligned), uncovered pixels `fill`: FFmpeg's
  /// `rotate=angle=DEG*PI/180:ow:oh:fillcolor` with its default bilinear interpolation,
  /// reproduced exactly.
  ///
  /// `rotate` works in 16.16 fixed point with its own integer sine (a Taylor series on the
  /// angle scaled by 2²⁰): every output pixel steps through the source by (cos, −sin) along
  /// a row and (sin, cos) down the rows, starting from the centred offsets; a pixel whose
  /// source lies within one pixel outside the picture is interpolated from the clamped
  /// neighbours (so the turned picture's edge is hard, with no blending into the fill), the
  /// others keep the fill. The same integers are used here, on premultiplied channels
  /// (FFmpeg interpolates straight ones; identical for opaque pictures). An angle within
  /// single-precision epsilon of 0, 90, 180 or 270° whose output size matches the turned
  /// picture is an exact copy in `rotate`, and here (`rotatedQuarterTurns`); the lowering
  /// sends quarter turns to `transpose` anyway.
  public func rotated(degrees: Double, outputWidth: Int, outputHeight: Int, fill: PremultipliedColor) -> RGBAImage {
    let outW = max(1, outputWidth)
    let outH = max(1, outputHeight)
    let inW = width
    let inH = height
    let fixp = 1 << 16
    let intPi = 3_294_199
    // `angle*PI/180` as the expression evaluator computes it, then `res * FIXP * 16`.
    let radians = degrees * Double.pi / 180
    for quarter in 0..<4 where abs(radians - Double(quarter) * Double.pi / 2) < Double(Float.ulpOfOne) {
      let swapped = quarter % 2 == 1
      if outW == (swapped ? inH : inW) && outH == (swapped ? inW : inH) { return rotatedQuarterTurns(quarter) }
    }
    var result = RGBAImage(width: outW, height: outH, fill: fill)
    let scaledAngle = radians * Double(fixp) * 16
    guard scaledAngle.isFinite, abs(scaledAngle) < Double(Int32.max) else { return result }
    let angle = Int(scaledAngle)
    let s = Self.integerSine(angle)
    let c = Self.integerSine(angle + intPi / 2)
    let xi = -(outW - 1) * c / 2
    let yi = (outW - 1) * s / 2
    var xprime = -(outH - 1) * s / 2
    var yprime = -(outH - 1) * c / 2

    let maxX = inW - 1
    let maxY = inH - 1
    pixels.withUnsafeBufferPointer { source in
      let src = source.baseAddress!
      result.pixels.withUnsafeMutableBufferPointer { target in
        for j in 0..<outH {
          // The C code's `int` arithmetic wraps; so does this.
          var x = Int(Int32(truncatingIfNeeded: xprime + xi + fixp * (inW - 1) / 2))
          var y = Int(Int32(truncatingIfNeeded: yprime + yi + fixp * (inH - 1) / 2))
          let rowOffset = j * outW * 4
          for i in 0..<outW {
            let x1 = x >> 16
            let y1 = y >> 16
            if x1 >= -1 && x1 <= inW && y1 >= -1 && y1 <= inH {
              let intX = min(max(x1, 0), maxX)
              let intY = min(max(y1, 0), maxY)
              let fracX = x & 0xFFFF
              let fracY = y & 0xFFFF
              let intX1 = min(intX + 1, maxX)
              let intY1 = min(intY + 1, maxY)
              let p00 = src + (intY * inW + intX) * 4
              let p01 = src + (intY * inW + intX1) * 4
              let p10 = src + (intY1 * inW + intX) * 4
              let p11 = src + (intY1 * inW + intX1) * 4
              for channel in 0..<4 {
                let s0 = (fixp - fracX) * Int(p00[channel]) + fracX * Int(p01[channel])
                let s1 = (fixp - fracX) * Int(p10[channel]) + fracX * Int(p11[channel])
                let value = ((fixp - fracY) * s0 + fracY * s1) >> 32
                target[rowOffset + i * 4 + channel] = UInt8(truncatingIfNeeded: value)
              }
            }
            x = Int(Int32(truncatingIfNeeded: x + c))
            y = Int(Int32(truncatingIfNeeded: y - s))
          }
          xprime += s
          yprime += c
        }
      }
    }
    return result
  }

  /// `int_sin` of FFmpeg's `rotate`: the sine of `a` (radians × 2²⁰) in 16.16 fixed point,
  /// by a five-term Taylor series after folding the angle into −π/2…π/2.
  static func integerSine(_ angle: Int) -> Int {
    let intPi = 3_294_199
    let fixp2 = 1 << 20
    var a = angle
    if a < 0 { a = intPi - a }
    a %= 2 * intPi
    if a >= intPi * 3 / 2 { a -= 2 * intPi }
    if a >= intPi / 2 { a = intPi - a }
    let a2 = (a * a) / fixp2
    var result = 0
    var i = 2
    while i < 11 {
      result += a
      a = -a * a2 / (fixp2 * i * (i + 1))
      i += 2
    }
    return (result + 8) >> 4
  }
}
