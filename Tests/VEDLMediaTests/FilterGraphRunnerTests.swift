import Foundation
import Testing
import VEDLMedia
import VEDLTime

/// Running filter graphs in-process: generated sources, file inputs with seeking, still
/// images, every output format, and the same frames as the `ffmpeg` CLI given the same text.
@Suite struct FilterGraphRunnerTests {
  static let x264 = VideoEncoderSettings(
    codecName: "libx264", pixelFormat: "yuv420p",
    options: [MediaOption("preset", "ultrafast"), MediaOption("crf", "18")])
  static let aac = AudioEncoderSettings(
    codecName: "aac", sampleRate: 48000, channels: 2, options: [MediaOption("b", "96k")])

  @Test func generatedPictureIsScaledAndEncodedWithExactFrameCount() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let output = fixtures.path("out.mp4")
    let runner = FilterGraphRunner(
      graph: "testsrc2=size=160x90:rate=30:duration=1,scale=w=80:h=44[v]", inputs: [], videoOutput: "v",
      audioOutput: nil,
      output: OutputFileSettings(path: output, video: Self.x264))

    let summary = try runner.run()

    #expect(summary.videoFrames == 30)
    #expect(summary.videoDuration == Rational(1))
    let info = try MediaProbe.probe(path: output, options: .countFrames)
    let video = try #require(info.primaryVideo)
    #expect(video.codecName == "h264")
    #expect(video.video?.width == 80)
    #expect(video.video?.height == 44)
    #expect(video.video?.frameCount == 30)
    #expect(video.video?.pixelFormat == "yuv420p")
    #expect(video.video?.lastFrameTime == Rational(29, 30)!)
    #expect(info.duration == Rational(1))
  }

  @Test func pictureAndSoundGoToOneFile() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let output = fixtures.path("av.mp4")
    let runner = FilterGraphRunner(
      graph: "testsrc2=size=64x48:rate=25:duration=2[v];sine=frequency=440:sample_rate=48000:duration=2[a]",
      inputs: [], videoOutput: "v", audioOutput: "a",
      output: OutputFileSettings(path: output, video: Self.x264, audio: Self.aac))

    let summary = try runner.run()

    #expect(summary.videoFrames == 50)
    #expect(summary.audioSamples == 96000)
    #expect(summary.audioDuration == Rational(2))
    let info = try MediaProbe.probe(path: output, options: .countFrames)
    #expect(info.primaryVideo?.video?.frameCount == 50)
    let audio = try #require(info.primaryAudio)
    #expect(audio.codecName == "aac")
    #expect(audio.audio?.sampleRate == 48000)
    #expect(audio.audio?.channels == 2)
    // AAC is coded in blocks of 1024 samples: the track ends within one block of 2 s.
    let audioLength = try #require(audio.duration)
    #expect(audioLength >= Rational(2) && audioLength <= Rational(2) + Rational(1024, 48000)!)
  }

  @Test func webmHasVP9AndOpus() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let output = fixtures.path("out.webm")
    let vp9 = VideoEncoderSettings(
      codecName: "libvpx-vp9", pixelFormat: "yuv420p",
      options: [
        MediaOption("deadline", "realtime"), MediaOption("cpu-used", "8"), MediaOption("crf", "40"),
        MediaOption("b", "0"),
      ])
    let opus = AudioEncoderSettings(codecName: "libopus", options: [MediaOption("b", "64k")])
    let runner = FilterGraphRunner(
      graph: "testsrc2=size=64x48:rate=30:duration=1[v];sine=frequency=440:sample_rate=44100:duration=1[a]",
      inputs: [], videoOutput: "v", audioOutput: "a", output: OutputFileSettings(path: output, video: vp9, audio: opus))

    let summary = try runner.run()

    #expect(summary.videoFrames == 30)
    let info = try MediaProbe.probe(path: output, options: .countFrames)
    #expect(info.primaryVideo?.codecName == "vp9")
    #expect(info.primaryVideo?.video?.frameCount == 30)
    #expect(info.primaryAudio?.codecName == "opus")
    // Opus only takes 48 kHz and a few lower rates: the graph's 44.1 kHz was converted.
    #expect(info.primaryAudio?.audio?.sampleRate == 48000)
  }

  @Test func stillPictureIsOnePNG() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let output = fixtures.path("still.png")
    let runner = FilterGraphRunner(
      graph: "testsrc2=size=64x48:rate=30:duration=1,trim=start_frame=10:end_frame=11,setpts=PTS-STARTPTS[v]",
      inputs: [], videoOutput: "v", audioOutput: nil,
      output: OutputFileSettings(
        path: output, formatName: "image2", video: VideoEncoderSettings(codecName: "png", pixelFormat: "rgb24"),
        maximumVideoFrames: 1, muxerOptions: [MediaOption("update", "1")]))

    let summary = try runner.run()

    #expect(summary.videoFrames == 1)
    let info = try MediaProbe.probe(path: output)
    #expect(info.isStillImage)
    #expect(info.primaryVideo?.codecName == "png")
    #expect(info.primaryVideo?.video?.width == 64)
  }

  @Test func frameLimitStopsAnEndlessGraph() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let output = fixtures.path("limited.mp4")
    let runner = FilterGraphRunner(
      graph: "testsrc2=size=64x48:rate=30[v]", inputs: [], videoOutput: "v", audioOutput: nil,
      output: OutputFileSettings(path: output, video: Self.x264, maximumVideoFrames: 12))

    #expect(try runner.run().videoFrames == 12)
    #expect(try MediaProbe.probe(path: output, options: .countFrames).primaryVideo?.video?.frameCount == 12)
  }

  @Test func progressIsReportedUpToTheExpectedLength() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let runner = FilterGraphRunner(
      graph: "testsrc2=size=64x48:rate=10:duration=1[v]", inputs: [], videoOutput: "v", audioOutput: nil,
      output: OutputFileSettings(path: fixtures.path("p.mp4"), video: Self.x264), expectedDuration: Rational(1))
    let reports = ProgressLog()

    _ = try runner.run(progress: { reports.append($0) })

    let all = reports.all
    #expect(all.count == 10)
    #expect(all.last?.time == Rational(1))
    #expect(all.last?.fraction == 1)
    #expect(all.map(\.videoFrames) == Array(1...10))
  }

  // MARK: Inputs read like the CLI reads them

  @Test func seekingAFileGivesTheSameFramesAsTheCLI() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    // Keyframes every 30 frames: the seek lands between two, so frames must be decoded and
    // dropped up to 1.5 s.
    let input = try fixtures.testClip("in.mp4", size: "64x48", rate: "30", seconds: "3", extraArguments: ["-g", "30"])
    let graph = "[0:v]scale=w=64:h=48[v]"
    let output = fixtures.path("seek.mp4")
    let runner = FilterGraphRunner(
      graph: graph, inputs: [MediaInputOptions(path: input, seek: Rational(3, 2)!, duration: Rational(1))],
      videoOutput: "v", audioOutput: nil, output: OutputFileSettings(path: output, video: Self.x264))

    #expect(try runner.run().videoFrames == 30)

    let reference = try fixtures.ffmpeg(
      [
        "-ss", "1.5", "-t", "1", "-i", input, "-filter_complex", graph, "-map", "[v]",
        "-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", "-pix_fmt", "yuv420p",
      ],
      output: "reference.mp4")
    try expectSamePictures(output, reference, fixtures: fixtures)
  }

  @Test func copiedTimestampsKeepTheSourceTimeLikeTheCLI() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let input = try fixtures.testClip("in.mp4", size: "64x48", rate: "30", seconds: "3", extraArguments: ["-g", "30"])
    // Under -copyts the first picture is at 1.5 s: the graph itself moves it to 0.
    let graph = "[0:v]setpts=expr=PTS-(3/2)/TB[v]"
    let output = fixtures.path("copied.mp4")
    let runner = FilterGraphRunner(
      graph: graph, inputs: [MediaInputOptions(path: input, seek: Rational(3, 2)!, duration: Rational(1))],
      videoOutput: "v", audioOutput: nil,
      output: OutputFileSettings(path: output, video: Self.x264, frameRate: Rational(30)),
      timestampMode: .sourceTime)

    #expect(try runner.run().videoFrames == 30)

    let reference = try fixtures.ffmpeg(
      [
        "-copyts", "-start_at_zero", "-ss", "1.5", "-t", "1", "-i", input, "-filter_complex", graph, "-map", "[v]",
        "-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", "-pix_fmt", "yuv420p", "-r", "30",
      ],
      output: "reference.mp4")
    try expectSamePictures(output, reference, fixtures: fixtures)
  }

  @Test func loopedStillLastsItsDurationLikeTheCLI() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let picture = try fixtures.ffmpeg(
      ["-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1"], output: "still.png")
    let graph = "[0:v]fps=fps=30,format=pix_fmts=yuv420p[v]"
    let output = fixtures.path("looped.mp4")
    let runner = FilterGraphRunner(
      graph: graph, inputs: [MediaInputOptions(path: picture, duration: Rational(1), loopStill: true)],
      videoOutput: "v", audioOutput: nil, output: OutputFileSettings(path: output, video: Self.x264))

    let frames = try runner.run().videoFrames

    let reference = try fixtures.ffmpeg(
      [
        "-loop", "1", "-t", "1", "-i", picture, "-filter_complex", graph, "-map", "[v]",
        "-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", "-pix_fmt", "yuv420p",
      ],
      output: "reference.mp4")
    let referenceFrames = try MediaProbe.probe(path: reference, options: .countFrames).primaryVideo?.video?.frameCount
    #expect(frames == referenceFrames)
    #expect(frames == 30)
    try expectSamePictures(output, reference, fixtures: fixtures)
  }

  @Test func soundOfAFileIsTrimmedToTheSample() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let input = try fixtures.ffmpeg(
      ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=3", "-c:a", "pcm_s16le"], output: "tone.wav")
    let output = fixtures.path("tone.mp4")
    let runner = FilterGraphRunner(
      graph: "[0:a]anull[a]",
      inputs: [MediaInputOptions(path: input, seek: Rational(1, 2)!, duration: Rational(3, 2)!)],
      videoOutput: nil, audioOutput: "a", output: OutputFileSettings(path: output, audio: Self.aac))

    let summary = try runner.run()

    #expect(summary.audioSamples == 72000)
    #expect(summary.audioDuration == Rational(3, 2)!)
    #expect(try MediaProbe.probe(path: output).primaryAudio?.codecName == "aac")
  }

  @Test func rotatedVideoIsTurnedUprightLikeTheCLI() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let upright = try fixtures.testClip("upright.mp4", size: "64x48", seconds: "1")
    // A display matrix saying "turn 90°", as phones write it.
    let rotated = try fixtures.ffmpeg(
      ["-i", upright, "-c", "copy", "-metadata:s:v:0", "rotate=90"], output: "rotated.mp4")
    let graph = "[0:v]null[v]"
    let output = fixtures.path("turned.mp4")
    let runner = FilterGraphRunner(
      graph: graph, inputs: [MediaInputOptions(path: rotated)], videoOutput: "v", audioOutput: nil,
      output: OutputFileSettings(path: output, video: Self.x264))

    _ = try runner.run()

    let video = try #require(try MediaProbe.probe(path: output).primaryVideo?.video)
    #expect(video.width == 48 && video.height == 64)
    let reference = try fixtures.ffmpeg(
      [
        "-i", rotated, "-filter_complex", graph, "-map", "[v]", "-c:v", "libx264", "-preset", "ultrafast", "-crf", "18",
        "-pix_fmt", "yuv420p",
      ],
      output: "reference.mp4")
    try expectSamePictures(output, reference, fixtures: fixtures)
  }

  // MARK: Failures

  @Test func unknownFilterIsRejectedWithFFmpegsMessage() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let runner = FilterGraphRunner(
      graph: "testsrc2=duration=1,blurr[v]", inputs: [], videoOutput: "v", audioOutput: nil,
      output: OutputFileSettings(path: fixtures.path("x.mp4"), video: Self.x264))

    let error = try #require(throws: MediaRenderError.self) { try runner.run() }
    guard case .invalidGraph(let reason) = error else {
      Issue.record("expected invalidGraph, got \(error)")
      return
    }
    #expect(reason.contains("blurr"))
    #expect(error.message.hasPrefix("FFmpeg rejected the filter graph"))
  }

  @Test func outputLabelsMustMatchTheGraph() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let runner = FilterGraphRunner(
      graph: "testsrc2=duration=1[picture]", inputs: [], videoOutput: "v", audioOutput: nil,
      output: OutputFileSettings(path: fixtures.path("x.mp4"), video: Self.x264))

    let error = try #require(throws: MediaRenderError.self) { try runner.run() }
    #expect(error == .invalidGraph(reason: "the graph has no output [v]"))
  }

  @Test func soundFileUsedAsPictureNamesTheMissingStream() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let input = try fixtures.ffmpeg(
      ["-f", "lavfi", "-i", "sine=duration=1", "-c:a", "pcm_s16le"], output: "tone.wav")
    let runner = FilterGraphRunner(
      graph: "[0:v]null[v]", inputs: [MediaInputOptions(path: input)], videoOutput: "v", audioOutput: nil,
      output: OutputFileSettings(path: fixtures.path("x.mp4"), video: Self.x264))

    let error = try #require(throws: MediaRenderError.self) { try runner.run() }
    #expect(error == .missingStream(path: input, kind: .video, label: "0:v"))
  }

  @Test func emptyAndTruncatedInputsAreUnreadable() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let empty = try fixtures.write(Data(), to: "empty.mp4")
    let whole = try Data(contentsOf: URL(fileURLWithPath: try fixtures.testClip("whole.mp4")))
    let truncated = try fixtures.write(whole.prefix(whole.count / 2), to: "cut.mp4")
    let text = try fixtures.write(Data("not a video\n".utf8), to: "notes.mp4")

    for input in [empty, truncated, text] {
      let runner = FilterGraphRunner(
        graph: "[0:v]null[v]", inputs: [MediaInputOptions(path: input)], videoOutput: "v", audioOutput: nil,
        output: OutputFileSettings(path: fixtures.path("x.mp4"), video: Self.x264))
      let error = try #require(throws: MediaRenderError.self) { try runner.run() }
      guard case .unreadableInput(let path, let reason) = error else {
        Issue.record("expected unreadableInput for \(input), got \(error)")
        continue
      }
      #expect(path == input)
      #expect(!reason.isEmpty)
    }
  }

  @Test func missingFolderIsAnUnwritableOutput() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let output = fixtures.path("no/such/folder/x.mp4")
    let runner = FilterGraphRunner(
      graph: "testsrc2=duration=1[v]", inputs: [], videoOutput: "v", audioOutput: nil,
      output: OutputFileSettings(path: output, video: Self.x264))

    let error = try #require(throws: MediaRenderError.self) { try runner.run() }
    guard case .unwritableOutput(let path, let reason) = error else {
      Issue.record("expected unwritableOutput, got \(error)")
      return
    }
    #expect(path == output)
    #expect(reason.contains("no such file or directory"))
  }

  @Test func aWriteErrorOnTheEncodingThreadStopsTheRun() throws {
    // /dev/full opens for writing, and every write fails: the packets are written on the
    // encoding thread, whose error must end the run with the muxer's own message.
    let runner = FilterGraphRunner(
      graph: "testsrc2=size=320x240:rate=30:duration=4[v]", inputs: [], videoOutput: "v", audioOutput: nil,
      output: OutputFileSettings(path: "/dev/full", formatName: "matroska", video: Self.x264))

    let error = try #require(throws: MediaRenderError.self) { try runner.run() }
    guard case .unwritableOutput(let path, let reason) = error else {
      Issue.record("expected unwritableOutput, got \(error)")
      return
    }
    #expect(path == "/dev/full")
    #expect(reason.contains("no space left on device"))
  }

  @Test func unknownEncoderOptionIsAnError() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let settings = VideoEncoderSettings(codecName: "libx264", options: [MediaOption("crff", "20")])
    let runner = FilterGraphRunner(
      graph: "testsrc2=duration=1[v]", inputs: [], videoOutput: "v", audioOutput: nil,
      output: OutputFileSettings(path: fixtures.path("x.mp4"), video: settings))

    let error = try #require(throws: MediaRenderError.self) { try runner.run() }
    #expect(error == .encodingFailed(reason: "the libx264 encoder has no option `crff`"))
  }

  @Test func cancellationStopsTheRun() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let flag = CancellationFlag()
    let runner = FilterGraphRunner(
      graph: "testsrc2=size=64x48:rate=30[v]", inputs: [], videoOutput: "v", audioOutput: nil,
      output: OutputFileSettings(path: fixtures.path("x.mp4"), video: Self.x264))

    let error = try #require(throws: MediaRenderError.self) {
      try runner.run(
        cancellation: flag,
        progress: { report in
          if report.videoFrames == 5 { flag.cancel() }
        })
    }
    #expect(error == .cancelled)
    #expect(error.message == "render interrupted")
  }

  // MARK: Helpers

  /// Both files hold the same number of pictures and they look the same (PSNR ≥ 40 dB,
  /// FFmpeg's `psnr` filter).
  func expectSamePictures(
    _ a: String, _ b: String, fixtures: MediaFixtures, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let countA = try MediaProbe.probe(path: a, options: .countFrames).primaryVideo?.video?.frameCount
    let countB = try MediaProbe.probe(path: b, options: .countFrames).primaryVideo?.video?.frameCount
    #expect(countA == countB, sourceLocation: sourceLocation)
    let psnr = try fixtures.psnr(a, b)
    #expect(psnr >= 40, "PSNR \(psnr) dB", sourceLocation: sourceLocation)
  }
}

/// Progress reports collected from the run's thread.
final class ProgressLog: @unchecked Sendable {
  private let lock = NSLock()
  private var reports: [RenderProgress] = []
  func append(_ report: RenderProgress) { lock.withLock { reports.append(report) } }
  var all: [RenderProgress] { lock.withLock { reports } }
}
