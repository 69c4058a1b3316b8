import Foundation
import Testing
import VEDLSema
import VEDLTestSupport
import VEDLTime

@testable import VEDLLowering

/// Renders edits of the frame-index video with the generated `ffmpeg` command, decodes the
/// output and checks every frame against §5 of the language, as computed by `ClipTiming`:
/// the same number of frames, the same source frame in every slot. The cases are
/// ``FrameIndexCase/all``, which the native backend's tests render too.
@Suite struct FrameExactTests {
  @Test(arguments: FrameIndexCase.all)
  func frameExact(_ edit: FrameIndexCase) throws {
    let (path, timeline, _) = try Harness.render(edit.script)
    let failures = try edit.failures(rendered: path, timeline: timeline)
    #expect(failures.isEmpty, "\(failures)")
  }

  /// FFmpeg 5.1's `slideup`/`slideleft` read a row (column) past the outgoing picture on
  /// their first frame; the lowering makes that row (column) the picture's own first one, so
  /// the first frame of a slide is the outgoing frame whole (docs/graph.md §4).
  @Test(arguments: ["up", "left"])
  func theFirstFrameOfASlideIsTheOutgoingFrameWhole(_ direction: String) throws {
    let (path, _, _) = try Harness.render(
      FrameExactTests.script("clip src trim: 0s..2s\nslide 500ms direction: \(direction)\nclip src trim: 3s..5s"))
    let frames = try FFmpegCLI.grayFrames(path, width: FrameIndex.width, height: FrameIndex.height)
    #expect(frames.count == 105)
    // Frame 45 (binary 101101) is the outgoing clip's frame 45: blocks 0, 2, 3 and 5 white.
    let first = frames[45]
    #expect(FrameIndex.read(first) == 45)
    let edge =
      direction == "up"
      ? (0..<FrameIndex.width).map { first[$0] }
      : (0..<FrameIndex.height).map { first[$0 * FrameIndex.width] }
    let inside =
      direction == "up"
      ? (0..<FrameIndex.width).map { first[2 * FrameIndex.width + $0] }
      : (0..<FrameIndex.height).map { first[$0 * FrameIndex.width + 2] }
    let worst = zip(edge, inside).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(worst <= 24, "the edge of the first slide frame differs from the picture by \(worst)")
  }

  static func script(_ body: String) -> String {
    """
    canvas 64x48 fps: 30
    let src = video("media/index30.mp4")
    track main {
    \(body)
    }
    """
  }
}
