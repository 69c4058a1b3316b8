import Testing
import VEDLRaster

/// Source-over drawing: `composite` against `overlay`, `fillRect` against `drawtext`'s box,
/// `paint` against `drawtext`'s glyphs, plus the arithmetic and the clipping at the edges.
@Suite struct CompositeTests {
  @Test func compositeMatchesOverlay() throws {
    let straight = try FFmpegReference.translucentPattern(width: 48, height: 40)
    let top = RGBAImage(width: 48, height: 40, pixels: Compare.premultiplied(straight))
    let results = try FFmpegReference.graph(
      lavfi: ["testsrc2=s=64x48:r=1"], pictures: [.init(frames: [RGBAImage(width: 48, height: 40, pixels: straight)])],
      "[0:v]format=rgba,split=3[b0][b1][b2];[b1][1:v]overlay=x=-9:y=20:format=auto[o1];"
        + "[1:v]colorchannelmixer=aa=0.6[t];[b2][t]overlay=x=30:y=-7:format=auto[o2]",
      outputs: [
        .init(label: "b0", width: 64, height: 48), .init(label: "o1", width: 64, height: 48),
        .init(label: "o2", width: 64, height: 48),
      ])
    let bottom = results[0][0]
    var plain = bottom
    plain.composite(top, x: -9, y: 20)
    // `overlay` blends straight colour; the premultiplied form rounds once more: ±1.
    #expect(Compare.maxDifference(plain, results[1][0]) <= 1)
    #expect(Compare.psnr(plain, results[1][0]) >= 65)
    var faded = bottom
    faded.composite(top, x: 30, y: -7, opacity: 0.6)
    #expect(Compare.maxDifference(faded, results[2][0]) <= 1)
    #expect(Compare.psnr(faded, results[2][0]) >= 60)
    // The comparison is not vacuous: the overlay changed the picture.
    #expect(Compare.psnr(bottom, results[1][0]) < 30)
  }

  @Test func compositeArithmeticAndClipping() {
    let red = PremultipliedColor(red: 200, green: 0, blue: 0, alpha: 255)
    var canvas = RGBAImage(width: 4, height: 3, fill: PremultipliedColor(red: 0, green: 100, blue: 0, alpha: 255))
    // Half-transparent blue, premultiplied: (0, 0, 64, 128).
    let blue = RGBAImage(width: 3, height: 2, fill: PremultipliedColor(red: 0, green: 0, blue: 64, alpha: 128))
    canvas.composite(blue, x: 2, y: -1)
    // Inside: 64 + 0·127/255, green 100·127/255 ≈ 49.8 → 50, alpha 128 + 255·127/255 = 255.
    #expect(canvas.pixel(x: 2, y: 0) == PremultipliedColor(red: 0, green: 50, blue: 64, alpha: 255))
    #expect(canvas.pixel(x: 3, y: 0) == PremultipliedColor(red: 0, green: 50, blue: 64, alpha: 255))
    // Clipped: rows and columns outside the canvas are ignored, the rest untouched.
    #expect(canvas.pixel(x: 1, y: 0) == PremultipliedColor(red: 0, green: 100, blue: 0, alpha: 255))
    #expect(canvas.pixel(x: 2, y: 1) == PremultipliedColor(red: 0, green: 100, blue: 0, alpha: 255))
    // Opaque replaces, transparent leaves, entirely outside leaves.
    var other = canvas
    other.composite(RGBAImage(width: 1, height: 1, fill: red), x: 0, y: 2)
    #expect(other.pixel(x: 0, y: 2) == red)
    other.composite(RGBAImage(width: 2, height: 2), x: 0, y: 0)
    other.composite(RGBAImage(width: 2, height: 2, fill: red), x: -2, y: 0)
    other.composite(RGBAImage(width: 2, height: 2, fill: red), x: 4, y: 3)
    #expect(other.pixel(x: 0, y: 0) == canvas.pixel(x: 0, y: 0))
    #expect(other.pixels.filter { $0 == 200 }.count == 1)
    // On a transparent canvas, source-over of translucent over translucent.
    var layer = RGBAImage(width: 1, height: 1, fill: PremultipliedColor(red: 0, green: 50, blue: 0, alpha: 100))
    layer.composite(blue, x: 0, y: 0)
    // 64 + 0, 50·127/255 = 24.9 → 25, 128 + 100·127/255 = 177.8 → 178.
    #expect(layer.pixel(x: 0, y: 0) == PremultipliedColor(red: 0, green: 25, blue: 64, alpha: 178))
    // Opacity: (200·w + 0·(65536 − w) + 2¹⁵) >> 16 with w = 0.25·65536 = 16384 → 50.
    var dim = RGBAImage(width: 1, height: 1, fill: .black)
    dim.composite(RGBAImage(width: 1, height: 1, fill: red), x: 0, y: 0, opacity: 0.25)
    #expect(dim.pixel(x: 0, y: 0) == PremultipliedColor(red: 50, green: 0, blue: 0, alpha: 255))
    dim.composite(RGBAImage(width: 1, height: 1, fill: red), x: 0, y: 0, opacity: 0)
    #expect(dim.pixel(x: 0, y: 0) == PremultipliedColor(red: 50, green: 0, blue: 0, alpha: 255))
  }

