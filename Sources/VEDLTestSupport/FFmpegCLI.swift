import Foundation

/// The `ffmpeg` CLI as the tests use it (through ``ChildProcess``, never a shell): making
/// media from FFmpeg's own sources, and decoding outputs to raw pictures and samples or
/// comparing them frame by frame — the one copy the test targets share.
public enum FFmpegCLI {
  /// How a run ended and what it wrote.
  public struct Result: Sendable {
    /// The exit status (128 + the signal for a child a signal ended).
    public var status: Int32
    /// Standard output, as bytes.
    public var stdout: Data
    /// Standard error, as text.
    public var stderr: String
  }

  /// Why a run or a decoding failed (the tool's message).
  public typealias Failure = ChildProcess.Failure

  /// Runs `ffmpeg -nostdin -hide_banner ARGUMENTS…` (or `executable`, e.g.
  /// ``ChildProcess/ffprobe``, with `-hide_banner`) in `directory` (the test's own when
  /// `nil`) and waits for it.
  @discardableResult
  public static func run(_ arguments: [String], executable: String = ChildProcess.ffmpeg, directory: String? = nil)
    throws -> Result
  {
    let options = executable.hasSuffix("ffmpeg") ? ["-nostdin", "-hide_banner"] : ["-hide_banner"]
    let result = try ChildProcess.run(executable, options + arguments, directory: directory)
    return Result(
      status: result.exitedNormally && !result.timedOut ? result.status : 128 + result.status,
      stdout: result.standardOutput, stderr: result.standardError)
  }

  /// Runs `ffmpeg` and returns its standard output, or throws its message unless it exits
  /// with 0.
  @discardableResult
  public static func mustRun(_ arguments: [String]) throws -> Data {
    let result = try run(arguments)
    guard result.status == 0 else {
      throw Failure(description: "ffmpeg \(arguments.joined(separator: " ")) failed: \(result.stderr)")
    }
    return result.stdout
  }

  /// The raw frames `ffmpeg` decodes `path` to in `pixelFormat`, each `frameSize` bytes, of
  /// which the first `kept` (all when `nil`).
  static func frames(_ path: String, pixelFormat: String, frameSize: Int, kept: Int? = nil) throws -> [[UInt8]] {
    let result = try run(["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", pixelFormat, "-"])
    guard result.status == 0 else { throw Failure(description: "decoding \(path) failed: \(result.stderr)") }
    let bytes = [UInt8](result.stdout)
    let keep = kept ?? frameSize
    return stride(from: 0, to: bytes.count - frameSize + 1, by: frameSize).map { Array(bytes[$0..<($0 + keep)]) }
  }

  /// Decodes a video's frames to 8-bit grey, one array per frame.
  public static func grayFrames(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
    try frames(path, pixelFormat: "gray", frameSize: width * height)
  }

  /// The Y′ planes of a `yuv420p` video as stored (limited range, no conversion).
  public static func lumaPlanes(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
    try frames(path, pixelFormat: "yuv420p", frameSize: width * height * 3 / 2, kept: width * height)
  }

  /// Decodes a video's frames to RGB24 as a player shows them (the stream's matrix and
  /// range honoured), one array per frame.
  public static func rgbFrames(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
    try frames(path, pixelFormat: "rgb24", frameSize: width * height * 3)
  }

  /// Decodes a file's sound to 48 kHz stereo 32-bit float samples (interleaved).
  public static func samples(_ path: String) throws -> [Float] {
    try floats(["-v", "error", "-i", path, "-f", "f32le", "-ac", "2", "-ar", "48000", "-"])
  }

  /// Decodes a file's sound to 48 kHz stereo signed 16-bit samples (interleaved).
  public static func int16Samples(_ path: String) throws -> [Int16] {
    try shorts(["-v", "error", "-i", path, "-f", "s16le", "-ac", "2", "-ar", "48000", "-"])
  }

  /// Runs `ffmpeg` and reads its raw output as little-endian 32-bit floats.
  public static func floats(_ arguments: [String]) throws -> [Float] {
    try mustRun(arguments).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
  }

  /// Runs `ffmpeg` and reads its raw output as little-endian signed 16-bit samples.
  public static func shorts(_ arguments: [String]) throws -> [Int16] {
    try mustRun(arguments).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
  }

  /// The MD5 of every decoded picture of a file's video, in order (`-f framemd5`).
  public static func frameDigests(_ path: String) throws -> [String] {
    let result = try run(["-v", "error", "-i", path, "-map", "0:v", "-f", "framemd5", "-"])
    guard result.status == 0 else { throw Failure(description: "decoding \(path) failed: \(result.stderr)") }
    return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
      .compactMap { $0.split(separator: ",").last?.trimmingCharacters(in: .whitespaces) }
  }

  /// The average PSNR (dB) of the pictures of `b` against those of `a`, as FFmpeg's `psnr`
  /// filter reports it (`.infinity` when identical): in the files' own pixel formats, or
  /// both converted to `pixelFormat` first (a PNG and a subsampled video frame compared as
  /// the same picture).
  public static func averagePSNR(_ a: String, _ b: String, pixelFormat: String? = nil) throws -> Double {
    let graph = pixelFormat.map { "[0:v]format=\($0)[a];[1:v]format=\($0)[b];[a][b]psnr" } ?? "[0:v][1:v]psnr"
    let result = try run(["-i", a, "-i", b, "-lavfi", graph, "-f", "null", "-"])
    guard result.status == 0, let range = result.stderr.range(of: "average:") else {
      throw Failure(description: "ffmpeg psnr failed: \(result.stderr)")
    }
    let value = result.stderr[range.upperBound...].prefix { !$0.isWhitespace }
    if value == "inf" { return .infinity }
    guard let number = Double(value) else { throw Failure(description: "unexpected psnr: \(value)") }
    return number
  }

  /// The PSNR (dB) of every frame of `b` against the same frame of `a`, compared in RGB as a
  /// player shows them: each file is turned into `pixelFormat` (planar RGB unless given) with
  /// the matrix and range it is tagged with (untagged: swscale's BT.601), so an HD output
  /// tagged BT.709 and one converted with BT.601 agree when their colours do. `.infinity`
  /// for identical frames. The stats file is written in `folder` and removed.
  public static func psnrPerFrame(_ a: String, _ b: String, folder: String, pixelFormat: String = "gbrp") throws
    -> [Double]
  {
    let stats = (folder as NSString).appendingPathComponent("psnr-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(atPath: stats) }
    let graph = "[0:v]format=\(pixelFormat)[a];[1:v]format=\(pixelFormat)[b];[a][b]psnr=stats_file=\(stats)"
    try mustRun(["-v", "error", "-i", a, "-i", b, "-lavfi", graph, "-f", "null", "-"])
    return try parsePSNRStats(String(contentsOfFile: stats, encoding: .utf8))
  }

  /// The `psnr_avg` of each line of a `psnr` filter stats file (`.infinity` for `inf`).
  public static func parsePSNRStats(_ text: String) throws -> [Double] {
    try text.split(separator: "\n").map { line in
      guard let field = line.split(separator: " ").first(where: { $0.hasPrefix("psnr_avg:") }) else {
        throw Failure(description: "no psnr_avg in `\(line)`")
      }
      let value = field.dropFirst("psnr_avg:".count)
      if value == "inf" { return .infinity }
      guard let number = Double(value) else { throw Failure(description: "bad psnr_avg in `\(line)`") }
      return number
    }
  }
}
