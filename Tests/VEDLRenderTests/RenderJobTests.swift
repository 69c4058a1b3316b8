import Foundation
import Testing
import VEDLCaptions
import VEDLDiagnostics
import VEDLMedia
import VEDLRender
import VEDLSema
import VEDLTime

/// One export rendered end to end: the output, its thumbnail, sidecar and metadata; the
/// up-to-date rule; and the promise that a failure leaves no file behind.
@Suite struct RenderJobTests {
  static let script = """
    vedl 1
    param title: String = "Hello"
    canvas 160x90 fps: 30
    let clip = video("media/clip.mp4")
    track main {
      clip clip trim: 500ms..1500ms
    }
    captions {
      cue 0s..500ms "\\(title)"
    }
    export "out/edit.mp4" quality: low {
      thumbnail "out/edit.jpg" at: 500ms
      sidecar "out/edit.vtt"
    }
    """

  /// A workspace with `media/clip.mp4` (2 s of `testsrc2` with a tone) and the checked script.
  static func prepare(
    overrides: [(name: String, value: String)] = []
  ) throws -> (RenderWorkspace, RenderJob) {
    let workspace = try RenderWorkspace()
    try FileManager.default.createDirectory(atPath: workspace.path("media"), withIntermediateDirectories: true)
    try makeClip(in: workspace)
    let (file, timeline) = try workspace.check(script, overrides: overrides)
    let target = try #require(RenderTarget.exports(of: timeline).first)
    let parameters = overrides.map { ParameterValue(name: $0.name, value: $0.value) }
    return (
      workspace,
      RenderJob(timeline: timeline, target: target, settings: workspace.settings(for: file, parameters: parameters))
    )
  }

  static func makeClip(in workspace: RenderWorkspace, frequency: Int = 330) throws {
    try workspace.make(
      "media/clip.mp4",
      [
        "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30", "-f", "lavfi", "-i",
        "sine=frequency=\(frequency):sample_rate=48000",
        "-t", "2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
      ])
  }

