import Foundation
import Testing
import VEDLDiagnostics
import VEDLLowering
import VEDLMedia
import VEDLRender
import VEDLSema
import VEDLSource
import VEDLTime

/// A render makes exactly the timeline's frames, or fails with E0818 and writes nothing.
@Suite struct RenderCompletenessTests {
  /// A transition from a file clip into a colour card: the run (clip, crossfade, card) runs in
  /// a graph of its own, and the file is past its last use 1 s after the clip ends. Releasing
  /// the file used to end the whole run there, so the card stopped after 31 of its 105 frames
  /// (181 of 255) while the ejected command and the native backend gave all 255.
  @Test(arguments: [RenderBackend.ffmpeg, .native])
  func aTransitionIntoAColourCardKeepsEveryFrame(_ backend: RenderBackend) throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    try workspace.make(
      "media/body.mp4",
      [
        "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30:duration=6", "-f", "lavfi", "-i",
        "sine=frequency=440:duration=6", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
        "-c:a", "aac", "-shortest",
      ])
    let (file, timeline) = try workspace.check(
      """
      canvas 320x180 fps: 30
      let body = video("media/body.mp4")
      track main {
        clip body trim: 0s..5s
        crossfade 500ms
        clip color(#111111) duration: 4s
      }
      export "out/card.mp4" quality: low
      """)
    #expect(timeline.frameCount == 255)
    let target = try #require(RenderTarget.exports(of: timeline).first)
    var settings = workspace.settings(for: file)
    settings.backend = backend
    let outcome = try RenderJob(timeline: timeline, target: target, settings: settings).run()
    #expect(outcome.metadata?.frameCount == 255)
    #expect(try workspace.frameCount(target.path) == 255)
    // The card's last frame is the card's colour (#111111 is Y′ 31 in limited range).
    let luma = try workspace.meanLuma(target.path, frame: 254)
    #expect(abs(luma - 31) < 3, "mean Y′ \(luma) at frame 254")
    if backend == .ffmpeg {
      let plan = try RenderPlan(timeline: timeline, target: target, settings: settings)
      let reference = workspace.path("reference.mp4")
      try workspace.ffmpeg(plan.command(output: reference))
      #expect(try workspace.frameCount(reference) == 255)
      let psnr = try workspace.psnr(target.path, reference)
      #expect(psnr >= 40, "PSNR \(psnr) dB")
    }
  }

  /// A source that is shorter when rendered than when checked (replaced in between): the
  /// render cannot make the timeline's frames, so it fails with E0818 naming the item where
  /// it stopped, and leaves neither the output nor a temporary file.
  @Test(arguments: [RenderBackend.ffmpeg, .native])
  func aRenderThatStopsShortIsAnErrorAndWritesNothing(_ backend: RenderBackend) throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    try workspace.make(
      "media/a.mp4",
      ["-f", "lavfi", "-i", "testsrc2=size=96x54:rate=30:duration=3", "-c:v", "libx264", "-pix_fmt", "yuv420p"])
    let (file, timeline) = try workspace.check(
      """
      canvas 96x54 fps: 30
      let a = video("media/a.mp4")
      track main {
        clip color(#336699) duration: 1s
        clip a trim: 0s..3s id: long
      }
      export "out/short.mp4" quality: low
      """)
    // The file shrinks to 1 s after checking.
    try workspace.make(
      "media/a.mp4",
      ["-f", "lavfi", "-i", "testsrc2=size=96x54:rate=30:duration=1", "-c:v", "libx264", "-pix_fmt", "yuv420p"])
    let target = try #require(RenderTarget.exports(of: timeline).first)
    var settings = workspace.settings(for: file)
    settings.backend = backend
    #expect(throws: RenderError.self) { try RenderJob(timeline: timeline, target: target, settings: settings).run() }
    #expect(!FileManager.default.fileExists(atPath: target.path))
    #expect(!FileManager.default.fileExists(atPath: target.metadataPath))
    #expect(workspace.leftoverTemporaries().isEmpty)
    do {
      _ = try RenderJob(timeline: timeline, target: target, settings: settings).run()
    } catch {
      let diagnostic = RenderDiagnostics.diagnostic(for: error, script: file, timeline: timeline, target: target)
      guard case .frameCount(_, let expected, let actual, _) = error else {
        Issue.record("expected a frame-count error, got \(diagnostic.code): \(error)")
        return
      }
      #expect(expected == 120)
      // The card's 30 frames and the second of the file that is left.
      #expect((59...61).contains(actual), "stopped at \(actual)")
      #expect(diagnostic.code.id == "E0818")
      #expect(diagnostic.severity == .error)
      #expect(diagnostic.message == "the render of \"\(target.path)\" stopped at frame \(actual) of 120")
      #expect(file.text(of: diagnostic.span) == "clip a trim: 0s..3s id: long")
    }
  }

  /// E0818's text for each way a render can fall short.
  @Test func incompleteRenderDiagnostics() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let (file, timeline) = try workspace.check(
      """
      canvas 96x54 fps: 30
      track main {
        clip color(#336699) duration: 1s
        clip testpattern() duration: 2s id: bars
      }
      export "out/x.mp4"
      """)
    let target = try #require(RenderTarget.exports(of: timeline).first)
    let stopped = RenderDiagnostics.diagnostic(
      for: .frameCount(path: target.path, expected: 90, actual: 45), script: file, timeline: timeline, target: target)
    #expect(stopped.code.id == "E0818")
    #expect(file.text(of: stopped.span) == "clip testpattern() duration: 2s id: bars")
    #expect(
      stopped.labels.map(\.message) == [
        "`bars` plays at frame 45, the first one missing", "while rendering this export",
      ])
    #expect(file.text(of: stopped.labels[1].span) == "\"out/x.mp4\"")

    let extra = RenderDiagnostics.diagnostic(
      for: .frameCount(path: target.path, expected: 90, actual: 91), script: file, timeline: timeline, target: target)
    #expect(extra.message == "\"\(target.path)\" holds 91 frames but the timeline has 90")
    #expect(file.text(of: extra.span) == "\"out/x.mp4\"")

    let sound = RenderDiagnostics.diagnostic(
      for: .soundLength(path: target.path, picture: Rational(3), sound: Rational(5, 2)!), script: file,
      timeline: timeline, target: target)
    #expect(sound.code.id == "E0818")
    #expect(sound.message == "the sound of \"\(target.path)\" lasts 2.5s but its picture 3s")
  }
}

extension SourceFile {
  /// The script's text under `span`.
  fileprivate func text(of span: Span) -> String {
    String(decoding: bytes[span.start..<span.end], as: UTF8.self)
  }
}
