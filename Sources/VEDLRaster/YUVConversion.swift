/// libswscale's 8-bit conversions between RGB and limited-range BT.601 YUV (its default
/// colour matrix), integer for integer, as FFmpeg 5.1 makes them when a filter that works in
/// YUV (`eq`) sits between `rgba` pictures.
///
/// RGB → YUV (`rgb32ToY`/`rgb32ToUV` and the 8-bit output stage): 15-bit coefficients
/// `⌊k·219/255·2¹⁵ + ½⌋` (luma) or `⌊k·224/255·2¹⁵ + ½⌋` (chroma), a 14-bit sample
/// `(Σ + 16·2¹⁴ + 2⁸) >> 9` (chroma offset 128), then `(s + 32) >> 6`.
/// YUV → RGB (`yuv2rgb_write_full`): `Y` scaled by `⌊255/219·2¹⁶⌋` and the inverse matrix
/// `{104597, 132201, 25675, 53279}`/2¹⁶, both rounded to 13-bit fractions; each channel is
/// the luma term plus its chroma terms added with 32-bit wrap-around as libswscale does (a
/// very saturated colour whose sum passes 2³¹ comes out as 0, not 255: FFmpeg's result,
/// kept), clipped to 30 bits and shifted down by 22.
struct YUVConversion: Sendable {
  let ry: Int, gy: Int, by: Int
  let ru: Int, gu: Int, bu: Int
  let rv: Int, gv: Int, bv: Int
  let yOffset: Int, yCoefficient: Int
  let vToRed: Int, vToGreen: Int, uToGreen: Int, uToBlue: Int

  /// The default matrix (`SWS_CS_DEFAULT`, BT.601), limited range.
  static let bt601 = YUVConversion()

  private init() {
    let shift = Double(1 << 15)
    func luma(_ k: Double) -> Int { Int(k * 219 / 255 * shift + 0.5) }
    func chroma(_ k: Double) -> Int { Int(k * 224 / 255 * shift + 0.5) }
    ry = luma(0.299)
    gy = luma(0.587)
    by = luma(0.114)
    ru = -chroma(0.169)
    gu = -chroma(0.331)
    bu = chroma(0.500)
    rv = chroma(0.500)
    gv = -chroma(0.419)
    bv = -chroma(0.081)
    // ff_yuv2rgb_c_init_tables with contrast and saturation 1 << 16, brightness 0.
    func roundToInt16(_ f: Int) -> Int { min(max((f + (1 << 15)) >> 16, -0x8000), 0x7FFF) }
    let cy = (Int(1 << 16) * 255) / 219
    let oy = 16 << 16
    yCoefficient = roundToInt16(cy * (1 << 13))
    yOffset = roundToInt16(oy * (1 << 9))
    vToRed = roundToInt16(104_597 * (1 << 13))
    vToGreen = roundToInt16(-53_279 * (1 << 13))
    uToGreen = roundToInt16(-25_675 * (1 << 13))
    uToBlue = roundToInt16(132_201 * (1 << 13))
  }

  /// `(Y·512 − offset)·coefficient + 2²¹`, the luma part of every channel.
  func lumaTerm(_ y: Int) -> Int32 {
    Int32(truncatingIfNeeded: (y * 512 - yOffset) * yCoefficient + (1 << 21))
  }

  /// The red and green parts of a V sample.
  func vTerms(_ v: Int) -> (red: Int32, green: Int32) {
    let cv = (v - 128) * 512
    return (Int32(truncatingIfNeeded: cv * vToRed), Int32(truncatingIfNeeded: cv * vToGreen))
  }

  /// The green and blue parts of a U sample.
  func uTerms(_ u: Int) -> (green: Int32, blue: Int32) {
    let cu = (u - 128) * 512
    return (Int32(truncatingIfNeeded: cu * uToGreen), Int32(truncatingIfNeeded: cu * uToBlue))
  }

}
