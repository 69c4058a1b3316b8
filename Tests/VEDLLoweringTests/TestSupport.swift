import Foundation
import Testing
import VEDLSema
import VEDLSource
import VEDLTime

@testable import VEDLLowering

/// Runs the `ffmpeg` CLI (never through a shell) and collects its output.
enum FFmpeg {
  static let executable = "/usr/bin/ffmpeg"

  struct Result {
    var status: Int32
    var stdout: Data
    var stderr: String
  }

  /// Runs `ffmpeg` with `arguments`; standard output is captured as bytes.
  @discardableResult
  static func run(_ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes concurrently with the process, so that a full pipe never blocks it.
    let errorData = LockedData()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errorData.set(err.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }
    let output = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: output, stderr: String(decoding: errorData.get(), as: UTF8.self))
  }

  /// Runs `ffmpeg` and fails the test with its message unless it exits with 0.
  static func mustRun(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let result = try run(arguments)
    #expect(result.status == 0, "ffmpeg failed: \(result.stderr)", sourceLocation: sourceLocation)
    if result.status != 0 { throw MediaError("ffmpeg exited with \(result.status): \(result.stderr)") }
  }

  /// Decodes a video's frames to 8-bit grey, one `Data` per frame.
  static func grayFrames(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
    let result = try run(["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "gray", "-"])
    guard result.status == 0 else { throw MediaError("decoding \(path) failed: \(result.stderr)") }
    let bytes = [UInt8](result.stdout)
    let size = width * height
    return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
  }

  /// Decodes a file's audio to 48 kHz stereo signed 16-bit samples (interleaved).
  static func samples(_ path: String) throws -> [Int16] {
    let result = try run(["-v", "error", "-i", path, "-f", "s16le", "-ac", "2", "-ar", "48000", "-"])
    guard result.status == 0 else { throw MediaError("decoding \(path) failed: \(result.stderr)") }
    return result.stdout.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
  }
}

/// A thread-safe box for bytes read on another queue.
final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  func set(_ d: Data) { lock.withLock { data = d } }
  func get() -> Data { lock.withLock { data } }
}

struct MediaError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// The "frame-index" pattern: a 64×48 picture of twelve 16×16 black or white blocks whose
/// bits spell the frame's index (block `b` at column `b % 4`, row `b / 4`). It survives
/// YUV 4:2:0 and lossy coding, so the index of every decoded frame can be read back.
enum FrameIndex {
  static let width = 64
  static let height = 48

  /// The `geq` expression drawing frame `N`'s index.
  static let expression = "255*mod(floor(N/pow(2,floor(X/16)+4*floor(Y/16))),2)"

  /// Reads the index of a decoded grey frame.
  static func read(_ frame: [UInt8], width: Int = width) -> Int {
    var value = 0
    for bit in 0..<12 {
      let x = (bit % 4) * 16 + 8
      let y = (bit / 4) * 16 + 8
      if frame[y * width + x] > 128 { value |= 1 << bit }
    }
    return value
  }
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
    let temporary = NSTemporaryDirectory()
    Self.removeStaleFolders(in: temporary)
    directory = temporary + "vedl-lowering-\(ProcessInfo.processInfo.processIdentifier)"
    try FileManager.default.createDirectory(atPath: directory + "/media", withIntermediateDirectories: true)
    let quiet = ["-v", "error", "-y"]
    try Self.make(
      quiet + [
        "-f", "lavfi", "-i", "color=black:s=64x48:r=30:d=6,format=gray,geq=lum='\(FrameIndex.expression)'",
        "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:d=6",
        "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
        directory + "/media/index30.mp4",
      ])
    try Self.make(
      quiet + [
        "-f", "lavfi", "-i", "testsrc2=s=96x54:r=25:d=4", "-f", "lavfi", "-i",
        "sine=frequency=500:sample_rate=44100:d=4",
        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
        directory + "/media/wide25.mp4",
      ])
    try Self.make(
      quiet + [
        "-f", "lavfi", "-i",
        "color=c=red:s=32x16,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(lt(X,16),255,0)'",
        "-frames:v", "1", directory + "/media/logo.png",
      ])
    try Self.make(
      quiet + [
        "-f", "lavfi", "-i", "aevalsrc='if(between(mod(t,2),0.5,0.6-1/48000),0.5*sin(2*PI*1000*t),0)':s=48000:d=4",
        "-c:a", "pcm_s16le", directory + "/media/burst.wav",
      ])
  }

  /// Removes the media folders of earlier test runs whose process has ended (the test
  /// library has no hook to clean up after the last test).
  private static func removeStaleFolders(in temporary: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
    for name in names where name.hasPrefix("vedl-lowering-") {
      guard let pid = Int32(name.dropFirst("vedl-lowering-".count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
      try? FileManager.default.removeItem(atPath: temporary + name)
    }
  }

  private static func make(_ arguments: [String]) throws {
    let result = try FFmpeg.run(arguments)
    guard result.status == 0 else { throw MediaError("generating test media failed: \(result.stderr)") }
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
    try FFmpeg.mustRun(
      FilterGraphPrinter.command(graph, output: output, encoding: settings), sourceLocation: sourceLocation)
    return (output, timeline, graph)
  }

  /// The source frame index §5 predicts at every frame of a clip, for a 30 fps source.
  static func predictedIndices(_ item: TimelineItem, grid: FrameGrid) -> [Int64?] {
    guard let timing = item.timing, let source = ConstantRateSource(rate: FrameRate(30)!) else { return [] }
    return (item.startFrame..<item.endFrame).map { k in
      timing.sourceFrameIndex(forTimelineFrame: k, grid: grid, source: source)
    }
  }
}
