import Foundation
import Testing
import VEDLNative
import VEDLRaster
import VEDLSema
import VEDLTestSupport

/// Pixel colours at known points of composed frames: the layout arithmetic (crops, fits,
/// positions, anchors, margins, scale, shapes) and the blending (opacity, fades, the
/// background, gaps, the watermark) of `NativeFrameRenderer`.
@Suite struct FrameCompositionTests {
  static let red = PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255)
  static let blue = PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255)
  static let navy = PremultipliedColor(red: 0, green: 0, blue: 128, alpha: 255)
  static let white = PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255)
  static let black = PremultipliedColor.black

  /// Test pictures made once with the `ffmpeg` CLI beside the generated media:
  /// `media/logo.png` (32×16, the left half opaque red, the right half transparent) and
  /// `media/halves.png` (64×32, the left half red, the right half blue).
  static let images: Result<Void, FFmpegCLI.Failure> = {
    do {
      let folder = try NativeTestMedia.get().directory + "/media"
      try FFmpegCLI.mustRun([
        "-v", "error", "-y", "-f", "lavfi", "-i",
        "color=c=red:s=32x16,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(lt(X,16),255,0)'",
        "-frames:v", "1", folder + "/logo.png",
      ])
      try FFmpegCLI.mustRun([
        "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=64x32,drawbox=x=32:y=0:w=32:h=32:c=blue:t=fill",
        "-frames:v", "1", folder + "/halves.png",
      ])
      return .success(())
    } catch let failure as FFmpegCLI.Failure {
      return .failure(failure)
    } catch {
      return .failure(FFmpegCLI.Failure(description: "\(error)"))
    }
  }()

  /// Draws frame `k` of `script` (the test pictures made first).
  func frame(_ script: String, _ k: Int64 = 0, export: Bool = false) throws -> RGBAImage {
    try Self.images.get()
    let timeline = try FrameRendering.timeline(script)
    let renderer = try NativeFrameRenderer(
      timeline: timeline, export: export ? timeline.exports.first : nil, fonts: try FrameRendering.fonts())
    return try renderer.frame(k)
  }

  /// Whether two colours differ by at most `tolerance` in every channel.
  func close(_ a: PremultipliedColor, _ b: PremultipliedColor, _ tolerance: Int = 2) -> Bool {
    abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
      && abs(Int(a.blue) - Int(b.blue)) <= tolerance && abs(Int(a.alpha) - Int(b.alpha)) <= tolerance
  }

  @Test func withoutAMainTrackTheCanvasBackgroundShows() throws {
    let picture = try frame(
      """
      canvas 64x48 fps: 30 background: navy
      track overlay { shape rect at: 0s duration: 1s { fill white; size width: 8 height: 8; position x: 4 y: 4 } }
      """)
    #expect(picture.pixel(x: 40, y: 40) == Self.navy)
    #expect(picture.pixel(x: 6, y: 6) == Self.white)
    #expect(picture.pixel(x: 13, y: 6) == Self.navy)
  }

  @Test func aGapIsBlackWhateverTheBackground() throws {
    let script = """
      canvas 64x48 fps: 30 background: navy
      track main {
        clip color(white) duration: 1s
        gap 1s
        clip color(red) duration: 1s
      }
      """
    #expect(try frame(script, 29).pixel(x: 10, y: 10) == Self.white)
    #expect(try frame(script, 30).pixel(x: 10, y: 10) == Self.black)
    #expect(try frame(script, 59).pixel(x: 10, y: 10) == Self.black)
    #expect(try frame(script, 60).pixel(x: 10, y: 10) == Self.red)
  }

  @Test func containLetterboxesWithTheBackgroundAndShowsItThroughTransparency() throws {
    // 32×16 into 64×48: scaled ×2 to 64×32, 8 rows of bars above and below.
    let picture = try frame(
      """
      canvas 64x48 fps: 30 background: navy
      let logo = image("media/logo.png")
      track main { clip logo duration: 1s { fit contain } }
      """)
    #expect(picture.pixel(x: 10, y: 3) == Self.navy)
    #expect(picture.pixel(x: 10, y: 44) == Self.navy)
    #expect(close(picture.pixel(x: 10, y: 24), Self.red))
    #expect(close(picture.pixel(x: 50, y: 24), Self.navy))
  }

  @Test func containWithAColourFillsTheBars() throws {
    let picture = try frame(
      """
      canvas 64x48 fps: 30 background: navy
      let halves = image("media/halves.png")
      track main { clip halves duration: 1s { fit contain background: #00FF00 } }
      """)
    #expect(picture.pixel(x: 30, y: 2) == PremultipliedColor(red: 0, green: 255, blue: 0, alpha: 255))
    #expect(close(picture.pixel(x: 10, y: 24), Self.red))
    #expect(close(picture.pixel(x: 54, y: 24), Self.blue))
  }

  @Test func coverScalesAndCropsTheMiddle() throws {
    // 32×16 covering 64×48: ×3 to 96×48, cropped from x = 16 — the red half fills x < 32.
    let picture = try frame(
      """
      canvas 64x48 fps: 30 background: navy
      let logo = image("media/logo.png")
      track main { clip logo duration: 1s }
      """)
    #expect(close(picture.pixel(x: 4, y: 24), Self.red))
    #expect(close(picture.pixel(x: 28, y: 24), Self.red))
    #expect(close(picture.pixel(x: 36, y: 24), Self.navy))
  }

  @Test func cropAnchorsPickTheSide() throws {
    func script(_ anchor: String) -> String {
      """
      canvas 64x48 fps: 30
      let halves = image("media/halves.png")
      track main { clip halves duration: 1s { crop 1:1 anchor: \(anchor) } }
      """
    }
    #expect(close(try frame(script("leading")).pixel(x: 60, y: 40), Self.red))
    #expect(close(try frame(script("trailing")).pixel(x: 3, y: 3), Self.blue))
  }

  @Test func mirrorFlipsTheSides() throws {
    let picture = try frame(
      """
      canvas 64x32 fps: 30
      let halves = image("media/halves.png")
      track main { clip halves duration: 1s { mirror horizontal } }
      """)
    #expect(close(picture.pixel(x: 4, y: 16), Self.blue))
    #expect(close(picture.pixel(x: 60, y: 16), Self.red))
  }

  @Test func overlaysArePlacedByAnchorMarginAndScale() throws {
    // The logo at half size is 16×8.
    let picture = try frame(
      """
      canvas 64x48 fps: 30
      let logo = image("media/logo.png")
      track main { clip color(white) duration: 1s }
      track overlay { clip logo at: 0s duration: 1s { scale 50%; position topLeading margin: 4 } }
      track overlay { clip logo at: 0s duration: 1s { scale 50%; position bottomTrailing margin: 2 } }
      track overlay { clip logo at: 0s duration: 1s { position x: 20 y: 20; size width: 8 } }
      """)
    #expect(close(picture.pixel(x: 5, y: 5), Self.red))
    #expect(close(picture.pixel(x: 10, y: 10), Self.red))
    #expect(picture.pixel(x: 3, y: 3) == Self.white)
    #expect(picture.pixel(x: 16, y: 6) == Self.white)
    // bottomTrailing: x = 64 − 16 − 2 = 46, y = 48 − 8 − 2 = 38.
    #expect(close(picture.pixel(x: 46, y: 38), Self.red))
    #expect(picture.pixel(x: 45, y: 38) == Self.white)
    #expect(picture.pixel(x: 46, y: 37) == Self.white)
    #expect(picture.pixel(x: 60, y: 44) == Self.white)
    // `size width: 8` keeps the shape: 8×4 at (20, 20), red on its left half.
    #expect(close(picture.pixel(x: 21, y: 21), Self.red))
    #expect(picture.pixel(x: 21, y: 25) == Self.white)
  }

  @Test func opacityMixesWithWhatIsBelow() throws {
    let picture = try frame(
      """
      canvas 64x48 fps: 30
      track main { clip color(black) duration: 1s }
      track overlay { shape rect at: 0s duration: 1s { fill white; size width: 20 height: 20; position x: 0 y: 0; opacity 50% } }
      """)
    let level = Int(picture.pixel(x: 10, y: 10).red)
    #expect(abs(level - 128) <= 2, "level \(level)")
    #expect(picture.pixel(x: 30, y: 30) == Self.black)
  }

  @Test func fadesFollowTheFadeFilterFactor() throws {
    // `fade in: 1s` at 30 fps: frame j has factor j·65535/30 (to the background, black).
    let script = """
      canvas 64x48 fps: 30
      track main { clip color(white) duration: 2s { fade in: 1s } }
      """
    for j in [0, 1, 15, 29, 30, 45] as [Int64] {
      let factor = min(65535, j * 65535 / 30)
      let expected = Double(255 * factor) / 65536
      let level = Double(try frame(script, j).pixel(x: 5, y: 5).red)
      #expect(abs(level - expected) <= 1.5, "frame \(j): \(level), expected \(expected)")
    }
  }

  @Test func overlayFadeOutEndsTransparent() throws {
    let script = """
      canvas 64x48 fps: 30
      track main { clip color(black) duration: 2s }
      track overlay { shape rect at: 0s duration: 1s { fill white; size width: 64 height: 48; fade out: 500ms } }
      """
    #expect(try frame(script, 10).pixel(x: 5, y: 5) == Self.white)
    let late = Int(try frame(script, 27).pixel(x: 5, y: 5).red)
    // Frame 27: fade out from 15 over 15 frames → factor 65535 − 12·65535/15.
    let expected = Double(255 * (65535 - 12 * 65535 / 15)) / 65536
    #expect(abs(Double(late) - expected) <= 2, "\(late) vs \(expected)")
    #expect(try frame(script, 30).pixel(x: 5, y: 5) == Self.black)
  }

  @Test func shapesFillStrokeAndRoundOff() throws {
    let picture = try frame(
      """
      canvas 64x48 fps: 30
      track main { clip color(black) duration: 1s }
      track overlay { shape rect at: 0s duration: 1s { fill red; stroke blue width: 3; size width: 20 height: 20; position x: 0 y: 0 } }
      track overlay { shape ellipse at: 0s duration: 1s { fill white; size width: 20 height: 20; position x: 40 y: 0 } }
      """)
    #expect(picture.pixel(x: 1, y: 10) == Self.blue)
    #expect(picture.pixel(x: 10, y: 10) == Self.red)
    #expect(picture.pixel(x: 18, y: 18) == Self.blue)
    #expect(picture.pixel(x: 50, y: 10) == Self.white)
    #expect(picture.pixel(x: 40, y: 0) == Self.black)
  }

  @Test func theWatermarkIsDrawnOnlyForAnExport() throws {
    let script = """
      canvas 64x48 fps: 30
      let logo = image("media/logo.png")
      track main { clip color(white) duration: 1s }
      export "out/x.mp4" { watermark logo position: bottomTrailing }
      """
    // At its own size (32×16) in the bottom-right corner: red on its left half.
    #expect(close(try frame(script, export: true).pixel(x: 34, y: 40), Self.red))
    #expect(try frame(script, export: true).pixel(x: 50, y: 40) == Self.white)
    #expect(try frame(script, export: false).pixel(x: 34, y: 40) == Self.white)
  }

  @Test func anExportPictureHasItsQualitysSize() throws {
    try Self.images.get()
    let timeline = try FrameRendering.timeline(
      """
      canvas 900x100 fps: 30
      track main { clip color(white) duration: 1s }
      export "out/x.mp4" quality: low
      """)
    // `low` fits 854 pixels: 900×100 → 854×95, made even → 854×94.
    let renderer = try NativeFrameRenderer(
      timeline: timeline, export: timeline.exports.first, fonts: try FrameRendering.fonts())
    #expect(renderer.width == 854 && renderer.height == 94)
    let picture = try renderer.frame(0)
    #expect(picture.width == 854 && picture.height == 94)
    #expect(picture.pixel(x: 400, y: 50) == Self.white)
    let preview = try NativeFrameRenderer(timeline: timeline, export: nil, fonts: try FrameRendering.fonts())
    #expect(preview.width == 900 && preview.height == 100)
  }
}
