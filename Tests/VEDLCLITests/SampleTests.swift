import Foundation
import Testing
import VEDLDiagnostics
import VEDLMedia
import VEDLSema
import VEDLTestSupport

@testable import VEDLCLI

/// The samples check cleanly (with their media generated at test time), are fmt-stable, and
/// resolve to the golden timelines in Tests/Fixtures/ir (`UPDATE_EXPECT=1` rewrites them).
@Suite(.serialized) struct SampleTests {
  static let samples = Repository.files(in: "Samples", extension: "vedl").map(\.lastPathComponent)

  /// Samples/ copied to a temporary folder with the media files its README describes.
  static let workspace: URL = {
    let folder = TestFolder.fresh()
    let samples = Repository.root.appendingPathComponent("Samples")
    for name in (try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? [] {
      try? FileManager.default.copyItem(
        at: samples.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    let media = folder.appendingPathComponent("media")
    try? FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
    let jobs: [[String]] = [
      [
        "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30:duration=12", "-f", "lavfi", "-i",
        "sine=frequency=440:duration=12",
        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
        media.appendingPathComponent("a.mp4").path,
      ],
      [
        "-f", "lavfi", "-i", "testsrc=size=320x180:rate=30:duration=12", "-c:v", "libx264", "-preset", "ultrafast",
        "-pix_fmt", "yuv420p",
        media.appendingPathComponent("b.mp4").path,
      ],
      [
        "-f", "lavfi", "-i", "color=c=orange:size=200x100", "-frames:v", "1",
        media.appendingPathComponent("logo.png").path,
      ],
      ["-f", "lavfi", "-i", "sine=frequency=220:duration=30", media.appendingPathComponent("music.wav").path],
    ]
    for job in jobs { _ = try? FFmpegCLI.run(["-y", "-loglevel", "error"] + job) }
    let srt =
      "1\n00:00:00,500 --> 00:00:02,000\nHello from the subtitles\n\n2\n00:00:02,500 --> 00:00:04,000\nSecond cue\n"
    // A failure here shows as the samples' missing-file diagnostics.
    try? Data(srt.utf8).write(to: media.appendingPathComponent("subs.srt"))
    return folder
  }()

  @Test func samplesExist() {
    #expect(Self.samples.contains("demo.vedl"))
    #expect(FileManager.default.fileExists(atPath: "/usr/bin/ffmpeg"), "the ffmpeg CLI is needed to make sample media")
  }

  @Test(arguments: samples)
  func sampleChecksCleanly(_ name: String) {
    let r = vedl(["check", name], in: Self.workspace.path)
    #expect(r.status == 0, "\(name):\n\(r.stderr)")
    #expect(r.stderr.isEmpty, "\(name) has diagnostics:\n\(r.stderr)")
  }

  @Test(arguments: samples)
  func sampleIsFormatStable(_ name: String) {
    let r = vedl(["fmt", "--check", name], in: Self.workspace.path)
    #expect(r.status == 0, "\(name) is not in canonical form:\n\(r.stderr)")
  }

  @Test(arguments: samples)
  func sampleTimelineMatchesGolden(_ name: String) throws {
    let r = vedl(["ir", name], in: Self.workspace.path)
    #expect(r.status == 0, "\(name):\n\(r.stderr)")
    // Paths depend on where the samples are: replace the folder with a placeholder.
    let normalised = r.stdout.replacingOccurrences(of: Self.workspace.resolvingSymlinksInPath().path, with: "$SAMPLES")
      .replacingOccurrences(of: Self.workspace.path, with: "$SAMPLES")
    let golden = Repository.root.appendingPathComponent("Tests/Fixtures/ir").appendingPathComponent(name + ".json")
    if ProcessInfo.processInfo.environment["UPDATE_EXPECT"] == "1" {
      try normalised.write(to: golden, atomically: true, encoding: .utf8)
      return
    }
    let expected = (try? String(contentsOf: golden, encoding: .utf8)) ?? "<missing \(golden.lastPathComponent)>"
    #expect(normalised == expected, "timeline of \(name) changed; rerun with UPDATE_EXPECT=1 and review the diff")
  }

  @Test func editorConfigOfTheEditorSample() throws {
    let r = vedl(["editor-config", "editor.vedl"], in: Self.workspace.path)
    #expect(r.status == 0)
    let configuration = try JSONDecoder().decode(EditorConfiguration.self, from: Data(r.stdout.utf8))
    #expect(configuration.version == 1)
    #expect(configuration.header != nil)
  }

  @Test func realMediaProblemsAreDiagnosed() throws {
    let folder = Self.workspace
    // A cut-short copy of a real clip, and an empty file.
    let whole = try Data(contentsOf: folder.appendingPathComponent("media/a.mp4"))
    try whole.prefix(2000).write(to: folder.appendingPathComponent("media/cut.mp4"))
    try Data().write(to: folder.appendingPathComponent("media/empty.mp4"))
    let script = """
      let a = video("media/music.wav")
      let b = audio("media/b.mp4")
      let c = video("media/cut.mp4")
      let d = video("media/empty.mp4")
      let e = video("media/nothing-here.mp4")
      let f = image("media/a.mp4")
      track main {
        clip video("media/a.mp4") trim: 10s..14s
      }

      """
    try Data(script.utf8).write(to: folder.appendingPathComponent("bad-media.vedl"))
    let r = vedl(["check", "--format", "json", "bad-media.vedl"], in: folder.path)
    #expect(r.status == 1)
    let codes = try JSONDecoder().decode([JSONDiagnostic].self, from: Data(r.stdout.utf8)).map(\.code)
    #expect(codes == ["E0512", "E0512", "E0513", "E0513", "E0510", "E0512", "E0406"], "\(r.stdout)")
  }

  @Test func probeAGeneratedClip() throws {
    let r = vedl(["probe", "media/b.mp4", "--format", "json"], in: Self.workspace.path)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.hasSuffix("}\n") && !r.stdout.hasSuffix("\n\n"))
    let document = try JSONDecoder().decode(MediaInfo.Document.self, from: Data(r.stdout.utf8))
    #expect(document.path.hasSuffix("/media/b.mp4"))
    #expect(document.hasVideo && !document.hasAudio && !document.isStillImage)
    #expect(document.duration?.exact == "12")
    #expect(document.streams.count == 1 && document.primaryVideoStream == 0 && document.primaryAudioStream == nil)
    let video = try #require(document.streams.first?.video)
    #expect(video.frameCount == 360, "frame count of a 12 s 30 fps clip")
    #expect(video.frameCountSource == "packets")
    #expect(video.width == 320 && video.height == 180 && video.rotation == 0)
    #expect(video.frameRate?.exact == "30" && video.frameRate?.fps == 30)
    #expect(video.lastFrameTime?.exact == "359/30")
    // Every key is there, `null` when unknown.
    #expect(r.stdout.contains(#""audio" : null"#) && r.stdout.contains(#""language" : null"#))
    let missing = vedl(["probe", "media/none.mp4"], in: Self.workspace.path)
    #expect(missing.status == 1)
  }
}
