import CFFmpeg

/// A libav pixel format (`AVPixelFormat`) as a Swift value, so code outside VEDLMedia can name
/// and inspect formats without libav's headers. `rawValue` is libav's own number, which is
/// what a `buffer` filter's `pix_fmt=` argument takes.
public struct PixelFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: Int32

  public init(rawValue: Int32) { self.rawValue = rawValue }

  init(_ format: AVPixelFormat) { rawValue = format.rawValue }

  /// The format called `name` (`"yuv420p"`, `"rgb24"`; `av_get_pix_fmt`); `nil` when this
  /// FFmpeg has none by that name.
  public init?(named name: String) {
    let format = av_get_pix_fmt(name)
    guard format != AV_PIX_FMT_NONE else { return nil }
    self.init(format)
  }

  var avFormat: AVPixelFormat { AVPixelFormat(rawValue: rawValue) }

  public static let rgba = PixelFormat(AV_PIX_FMT_RGBA)
  public static let rgb24 = PixelFormat(AV_PIX_FMT_RGB24)
  public static let bgra = PixelFormat(AV_PIX_FMT_BGRA)
  public static let yuv444p = PixelFormat(AV_PIX_FMT_YUV444P)
  public static let yuvj420p = PixelFormat(AV_PIX_FMT_YUVJ420P)

  /// libav's name for it (`av_get_pix_fmt_name`), or the number when it has none.
  public var name: String {
    av_get_pix_fmt_name(avFormat).map { String(cString: $0) } ?? "\(rawValue)"
  }

  public var description: String { name }

  private var descriptorFlags: UInt64? { av_pix_fmt_desc_get(avFormat).map { $0.pointee.flags } }

  /// Whether it carries transparency: an alpha plane, or a palette (which may).
  public var hasAlpha: Bool {
    guard let flags = descriptorFlags else { return false }
    return flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 || flags & UInt64(AV_PIX_FMT_FLAG_PAL) != 0
  }

  /// Whether it stores RGB (`AV_PIX_FMT_FLAG_RGB`).
  public var isRGB: Bool {
    guard let flags = descriptorFlags else { return false }
    return flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
  }

  /// Whether it stores Y′CbCr: not RGB and at least three components (so a matrix and a
  /// range apply).
  public var isYCbCr: Bool {
    guard let descriptor = av_pix_fmt_desc_get(avFormat) else { return false }
    return descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 && descriptor.pointee.nb_components >= 3
  }

  /// Whether its chroma planes are smaller than the picture (4:2:0, 4:2:2, …).
  public var isChromaSubsampled: Bool {
    guard let descriptor = av_pix_fmt_desc_get(avFormat) else { return false }
    return descriptor.pointee.log2_chroma_w > 0 || descriptor.pointee.log2_chroma_h > 0
  }
}
