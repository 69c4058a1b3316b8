extension RGBAImage {
  /// The picture with FFmpeg's `eq=brightness:contrast:saturation` applied, reproduced
  /// exactly: the same conversion to 8-bit limited-range BT.601 YUV that libswscale makes
  /// for `eq` (`rgba` → `yuva444p`), `eq`'s integer formulas on the three planes, and
  /// libswscale's conversion back (`yuva444p` → `rgba`). Neutral values (0, 1, 1) return the
  /// picture unchanged — the lowering writes no `eq` then.
  ///
  /// `eq` on luma (its values rounded to single precision first, as `eq` stores them):
  /// `c = ⌊C·4096⌋`, `b = ⌊(⌊100·B + 100⌋·511)/200⌋ − 128 − c/32`,
  /// `Y' = clip((Y·c >> 12) + b)`; on each chroma plane the same with `C` = saturation and
  /// `B` = 0 (so grey moves from 128 to 127 when the saturation changes, as in FFmpeg). A
  /// plane whose contrast is 1 and brightness 0 is left alone. Contrast must stay below 7.9
  /// (VEDL allows 0…4), where `eq` switches to a lookup table. Alpha is kept; translucent
  /// pixels are adjusted on their straight colour and premultiplied again (the lowering
  /// splits the alpha off around `eq` for such pictures).
  public func adjusted(brightness: Double, contrast: Double, saturation: Double) -> RGBAImage {
    // `eq` clips its values with `av_clipf`, so they pass through single precision. A value
    // that is not a number is taken as neutral.
    func clipped(_ value: Double, _ low: Double, _ high: Double, neutral: Double) -> Double {
      value.isNaN ? neutral : Double(Float(min(max(value, low), high)))
    }
    let luma = EqualizerPlane(
      contrast: clipped(contrast, -1000, 1000, neutral: 1), brightness: clipped(brightness, -1, 1, neutral: 0))
    let chroma = EqualizerPlane(contrast: clipped(saturation, 0, 3, neutral: 1), brightness: 0)
    if luma == nil && chroma == nil { return self }
    let convert = YUVConversion.bt601
    // Every YUV → RGB term of an adjusted sample, by the sample before adjustment.
    var yTerm = [Int32](repeating: 0, count: 256)
    var redFromV = yTerm
    var greenFromV = yTerm
    var greenFromU = yTerm
    var blueFromU = yTerm
    for value in 0..<256 {
      let y = luma?.apply(value) ?? value
      let c = chroma?.apply(value) ?? value
      yTerm[value] = convert.lumaTerm(y)
      (redFromV[value], greenFromV[value]) = convert.vTerms(c)
      (greenFromU[value], blueFromU[value]) = convert.uTerms(c)
    }
    let (ry, gy, by) = (Int32(convert.ry), Int32(convert.gy), Int32(convert.by))
    let (ru, gu, bu) = (Int32(convert.ru), Int32(convert.gu), Int32(convert.bu))
    let (rv, gv, bv) = (Int32(convert.rv), Int32(convert.gv), Int32(convert.bv))
    // (Σ + offset + 2⁸) >> 9, then (s + 32) >> 6, in one shift.
    let lumaRounding = Int32((32 << 14) + (1 << 8) + (32 << 9))
    let chromaRounding = Int32((256 << 14) + (1 << 8) + (32 << 9))
    var result = pixels
    yTerm.withUnsafeBufferPointer { yT in
      redFromV.withUnsafeBufferPointer { rV in
        greenFromV.withUnsafeBufferPointer { gV in
          greenFromU.withUnsafeBufferPointer { gU in
            blueFromU.withUnsafeBufferPointer { bU in
              result.withUnsafeMutableBufferPointer { buffer in
                for i in 0..<(width * height) {
                  let j = i * 4
                  let alpha = Int32(buffer[j + 3])
                  if alpha == 0 { continue }
                  var r = Int32(buffer[j])
                  var g = Int32(buffer[j + 1])
                  var b = Int32(buffer[j + 2])
                  if alpha != 255 {
                    r = min(255, (r &* 255 &+ alpha / 2) / alpha)
                    g = min(255, (g &* 255 &+ alpha / 2) / alpha)
                    b = min(255, (b &* 255 &+ alpha / 2) / alpha)
                  }
                  let y = Int(Self.byte((ry &* r &+ gy &* g &+ by &* b &+ lumaRounding) &>> 15))
                  let u = Int(Self.byte((ru &* r &+ gu &* g &+ bu &* b &+ chromaRounding) &>> 15))
                  let v = Int(Self.byte((rv &* r &+ gv &* g &+ bv &* b &+ chromaRounding) &>> 15))
                  r = Self.byte((yT[y] &+ rV[v]) &>> 22)
                  g = Self.byte((yT[y] &+ gV[v] &+ gU[u]) &>> 22)
                  b = Self.byte((yT[y] &+ bU[u]) &>> 22)
                  if alpha != 255 {
                    r = (r &* alpha &+ 127) / 255
                    g = (g &* alpha &+ 127) / 255
                    b = (b &* alpha &+ 127) / 255
                  }
                  buffer[j] = UInt8(truncatingIfNeeded: r)
                  buffer[j + 1] = UInt8(truncatingIfNeeded: g)
                  buffer[j + 2] = UInt8(truncatingIfNeeded: b)
                }
              }
            }
          }
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: result)
  }

  /// A value clipped to 0…255.
  private static func byte(_ value: Int32) -> Int32 { min(max(value, 0), 255) }
}

/// `eq`'s integer adjustment of one 8-bit plane (`process_c`).
struct EqualizerPlane: Equatable {
  let contrast: Int
  let offset: Int

  /// The adjustment for a plane's contrast and brightness, or `nil` when `eq` leaves the
  /// plane alone (contrast 1, brightness 0).
  init?(contrast: Double, brightness: Double) {
    if contrast == 1 && brightness == 0 { return nil }
    self.contrast = Int(contrast * 256 * 16)
    self.offset = (Int(100.0 * brightness + 100.0) * 511) / 200 - 128 - self.contrast / 32
  }

  /// One sample through the adjustment, clipped to 0…255.
  func apply(_ value: Int) -> Int {
    min(max(((value * contrast) >> 12) + offset, 0), 255)
  }
}
