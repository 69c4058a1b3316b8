import Foundation
import Testing
import VEDLLowering
import VEDLMedia
import VEDLRender
import VEDLSema
import VEDLTime

/// `FilterGraph` values written by hand, printed as `-filter_complex` text and run
/// in-process, checked with VEDLMedia's probe and against the `ffmpeg` command printed for
/// the same graph.
@Suite struct HandBuiltGraphTests {
  static let fastLow = QualityPreset.named(.low)

  static func encoding(_ format: Export.Format) -> EncodingSettings {
    EncodingSettings(format: format, preset: fastLow, speed: .fastest)
  }

  @Test func generatedPictureScaledToTheOutputSize() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let graph = FilterGraph(
      inputs: [],
      chains: [
        FilterChain(
          inputs: [],
          filters: [
            Filter("testsrc2", ["size": "160x90", "rate": "30", "duration": "2"]),
            Filter("scale", ["w": "96", "h": "54"]),
          ], outputs: ["v"])
      ], videoOutput: "v", audioOutput: nil, frameRate: FrameRate(30)!, width: 96, height: 54, duration: Rational(2),
      frameCount: 60)
    let plan = RenderPlan(graph: graph, encoding: Self.encoding(.mp4))
    let output = workspace.path("scaled.mp4")

    let summary = try plan.runner(writingTo: output).run()

    #expect(summary.videoFrames == 60)
    let info = try MediaProbe.probe(path: output, options: .countFrames)
    #expect(info.primaryVideo?.codecName == "h264")
    #expect(info.primaryVideo?.video?.width == 96)
    #expect(info.primaryVideo?.video?.height == 54)
    #expect(info.primaryVideo?.video?.frameCount == 60)
    #expect(info.duration == Rational(2))
    #expect(info.primaryAudio == nil)
  }

  @Test func fileInputWithSeekMatchesTheCommand() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let source = try workspace.make(
      "source.mp4",
      [
        "-f", "lavfi", "-i", "testsrc2=size=96x54:rate=30", "-t", "3", "-g", "15", "-c:v", "libx264", "-preset",
        "ultrafast",
        "-pix_fmt", "yuv420p",
      ])
    // Half a second into the file, one second long; under -copyts the first frame is at
    // 0.5 s, so the chain moves it to 0.
    let graph = FilterGraph(
      inputs: [GraphInput(path: source, seek: Rational(1, 2)!, duration: Rational(1))],
      chains: [
        FilterChain(
          inputs: ["0:v"],
          filters: [
            Filter("setpts", ["expr": "PTS-STARTPTS"]), Filter("fps", ["fps": "30", "round": "up"]),
            Filter("format", ["pix_fmts": "yuv420p"]),
          ], outputs: ["v"])
      ], videoOutput: "v", audioOutput: nil, frameRate: FrameRate(30)!, width: 96, height: 54, duration: Rational(1),
      frameCount: 30)
    let plan = RenderPlan(graph: graph, encoding: Self.encoding(.mp4))
    let output = workspace.path("seek.mp4")

    #expect(try plan.runner(writingTo: output).run().videoFrames == 30)

    let reference = workspace.path("reference.mp4")
    try workspace.ffmpeg(plan.command(output: reference))
    #expect(try workspace.frameCount(output) == 30)
    #expect(try workspace.frameCount(reference) == 30)
    let psnr = try workspace.psnr(output, reference)
    #expect(psnr >= 40, "PSNR \(psnr) dB")
  }

  @Test func sineSoundBesidesThePicture() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let graph = FilterGraph(
      inputs: [],
      chains: [
        FilterChain(
          inputs: [], filters: [Filter("testsrc2", ["size": "64x48", "rate": "25", "duration": "1"])], outputs: ["v"]),
        FilterChain(
          inputs: [],
          filters: [
            Filter("sine", ["frequency": "440", "sample_rate": "48000"]), Filter("atrim", ["end_sample": "48000"]),
            Filter("aformat", ["channel_layouts": "stereo"]),
          ], outputs: ["a"]),
      ], videoOutput: "v", audioOutput: "a", frameRate: FrameRate(25)!, width: 64, height: 48, duration: Rational(1),
      frameCount: 25)
    let plan = RenderPlan(graph: graph, encoding: Self.encoding(.mp4))
    let output = workspace.path("tone.mp4")

    let summary = try plan.runner(writingTo: output).run()

    #expect(summary.videoFrames == 25)
    #expect(summary.audioSamples == 48000)
    #expect(summary.audioDuration == Rational(1))
    let info = try MediaProbe.probe(path: output, options: .countFrames)
    #expect(info.primaryVideo?.video?.frameCount == 25)
    #expect(info.primaryAudio?.codecName == "aac")
    #expect(info.primaryAudio?.audio?.channels == 2)
    #expect(info.primaryAudio?.audio?.sampleRate == 48000)
  }

  @Test func webmAndStillFormats() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let picture = FilterChain(
      inputs: [], filters: [Filter("testsrc2", ["size": "64x48", "rate": "30", "duration": "1"])], outputs: ["v"])
    let sound = FilterChain(
      inputs: [], filters: [Filter("sine", ["sample_rate": "48000", "duration": "1"])], outputs: ["a"])
    let moving = FilterGraph(
      inputs: [], chains: [picture, sound], videoOutput: "v", audioOutput: "a", frameRate: FrameRate(30)!, width: 64,
      height: 48, duration: Rational(1), frameCount: 30)
    let webm = workspace.path("clip.webm")
    _ = try RenderPlan(graph: moving, encoding: Self.encoding(.webm)).runner(writingTo: webm).run()
    let webmInfo = try MediaProbe.probe(path: webm, options: .countFrames)
    #expect(webmInfo.primaryVideo?.codecName == "vp9")
    #expect(webmInfo.primaryVideo?.video?.frameCount == 30)
    #expect(webmInfo.primaryAudio?.codecName == "opus")

    let still = FilterGraph(
      inputs: [], chains: [picture], videoOutput: "v", audioOutput: nil, frameRate: FrameRate(30)!, width: 64,
      height: 48,
      duration: Rational(1, 30)!, frameCount: 1)
    let png = workspace.path("still.png")
    #expect(try RenderPlan(graph: still, encoding: Self.encoding(.png)).runner(writingTo: png).run().videoFrames == 1)
    let pngInfo = try MediaProbe.probe(path: png)
    #expect(pngInfo.isStillImage)
    #expect(pngInfo.primaryVideo?.codecName == "png")
    #expect(pngInfo.primaryVideo?.video?.pixelFormat == "rgb24")
  }

  @Test func invalidFilterFailsWithFFmpegsWords() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let graph = FilterGraph(
      inputs: [],
      chains: [
        FilterChain(
          inputs: [], filters: [Filter("testsrc2", ["duration": "1"]), Filter("nosuchfilter")], outputs: ["v"])
      ], videoOutput: "v", audioOutput: nil, frameRate: FrameRate(25)!, width: 320, height: 240, duration: Rational(1),
      frameCount: 25)
    let output = workspace.path("broken.mp4")

    let error = try #require(throws: MediaRenderError.self) {
      try RenderPlan(graph: graph, encoding: Self.encoding(.mp4)).runner(writingTo: output).run()
    }
    #expect(error.message.contains("nosuchfilter"))
  }
}
