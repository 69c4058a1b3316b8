import Foundation
import Testing
import VEDLNative
import VEDLSema
import VEDLTestSupport
import VEDLTime

/// The FFmpeg backend's frame-index tests (Tests/VEDLLoweringTests/FrameExactTests.swift),
/// unchanged but rendered by the native backend (`NativeRenderer`, what `vedl render
/// --backend native` runs): edits of the frame-index video are rendered, decoded, and every
/// frame is checked against §5 of the language as computed by `ClipTiming` — the same number
/// of frames, the same source frame in every slot.
@Suite struct NativeRenderFrameIndexTests {
  /// Renders `script` (with the generated media) natively to a fresh `.mp4`.
  static func render(_ script: String) throws -> (path: String, timeline: Timeline) {
    let media = try NativeTestMedia.get()
    let timeline = try NativeHarness.timeline(script, directory: media.directory)
    let (path, summary) = try NativeHarness.renderNative(timeline, directory: media.directory)
    #expect(summary.videoFrames == timeline.frameCount)
    return (path, timeline)
  }

  /// Renders `script` and compares every main-track clip frame with the prediction; frames
  /// of transitions are only counted. Returns the decoded indices.
  @discardableResult
  func expectExact(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Int] {
    let (path, timeline) = try Self.render(script)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let frames = try FFmpegCLI.grayFrames(path, width: FrameIndex.width, height: FrameIndex.height)
    #expect(Int64(frames.count) == timeline.frameCount, "frame count", sourceLocation: sourceLocation)
    let decoded = frames.map { FrameIndex.read($0) }
    let mismatches = FrameIndex.mismatches(decoded, in: timeline)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(8))", sourceLocation: sourceLocation)
    return decoded
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

  @Test func wholeSourceAtItsOwnRate() throws {
    let decoded = try expectExact(Self.script("clip src"))
    #expect(decoded == Array(0..<180))
  }

  @Test func trims() throws {
    try expectExact(Self.script("clip src trim: 1s..2s\nclip src trim: 100ms..500ms\nclip src trim: 5s..6s"))
  }

  @Test func trimStartingBetweenSourceFrames() throws {
    // 1/20 s lies between source frames 1 and 2: the first slot shows frame 1.
    let decoded = try expectExact(Self.script(fps: "20", "clip src trim: 50ms..1050ms"))
    #expect(decoded.first == 1)
  }

  @Test func doubleSpeed() throws {
    let decoded = try expectExact(Self.script("clip src trim: 1s..5s speed: 2x"))
    #expect(decoded.count == 60)
    #expect(decoded.first == 30)
  }

  @Test func halfSpeed() throws {
    let decoded = try expectExact(Self.script("clip src trim: 2s..3s speed: 0.5x"))
    #expect(decoded.count == 60)
    #expect(decoded.prefix(4) == [60, 60, 61, 61])
  }

  @Test func rateConversion30To60() throws {
    try expectExact(Self.script(fps: "60", "clip src trim: 1s..3s"))
  }

  @Test func rateConversion30To24() throws {
    try expectExact(Self.script(fps: "24", "clip src trim: 1s..3s"))
  }

  @Test func rateConversion30To2997() throws {
    // 30000/1001: the drift makes one source frame repeat about every 1000 frames; over
    // 2 s every slot still shows the frame §5 selects.
    try expectExact(Self.script(fps: "29.97", "clip src trim: 1001ms..5005ms"))
  }

  @Test func crossfadeKeepsFramesOutsideTheTransition() throws {
    let decoded = try expectExact(Self.script("clip src trim: 0s..2s\ncrossfade 500ms\nclip src trim: 3s..5s"))
    // 60 + 60 − 15 frames; the first clip is exact up to the transition, the second after it.
    #expect(decoded.count == 105)
    #expect(decoded[44] == 44)
    #expect(decoded[60] == 90 + 15)
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

  @Test func overlayAppearsOnItsFramesOnly() throws {
    // A white box drawn over the black top-left block: visible exactly on frames 10…19.
    let (path, _) = try Self.render(
      """
      canvas 64x48 fps: 30
      track main { clip color(black) duration: 1s }
      track overlay { shape rect at: 10f duration: 10f { fill white; size width: 8 height: 8; position x: 4 y: 4 } }
      """)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let frames = try FFmpegCLI.grayFrames(path, width: 64, height: 48)
    let lit = frames.indices.filter { frames[$0][8 * 64 + 8] > 128 }
    #expect(frames.count == 30)
    #expect(lit == Array(10..<20))
  }

  @Test func overlayVideoIsFrameExact() throws {
    // The frame-index video as an overlay from frame 15, trimmed from source frame 40.
    let (path, _) = try Self.render(
      """
      canvas 64x48 fps: 30
      let src = video("media/index30.mp4")
      track main { clip color(#808080) duration: 2s }
      track overlay { clip src at: 15f trim: 40f..70f }
      """)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let frames = try FFmpegCLI.grayFrames(path, width: 64, height: 48)
    #expect(frames.count == 60)
    let decoded = frames.map { FrameIndex.read($0) }
    #expect(Array(decoded[15..<45]) == Array(40..<70))
    #expect(frames[14][8 * 64 + 8] > 100 && frames[14][8 * 64 + 8] < 160)
    #expect(frames[45][8 * 64 + 8] > 100 && frames[45][8 * 64 + 8] < 160)
  }

  @Test func captionShowsOnItsCueFramesOnly() throws {
    // A caption with a white box covers the bottom centre on frames 6…11 (cue 200ms..400ms).
    let (path, _) = try Self.render(
      """
      canvas 64x48 fps: 30
      track main { clip color(black) duration: 500ms }
      captions {
        cue 200ms..400ms "II"
        style size: 12 color: white box: white position: bottom margin: 2
      }
      """)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let frames = try FFmpegCLI.grayFrames(path, width: 64, height: 48)
    let boxed = frames.indices.filter { frames[$0][40 * 64 + 32] > 128 }
    #expect(frames.count == 15)
    #expect(boxed == Array(6..<12))
  }
}
