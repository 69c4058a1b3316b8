import Foundation

/// How a colour key measures a pixel's distance from the key colour.
public enum ColorKeyKind: Sendable {
  /// FFmpeg's `chromakey`: on the picture turned into 8-bit `yuva444p` (libswscale's
  /// limited-range BT.601, as for `eq`), the U/V distance averaged over the pixel's 3×3
  /// neighbourhood; the picture comes back through libswscale's conversion to RGB.
  case chroma
  /// FFmpeg's `colorkey`: the RGB distance of the pixel itself, on straight colour.
  case color
}

extension RGBAImage {
  /// The picture keyed as FFmpeg 5.1's `chromakey`/`colorkey` key it, with the key's alpha
  /// multiplied by the picture's own (`⌊k·a/255⌋`, `blend=all_mode=multiply` in the
  /// lowering). `similarity` and `blend` pass through single precision as the filters store
  /// them.
  ///
  /// `colorkey`: `d = √((Δr² + Δg² + Δb²) / (255²·3))`. `chromakey`: the key's U/V by the
  /// filter's own fixed-point formula (`RGB_TO_U`/`RGB_TO_V`, 10-bit coefficients), then
  /// for each pixel `d = Σ √((Δu² + Δv²) / (255²·2)) / 9` over the 3×3 neighbourhood, a
  /// neighbour outside the picture keeping the value the filter's scratch array held for
  /// it (the key's at the start, else the last one read: the filter's one-slice order).
  /// Both: alpha `⌊clip((d − similarity) / blend, 0, 1)·255⌋` when `blend` > 0.0001, else
  /// 255 past `similarity` and 0 within it.
  public func keyed(_ kind: ColorKeyKind, red: Int, green: Int, blue: Int, similarity: Double, blend: Double)
    -> RGBAImage
  {
    let similarity = Double(Float(similarity))
    let blend = Double(Float(blend))
    func alpha(_ diff: Double) -> Int {
      if blend > 0.0001 { return Int(min(max((diff - similarity) / blend, 0), 1) * 255) }
      return diff > similarity ? 255 : 0
    }
    let count = width * height
    // Straight colour (a transparent pixel's is black; its alpha stays 0 after the multiply).
    var straight = [Int32](repeating: 0, count: count * 3)
    var own = [Int32](repeating: 0, count: count)
    pixels.withUnsafeBufferPointer { p in
      for i in 0..<count {
        let a = Int32(p[i * 4 + 3])
        own[i] = a
        for c in 0..<3 {
          let v = Int32(p[i * 4 + c])
          straight[i * 3 + c] = a == 255 ? v : (a == 0 ? 0 : min(255, (v &* 255 &+ a / 2) / a))
        }
      }
    }
    var keyAlpha = [Int32](repeating: 255, count: count)
    switch kind {
    case .color:
      for i in 0..<count {
        let dr = Int(straight[i * 3]) - red
        let dg = Int(straight[i * 3 + 1]) - green
        let db = Int(straight[i * 3 + 2]) - blue
        keyAlpha[i] = Int32(alpha(sqrt(Double(dr * dr + dg * dg + db * db) / (255.0 * 255.0 * 3.0))))
      }
    case .chroma:
      let convert = YUVConversion.bt601
      let (ry, gy, by) = (Int32(convert.ry), Int32(convert.gy), Int32(convert.by))
      let (ru, gu, bu) = (Int32(convert.ru), Int32(convert.gu), Int32(convert.bu))
      let (rv, gv, bv) = (Int32(convert.rv), Int32(convert.gv), Int32(convert.bv))
      let lumaRounding = Int32((32 << 14) + (1 << 8) + (32 << 9))
      let chromaRounding = Int32((256 << 14) + (1 << 8) + (32 << 9))
      var ys = [Int](repeating: 0, count: count)
      var us = ys
      var vs = ys
      for i in 0..<count {
        let (r, g, b) = (straight[i * 3], straight[i * 3 + 1], straight[i * 3 + 2])
        ys[i] = Int(Self.clipByte((ry &* r &+ gy &* g &+ by &* b &+ lumaRounding) &>> 15))
        us[i] = Int(Self.clipByte((ru &* r &+ gu &* g &+ bu &* b &+ chromaRounding) &>> 15))
        vs[i] = Int(Self.clipByte((rv &* r &+ gv &* g &+ bv &* b &+ chromaRounding) &>> 15))
      }
      // vf_chromakey's key: FIXNUM(x) = lrint(x·1024).
      func fix(_ x: Double) -> Int { Int(x * 1024 + 0.5) }
      let keyU = ((-fix(0.16874) * red - fix(0.33126) * green + fix(0.5) * blue + (1 << 9) - 1) >> 10) + 128
      let keyV = ((fix(0.5) * red - fix(0.41869) * green - fix(0.08131) * blue + (1 << 9) - 1) >> 10) + 128
      // The filter's scratch neighbourhood, kept from pixel to pixel.
      var u = [Int](repeating: keyU, count: 9)
      var v = [Int](repeating: keyV, count: 9)
      for y in 0..<height {
        for x in 0..<width {
          for yo in 0..<3 {
            let sy = y + yo - 1
            if sy < 0 || sy >= height { continue }
            for xo in 0..<3 {
              let sx = x + xo - 1
              if sx < 0 || sx >= width { continue }
              u[yo * 3 + xo] = us[sy * width + sx]
              v[yo * 3 + xo] = vs[sy * width + sx]
            }
          }
          var diff = 0.0
          for k in 0..<9 {
            let du = u[k] - keyU
            let dv = v[k] - keyV
            diff += sqrt(Double(du * du + dv * dv) / (255.0 * 255.0 * 2))
          }
          keyAlpha[y * width + x] = Int32(alpha(diff / 9.0))
        }
      }
      // Back to RGB through libswscale's conversion (`yuva444p` → `rgba`).
      for i in 0..<count {
        let (yTerm, vt, ut) = (convert.lumaTerm(ys[i]), convert.vTerms(vs[i]), convert.uTerms(us[i]))
        straight[i * 3] = Self.clipByte((yTerm &+ vt.red) &>> 22)
        straight[i * 3 + 1] = Self.clipByte((yTerm &+ vt.green &+ ut.green) &>> 22)
        straight[i * 3 + 2] = Self.clipByte((yTerm &+ ut.blue) &>> 22)
      }
    }
    var result = [UInt8](repeating: 0, count: count * 4)
    for i in 0..<count {
      let a = own[i] == 255 ? keyAlpha[i] : keyAlpha[i] * own[i] / 255
      for c in 0..<3 {
        let s = straight[i * 3 + c]
        result[i * 4 + c] = UInt8(truncatingIfNeeded: a == 255 ? s : (s * a + 127) / 255)
      }
      result[i * 4 + 3] = UInt8(truncatingIfNeeded: a)
    }
    return RGBAImage(width: width, height: height, pixels: result)
  }

  /// A value clipped to 0…255.
  fileprivate static func clipByte(_ value: Int32) -> Int32 { min(max(value, 0), 255) }
}
