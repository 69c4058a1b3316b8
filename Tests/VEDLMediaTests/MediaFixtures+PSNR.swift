import Foundation

extension MediaFixtures {
  /// The average PSNR in dB between the pictures of two files, measured by FFmpeg's `psnr`
  /// filter (`.infinity` when they are identical).
  func psnr(_ a: String, _ b: String) throws -> Double {
    let process = Process()
    process.executableURL = try Self.ffmpegExecutable()
    process.arguments = [
      "-nostdin", "-hide_banner", "-i", a, "-i", b, "-lavfi", "[0:v][1:v]psnr", "-f", "null", "-",
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0, let range = log.range(of: "average:") else {
      throw Failure(description: "ffmpeg psnr failed: \(log)")
    }
    let value = log[range.upperBound...].prefix { !$0.isWhitespace }
    if value == "inf" { return .infinity }
    guard let number = Double(value) else { throw Failure(description: "unexpected psnr output: \(log)") }
    return number
  }
}
