import Foundation
import Testing
import VEDLFontRaster
import VEDLNative
import VEDLRaster
import VEDLSema
import VEDLTestSupport
import VEDLTime

/// `NativeFrameRenderer` picks source frames by §5 on exact timestamps: the frame-index cases
/// both backends render (``FrameIndexCase/all``, each frame's blocks spelling its index) are
/// drawn frame by frame and every main-track frame is checked against `ClipTiming`'s
/// prediction, on the renderer's own pictures, before any encoder.
@Suite struct FrameSelectionTests {
  static func script(fps: String = "30", _ body: String) -> String {
    """
    canvas 64x48 fps: \(fps)
    let src = video("media/index30.mp4")
    track main {
    \(body)
    }
    """
  }

  /// The frame-index cases both backends render (``FrameIndexCase/all``), drawn here by the
  /// frame renderer alone, before any encoder: its pictures' red channel as grey frames.
  @Test(arguments: FrameIndexCase.all)
  func frameExact(_ edit: FrameIndexCase) throws {
    let (timeline, pictures) = try FrameRendering.drawAll(edit.script)
    let frames = pictures.map { picture in
      (0..<picture.height).flatMap { y in (0..<picture.width).map { x in picture.pixel(x: x, y: y).red } }
    }
    let failures = edit.failures(frames: frames, timeline: timeline)
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test func crossfadeBlendsWithXfadeProgress() throws {
    // Inside the transition (frames 45…59) xfade's `fade` mixes the two pictures with
    // progress 1 − i/15: where the outgoing block is white and the incoming one black, the
    // level is 255·progress.
    let (_, pictures) = try FrameRendering.drawAll(
      Self.script("clip src trim: 0s..2s\ncrossfade 500ms\nclip src trim: 3s..5s"), frames: 45..<60)
    for (i, picture) in pictures.enumerated() {
      let outgoing = 45 + i
      let incoming = 90 + i
      guard let bit = (0..<12).first(where: { (outgoing >> $0) & 1 == 1 && (incoming >> $0) & 1 == 0 }) else {
        continue
      }
      let level = Double(picture.pixel(x: (bit % 4) * 16 + 8, y: (bit / 4) * 16 + 8).red)
      let progress = 1 - Double(i) / 15
      #expect(abs(level - 255 * progress) <= 3, "frame \(outgoing): level \(level), progress \(progress)")
    }
  }

  @Test func framesInAnyOrderAreTheSame() throws {
    let script = Self.script("clip src trim: 1s..3s speed: 2x\nclip src trim: 4s..5s")
    let (timeline, inOrder) = try FrameRendering.drawAll(script)
    let renderer = try NativeFrameRenderer(timeline: timeline, export: nil, fonts: FrameRendering.fonts())
    for k in [40, 3, 29, 0, 59, 31, 30, 12].map(Int64.init) {
      #expect(try renderer.frame(k) == inOrder[Int(k)], "frame \(k)")
    }
    #expect(throws: NativeRenderError.self) { try renderer.frame(timeline.frameCount) }
    #expect(throws: NativeRenderError.self) { try renderer.frame(-1) }
  }
}

/// Drawing scripts with the native frame renderer, shared by the frame tests.
enum FrameRendering {
  /// One font library for every test (Fontconfig's start-up is slow).
  static let sharedFonts: Result<FontLibrary, FontError> = Result { () throws(FontError) in try FontLibrary() }

  static func fonts() throws -> FontLibrary { try sharedFonts.get() }

  /// Checks `script` beside the generated media.
  static func timeline(_ script: String) throws -> Timeline {
    try NativeHarness.timeline(script, directory: try NativeTestMedia.get().directory)
  }

  /// Draws `frames` (all of them by default) of `script`, in order.
  static func drawAll(_ script: String, frames: Range<Int64>? = nil, export: Export? = nil) throws -> (
    Timeline, [RGBAImage]
  ) {
    let timeline = try timeline(script)
    let renderer = try NativeFrameRenderer(
      timeline: timeline, export: export, fonts: try fonts(), baseDirectory: try NativeTestMedia.get().directory)
    var pictures: [RGBAImage] = []
    for k in frames ?? 0..<renderer.frameCount { pictures.append(try renderer.frame(k)) }
    return (timeline, pictures)
  }
}
