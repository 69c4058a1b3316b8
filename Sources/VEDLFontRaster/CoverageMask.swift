/// An 8-bit coverage mask: how much of each pixel a shape (here, the glyphs of a line of text)
/// covers, 0 (none) to 255 (all); rows from top to bottom with no padding. The compositor
/// paints a colour through it.
public struct CoverageMask: Sendable, Equatable {
  /// Width in pixels (0 for a mask that covers nothing, e.g. a line of spaces).
  public let width: Int
  /// Height in pixels (0 when `width` is 0).
  public let height: Int
  /// `width * height` coverage values.
  public var alpha: [UInt8]

  /// A mask of the given coverage values; `alpha.count` must be `width * height`.
  public init(width: Int, height: Int, alpha: [UInt8]) {
    precondition(width >= 0 && height >= 0 && alpha.count == width * height, "CoverageMask size mismatch")
    self.width = width
    self.height = height
    self.alpha = alpha
  }

  /// A mask that covers nothing over `width` × `height` pixels.
  public init(width: Int, height: Int) {
    self.init(width: width, height: height, alpha: [UInt8](repeating: 0, count: width * height))
  }

  /// The coverage at (`x`, `y`), 0 outside the mask.
  public func coverage(x: Int, y: Int) -> UInt8 {
    guard x >= 0, y >= 0, x < width, y < height else { return 0 }
    return alpha[y * width + x]
  }
}
