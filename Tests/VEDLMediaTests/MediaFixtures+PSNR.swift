import Foundation
import VEDLTestSupport

extension MediaFixtures {
  /// The average PSNR in dB between the pictures of two files, measured by FFmpeg's `psnr`
  /// filter (`.infinity` when they are identical).
  func psnr(_ a: String, _ b: String) throws -> Double { try FFmpegCLI.averagePSNR(a, b) }
}
