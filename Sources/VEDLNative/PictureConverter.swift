import VEDLMedia
import VEDLRaster

/// Converts decoded pictures to premultiplied RGBA with swscale (VEDLMedia's
/// `ScalingContext`), as the FFmpeg backend's `format=rgba` does (same `bicubic` flags, so
/// the same chroma handling), choosing the YCbCr matrix and range explicitly:
/// - the matrix the stream is tagged with; untagged pictures use BT.709 when they are HD
///   (at least 720 lines) and BT.601 otherwise;
/// - limited ("TV") range unless the picture is tagged full range (or is a `yuvj` format).
///
/// Pictures with an alpha channel (PNG logos, palettes) are premultiplied after conversion.
/// Owns one cached scaling context (`sws_getCachedContext`).
final class PictureConverter {
  private let context = ScalingContext()
  /// An aligned scratch buffer for widths that are not a multiple of 16 pixels: swscale's
  /// SIMD paths want aligned rows, and its x86 YCbCr → RGBA code writes whole blocks of 16
  /// pixels, past the end of a row of 8 (mod 16) pixels.
  private var scratch: AlignedBuffer?

  init() {}

  /// The YCbCr matrix used for `frame`.
  static func colorMatrix(of frame: Frame) -> ScalingContext.Matrix {
    switch frame.colorSpace {
    case .bt709: .itu709
    case .fcc: .fcc
    case .bt470bg: .itu601
    case .smpte170m: .smpte170m
    case .smpte240m: .smpte240m
    case .bt2020NonConstant, .bt2020Constant: .bt2020
    default: frame.height >= 720 ? .itu709 : .itu601
    }
  }

  /// The picture of `frame` as premultiplied RGBA; `nil` when swscale cannot convert its
  /// format. A failed conversion throws swscale's error.
  func convert(_ frame: Frame) throws(FFmpegError) -> RGBAImage? {
    let width = frame.width
    let height = frame.height
    guard width > 0, height > 0, let format = frame.pixelFormat else { return nil }
    guard context.prepare(width: width, height: height, sourceFormat: format, format: .rgba, flags: .bicubic) else {
      return nil
    }
    if format.isYCbCr {
      let fullRange = frame.colorRange == .full
      let matrix = Self.colorMatrix(of: frame)
      // The context's own details are compared, not the ones last set: `prepare` may free
      // and make a context at the same address (a new one has swscale's BT.601).
      if !context.convertsFrom(matrix: matrix, fullRange: fullRange) {
        context.setColorspaceDetails(
          source: matrix, sourceFullRange: fullRange, destination: .default, destinationFullRange: true)
      }
    }

    let rowBytes = width * 4
    let alignedRow = (rowBytes + 63) & ~63
    // Straight into the array only when rows are whole 16-pixel blocks: a width of 8 (mod
    // 16) — 120, 1080 — had swscale write 32 bytes past the array's last row (heap
    // corruption, found by the differential tests). The scratch rows end on 64-byte
    // boundaries, with a block more after the last.
    let direct = width % 16 == 0
    let scratch = direct ? nil : scratchBuffer(bytes: alignedRow * height + 64)
    if !direct && scratch == nil { return nil }
    var converted = 0
    var failure: FFmpegError?
    // Every byte is written by swscale (or copied from the aligned scratch rows), so the
    // array is not zeroed first.
    var pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
      do throws(FFmpegError) {
        if let scratch {
          converted = try context.scale(frame, intoPacked: scratch.bytes, stride: alignedRow)
          for row in 0..<height {
            (buffer.baseAddress! + row * rowBytes).initialize(from: scratch.bytes + row * alignedRow, count: rowBytes)
          }
        } else {
          converted = try context.scale(frame, intoPacked: buffer.baseAddress!, stride: rowBytes)
        }
      } catch {
        failure = error
      }
      count = rowBytes * height
    }
    if let failure { throw failure }
    guard converted > 0 else { return nil }
    if format.hasAlpha { Self.premultiply(&pixels) }
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

  private func scratchBuffer(bytes: Int) -> AlignedBuffer? {
    if bytes > scratch?.count ?? 0 {
      // The old buffer is freed before the new one is allocated.
      scratch = nil
      scratch = try? AlignedBuffer(count: bytes)
    }
    return scratch
  }
}
