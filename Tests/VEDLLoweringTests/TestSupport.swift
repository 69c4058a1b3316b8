import Foundation
import Testing
import VEDLSema
import VEDLSource
import VEDLTestSupport
import VEDLTime

@testable import VEDLLowering

struct MediaError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Media generated once per test run with the `ffmpeg` CLI: nothing binary is committed.
final class GeneratedMedia: Sendable {
  /// The folder holding `media/…`.
  let directory: String

  /// `media/index30.mp4`: the frame-index pattern at 30 fps, 64×48, 6 s (180 frames), with
  /// a 1 kHz tone as sound.
  var index30: String { directory + "/media/index30.mp4" }
  /// `media/wide25.mp4`: a 96×54 test pattern at 25 fps, 4 s, with sound.
  var wide25: String { directory + "/media/wide25.mp4" }
  /// `media/logo.png`: a 32×16 picture with a transparent half.
  var logo: String { directory + "/media/logo.png" }
  /// `media/burst.wav`: 4 s of silence with 1 kHz bursts from 0.5 s and from 2.5 s, each
  /// lasting 0.1 s (48 kHz).
  var burst: String { directory + "/media/burst.wav" }

  /// Facts of `index30.mp4` (x264 in MP4 stamps 30 fps in 1/15360 s).
  static let indexFacts = MediaFacts(
    duration: Rational(6), hasVideo: true, hasAudio: true, width: 64, height: 48, frameRate: Rational(30),
    frameCount: 180, timeBase: Rational(1, 15360))

  /// Facts of the media above, as the probe would report them (by file name, so that the
  /// same table serves the golden tests' fictitious `/project` folder).
  var facts: FakeMediaFacts { Self.factsTable }

  static let factsTable: FakeMediaFacts = {
    FakeMediaFacts([
      "index30.mp4": .success(GeneratedMedia.indexFacts),
      "wide25.mp4": .success(
        MediaFacts(
          duration: Rational(4), hasVideo: true, hasAudio: true, width: 96, height: 54, frameRate: Rational(25),
          frameCount: 100)),
      "logo.png": .success(
        MediaFacts(duration: nil, hasVideo: true, hasAudio: false, isStillImage: true, width: 32, height: 16)),
      "burst.wav": .success(MediaFacts(duration: Rational(4), hasVideo: false, hasAudio: true)),
    ])
  }()

  /// The shared instance, generated on first use.
  static let shared: Result<GeneratedMedia, MediaError> = {
    do {
      return .success(try GeneratedMedia())
    } catch let error as MediaError {
      return .failure(error)
    } catch {
      return .failure(MediaError("\(error)"))
    }
  }()

  /// The shared media, or a test failure.
  static func get() throws -> GeneratedMedia { try shared.get() }

  private init() throws {
    directory = try TestMediaFolder.make(prefix: "vedl-lowering-")
    try FrameIndex.makeIndex30(at: directory + "/media/index30.mp4")
    let quiet = ["-v", "error", "-y"]
    try FFmpegCLI.mustRun(
      quiet + [
        "-f", "lavfi", "-i", "testsrc2=s=96x54:r=25:d=4", "-f", "lavfi", "-i",
        "sine=frequency=500:sample_rate=44100:d=4",
        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
        directory + "/media/wide25.mp4",
      ])
    try FFmpegCLI.mustRun(
      quiet + [
        "-f", "lavfi", "-i",
        "color=c=red:s=32x16,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(lt(X,16),255,0)'",
        "-frames:v", "1", directory + "/media/logo.png",
      ])
    try FFmpegCLI.mustRun(
      quiet + [
        "-f", "lavfi", "-i", "aevalsrc='if(between(mod(t,2),0.5,0.6-1/48000),0.5*sin(2*PI*1000*t),0)':s=48000:d=4",
        "-c:a", "pcm_s16le", directory + "/media/burst.wav",
      ])
  }
}

/// Checking scripts and rendering them.
enum Harness {
  /// Checks `text` as a script in `directory`, with `media` facts; fails the test on errors.
  static func timeline(
    _ text: String, directory: String, media: (any MediaFactsProvider)?,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Timeline {
    let file = SourceFile(path: directory + "/test.vedl", text: text)
    let result = Checker.check(file, options: CheckOptions(media: media, baseDirectory: directory))
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(errors.map(\.message))", sourceLocation: sourceLocation)
    guard let timeline = result.timeline else { throw MediaError("the script did not check: \(errors.map(\.message))") }
    return timeline
  }

  /// Lowers `timeline` for `export` or fails the test.
  static func graph(_ timeline: Timeline, export: Export? = nil, options: LoweringOptions = LoweringOptions()) throws
    -> FilterGraph
  {
    switch Lowering.lower(timeline, export: export, options: options) {
    case .success(let graph): return graph
    case .failure(let error): throw MediaError("lowering failed: \(error.message)")
    }
  }

  /// Renders a script (with the generated media) to a fresh `.mp4` (or `format`) and returns
  /// the output's path, the timeline and the graph.
  static func render(
    _ script: String, format: Export.Format = .mp4, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (path: String, timeline: Timeline, graph: FilterGraph) {
    let media = try GeneratedMedia.get()
    let timeline = try timeline(script, directory: media.directory, media: media.facts, sourceLocation: sourceLocation)
    let graph = try graph(timeline, options: LoweringOptions(baseDirectory: media.directory, format: format))
    let output = media.directory + "/out-\(UUID().uuidString).\(format.rawValue)"
    let settings = EncodingSettings(format: format, preset: QualityPreset.named(.high), speed: .fastest)
    try FFmpegCLI.mustRun(FilterGraphPrinter.command(graph, output: output, encoding: settings))
    return (output, timeline, graph)
  }
}
