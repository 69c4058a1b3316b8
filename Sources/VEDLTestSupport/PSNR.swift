import Foundation

/// Peak signal-to-noise ratio of 8-bit pictures, the tests' measure of how alike two renders
/// are: `10·log10(255² / MSE)` dB, `.infinity` when they are identical.
public enum PSNR {
  /// The PSNR of two 8-bit pictures of the same layout (any channels, any order), over every
  /// byte; 0 when their sizes differ or they are empty.
  public static func decibels(_ a: [UInt8], _ b: [UInt8]) -> Double {
    guard a.count == b.count, !a.isEmpty else { return 0 }
    var squares = 0.0
    for i in a.indices {
      let d = Double(Int(a[i]) - Int(b[i]))
      squares += d * d
    }
    return decibels(meanSquaredError: squares / Double(a.count))
  }

  /// The PSNR of 8-bit values whose mean squared difference is `meanSquaredError`.
  public static func decibels(meanSquaredError: Double) -> Double {
    meanSquaredError == 0 ? .infinity : 10 * log10(255 * 255 / meanSquaredError)
  }
}
