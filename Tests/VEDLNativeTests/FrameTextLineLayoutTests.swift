import Foundation
import Testing
import VEDLNative
import VEDLRaster
import VEDLSema

/// The lines and fonts of text and captions, in both backends (the native frame and the
/// FFmpeg backend's graph run by the `ffmpeg` CLI): stacked lines sit on evenly spaced
/// baselines (as `drawtext` spaces the lines of one text), a Fontconfig pattern's style is
/// honoured, captions wrap inside their margins, and a character the font lacks comes from a
/// fallback font rather than the `.notdef` box.
@Suite struct FrameTextLineLayoutTests {
  /// A picture's red channel, one byte per pixel.
  struct Gray {
    var width: Int
    var height: Int
    var values: [UInt8]

    /// How many pixels are brighter than mid-grey.
    var litCount: Int { values.filter { $0 > 127 }.count }

    /// The last row of each band of rows that have a lit pixel (a line's baseline, for text
    /// without descenders).
    var bandBottoms: [Int] {
      var bottoms: [Int] = []
      var inBand = false
      for y in 0..<height {
        let lit = (0..<width).contains { values[y * width + $0] > 127 }
        if inBand && !lit { bottoms.append(y - 1) }
        inBand = lit
      }
      if inBand { bottoms.append(height - 1) }
      return bottoms
    }

    /// The bounding box of the lit pixels.
    var litBox: (left: Int, top: Int, right: Int, bottom: Int)? {
      var rgb: [UInt8] = []
      for v in values { rgb += [v, v, v] }
      return FrameTextTests.boundingBox(rgb: rgb, width: width, height: height, threshold: 127)
    }
  }

  /// Whether two pictures have the same pixels (a Bool, so that a failure does not print
  /// them).
  static func same(_ a: Gray, _ b: Gray) -> Bool { a.values == b.values }

  /// A black canvas of `size` with `body` and a `.png` export.
  static func script(_ body: String, size: String = "320x180") -> String {
    """
    canvas \(size) fps: 30
    track main { clip color(black) duration: 1s }
    \(body)
    export "out/ref.png"
    """
  }

  /// Frame 0 of `body` by the native renderer and by the FFmpeg backend.
  static func bothBackends(_ body: String, size: String = "320x180") throws -> (native: Gray, ffmpeg: Gray) {
    let folder = try NativeTestMedia.get().directory
    let timeline = try FrameRendering.timeline(Self.script(body, size: size))
    let native = try NativeFrameRenderer(
      timeline: timeline, export: nil, fonts: try FrameRendering.fonts(), baseDirectory: folder
    ).frame(0)
    let nativeGray = Gray(
      width: native.width, height: native.height,
      values: (0..<(native.width * native.height)).map { native.pixels[$0 * 4] })
    let reference = try FrameBackendAgreementTests.reference(timeline, frame: 0, directory: folder)
    let ffmpegGray = Gray(
      width: native.width, height: native.height,
      values: (0..<(native.width * native.height)).map { reference[$0 * 3] })
    return (nativeGray, ffmpegGray)
  }

  @Test(arguments: ["center", "trailing"])
  func separatelyDrawnLinesSitOnEvenBaselines(_ align: String) throws {
    // "xxxx" is shorter than "HHHH": with each line's own `lh` the middle line moved up and
    // the baselines were 21 and 26 pixels apart.
    func text(_ align: String) -> String {
      #"track overlay { text "HHHH\nxxxx\nHHHH" at: 0s duration: 1s { font "DejaVu Sans" size: 30 color: white; align \#(align); position center } }"#
    }
    let stacked = try Self.bothBackends(text(align))
    // One `drawtext` for the whole text: `drawtext`'s own line layout.
    let whole = try Self.bothBackends(text("leading"))
    for (backend, picture) in [("native", stacked.native), ("FFmpeg", stacked.ffmpeg)] {
      let bottoms = picture.bandBottoms
      #expect(bottoms.count == 3, "\(backend): \(bottoms)")
      guard bottoms.count == 3 else { continue }
      #expect(bottoms[1] - bottoms[0] == bottoms[2] - bottoms[1], "\(backend): \(bottoms)")
    }
    #expect(stacked.native.bandBottoms == whole.native.bandBottoms)
    #expect(stacked.ffmpeg.bandBottoms == whole.ffmpeg.bandBottoms)
    #expect(stacked.native.bandBottoms == stacked.ffmpeg.bandBottoms)
  }

