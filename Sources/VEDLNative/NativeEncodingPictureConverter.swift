import CFFmpeg
import VEDLRaster

/// Turns the compositor's pictures (opaque premultiplied RGBA at canvas size) into the frames
/// the video encoder takes, with swscale: scaled to the output size (bicubic, as the FFmpeg
/// backend's `scale` for the `medium` and `low` qualities) and converted to the encoder's
/// pixel format. For Y′CbCr formats the matrix is `NativeEncodingColorMatrix` (BT.709 for HD,
/// BT.601 otherwise), from full-range RGB to limited range, and every frame is tagged with
/// it, so the encoder writes the tags into the stream.
///
/// A subsampled format (`yuv420p`) is reached in two passes, as the FFmpeg backend reaches
/// it: RGBA to full-resolution `yuv444p` (and the output size), then `yuv444p` to the
/// encoder's format, where swscale halves the chroma with its bicubic filter. swscale's one
/// direct RGBA → 4:2:0 pass averages pairs of pixels across instead, and on saturated edges
/// the two backends' colours would differ by more than the encoder's own loss.
///
/// Owns the `SwsContext`s and the reusable `AVFrame`s; used on one thread.
final class NativeEncodingPictureConverter {
  private let context: OpaquePointer
  /// The second pass (`yuv444p` → the encoder's subsampled format), if any.
  private let subsampling: OpaquePointer?
  /// The full-resolution picture between the passes, if any.
  private let intermediate: UnsafeMutablePointer<AVFrame>?
  /// The converted picture, rewritten by each `convert`.
  let frame: UnsafeMutablePointer<AVFrame>
  /// The size of the pictures given to `convert`.
  let sourceWidth: Int
  /// The height of the pictures given to `convert`.
  let sourceHeight: Int
  /// The matrix used, or `nil` when the output is RGB (a `.png` still).
  let matrix: NativeEncodingColorMatrix?

