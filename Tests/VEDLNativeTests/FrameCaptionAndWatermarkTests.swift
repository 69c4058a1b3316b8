import Foundation
import Testing
import VEDLNative
import VEDLRaster
import VEDLSema
import VEDLTestSupport

/// The native renderer's `captions burnIn: false`, caption `outline:` and watermark
/// `margin:`, in pixels (the FFmpeg backend's are in VEDLLoweringTests'
/// `CaptionAndWatermarkTests`, and the two are compared in `FrameBackendAgreementTests`).
@Suite struct FrameCaptionAndWatermarkTests {
  /// Opaque red pictures made once beside the generated media: `media/mark.png` (12×8) and
  /// `media/big.png` (80×60, larger than the 64×48 test canvas).
  static let marks: Result<Void, FFmpegCLI.Failure> = {
    do {
      let folder = try NativeTestMedia.get().directory + "/media"
      for (name, size) in [("mark", "12x8"), ("big", "80x60")] {
        try FFmpegCLI.mustRun([
          "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=\(size)", "-frames:v", "1",
          folder + "/\(name).png",
        ])
      }
      return .success(())
    } catch let failure as FFmpegCLI.Failure {
      return .failure(failure)
    } catch {
      return .failure(FFmpegCLI.Failure(description: "\(error)"))
    }
  }()

  /// Draws frame 0 of `script`, as its first export when `export`.
  static func frame(_ script: String, export: Bool = false) throws -> RGBAImage {
    try marks.get()
    let timeline = try FrameRendering.timeline(script)
    let renderer = try NativeFrameRenderer(
      timeline: timeline, export: export ? timeline.exports.first : nil, fonts: try FrameRendering.fonts())
    return try renderer.frame(0)
  }

  /// The bounding box of the red pixels.
  static func redBox(_ picture: RGBAImage) -> [Int]? {
    var box: [Int]? = nil
    for y in 0..<picture.height {
      for x in 0..<picture.width {
        let p = picture.pixel(x: x, y: y)
        guard p.red > 200, p.green < 60 else { continue }
        box = box.map { [min($0[0], x), min($0[1], y), max($0[2], x), max($0[3], y)] } ?? [x, y, x, y]
      }
    }
    return box
  }

  @Test(arguments: ["topLeading", "topTrailing", "bottomLeading", "bottomTrailing"])
  func theWatermarkSitsMarginPixelsFromItsCorner(_ corner: String) throws {
    for margin in [0, 5, 6] {
      let picture = try Self.frame(
        """
        canvas 64x48 fps: 30
        let mark = image("media/mark.png")
        track main { clip color(white) duration: 100ms }
        export "out/x.png" { watermark mark position: \(corner) margin: \(margin) }
        """, export: true)
      let left = corner.hasSuffix("Leading") ? margin : 64 - margin - 12
      let top = corner.hasPrefix("top") ? margin : 48 - margin - 8
      #expect(Self.redBox(picture) == [left, top, left + 11, top + 7], "\(corner) margin \(margin)")
    }
  }

  @Test func aWatermarkLargerThanTheFrameIsClippedAfterItsMargin() throws {
    for (corner, expected) in [("bottomTrailing", [0, 0, 59, 43]), ("topLeading", [4, 4, 63, 47])] {
      let picture = try Self.frame(
        """
        canvas 64x48 fps: 30
        let big = image("media/big.png")
        track main { clip color(white) duration: 100ms }
        export "out/x.png" { watermark big position: \(corner) margin: 4 }
        """, export: true)
      #expect(Self.redBox(picture) == expected, "\(corner)")
    }
  }

  @Test func aCaptionOutlineSurroundsTheGlyphsInItsColour() throws {
    func picture(_ style: String) throws -> RGBAImage {
      try Self.frame(
        """
        canvas 160x90 fps: 30
        track main { clip color(black) duration: 1s }
        captions { cue 0s..1s "I"; style font: "DejaVu Sans" size: 40 color: white \(style) position: center }
        """)
    }
    let outlined = try picture("outline: #FF0000")
    // Across the middle row: black, then the 2-pixel red outline, then the white stem of "I".
    let y = 45
    let white = try #require((0..<160).first { outlined.pixel(x: $0, y: y).green > 200 }, "no white glyph")
    let ring = outlined.pixel(x: white - 2, y: y)
    #expect(ring.red > 200 && ring.green < 60 && ring.blue < 60, "just outside the glyph: \(ring)")
    let outside = outlined.pixel(x: white - 5, y: y)
    #expect(outside.red < 30 && outside.green < 30, "beyond the outline: \(outside)")
    #expect(try picture("").pixel(x: white - 2, y: y).red < 30, "no outline without `outline:`")
  }

  @Test func captionsNotBurntInDrawNothing() throws {
    for burnIn in [true, false] {
      let picture = try Self.frame(
        """
        canvas 64x48 fps: 30
        track main { clip color(black) duration: 500ms }
        captions burnIn: \(burnIn) {
          cue 0s..400ms "II"
          style size: 12 color: white box: white outline: white position: bottom margin: 2
        }
        """)
      var lit = 0
      for y in 0..<48 { for x in 0..<64 where picture.pixel(x: x, y: y).red > 128 { lit += 1 } }
      #expect((lit > 0) == burnIn, "burnIn: \(burnIn), \(lit) lit pixels")
    }
  }
}