  @Test func theLeadsWrappedBoldSentenceAgrees() throws {
    let body =
      #"track overlay { text "The quick brown fox jumps over the lazy dog again" at: 0s duration: 1s { font "DejaVu Sans:style=Bold" size: 40; size width: 300; position center } }"#
    let pictures = try Self.bothBackends(body, size: "640x360")
    #expect(Self.same(pictures.native, pictures.ffmpeg) == true, "the backends draw the same pixels")
    // Five lines ("The quick", "brown fox", "jumps over", "the lazy dog", "again") that
    // never overlap: the text spans five line heights, no more.
    let box = try #require(pictures.native.litBox)
    #expect(box.bottom - box.top < 5 * 47 && box.bottom - box.top > 4 * 39, "\(box)")
  }

  @Test func aStyleInTheFontPatternIsDrawn() throws {
    func text(_ font: String) -> String {
      #"track overlay { text "Heavy words" at: 0s duration: 1s { font "\#(font)" size: 36 color: white; position center } }"#
    }
    let regular = try Self.bothBackends(text("DejaVu Sans"))
    let bold = try Self.bothBackends(text("DejaVu Sans:style=Bold"))
    // Bold strokes cover far more pixels than Regular ones (about 1.5 times here).
    #expect(Double(bold.native.litCount) > 1.25 * Double(regular.native.litCount))
    #expect(Double(bold.ffmpeg.litCount) > 1.25 * Double(regular.ffmpeg.litCount))
    #expect(Self.same(bold.native, bold.ffmpeg) == true)
  }

  @Test(arguments: ["bottom", "top", "center"])
  func captionsWrapInsideTheirMargins(_ position: String) throws {
    let body = """
      captions {
        cue 0s..1s "A caption far too long to fit on one line of this small canvas"
        style size: 18 color: white position: \(position) margin: 12
      }
      """
    let pictures = try Self.bothBackends(body)
    for (backend, picture) in [("native", pictures.native), ("FFmpeg", pictures.ffmpeg)] {
      let box = try #require(picture.litBox)
      #expect(box.left >= 12 && box.right < 320 - 12, "\(backend): \(box)")
      // One line of 18 px text lights at most 18 rows: this is two lines or more.
      #expect(box.bottom - box.top > 26, "\(backend): several lines, \(box)")
    }
    #expect(Self.same(pictures.native, pictures.ffmpeg) == true)
  }

  @Test func aCharacterTheFontLacksComesFromAFallbackFont() throws {
    // U+1F680 (rocket) is not in DejaVu Sans; Symbola has it as an outline glyph (Noto Color
    // Emoji's bitmap is skipped: `drawtext` cannot size it).
    func text(_ characters: String, _ font: String) -> String {
      #"track overlay { text "\#(characters)" at: 0s duration: 1s { font "\#(font)" size: 40 color: white; position center } }"#
    }
    let fallback = try Self.bothBackends(text("\u{1F680}", "DejaVu Sans"))
    let symbola = try Self.bothBackends(text("\u{1F680}", "Symbola"))
    let notdef = try Self.bothBackends(text("\u{E000}", "DejaVu Sans"))
    #expect(fallback.native.litCount > 0)
    #expect(Self.same(fallback.native, symbola.native) == true)
    #expect(Self.same(fallback.ffmpeg, symbola.ffmpeg) == true)
    #expect(Self.same(fallback.native, notdef.native) == false)
    // A line mixing fonts: runs side by side, drawn alike by both backends.
    let mixed = try Self.bothBackends(text("Go \u{1F680} now", "DejaVu Sans"))
    #expect(Self.same(mixed.native, mixed.ffmpeg) == true)
  }
}
