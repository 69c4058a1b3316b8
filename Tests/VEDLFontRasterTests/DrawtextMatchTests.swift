import Testing

@testable import VEDLFontRaster

/// Golden placement tests: the same text drawn by FFmpeg's `drawtext` (run at test time) and
/// by `FontLibrary`, painted at the same `x`/`y`, must cover the same pixels with the same
/// values, and report the same `tw`, `th`, `lh`.
@Suite struct DrawtextMatchTests {
  static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  let fonts: FontLibrary

  init() throws {
    fonts = try FontLibrary()
  }

  /// One comparison case: a text, how the font is named, the size and the frame.
  struct Case: CustomStringConvertible, Sendable {
    var text: String
    var family: String?
    var file: String?
    var size: Int
    var width = 400
    var height = 120

    var description: String { "\(text.debugDescription) \(family ?? file ?? "-") \(size)px" }

    var reference: DrawtextReference.Font {
      if let file { return .file(file) }
      return .family(family ?? "Sans")
    }
    var request: FontRequest { FontRequest(family: family, file: file) }
  }

  static let cases: [Case] = [
    Case(text: "Hg", family: "DejaVu Sans", size: 48),
    Case(text: "Hamburgefonstiv", family: "DejaVu Sans", size: 12),
    Case(text: "jumpy Quiz", family: "DejaVu Sans", size: 48),
    Case(text: "Typography", family: "DejaVu Sans", size: 72, width: 640, height: 160),
    // drawtext 5.1 kerns by character codes, not glyph indices: "AV" is not kerned, "Im" and
    // "NH" are (by −2 px at 48 px with DejaVu Sans).
    Case(text: "AV AWAY To", family: "DejaVu Sans", size: 48, width: 480),
    Case(text: "Imam NHUT", family: "DejaVu Sans", size: 48, width: 480),
    Case(text: "  two  spaces ", family: "DejaVu Sans", size: 48, width: 480),
    Case(text: "café Straße", family: "DejaVu Sans", size: 48, width: 480),
    Case(text: "ÅÉÎ ñ ç", family: "DejaVu Sans", size: 72, width: 480, height: 160),
    Case(text: "Hg by path", file: dejaVuSans, size: 48),
    Case(text: "Serif Hg", family: "DejaVu Serif", size: 48),
    Case(text: "Mono 0O", family: "DejaVu Sans Mono", size: 48),
    Case(text: "fallback", family: "No Such Family VEDL", size: 48),
    Case(text: "missing file", file: "/nonexistent/vedl/missing.ttf", size: 36),
    Case(text: "a\tb\tc", family: "DejaVu Sans", size: 24),
    Case(text: "it's 5:30, [ok]; 100%", family: "DejaVu Sans", size: 30),
    Case(text: "first\nsecond g", family: "DejaVu Sans", size: 36, height: 160),
    Case(text: "CR\r\nLF", family: "DejaVu Sans", size: 30, height: 160),
    Case(text: "clipped at the right edge of the frame", family: "DejaVu Sans", size: 48),
  ]

  @Test(arguments: cases)
  func textMatchesDrawtext(_ example: Case) throws {
    let reference = try DrawtextReference.draw(
      example.text, font: example.reference, size: example.size, x: 20, y: 30, width: example.width,
      height: example.height)
    let rendered = try fonts.render(example.text, font: example.request, size: example.size)
    #expect(rendered.textWidth == reference.textWidth)
    #expect(rendered.textHeight == reference.textHeight)
    #expect(rendered.lineHeight == reference.lineHeight)
    var canvas = GrayCanvas(width: example.width, height: example.height)
    canvas.paint(rendered, x: 20, y: 30)
    let comparison = PictureComparison(expected: reference.pixels, actual: canvas.pixels, width: example.width)
    #expect(comparison.expectedBox != nil, "ffmpeg drew nothing")
    #expect(comparison.sameBox, "\(comparison)")
    #expect(comparison.maxDifference == 0, "\(comparison)")
    #expect(comparison.psnr >= 40, "\(comparison)")
  }

