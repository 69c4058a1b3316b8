import CFFmpeg

/// An owned swscale context (`SwsContext`; `sws_freeContext`): converts pictures between
/// pixel formats and sizes. Made either once for fixed sizes (`init(source…)`, `sws_getContext`)
/// or empty and set up before each picture (`init()` + `prepare`, `sws_getCachedContext`,
/// which keeps the context while the parameters stay the same). Not for concurrent use.
public final class ScalingContext {
  private var context: OpaquePointer?

  /// swscale's flags (`SWS_*`) the native renderer uses.
  public struct Flags: OptionSet, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// Bicubic scaling (`SWS_BICUBIC`), what the `scale` filter uses by default.
    public static let bicubic = Flags(rawValue: Int32(SWS_BICUBIC))
    /// Reads RGB chroma at full horizontal resolution (`SWS_FULL_CHR_H_INP`).
    public static let fullChromaHorizontalInput = Flags(rawValue: Int32(SWS_FULL_CHR_H_INP))
  }

  /// A Y′CbCr matrix as swscale names it (`SWS_CS_*`, for `sws_getCoefficients`).
  public enum Matrix: Sendable, Hashable {
    case itu709, fcc, itu601, smpte170m, smpte240m, bt2020
    /// swscale's default (BT.601).
    case `default`

    var swscaleValue: Int32 {
      switch self {
      case .itu709: SWS_CS_ITU709
      case .fcc: SWS_CS_FCC
      case .itu601: SWS_CS_ITU601
      case .smpte170m: SWS_CS_SMPTE170M
      case .smpte240m: SWS_CS_SMPTE240M
      case .bt2020: SWS_CS_BT2020
      case .default: SWS_CS_DEFAULT
      }
    }
  }

  /// A context from `sourceWidth` × `sourceHeight` in `sourceFormat` to `width` × `height`
  /// in `format` (`sws_getContext`, no filters, default parameters).
  public init(
    sourceWidth: Int, sourceHeight: Int, sourceFormat: PixelFormat, width: Int, height: Int, format: PixelFormat,
    flags: Flags
  ) throws(FFmpegError) {
    guard
      let context = sws_getContext(
        Int32(sourceWidth), Int32(sourceHeight), sourceFormat.avFormat, Int32(width), Int32(height), format.avFormat,
        flags.rawValue, nil, nil, nil)
    else {
      throw FFmpegError(
        code: vedl_averror_einval(),
        operation:
          "setting up swscale from \(sourceWidth)x\(sourceHeight) \(sourceFormat) to \(width)x\(height) \(format)")
    }
    self.context = context
  }

  /// An empty context, set up by `prepare` before use.
  public init() {}

  deinit {
    sws_freeContext(context)
  }

  /// Makes the context convert `width` × `height` pictures from `sourceFormat` to
  /// `format` at the same size (`sws_getCachedContext`: the context is kept when it already
  /// does, else freed and made anew — with swscale's default colour details again). `false`
  /// when swscale cannot convert between the formats.
  public func prepare(width: Int, height: Int, sourceFormat: PixelFormat, format: PixelFormat, flags: Flags) -> Bool {
    context = sws_getCachedContext(
      context, Int32(width), Int32(height), sourceFormat.avFormat, Int32(width), Int32(height), format.avFormat,
      flags.rawValue, nil, nil, nil)
    return context != nil
  }

  /// Sets the matrices and ranges of the conversion (`sws_setColorspaceDetails` with
  /// `sws_getCoefficients`, brightness 0, contrast and saturation 1).
  public func setColorspaceDetails(
    source: Matrix, sourceFullRange: Bool, destination: Matrix, destinationFullRange: Bool
  ) {
    _ = sws_setColorspaceDetails(
      context, sws_getCoefficients(source.swscaleValue), sourceFullRange ? 1 : 0,
      sws_getCoefficients(destination.swscaleValue), destinationFullRange ? 1 : 0, 0, 1 << 16, 1 << 16)
  }

  /// Whether the context converts from Y′CbCr with `matrix` and that range. The context's
  /// own details are read, not the ones last set: `prepare` may free the context and make
  /// one at the same address (a new one has swscale's BT.601).
  public func convertsFrom(matrix: Matrix, fullRange: Bool) -> Bool {
    guard let context else { return false }
    var table: UnsafeMutablePointer<Int32>? = nil
    var outTable: UnsafeMutablePointer<Int32>? = nil
    var sourceRange: Int32 = 0
    var destinationRange: Int32 = 0
    var brightness: Int32 = 0
    var contrast: Int32 = 0
    var saturation: Int32 = 0
    guard
      sws_getColorspaceDetails(
        context, &table, &sourceRange, &outTable, &destinationRange, &brightness, &contrast, &saturation) >= 0,
      let table, let wanted = sws_getCoefficients(matrix.swscaleValue)
    else { return false }
    return (sourceRange != 0) == fullRange && (0..<4).allSatisfy { table[$0] == wanted[$0] }
  }

  /// Converts `rows` rows of the packed picture at `pixels` (one plane, `stride` bytes a
  /// row) into `target`'s planes (`sws_scale`). Returns the height written; throws
  /// swscale's error.
  public func scale(packed pixels: UnsafePointer<UInt8>, stride: Int, rows: Int, into target: Frame) throws(FFmpegError)
    -> Int
  {
    let planes: [UnsafePointer<UInt8>?] = [pixels, nil, nil, nil]
    let strides: [Int32] = [Int32(stride), 0, 0, 0]
    return try scale(planes, strides, rows: rows, into: Self.planes(of: target), Self.strides(of: target))
  }

  /// Converts the whole picture of `source` into `target`'s planes (`sws_scale`).
  public func scale(_ source: Frame, into target: Frame) throws(FFmpegError) -> Int {
    try scale(
      Self.planes(of: source).map { UnsafePointer($0) }, Self.strides(of: source), rows: source.height,
      into: Self.planes(of: target), Self.strides(of: target))
  }

  /// Converts the whole picture of `source` into the packed picture at `destination`
  /// (one plane, `stride` bytes a row) (`sws_scale`).
  public func scale(_ source: Frame, intoPacked destination: UnsafeMutablePointer<UInt8>, stride: Int)
    throws(FFmpegError) -> Int
  {
    try scale(
      Self.planes(of: source).map { UnsafePointer($0) }, Self.strides(of: source), rows: source.height,
      into: [destination, nil, nil, nil], [Int32(stride), 0, 0, 0])
  }

  private static func planes(of frame: Frame) -> [UnsafeMutablePointer<UInt8>?] {
    (0..<4).map { vedl_av_frame_plane(frame.frame, Int32($0)) }
  }

  private static func strides(of frame: Frame) -> [Int32] {
    (0..<4).map { vedl_av_frame_linesize(frame.frame, Int32($0)) }
  }

  private func scale(
    _ planes: [UnsafePointer<UInt8>?], _ strides: [Int32], rows: Int, into targetPlanes: [UnsafeMutablePointer<UInt8>?],
    _ targetStrides: [Int32]
  ) throws(FFmpegError) -> Int {
    guard let context else {
      throw FFmpegError(code: vedl_averror_einval(), operation: "converting a picture with swscale")
    }
    let height = sws_scale(context, planes, strides, 0, Int32(rows), targetPlanes, targetStrides)
    if height < 0 { throw FFmpegError(code: height, operation: "converting a picture with swscale") }
    return Int(height)
  }
}