  /// A converter from `sourceWidth` × `sourceHeight` RGBA to `width` × `height` in
  /// `pixelFormat`.
  init(
    sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, pixelFormat: AVPixelFormat
  ) throws(NativePipelineError) {
    self.sourceWidth = sourceWidth
    self.sourceHeight = sourceHeight
    let descriptor = av_pix_fmt_desc_get(pixelFormat)
    let isRGB = descriptor.map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 } ?? false
    let isSubsampled =
      !isRGB && descriptor.map { $0.pointee.log2_chroma_w > 0 || $0.pointee.log2_chroma_h > 0 } ?? false
    matrix = isRGB ? nil : NativeEncodingColorMatrix.forPicture(width: width, height: height)
    let firstFormat = isSubsampled ? AV_PIX_FMT_YUV444P : pixelFormat
    // Bicubic with full-resolution RGB chroma, as the lowering's `scale` (`Filter.resize`).
    let flags = SWS_BICUBIC | SWS_FULL_CHR_H_INP
    func cannot(_ from: String, _ to: AVPixelFormat) -> NativePipelineError {
      let name = av_get_pix_fmt_name(to).map { String(cString: $0) } ?? "\(to.rawValue)"
      return .encodingFailed(reason: "swscale cannot convert \(from) to \(width)x\(height) \(name)")
    }
    guard
      let context = sws_getContext(
        Int32(sourceWidth), Int32(sourceHeight), AV_PIX_FMT_RGBA, Int32(width), Int32(height), firstFormat,
        flags, nil, nil, nil)
    else { throw cannot("\(sourceWidth)x\(sourceHeight) RGBA", firstFormat) }
    self.context = context
    if isSubsampled {
      subsampling = sws_getContext(
        Int32(width), Int32(height), AV_PIX_FMT_YUV444P, Int32(width), Int32(height), pixelFormat, flags, nil, nil,
        nil)
      intermediate = av_frame_alloc()
    } else {
      subsampling = nil
      intermediate = nil
    }
    guard let frame = av_frame_alloc() else {
      Self.free(context, subsampling, intermediate)
      throw .encodingFailed(reason: "out of memory while allocating a picture")
    }
    self.frame = frame
    if isSubsampled && (subsampling == nil || intermediate == nil) {
      // `deinit` frees what was made.
      throw subsampling == nil
        ? cannot("yuv444p", pixelFormat) : .encodingFailed(reason: "out of memory while allocating a picture")
    }
    frame.pointee.width = Int32(width)
    frame.pointee.height = Int32(height)
    frame.pointee.format = pixelFormat.rawValue
    frame.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
    if let matrix {
      // Full-range RGB in, limited-range Y′CbCr out, with the chosen matrix; the second pass
      // stays in that matrix and range.
      let coefficients = sws_getCoefficients(matrix.swscaleColorSpace)
      _ = sws_setColorspaceDetails(context, coefficients, 1, coefficients, 0, 0, 1 << 16, 1 << 16)
      if let subsampling {
        _ = sws_setColorspaceDetails(subsampling, coefficients, 0, coefficients, 0, 0, 1 << 16, 1 << 16)
      }
      frame.pointee.color_range = AVCOL_RANGE_MPEG
      frame.pointee.colorspace = matrix.avColorSpace
      frame.pointee.color_primaries = matrix.avColorPrimaries
      frame.pointee.color_trc = matrix.avColorTransfer
    }
    let code = av_frame_get_buffer(frame, 0)
    if code < 0 { throw .encodingFailed(reason: NativePipelineError.reason("allocating a picture", code: code)) }
    if let intermediate {
      intermediate.pointee.width = Int32(width)
      intermediate.pointee.height = Int32(height)
      intermediate.pointee.format = AV_PIX_FMT_YUV444P.rawValue
      let code = av_frame_get_buffer(intermediate, 0)
      if code < 0 { throw .encodingFailed(reason: NativePipelineError.reason("allocating a picture", code: code)) }
    }
  }

  private static func free(
    _ context: OpaquePointer, _ subsampling: OpaquePointer?, _ intermediate: UnsafeMutablePointer<AVFrame>?
  ) {
    sws_freeContext(context)
    if let subsampling { sws_freeContext(subsampling) }
    var owned = intermediate
    av_frame_free(&owned)
  }

  deinit {
    Self.free(context, subsampling, intermediate)
    var owned: UnsafeMutablePointer<AVFrame>? = frame
    av_frame_free(&owned)
  }

  /// Converts `image` (which must have the source size) into `frame`, stamped `pts`. The
  /// frame's buffer is replaced first when the encoder still holds a reference to it.
  func convert(_ image: RGBAImage, pts: Int64) throws(NativePipelineError) -> UnsafeMutablePointer<AVFrame> {
    guard image.width == sourceWidth, image.height == sourceHeight else {
      throw .encodingFailed(
        reason: "a picture of \(image.width)x\(image.height) arrived where \(sourceWidth)x\(sourceHeight) was expected")
    }
    let writable = av_frame_make_writable(frame)
    if writable < 0 {
      throw .encodingFailed(reason: NativePipelineError.reason("allocating a picture", code: writable))
    }
    let target = intermediate ?? frame
    let scaled = image.pixels.withUnsafeBufferPointer { pixels -> Int32 in
      let sourcePlanes: [UnsafePointer<UInt8>?] = [pixels.baseAddress, nil, nil, nil]
      let sourceStrides: [Int32] = [Int32(sourceWidth * 4), 0, 0, 0]
      return Self.scale(context, sourcePlanes, sourceStrides, rows: sourceHeight, into: target)
    }
    if scaled <= 0 {
      throw .encodingFailed(reason: "swscale could not convert a picture")
    }
    if let subsampling, let intermediate {
      let planes: [UnsafePointer<UInt8>?] = (0..<4).map { UnsafePointer(vedl_av_frame_plane(intermediate, Int32($0))) }
      let strides: [Int32] = (0..<4).map { vedl_av_frame_linesize(intermediate, Int32($0)) }
      if Self.scale(subsampling, planes, strides, rows: Int(intermediate.pointee.height), into: frame) <= 0 {
        throw .encodingFailed(reason: "swscale could not subsample a picture")
      }
    }
    frame.pointee.pts = pts
    frame.pointee.pict_type = AV_PICTURE_TYPE_NONE
    return frame
  }

  /// Runs `context` over `rows` rows of the source planes into `target`'s planes.
  private static func scale(
    _ context: OpaquePointer, _ planes: [UnsafePointer<UInt8>?], _ strides: [Int32], rows: Int,
    into target: UnsafeMutablePointer<AVFrame>
  ) -> Int32 {
    let targetPlanes: [UnsafeMutablePointer<UInt8>?] = (0..<4).map { vedl_av_frame_plane(target, Int32($0)) }
    let targetStrides: [Int32] = (0..<4).map { vedl_av_frame_linesize(target, Int32($0)) }
    return sws_scale(context, planes, strides, 0, Int32(rows), targetPlanes, targetStrides)
  }
}