  @Test(arguments: [(1, 48), (3, 48), (2, 12), (5, 72)])
  func outlineMatchesDrawtextBorder(width: Int, size: Int) throws {
    let text = "Hog AV"
    let reference = try DrawtextReference.draw(
      text, font: .family("DejaVu Sans"), size: size, x: 20, y: 30, width: 480, height: 140, layer: .border(width))
    let border = try fonts.outline(text, font: FontRequest(family: "DejaVu Sans", file: nil), size: size, width: width)
    #expect(border.textWidth == reference.textWidth)
    #expect(border.textHeight == reference.textHeight)
    var canvas = GrayCanvas(width: 480, height: 140)
    canvas.paint(border, x: 20, y: 30)
    let comparison = PictureComparison(expected: reference.pixels, actual: canvas.pixels, width: 480)
    #expect(comparison.sameBox, "\(comparison)")
    #expect(comparison.maxDifference == 0, "\(comparison)")
    #expect(comparison.psnr >= 40, "\(comparison)")
  }

  @Test func placementFollowsXAndY() throws {
    let font = FontRequest(family: "DejaVu Sans", file: nil)
    let rendered = try fonts.render("Hg", font: font, size: 40)
    for (x, y) in [(0, 0), (-7, 5), (333, 90)] {
      let reference = try DrawtextReference.draw("Hg", font: .family("DejaVu Sans"), size: 40, x: x, y: y)
      var canvas = GrayCanvas(width: 400, height: 120)
      canvas.paint(rendered, x: x, y: y)
      let comparison = PictureComparison(expected: reference.pixels, actual: canvas.pixels, width: 400)
      #expect(comparison.sameBox && comparison.maxDifference == 0, "at \(x), \(y): \(comparison)")
    }
  }

  @Test func emptyTextHasDrawtextsMetricsAndNoMask() throws {
    let reference = try DrawtextReference.draw("", font: .family("DejaVu Sans"), size: 48, x: 20, y: 30)
    let rendered = try fonts.render("", font: FontRequest(family: "DejaVu Sans", file: nil), size: 48)
    #expect(rendered.textWidth == reference.textWidth)
    #expect(rendered.textHeight == reference.textHeight)
    #expect(rendered.lineHeight == reference.lineHeight)
    #expect(rendered.mask.width == 0 && rendered.mask.height == 0)
    #expect(reference.pixels.allSatisfy { $0 == 0 })
  }

  @Test(arguments: [
    (FontRequest(family: "DejaVu Sans", file: nil), "DejaVu Sans"),
    (FontRequest(family: "DejaVu Serif", file: nil), "DejaVu Serif"),
    (FontRequest(family: "DejaVu Sans Mono", file: nil), "DejaVu Sans Mono"),
    (FontRequest(family: "sans-serif", file: nil), "sans-serif"),
    (FontRequest(family: "No Such Family VEDL", file: nil), "No Such Family VEDL"),
  ])
  func fontconfigChoosesWhatDrawtextUses(request: FontRequest, family: String) throws {
    let reference = try DrawtextReference.draw("x", font: .family(family), size: 20, x: 0, y: 0)
    let expected = try #require(reference.fontconfigFile)
    #expect(try fonts.fontFile(for: request) == expected)
  }

  @Test func aReadableFileIsUsedAsIs() throws {
    let request = FontRequest(family: "DejaVu Serif", file: Self.dejaVuSans)
    #expect(try fonts.fontFile(for: request) == Self.dejaVuSans)
  }

  @Test func anUnreadableFileFallsBackToFontconfigLikeDrawtext() throws {
    let missing = "/nonexistent/vedl/missing.ttf"
    let reference = try DrawtextReference.draw("x", font: .file(missing), size: 20, x: 0, y: 0)
    let expected = try #require(reference.fontconfigFile)
    #expect(try fonts.fontFile(for: FontRequest(family: nil, file: missing)) == expected)
  }
}