  @Test func writesOutputThumbnailSidecarAndMetadata() throws {
    let (workspace, job) = try Self.prepare()
    defer { workspace.remove() }

    let outcome = try job.run()

    #expect(outcome.status == .rendered)
    let output = workspace.path("out/edit.mp4")
    let info = try MediaProbe.probe(path: output, options: .countFrames)
    #expect(info.primaryVideo?.codecName == "h264")
    #expect(info.primaryVideo?.video?.frameCount == 30)
    #expect(info.primaryVideo?.video?.width == 160)
    #expect(info.primaryAudio?.codecName == "aac")

    // The thumbnail is the rendered frame 15, as the CLI would extract it.
    let thumbnail = workspace.path("out/edit.jpg")
    let thumbnailInfo = try MediaProbe.probe(path: thumbnail)
    #expect(thumbnailInfo.primaryVideo?.codecName == "mjpeg")
    #expect(thumbnailInfo.primaryVideo?.video?.width == 160)
    let reference = try workspace.make("reference.png", ["-ss", "0.5", "-i", output, "-frames:v", "1"])
    let psnr = try workspace.psnr(thumbnail, reference)
    #expect(psnr >= 30, "thumbnail PSNR \(psnr) dB")

    let sidecar = try String(contentsOfFile: workspace.path("out/edit.vtt"), encoding: .utf8)
    #expect(sidecar == CaptionWriter.vtt([CaptionCue(start: .zero, end: Rational(1, 2)!, text: "Hello")]))
    #expect(sidecar.hasPrefix("WEBVTT\n"))

    #expect(workspace.leftoverTemporaries().isEmpty)
    #expect(
      workspace.allFiles().filter { $0.hasPrefix("out/") } == [
        "out/edit.jpg", "out/edit.mp4", "out/edit.mp4.json", "out/edit.vtt",
      ])
  }

  @Test func metadataDescribesTheOutputAndItsInputs() throws {
    let (workspace, job) = try Self.prepare(overrides: [("title", "Hi")])
    defer { workspace.remove() }

    let metadata = try #require(try job.run().metadata)

    let data = try #require(FileManager.default.contents(atPath: workspace.path("out/edit.mp4.json")))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(String(decoding: data, as: UTF8.self) == metadata.jsonText)
    #expect(json["version"] as? Int == 1)
    let hash = try #require(json["hash"] as? String)
    #expect(hash.hasPrefix("sha256:") && hash.count == 7 + 64)
    #expect(json["output"] as? String == "edit.mp4")
    #expect(json["format"] as? String == "mp4")
    #expect((json["duration"] as? [String: Any])?["exact"] as? String == "1")
    #expect(json["width"] as? Int == 160)
    #expect(json["height"] as? Int == 90)
    #expect((json["frameRate"] as? [String: Any])?["exact"] as? String == "30")
    #expect(json["frameCount"] as? Int == 30)
    #expect((json["video"] as? [String: Any])?["codec"] as? String == "h264")
    #expect((json["video"] as? [String: Any])?["pixelFormat"] as? String == "yuv420p")
    #expect((json["audio"] as? [String: Any])?["codec"] as? String == "aac")
    #expect((json["audio"] as? [String: Any])?["sampleRate"] as? Int == 48000)
    #expect(json["quality"] as? String == "low")
    #expect(json["backend"] as? String == "ffmpeg")
    #expect(json["parameters"] as? [String: String] == ["title": "Hi"])
    let inputs = try #require(json["inputs"] as? [[String: Any]])
    let clip = workspace.path("media/clip.mp4")
    // The clip, and the font file Fontconfig chose for the captions (sorted by path).
    let paths = inputs.compactMap { $0["path"] as? String }
    #expect(paths.count == 2 && paths.contains(clip), "\(paths)")
    let font = try #require(paths.first { $0 != clip })
    #expect(font.hasSuffix(".ttf") && FileManager.default.fileExists(atPath: font), "\(font)")
    for input in inputs {
      let path = try #require(input["path"] as? String)
      #expect(input["sha256"] as? String == (try FileDigest.sha256(ofFileAt: path)))
    }
    let script = try #require(json["script"] as? [String: Any])
    #expect(script["sha256"] as? String == SHA256.hex(SHA256.hash(Self.script)))
    #expect(json["thumbnails"] as? [String] == [workspace.path("out/edit.jpg")])
    #expect(json["sidecars"] as? [String] == [workspace.path("out/edit.vtt")])
  }

  /// The native backend plans from the timeline alone (no filter graph): the same frame
  /// count and the same inputs — the clip and the caption font Fontconfig chose — as the
  /// FFmpeg backend's graph gives, and its own recipe keeps it up to date.
  @Test func nativeJobPlansFromTheTimeline() throws {
    let (workspace, ffmpegJob) = try Self.prepare()
    defer { workspace.remove() }
    let ffmpegInputs = try #require(try ffmpegJob.run().metadata).inputs.map(\.path)
    var job = ffmpegJob
    job.settings.backend = .native
    let metadata = try #require(try job.run().metadata)
    #expect(metadata.backend == "native" && metadata.frameCount == 30)
    #expect(metadata.inputs.map(\.path) == ffmpegInputs, "\(metadata.inputs.map(\.path)) vs \(ffmpegInputs)")
    #expect(ffmpegInputs.count == 2)
    #expect(try job.run().status == .upToDate)
    // The recipe holds the timeline: another caption is another render.
    var retitled = job
    retitled.timeline.captions.cues[0].text = "Changed"
    #expect(try retitled.run().status == .rendered)
  }

  @Test func unchangedRenderIsUpToDateAndForceRendersAgain() throws {
    let (workspace, job) = try Self.prepare()
    defer { workspace.remove() }
    let output = workspace.path("out/edit.mp4")
    #expect(try job.run().status == .rendered)
    let firstWrite = try modificationDate(output)

    #expect(try job.run().status == .upToDate)
    #expect(try modificationDate(output) == firstWrite)

    var forced = job
    forced.settings.force = true
    #expect(try forced.run().status == .rendered)
    #expect(workspace.leftoverTemporaries().isEmpty)
  }

  @Test func anyChangedInputMakesTheRenderStale() throws {
    let (workspace, job) = try Self.prepare()
    defer { workspace.remove() }
    #expect(try job.run().status == .rendered)

    // Another --set value.
    var withParameter = job
    withParameter.settings.parameters = [ParameterValue(name: "title", value: "Other")]
    #expect(try withParameter.run().status == .rendered)
    #expect(try withParameter.run().status == .upToDate)

    // Another quality.
    var otherQuality = withParameter
    otherQuality.settings.quality = .medium
    #expect(try otherQuality.run().status == .rendered)
    #expect(try otherQuality.run().status == .upToDate)

    // The same media file with other contents.
    try Self.makeClip(in: workspace, frequency: 660)
    #expect(try otherQuality.run().status == .rendered)

    // A deleted thumbnail.
    try FileManager.default.removeItem(atPath: workspace.path("out/edit.jpg"))
    #expect(try otherQuality.run().status == .rendered)
    #expect(FileManager.default.fileExists(atPath: workspace.path("out/edit.jpg")))
  }

  @Test(arguments: ["truncated", "empty", "wrong kind", "not media"])
  func badMediaIsReportedAndLeavesNoFile(_ damage: String) throws {
    let (workspace, job) = try Self.prepare()
    defer { workspace.remove() }
    let clip = workspace.path("media/clip.mp4")
    switch damage {
    case "truncated":
      let bytes = try Data(contentsOf: URL(fileURLWithPath: clip))
      try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: clip))
    case "empty":
      try Data().write(to: URL(fileURLWithPath: clip))
    case "wrong kind":
      try workspace.make("media/clip.mp4", ["-f", "lavfi", "-i", "sine=duration=2", "-c:a", "aac"])
    default:
      try Data("this is not a video\n".utf8).write(to: URL(fileURLWithPath: clip))
    }

    let error = try #require(throws: RenderError.self) { try job.run() }

    let diagnostic = RenderDiagnostics.diagnostic(
      for: error, script: job.settings.script, timeline: job.timeline, target: job.target)
    #expect(diagnostic.code.id == "E0811", "\(damage): \(error)")
    #expect(diagnostic.message.contains(clip))
    #expect(diagnostic.file.path == job.settings.script.path)
    #expect(job.settings.script.text(diagnostic.span) == "\"media/clip.mp4\"")
    #expect(!FileManager.default.fileExists(atPath: workspace.path("out/edit.mp4")))
    #expect(!FileManager.default.fileExists(atPath: workspace.path("out/edit.mp4.json")))
    #expect(workspace.leftoverTemporaries().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: workspace.path("out")), "the folder made for the output stays")
  }

  @Test func failedRenderKeepsThePreviousOutput() throws {
    let (workspace, job) = try Self.prepare()
    defer { workspace.remove() }
    #expect(try job.run().status == .rendered)
    let output = workspace.path("out/edit.mp4")
    let before = try Data(contentsOf: URL(fileURLWithPath: output))
    let metadataBefore = try Data(contentsOf: URL(fileURLWithPath: workspace.path("out/edit.mp4.json")))
    try Data().write(to: URL(fileURLWithPath: workspace.path("media/clip.mp4")))

    #expect(throws: RenderError.self) { try job.run() }

    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == before)
    #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.path("out/edit.mp4.json"))) == metadataBefore)
    #expect(workspace.leftoverTemporaries().isEmpty)
  }

  @Test func unwritableDestinationIsReportedAndLeavesNoFile() throws {
    let (workspace, job) = try Self.prepare()
    defer { workspace.remove() }
    // `out` is a file, so nothing can be created inside it.
    try Data("in the way\n".utf8).write(to: URL(fileURLWithPath: workspace.path("out")))

    let error = try #require(throws: RenderError.self) { try job.run() }

    guard case .unwritableOutput(let path, _) = error else {
      Issue.record("expected unwritableOutput, got \(error)")
      return
    }
    #expect(path == workspace.path("out/edit.mp4"))
    let diagnostic = RenderDiagnostics.diagnostic(
      for: error, script: job.settings.script, timeline: job.timeline, target: job.target)
    #expect(diagnostic.code.id == "E0502")
    #expect(job.settings.script.text(diagnostic.span) == "\"out/edit.mp4\"")
    #expect(workspace.allFiles().filter { $0 != "edit.vedl" && !$0.hasPrefix("media/") } == ["out"])
  }

  @Test func outputOverAnInputIsRefused() throws {
    let (workspace, job) = try Self.prepare()
    defer { workspace.remove() }
    let clip = workspace.path("media/clip.mp4")
    let before = try Data(contentsOf: URL(fileURLWithPath: clip))
    var overwriting = job
    overwriting.target = RenderTarget(path: workspace.path("media/../media/clip.mp4"), format: .mp4, export: nil)

    let error = try #require(throws: RenderError.self) { try overwriting.run() }

    guard case .outputIsInput(let output, let input) = error else {
      Issue.record("expected outputIsInput, got \(error)")
      return
    }
    #expect(output == workspace.path("media/../media/clip.mp4"))
    #expect(input.path == clip && input.role == .source)
    let diagnostic = RenderDiagnostics.diagnostic(
      for: error, script: job.settings.script, timeline: job.timeline, target: overwriting.target)
    #expect(diagnostic.code.id == "E0802")
    #expect(try Data(contentsOf: URL(fileURLWithPath: clip)) == before)
    #expect(workspace.leftoverTemporaries().isEmpty)
  }

  @Test func interruptedRenderRemovesItsTemporaryFiles() throws {
    let (workspace, job) = try Self.prepare()
    defer { workspace.remove() }
    let flag = CancellationFlag()

    let error = try #require(throws: RenderError.self) {
      try job.run(
        cancellation: flag,
        progress: { report in
          if report.videoFrames == 3 { flag.cancel() }
        })
    }

    #expect(error == .media(.cancelled, output: workspace.path("out/edit.mp4")))
    let diagnostic = RenderDiagnostics.diagnostic(
      for: error, script: job.settings.script, timeline: job.timeline, target: job.target)
    #expect(diagnostic.code.id == "E0813")
    #expect(workspace.leftoverTemporaries().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: workspace.path("out/edit.mp4")))
  }

  @Test func overrideRendersOneFileInItsOwnFormat() throws {
    let (workspace, job) = try Self.prepare()
    defer { workspace.remove() }

    let webm = try RenderTarget.override(path: workspace.path("other/edit.webm"), timeline: job.timeline).get()
    #expect(webm.thumbnails.isEmpty && webm.sidecars.isEmpty)
    #expect(try RenderJob(timeline: job.timeline, target: webm, settings: job.settings).run().status == .rendered)
    let info = try MediaProbe.probe(path: webm.path, options: .countFrames)
    #expect(info.primaryVideo?.codecName == "vp9")
    #expect(info.primaryVideo?.video?.frameCount == 30)
    #expect(info.primaryAudio?.codecName == "opus")

    let png = try RenderTarget.override(path: workspace.path("other/edit.png"), timeline: job.timeline).get()
    let still = try RenderJob(timeline: job.timeline, target: png, settings: job.settings).run()
    #expect(still.metadata?.frameCount == 1)
    #expect(still.metadata?.duration == .zero)
    #expect(try MediaProbe.probe(path: png.path).isStillImage)

    #expect(
      RenderTarget.override(path: workspace.path("x.avi"), timeline: job.timeline)
        == .failure(.unknownFormat(workspace.path("x.avi"))))
    #expect(!FileManager.default.fileExists(atPath: workspace.path("out/edit.jpg")))
  }

  /// `captions burnIn: false`: neither backend draws a cue, and the sidecar still holds them.
  @Test(arguments: RenderBackend.allCases)
  func captionsNotBurntInAreOnlyInTheSidecar(_ backend: RenderBackend) throws {
    for burnIn in [false, true] {
      let (workspace, job) = try RenderDiagnosticsTests.job(
        backend,
        script: """
          canvas 160x90 fps: 30
          track main { clip color(black) duration: 1s }
          captions burnIn: \(burnIn) {
            cue 0s..1s "Sidecar only"
            style size: 20 color: white box: white position: center
          }
          export "out/edit.mp4" quality: low { sidecar "out/edit.srt" }
          """)
      defer { workspace.remove() }
      #expect(try job.run().status == .rendered)
      let sidecar = try String(contentsOfFile: workspace.path("out/edit.srt"), encoding: .utf8)
      #expect(sidecar == CaptionWriter.srt([CaptionCue(start: .zero, end: Rational(1), text: "Sidecar only")]))
      let grey = try workspace.make(
        "frame.gray",
        ["-i", workspace.path("out/edit.mp4"), "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray"])
      let brightest = try Data(contentsOf: URL(fileURLWithPath: grey)).max() ?? 0
      #expect((brightest > 128) == burnIn, "\(backend) burnIn: \(burnIn): brightest \(brightest)")
    }
  }

  @Test func emptyEditCannotBeLowered() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    // The checker reports an edit without frames (E0407, SourceLengthTests); a timeline
    // emptied by hand still gets a located error from the render, not a crash.
    var (file, timeline) = try workspace.check(
      "canvas 160x90\ntrack main {\n  clip testpattern() duration: 1s\n}\nexport \"out/e.mp4\"\n")
    timeline.tracks = []
    timeline.frameCount = 0
    let target = try #require(RenderTarget.exports(of: timeline).first)
    let job = RenderJob(timeline: timeline, target: target, settings: workspace.settings(for: file))

    let error = try #require(throws: RenderError.self) { try job.run() }

    let diagnostic = RenderDiagnostics.diagnostic(for: error, script: file, timeline: timeline, target: target)
    #expect(diagnostic.code.id == "E0815")
    #expect(diagnostic.help != nil)
    #expect(workspace.allFiles() == ["edit.vedl"])
  }

  func modificationDate(_ path: String) throws -> Date? {
    try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
  }
}
