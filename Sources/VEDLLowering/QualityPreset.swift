/// The export quality presets of `export … quality:` (and `vedl render --quality`), as data.
///
/// docs/graph.md prints the same table; both the in-process runner and `vedl graph --command`
/// encode with it, so the two backends' files differ only by encoder nondeterminism.
public struct QualityPreset: Sendable, Hashable {
  /// The preset's name as written in a script.
  public enum Name: String, Sendable, Hashable, CaseIterable {
    case lossless, original, high, medium, low
  }

  /// Which preset this is.
  public var name: Name
  /// The output must fit within `maximumSide × maximumSide` (sides kept even, never scaled
  /// up); `nil` keeps the canvas size.
  public var maximumSide: Int64?
  /// libx264's constant rate factor (`.mp4`, `.mov`); 0 is lossless.
  public var h264CRF: Int
  /// libvpx-vp9's constant quality level with `b:v 0` (`.webm`), the VP9 equivalent of the
  /// H.264 row; `nil` for VP9's lossless mode.
  public var vp9CRF: Int?
  /// Audio bit rate in bits per second (AAC for `.mp4`/`.mov`, Opus for `.webm`).
  public var audioBitRate: Int

  /// Every preset, best first.
  public static let table: [QualityPreset] = [
    QualityPreset(name: .lossless, maximumSide: nil, h264CRF: 0, vp9CRF: nil, audioBitRate: 192_000),
    QualityPreset(name: .original, maximumSide: nil, h264CRF: 17, vp9CRF: 24, audioBitRate: 192_000),
    QualityPreset(name: .high, maximumSide: nil, h264CRF: 20, vp9CRF: 28, audioBitRate: 160_000),
    QualityPreset(name: .medium, maximumSide: 1280, h264CRF: 23, vp9CRF: 33, audioBitRate: 128_000),
    QualityPreset(name: .low, maximumSide: 854, h264CRF: 28, vp9CRF: 40, audioBitRate: 96_000),
  ]

  /// The preset called `name`.
  public static func named(_ name: Name) -> QualityPreset {
    // Every name has its row.
    table.first { $0.name == name } ?? table.first { $0.name == .high }!
  }

  /// The preset called `text` (`"high"`), or `nil` for an unknown name.
  public static func named(_ text: String) -> QualityPreset? {
    Name(rawValue: text).map(named)
  }

  /// The output size for a canvas: the canvas itself, or scaled down to fit within
  /// `maximumSide` on both sides with even sides (at least 2), keeping its shape.
  public func outputSize(canvasWidth: Int64, canvasHeight: Int64) -> (width: Int64, height: Int64) {
    guard let side = maximumSide, max(canvasWidth, canvasHeight) > side else {
      return (canvasWidth, canvasHeight)
    }
    let longer = max(canvasWidth, canvasHeight)
    // Round each side to the nearest pixel, then down to even: `w · side / longer`.
    func scaled(_ v: Int64) -> Int64 {
      let nearest = (2 * v * side + longer) / (2 * longer)
      return max(2, nearest - nearest % 2)
    }
    return (scaled(canvasWidth), scaled(canvasHeight))
  }
}