  /// `drawtext` with a transparent font colour draws only its box: `fillRect`'s formula.
  @Test func fillRectMatchesDrawtextBox() throws {
    let box = "0x3366CC80"
    let results = try FFmpegReference.graph(
      lavfi: ["testsrc2=s=64x48:r=1"],
      "[0:v]format=rgba,split[a][b];[b]drawtext=text=Hg:fontsize=20:fontcolor=0xFFFFFF00:x=-6:y=12:box=1:"
        + "boxcolor=\(box):boxborderw=3[t]",
      outputs: [.init(label: "a", width: 64, height: 48), .init(label: "t", width: 64, height: 48)])
    let (source, reference) = (results[0][0], results[1][0])
    // The box is where the pictures differ.
    var changed: [(Int, Int)] = []
    for y in 0..<48 {
      for x in 0..<64 where source.pixel(x: x, y: y) != reference.pixel(x: x, y: y) { changed.append((x, y)) }
    }
    let left = changed.map(\.0).min() ?? 0
    let top = changed.map(\.1).min() ?? 0
    let right = changed.map(\.0).max() ?? 0
    let bottom = changed.map(\.1).max() ?? 0
    #expect(left == 0 && top == 9 && right > 10 && bottom > 30)
    // Colour exactly; alpha stays 255 where `drawtext` blends it towards the box's alpha.
    var mine = source
    mine.fillRect(x: left - 9, y: top, width: right - left + 10, height: bottom - top + 1, straightRGBA: 0x3366_CC80)
    #expect(Self.colourDifference(mine, reference) == 0)
    #expect(mine.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    // The premultiplied colour lost a little precision: within one level.
    var premultiplied = source
    premultiplied.fillRect(
      x: left, y: top, width: right - left + 1, height: bottom - top + 1,
      color: PremultipliedColor(straightRGBA: 0x3366_CC80))
    #expect(Self.colourDifference(premultiplied, reference) <= 1)
    // An opaque box replaces the pixels; a transparent one draws nothing; clipping.
    var solid = source
    solid.fillRect(x: 60, y: -3, width: 10, height: 5, color: PremultipliedColor(straightRGBA: 0x1122_33FF))
    #expect(solid.pixel(x: 63, y: 0) == PremultipliedColor(red: 0x11, green: 0x22, blue: 0x33, alpha: 255))
    #expect(solid.pixel(x: 63, y: 1) == PremultipliedColor(red: 0x11, green: 0x22, blue: 0x33, alpha: 255))
    #expect(solid.pixel(x: 63, y: 2) == source.pixel(x: 63, y: 2))
    #expect(solid.pixel(x: 59, y: 0) == source.pixel(x: 59, y: 0))
    var none = source
    none.fillRect(x: 0, y: 0, width: 64, height: 48, color: .transparent)
    #expect(none == source)
  }

  /// `paint` draws a coverage mask as `drawtext` draws a glyph. The glyph's coverage is read
  /// back from FFmpeg drawing it white on black, then the same glyph is drawn in a
  /// translucent colour on a test pattern by both.
  @Test func paintMatchesDrawtextGlyphs() throws {
    let text = "drawtext=text=@:fontsize=36:x=-4:y=5"
    let results = try FFmpegReference.graph(
      lavfi: ["testsrc2=s=48x40:r=1", "color=c=black:s=48x40:r=1"],
      "[0:v]format=rgba,split[a][b];[b]\(text):fontcolor=0xFF8020C0[t];[1:v]format=rgba,\(text):fontcolor=white[m]",
      outputs: [
        .init(label: "a", width: 48, height: 40), .init(label: "t", width: 48, height: 40),
        .init(label: "m", width: 48, height: 40),
      ])
    let (source, reference, white) = (results[0][0], results[1][0], results[2][0])
    // White on black gives v = ⌊m·16843005 / 2²⁴⌋, one value per coverage m.
    var coverage = [UInt8](repeating: 0, count: 48 * 40)
    for i in 0..<coverage.count {
      let v = Int(white.pixels[i * 4])
      let m = (0...255).first { ($0 * 16_843_005) >> 24 == v }
      #expect(m != nil)
      coverage[i] = UInt8(m ?? 0)
    }
    #expect(coverage.filter { $0 == 255 }.count > 20 && coverage.filter { $0 > 0 && $0 < 255 }.count > 20)
    var mine = source
    mine.paint(straightRGBA: 0xFF80_20C0, through: coverage, maskWidth: 48, maskHeight: 40, x: 0, y: 0)
    #expect(Self.colourDifference(mine, reference) == 0)
    #expect(mine.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    var premultiplied = source
    premultiplied.paint(
      PremultipliedColor(straightRGBA: 0xFF80_20C0), through: coverage, maskWidth: 48, maskHeight: 40, x: 0, y: 0)
    #expect(Self.colourDifference(premultiplied, reference) <= 1)
    // Where the glyph is, the picture changed a lot: the comparison is not vacuous.
    #expect(Compare.psnr(source, reference) < 25)
    // The mask placed partly outside is clipped; a short mask draws only its whole rows.
    var shifted = source
    shifted.paint(.black, through: coverage, maskWidth: 48, maskHeight: 40, x: 30, y: -20)
    shifted.paint(.black, through: [255, 255, 255], maskWidth: 2, maskHeight: 2, x: 0, y: 39)
    #expect(shifted.pixel(x: 0, y: 39) == .black && shifted.pixel(x: 1, y: 39) == .black)
    #expect(shifted.pixel(x: 2, y: 39) == source.pixel(x: 2, y: 39))
    #expect(shifted.pixel(x: 29, y: 0) == source.pixel(x: 29, y: 0))
  }

  /// The largest difference of the colour channels (alpha ignored).
  static func colourDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
    var worst = 0
    for i in 0..<a.pixels.count where i % 4 != 3 { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
    return worst
  }
}
