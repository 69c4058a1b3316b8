import Foundation
import Testing
import VEDLNative
import VEDLSema
import VEDLTestSupport
import VEDLTime

/// The frame-index cases of both backends (``FrameIndexCase/all``), rendered by the native
/// backend (`NativeRenderer`, what `vedl render --backend native` runs): edits of the
/// frame-index video are rendered, decoded, and every frame is checked against §5 of the
/// language as computed by `ClipTiming` — the same number of frames, the same source frame in
/// every slot.
@Suite struct NativeRenderFrameIndexTests {
  /// Renders `script` (with the generated media) natively to a fresh `.mp4`.
  static func render(_ script: String) throws -> (path: String, timeline: Timeline) {
    let media = try NativeTestMedia.get()
    let timeline = try NativeHarness.timeline(script, directory: media.directory)
    let (path, summary) = try NativeHarness.renderNative(timeline, directory: media.directory)
    #expect(summary.videoFrames == timeline.frameCount)
    return (path, timeline)
  }

  @Test(arguments: FrameIndexCase.all)
  func frameExact(_ edit: FrameIndexCase) throws {
    let (path, timeline) = try Self.render(edit.script)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let failures = try edit.failures(rendered: path, timeline: timeline)
    #expect(failures.isEmpty, "\(failures)")
  }
}
