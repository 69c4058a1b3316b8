import Foundation
import Testing
import VEDLFontRaster
import VEDLNative
import VEDLRaster
import VEDLSema
import VEDLTestSupport
import VEDLTime

/// `NativeFrameRenderer` picks source frames by §5 on exact timestamps: edits of the
/// frame-index video (each frame's blocks spell its index) are drawn frame by frame and every
/// main-track frame is checked against `ClipTiming`'s prediction — the FFmpeg backend's
/// frame-index tests (Tests/VEDLLoweringTests/FrameExactTests.swift), run on the native
/// renderer's pictures.
@Suite struct FrameSelectionTests {
  /// The index the blocks of a 64×48 frame-index picture spell.
  static func index(of picture: RGBAImage) -> Int {
    var value = 0
    for bit in 0..<12 {
      let x = (bit % 4) * 16 + 8
      let y = (bit / 4) * 16 + 8
      if picture.pixel(x: x, y: y).red > 128 { value |= 1 << bit }
    }
    return value
  }

  /// The source frame §5 selects at every frame of a clip of the 30 fps, 180-frame source.
  static func predicted(_ item: TimelineItem, grid: FrameGrid) -> [Int64] {
    guard let timing = item.timing, let source = ConstantRateSource(rate: FrameRate(30)!, frameCount: 180) else {
      return []
    }
    return (item.startFrame..<item.endFrame).map { k in
      timing.sourceFrameIndex(forTimelineFrame: k, grid: grid, source: source) ?? 0
    }
  }

  static func script(fps: String = "30", _ body: String) -> String {
    """
    canvas 64x48 fps: \(fps)
    let src = video("media/index30.mp4")
    track main {
    \(body)
    }
    """
  }

  /// Draws every frame of `script` and compares each main-track frame of the video outside
  /// transitions with the prediction; returns the indices read.
  @discardableResult
  func expectExact(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Int] {
    let (timeline, pictures) = try FrameRendering.drawAll(script)
    let decoded = pictures.map(Self.index(of:))
    var blended = Set<Int64>()
    for t in timeline.transitions { blended.formUnion(t.startFrame..<t.endFrame) }
    var mismatches: [String] = []
    let main = timeline.tracks.first { $0.kind == .main }?.items ?? []
    for item in main where item.kind == .clip && item.source.map({ timeline.sources[$0].kind == .video }) == true {
      for (offset, expected) in Self.predicted(item, grid: timeline.canvas.grid).enumerated() {
        let k = Int(item.startFrame) + offset
        guard !blended.contains(Int64(k)), k < decoded.count else { continue }
        if decoded[k] != Int(expected) { mismatches.append("frame \(k): got \(decoded[k]), expected \(expected)") }
      }
    }
    #expect(Int64(pictures.count) == timeline.frameCount, sourceLocation: sourceLocation)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(8))", sourceLocation: sourceLocation)
    return decoded
  }

  @Test func wholeSourceAtItsOwnRate() throws {
    #expect(try expectExact(Self.script("clip src")) == Array(0..<180))
  }

  @Test func trims() throws {
    let decoded = try expectExact(
      Self.script("clip src trim: 1s..2s\nclip src trim: 100ms..500ms\nclip src trim: 5s..6s"))
    #expect(decoded.prefix(3) == [30, 31, 32])
    #expect(decoded[30] == 3)
    #expect(decoded.last == 179)
  }

  @Test func trimStartingBetweenSourceFrames() throws {
    // 1/20 s lies between source frames 1 and 2: the first slot shows frame 1.
    let decoded = try expectExact(Self.script(fps: "20", "clip src trim: 50ms..1050ms"))
    #expect(decoded.first == 1)
  }

  @Test func doubleSpeed() throws {
    let decoded = try expectExact(Self.script("clip src trim: 1s..5s speed: 2x"))
    #expect(decoded.count == 60)
    #expect(decoded.prefix(3) == [30, 32, 34])
  }

  @Test func halfSpeed() throws {
    let decoded = try expectExact(Self.script("clip src trim: 2s..3s speed: 0.5x"))
    #expect(decoded.count == 60)
    #expect(decoded.prefix(4) == [60, 60, 61, 61])
  }

  @Test func rateConversion30To60() throws {
    let decoded = try expectExact(Self.script(fps: "60", "clip src trim: 1s..3s"))
    #expect(decoded.prefix(4) == [30, 30, 31, 31])
  }

  @Test func rateConversion30To24() throws {
    let decoded = try expectExact(Self.script(fps: "24", "clip src trim: 1s..3s"))
    // k/24 s: source frames ⌊30 + 1.25k⌋.
    #expect(decoded.prefix(5) == [30, 31, 32, 33, 35])
  }

  @Test func rateConversion30To2997() throws {
    try expectExact(Self.script(fps: "29.97", "clip src trim: 1001ms..5005ms"))
  }

  @Test func crossfadeBlendsWithXfadeProgress() throws {
    let decoded = try expectExact(Self.script("clip src trim: 0s..2s\ncrossfade 500ms\nclip src trim: 3s..5s"))
    // 60 + 60 − 15 frames; the first clip is exact up to the transition, the second after it.
    #expect(decoded.count == 105)
    #expect(decoded[44] == 44)
    #expect(decoded[60] == 90 + 15)
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

  @Test func transitionsCutsAndGapsTogether() throws {
    try expectExact(
      Self.script(
        """
        clip src trim: 0s..1s
        fade 200ms
        clip src trim: 2s..3s speed: 2x
        clip src trim: 4s..4.5s
        gap 100ms
        clip src trim: 1s..2s
        wipe 10f direction: up
        clip color(red) duration: 1s
        """))
  }

  @Test func overlayVideoIsFrameExact() throws {
    // The frame-index video as an overlay from frame 15, trimmed from source frame 40.
    let (_, pictures) = try FrameRendering.drawAll(
      """
      canvas 64x48 fps: 30
      let src = video("media/index30.mp4")
      track main { clip color(#808080) duration: 2s }
      track overlay { clip src at: 15f trim: 40f..70f }
      """)
    #expect(pictures.count == 60)
    #expect(pictures[15..<45].map(Self.index(of:)) == Array(40..<70))
    #expect(pictures[14].pixel(x: 8, y: 8) == PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255))
    #expect(pictures[45].pixel(x: 8, y: 8) == PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255))
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
