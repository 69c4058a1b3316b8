import VEDLSema

/// The frame-exactness cases both backends render, each with its own renderer
/// (Tests/VEDLLoweringTests/FrameExactTests.swift for the FFmpeg backend,
/// Tests/VEDLNativeTests/NativeRenderFrameIndexTests.swift for the native one, and
/// FrameSelectionTests for the native frame renderer's pictures before encoding): an edit, mostly
/// of the frame-index video (`media/index30.mp4`, ``FrameIndex``), and what its frames must
/// show. Written once, so the two backends are held to the same cases.
public struct FrameIndexCase: Sendable, CustomStringConvertible {
  public let name: String
  public let script: String
  /// Whether every main-track clip frame is checked against §5 of the language
  /// (``FrameIndex/mismatches(_:in:)``).
  public let followsTheRule: Bool
  /// What the decoded grey frames (64x48) must show beyond that: the failures, none when
  /// all is well.
  public let expect: @Sendable (_ frames: [[UInt8]]) -> [String]

  public var description: String { name }

  init(
    _ name: String, _ script: String, followsTheRule: Bool = true,
    expect: @escaping @Sendable (_ frames: [[UInt8]]) -> [String] = { _ in [] }
  ) {
    self.name = name
    self.script = script
    self.followsTheRule = followsTheRule
    self.expect = expect
  }

  /// The failures of the render at `path` of this case's script, checked as `timeline`: the
  /// frame count, §5 when the case follows it, and the case's own expectations.
  public func failures(rendered path: String, timeline: Timeline) throws -> [String] {
    failures(
      frames: try FFmpegCLI.grayFrames(path, width: FrameIndex.width, height: FrameIndex.height), timeline: timeline)
  }

  /// The failures of `frames` (grey, 64x48, one per timeline frame) drawn from this case's
  /// script, checked as `timeline`.
  public func failures(frames: [[UInt8]], timeline: Timeline) -> [String] {
    var failures: [String] = []
    if Int64(frames.count) != timeline.frameCount {
      failures.append("\(frames.count) frames where the timeline has \(timeline.frameCount)")
    }
    if followsTheRule {
      failures += FrameIndex.mismatches(frames.map { FrameIndex.read($0) }, in: timeline).prefix(8)
    }
    return failures + expect(frames)
  }

  /// An edit of the frame-index video on the main track, at `fps`.
  static func indexEdit(fps: String = "30", _ body: String) -> String {
    """
    canvas 64x48 fps: \(fps)
    let src = video("media/index30.mp4")
    track main {
    \(body)
    }
    """
  }

  /// The decoded indices' failures against `check` (a condition and what it says).
  static func indices(_ checks: @escaping @Sendable ([Int]) -> [(Bool, String)]) -> @Sendable ([[UInt8]]) -> [String] {
    { frames in
      let decoded = frames.map { FrameIndex.read($0) }
      return checks(decoded).filter { !$0.0 }.map { "\($0.1); decoded \(decoded.prefix(12))…" }
    }
  }

  /// The frames whose grey level at (`x`, `y`) is over half.
  static func lit(_ frames: [[UInt8]], x: Int, y: Int) -> [Int] {
    frames.indices.filter { frames[$0][y * FrameIndex.width + x] > 128 }
  }

