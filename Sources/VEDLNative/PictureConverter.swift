import CFFmpeg
import VEDLRaster

/// Converts decoded pictures to premultiplied RGBA with swscale, as the FFmpeg backend's
/// `format=rgba` does (same `bicubic` flags, so the same chroma handling), choosing the
/// YCbCr matrix and range explicitly:
/// - the matrix the stream is tagged with; untagged pictures use BT.709 when they are HD
///   (at least 720 lines) and BT.601 otherwise;
/// - limited ("TV") range unless the picture is tagged full range (or is a `yuvj` format).
///
/// Pictures with an alpha channel (PNG logos, palettes) are premultiplied after conversion.
/// Owns one cached `SwsContext` (`sws_getCachedContext` / `sws_freeContext`).
final class PictureConverter {
  private var context: OpaquePointer?
  /// An aligned scratch buffer for widths that are not a multiple of 16 pixels, with its
  /// size: swscale's SIMD paths want aligned rows, and its x86 YCbCr → RGBA code writes
  /// whole blocks of 16 pixels, past the end of a row of 8 (mod 16) pixels.
  private var scratch: UnsafeMutablePointer<UInt8>?
  private var scratchSize = 0

  init() {}

  deinit {
    sws_freeContext(context)
    av_free(scratch)
  }

  /// The YCbCr matrix (an `SWS_CS_*` value) used for `frame`.
  static func colorMatrix(of frame: UnsafePointer<AVFrame>) -> Int32 {
    let tagged = frame.pointee.colorspace
    switch tagged {
    case AVCOL_SPC_BT709: return SWS_CS_ITU709
    case AVCOL_SPC_FCC: return SWS_CS_FCC
    case AVCOL_SPC_BT470BG: return SWS_CS_ITU601
    case AVCOL_SPC_SMPTE170M: return SWS_CS_SMPTE170M
    case AVCOL_SPC_SMPTE240M: return SWS_CS_SMPTE240M
    case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: return SWS_CS_BT2020
    default: return frame.pointee.height >= 720 ? SWS_CS_ITU709 : SWS_CS_ITU601
    }
  }

  /// Whether `context` converts from Y′CbCr with `matrix` (`SWS_CS_*`) and range.
  private static func hasDetails(_ context: OpaquePointer, matrix: Int32, fullRange: Bool) -> Bool {
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
      let table, let wanted = sws_getCoefficients(matrix)
    else { return false }
    return (sourceRange != 0) == fullRange && (0..<4).allSatisfy { table[$0] == wanted[$0] }
  }

  /// Whether `format` carries transparency (an alpha plane, or a palette that may).
  static func hasAlpha(_ format: AVPixelFormat) -> Bool {
    guard let descriptor = av_pix_fmt_desc_get(format) else { return false }
    let flags = descriptor.pointee.flags
    return flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 || flags & UInt64(AV_PIX_FMT_FLAG_PAL) != 0
  }

  /// Whether `format` stores YCbCr (so the matrix and range matter).
  static func isYCbCr(_ format: AVPixelFormat) -> Bool {
    guard let descriptor = av_pix_fmt_desc_get(format) else { return false }
    let flags = descriptor.pointee.flags
    return flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 && descriptor.pointee.nb_components >= 3
  }

  /// The picture of `frame` as premultiplied RGBA; `nil` when swscale cannot convert it.
  func convert(_ frame: UnsafePointer<AVFrame>) -> RGBAImage? {
    let width = Int(frame.pointee.width)
    let height = Int(frame.pointee.height)
    let format = AVPixelFormat(rawValue: frame.pointee.format)
    guard width > 0, height > 0, format != AV_PIX_FMT_NONE else { return nil }
    context = sws_getCachedContext(
      context, Int32(width), Int32(height), format, Int32(width), Int32(height), AV_PIX_FMT_RGBA,
      Int32(SWS_BICUBIC), nil, nil, nil)
    guard let context else { return nil }
    if Self.isYCbCr(format) {
      let fullRange = frame.pointee.color_range == AVCOL_RANGE_JPEG
      let matrix = Self.colorMatrix(of: frame)
      // The context's own details are compared, not the ones last set: `sws_getCachedContext`
      // may free and make a context at the same address (a new one has swscale's BT.601).
      if !Self.hasDetails(context, matrix: matrix, fullRange: fullRange) {
        _ = sws_setColorspaceDetails(
          context, sws_getCoefficients(matrix), fullRange ? 1 : 0, sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16,
          1 << 16)
      }
    }

    var sources: [UnsafePointer<UInt8>?] = (0..<4).map { UnsafePointer(vedl_av_frame_plane(frame, Int32($0))) }
    var sourceStrides: [Int32] = (0..<4).map { vedl_av_frame_linesize(frame, Int32($0)) }
    let rowBytes = width * 4
    var converted: Int32 = 0
    let alignedRow = (rowBytes + 63) & ~63
    // Straight into the array only when rows are whole 16-pixel blocks: a width of 8 (mod
    // 16) — 120, 1080 — had swscale write 32 bytes past the array's last row (heap
    // corruption, found by the differential tests). The scratch rows end on 64-byte
    // boundaries, with a block more after the last.
    let direct = width % 16 == 0
    let scratch = direct ? nil : scratchBuffer(bytes: alignedRow * height + 64)
    if !direct && scratch == nil { return nil }
    // Every byte is written by swscale (or copied from the aligned scratch rows), so the
    // array is not zeroed first.
    var pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
      if let scratch {
        var destinations: [UnsafeMutablePointer<UInt8>?] = [scratch, nil, nil, nil]
        var strides: [Int32] = [Int32(alignedRow), 0, 0, 0]
        converted = sws_scale(context, &sources, &sourceStrides, 0, Int32(height), &destinations, &strides)
        for row in 0..<height {
          (buffer.baseAddress! + row * rowBytes).initialize(from: scratch + row * alignedRow, count: rowBytes)
        }
      } else {
        var destinations: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
        var strides: [Int32] = [Int32(rowBytes), 0, 0, 0]
        converted = sws_scale(context, &sources, &sourceStrides, 0, Int32(height), &destinations, &strides)
      }
      count = rowBytes * height
    }
    guard converted > 0 else { return nil }
    if Self.hasAlpha(format) { Self.premultiply(&pixels) }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// Multiplies each colour channel by its alpha (straight → premultiplied), rounding to
  /// nearest.
  static func premultiply(_ pixels: inout [UInt8]) {
    pixels.withUnsafeMutableBufferPointer { p in
      var i = 0
      while i < p.count {
        let a = UInt32(p[i + 3])
        if a != 255 {
          p[i] = UInt8((UInt32(p[i]) * a + 127) / 255)
          p[i + 1] = UInt8((UInt32(p[i + 1]) * a + 127) / 255)
          p[i + 2] = UInt8((UInt32(p[i + 2]) * a + 127) / 255)
        }
        i += 4
      }
    }
  }

  private func scratchBuffer(bytes: Int) -> UnsafeMutablePointer<UInt8>? {
    if bytes > scratchSize {
      av_free(scratch)
      scratch = av_malloc(bytes)?.assumingMemoryBound(to: UInt8.self)
      scratchSize = scratch == nil ? 0 : bytes
    }
    return scratch
  }
}
