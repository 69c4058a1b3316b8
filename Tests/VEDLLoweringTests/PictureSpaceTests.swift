import Testing
import VEDLSema

@testable import VEDLLowering

/// The picture space's colour rules (docs/graph.md, "Picture space").
@Suite struct PictureSpaceTests {
  /// FFmpeg 5.1's drawing helpers: 8-bit RGB → limited-range Y′CbCr with BT.601, rounded.
  static func drawutilsYCbCr(_ rgba: UInt32) -> (Double, Double, Double) {
    let (r, g, b, _) = OptionText.components(rgba)
    let (y, cb, cr) = ColorMatrix.bt601.yCbCr((Double(r), Double(g), Double(b)))
    return (y.rounded(), cb.rounded(), cr.rounded())
  }

  @Test func greysAreDrawnUnchanged() {
    let space = PictureSpace.yuv(matrix: "bt709")
    for grey: UInt32 in [0x0000_00FF, 0xFFFF_FFFF, 0x8080_80FF, 0x2020_2480 & 0xFFFF_FF00 | 0xFF] {
      let (r, g, b, _) = OptionText.components(grey)
      if r == g && g == b { #expect(space.drawColor(grey) == grey) }
    }
    #expect(PictureSpace.rgba.drawColor(0xFF00_00FF) == 0xFF00_00FF)
    #expect(PictureSpace.yuv(matrix: "bt601").drawColor(0xFF00_00FF) == 0xFF00_00FF)
  }

  /// Colours the mapping can reach (pure primaries of BT.709 lie outside what BT.601 RGB
  /// can express and are clamped).
  @Test(arguments: [0xFFCC_00FF as UInt32, 0x1E3A_8AFF, 0x33AA_55FF, 0xC060_40FF])
  func aColourDrawnWithBT601LandsOnItsBT709Values(_ colour: UInt32) {
    let mapped = PictureSpace.yuv(matrix: "bt709").drawColor(colour)
    #expect(mapped & 0xFF == colour & 0xFF, "alpha is kept")
    let drawn = Self.drawutilsYCbCr(mapped)
    let (r, g, b, _) = OptionText.components(colour)
    let wanted = ColorMatrix.bt709.yCbCr((Double(r), Double(g), Double(b)))
    #expect(abs(drawn.0 - wanted.0) <= 1.5)
    #expect(abs(drawn.1 - wanted.1) <= 1.5)
    #expect(abs(drawn.2 - wanted.2) <= 1.5)
  }

  @Test func aSourceIsReadWithItsTagElseByItsHeight() {
    #expect(SourceColour(MediaFacts(duration: nil, hasVideo: true, hasAudio: false, height: 1080)).matrix == "bt709")
    #expect(SourceColour(MediaFacts(duration: nil, hasVideo: true, hasAudio: false, height: 480)).matrix == "bt601")
    let tagged = MediaFacts(duration: nil, hasVideo: true, hasAudio: false, height: 1080, colorSpace: "smpte170m")
    #expect(SourceColour(tagged).matrix == "bt601")
    let jpeg = MediaFacts(duration: nil, hasVideo: true, hasAudio: false, height: 720, pixelFormat: "yuvj420p")
    #expect(SourceColour(jpeg).fullRange)
    #expect(!SourceColour(MediaFacts(duration: nil, hasVideo: true, hasAudio: false, pixelFormat: "rgb24")).isYCbCr)
  }

  @Test func aClipOnTheTrackMatrixIsOnlyResampled() {
    let hd = SourceColour(MediaFacts(duration: nil, hasVideo: true, hasAudio: false, height: 1080))
    let filters = PictureSpace.yuv(matrix: "bt709").fromSource(hd)
    #expect(filters.map(\.name) == ["scale", "format"])
    #expect(filters[0].options.map(\.key) == ["flags"])
    let sd = SourceColour(MediaFacts(duration: nil, hasVideo: true, hasAudio: false, height: 360))
    let converted = PictureSpace.yuv(matrix: "bt709").fromSource(sd)
    #expect(converted[0].options.contains { $0.key == "in_color_matrix" && $0.value == "bt601" })
    #expect(converted[0].options.contains { $0.key == "out_color_matrix" && $0.value == "bt709" })
  }

  @Test func transitionsCrossInAFormatXfadeTakes() {
    let yuv = PictureSpace.yuv(matrix: "bt709")
    #expect(yuv.transitionFormat(for: "fade").into.last?.options.first?.value == "yuv444p")
    #expect(yuv.transitionFormat(for: "fadeblack").into.last?.options.first?.value == "gbrp")
    #expect(PictureSpace.rgba.transitionFormat(for: "slideup").into.last?.options.first?.value == "gbrap")
  }
}