  public static let all: [FrameIndexCase] = [
    FrameIndexCase(
      "the whole source at its own rate", indexEdit("clip src"),
      expect: indices { [($0 == Array(0..<180), "every source frame once, in order")] }),
    FrameIndexCase("trims", indexEdit("clip src trim: 1s..2s\nclip src trim: 100ms..500ms\nclip src trim: 5s..6s")),
    // 1/20 s lies between source frames 1 and 2: the first slot shows frame 1.
    FrameIndexCase(
      "a trim starting between source frames", indexEdit(fps: "20", "clip src trim: 50ms..1050ms"),
      expect: indices { [($0.first == 1, "the first slot shows source frame 1")] }),
    FrameIndexCase(
      "double speed", indexEdit("clip src trim: 1s..5s speed: 2x"),
      expect: indices { [($0.count == 60, "60 frames"), ($0.first == 30, "from source frame 30")] }),
    FrameIndexCase(
      "half speed", indexEdit("clip src trim: 2s..3s speed: 0.5x"),
      expect: indices { [($0.count == 60, "60 frames"), ($0.prefix(4) == [60, 60, 61, 61], "each frame twice")] }),
    FrameIndexCase("30 to 60 fps", indexEdit(fps: "60", "clip src trim: 1s..3s")),
    FrameIndexCase("30 to 24 fps", indexEdit(fps: "24", "clip src trim: 1s..3s")),
    // 30000/1001: the drift makes one source frame repeat about every 1000 frames; over 4 s
    // every slot still shows the frame §5 selects.
    FrameIndexCase("30 to 29.97 fps", indexEdit(fps: "29.97", "clip src trim: 1001ms..5005ms")),
    // 60 + 60 − 15 frames; the first clip is exact up to the transition, the second after it.
    FrameIndexCase(
      "a crossfade keeps the frames outside it",
      indexEdit("clip src trim: 0s..2s\ncrossfade 500ms\nclip src trim: 3s..5s"),
      expect: indices {
        [($0.count == 105 && $0[44] == 44 && $0[60] == 105, "105 frames, frame 44 showing 44 and frame 60 105")]
      }),
    FrameIndexCase(
      "transitions, cuts and gaps together",
      indexEdit(
        """
        clip src trim: 0s..1s
        fade 200ms
        clip src trim: 2s..3s speed: 2x
        clip src trim: 4s..4.5s
        gap 100ms
        clip src trim: 1s..2s
        wipe 10f direction: up
        clip color(red) duration: 1s
        """)),
    // A white box drawn over the black top-left block: visible exactly on frames 10…19.
    FrameIndexCase(
      "an overlay shows on its frames only",
      """
      canvas 64x48 fps: 30
      track main { clip color(black) duration: 1s }
      track overlay { shape rect at: 10f duration: 10f { fill white; size width: 8 height: 8; position x: 4 y: 4 } }
      """, followsTheRule: false,
      expect: { frames in
        let lit = lit(frames, x: 8, y: 8)
        return lit == Array(10..<20) ? [] : ["the box shows on frames \(lit), not 10..<20"]
      }),
    // The frame-index video as an overlay from frame 15, trimmed from source frame 40; grey
    // before and after.
    FrameIndexCase(
      "an overlay video is frame-exact",
      """
      canvas 64x48 fps: 30
      let src = video("media/index30.mp4")
      track main { clip color(#808080) duration: 2s }
      track overlay { clip src at: 15f trim: 40f..70f }
      """, followsTheRule: false,
      expect: { frames in
        let decoded = frames.map { FrameIndex.read($0) }
        let grey = { (frame: [UInt8]) in frame[8 * FrameIndex.width + 8] > 100 && frame[8 * FrameIndex.width + 8] < 160
        }
        var failures: [String] = []
        if frames.count != 60 { return ["\(frames.count) frames, not 60"] }
        if Array(decoded[15..<45]) != Array(40..<70) { failures.append("frames 15…44 show \(decoded[15..<45])") }
        if !grey(frames[14]) || !grey(frames[45]) { failures.append("frames 14 and 45 are not the grey main track") }
        return failures
      }),
    // A caption with a white box covers the bottom centre on frames 6…11 (cue 200ms..400ms).
    FrameIndexCase(
      "a caption shows on its cue's frames only",
      """
      canvas 64x48 fps: 30
      track main { clip color(black) duration: 500ms }
      captions {
        cue 200ms..400ms "II"
        style size: 12 color: white box: white position: bottom margin: 2
      }
      """, followsTheRule: false,
      expect: { frames in
        let boxed = lit(frames, x: 32, y: 40)
        return boxed == Array(6..<12) ? [] : ["the caption box shows on frames \(boxed), not 6..<12"]
      }),
  ]
}
