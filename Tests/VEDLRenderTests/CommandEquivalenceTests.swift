import Foundation
import Testing
import VEDLLowering
import VEDLMedia
import VEDLRender
import VEDLSema
import VEDLTime

/// A script rendered in-process and by the `ffmpeg` command `vedl graph --command` prints
/// for it: same frame count, same pictures (PSNR ≥ 40 dB) and the same decoded sound.
@Suite struct CommandEquivalenceTests {
  static let samples = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples").path

  @Test func demoMatchesTheFFmpegCommand() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let script = try String(contentsOfFile: Self.samples + "/demo.vedl", encoding: .utf8)
    let (file, timeline) = try workspace.check(script, name: "demo.vedl")
    let target = try #require(RenderTarget.exports(of: timeline).first)

    try expectSameAsTheCommand(
      timeline: timeline, target: target, settings: workspace.settings(for: file), workspace: workspace)
    #expect(FileManager.default.fileExists(atPath: workspace.path("out/demo.jpg")))
    #expect(FileManager.default.fileExists(atPath: workspace.path("out/demo.srt")))
  }

  @Test func fileSourcesMatchTheFFmpegCommand() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    // A 25 fps clip with 44.1 kHz sound on a 30 fps canvas, a still, a sound file: seeks,
    // rate conversion, looping, a crossfade, an overlay, a speed change and a mix.
    try workspace.make(
      "media/clip.mp4",
      [
        "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25", "-f", "lavfi", "-i",
        "sine=frequency=330:sample_rate=44100",
        "-t", "3", "-g", "10", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
      ])
    try workspace.make("media/logo.png", ["-f", "lavfi", "-i", "testsrc2=size=120x80", "-frames:v", "1"])
    try workspace.make("media/music.wav", ["-f", "lavfi", "-i", "sine=frequency=550:sample_rate=48000:duration=5"])
    let (file, timeline) = try workspace.check(
      """
      canvas 160x90 fps: 30
      let clip = video("media/clip.mp4")
      let logo = image("media/logo.png")
      let music = audio("media/music.wav")
      track main {
        clip clip trim: 700ms..1900ms
        crossfade 200ms
        clip logo duration: 1s
        clip clip trim: 1s..2s speed: 2x
      }
      track overlay {
        clip logo at: 500ms duration: 1s {
          scale 50%
          position topLeading margin: 4
        }
      }
      track audio {
        clip music at: 0s until: end volume: -6dB
      }
      export "out/mix.mp4" quality: low
      """)
    let target = try #require(RenderTarget.exports(of: timeline).first)

    try expectSameAsTheCommand(
      timeline: timeline, target: target, settings: workspace.settings(for: file), workspace: workspace)
  }

  /// A raw H.264 or HEVC stream carries no timestamps: the CLI gives each packet its running
  /// decoding time (from `−has_b_frames` frames, by each packet's duration), and so does the
  /// in-process reader — before, the pictures reached the graph without times and nothing
  /// came out (E0812).
  @Test(arguments: ["h264", "hevc"])
  func rawStreamMatchesTheFFmpegCommand(_ codec: String) throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let encoder =
      codec == "hevc"
      ? ["-c:v", "libx265", "-x265-params", "bframes=3:log-level=error"]
      : ["-c:v", "libx264", "-preset", "medium", "-bf", "3"]
    try workspace.make(
      "media/clip.\(codec)",
      ["-f", "lavfi", "-i", "testsrc2=size=96x64:rate=30", "-t", "3"] + encoder + ["-pix_fmt", "yuv420p"])
    let (file, timeline) = try workspace.check(
      """
      canvas 96x64 fps: 30
      let clip = video("media/clip.\(codec)")
      track main {
        clip clip trim: 1s..2s speed: 2x
        clip clip trim: 200ms..700ms
      }
      export "out/raw.mp4" quality: low
      """)
    let target = try #require(RenderTarget.exports(of: timeline).first)
    let settings = workspace.settings(for: file)
    let outcome = try RenderJob(timeline: timeline, target: target, settings: settings).run()
    #expect(outcome.status == .rendered)
    #expect(try workspace.frameCount(target.path) == timeline.frameCount)
    let plan = try RenderPlan(timeline: timeline, target: target, settings: settings)
    let reference = workspace.path("reference.mp4")
    try workspace.ffmpeg(plan.command(output: reference))
    #expect(try workspace.decodedDigest(target.path, stream: "v") == workspace.decodedDigest(reference, stream: "v"))
  }

  /// Renders in-process, runs the plan's command with the CLI, and compares.
  func expectSameAsTheCommand(
    timeline: Timeline, target: RenderTarget, settings: RenderSettings, workspace: RenderWorkspace,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let outcome = try RenderJob(timeline: timeline, target: target, settings: settings).run()
    #expect(outcome.status == .rendered, sourceLocation: sourceLocation)
    #expect(outcome.metadata?.frameCount == timeline.frameCount, sourceLocation: sourceLocation)
    #expect(try workspace.frameCount(target.path) == timeline.frameCount, sourceLocation: sourceLocation)

    let plan = try RenderPlan(timeline: timeline, target: target, settings: settings)
    let reference = workspace.path("reference.\(target.format.rawValue)")
    try workspace.ffmpeg(plan.command(output: reference))
    #expect(try workspace.frameCount(reference) == timeline.frameCount, sourceLocation: sourceLocation)
    let psnr = try workspace.psnr(target.path, reference)
    #expect(psnr >= 40, "PSNR \(psnr) dB", sourceLocation: sourceLocation)
    #expect(
      try workspace.decodedDigest(target.path, stream: "a") == workspace.decodedDigest(reference, stream: "a"),
      "the decoded sound differs", sourceLocation: sourceLocation)
    #expect(workspace.leftoverTemporaries().isEmpty, sourceLocation: sourceLocation)
  }
}
