import CFFmpeg
import VEDLRaster

/// Turns the compositor's pictures (opaque premultiplied RGBA at canvas size) into the frames
/// the video encoder takes, with swscale: scaled to the output size (bicubic, as the FFmpeg
/// backend's `scale` for the `medium` and `low` qualities) and converted to the encoder's
/// pixel format in the same pass. For Y′CbCr formats the matrix is `NativeEncodingColorMatrix`
/// (BT.709 for HD, BT.601 otherwise), from full-range RGB to limited range, and every frame is
/// tagged with it, so the encoder writes the tags into the stream.
///
/// Owns the `SwsContext` and one reusable `AVFrame`; used on one thread.
final class NativeEncodingPictureConverter {
  private let context: OpaquePointer
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
    let isRGB = av_pix_fmt_desc_get(pixelFormat).map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 } ?? false
    matrix = isRGB ? nil : NativeEncodingColorMatrix.forPicture(width: width, height: height)
    // Bicubic, as libavfilter's `scale` and its automatic format conversions: it also filters
    // the chroma when 4:2:0 halves it.
    let flags = SWS_BICUBIC
    guard
      let context = sws_getContext(
        Int32(sourceWidth), Int32(sourceHeight), AV_PIX_FMT_RGBA, Int32(width), Int32(height), pixelFormat,
        flags, nil, nil, nil)
    else {
      let name = av_get_pix_fmt_name(pixelFormat).map { String(cString: $0) } ?? "\(pixelFormat.rawValue)"
      throw .encodingFailed(
        reason: "swscale cannot convert \(sourceWidth)x\(sourceHeight) RGBA to \(width)x\(height) \(name)")
    }
    self.context = context
    guard let frame = av_frame_alloc() else {
      sws_freeContext(context)
      throw .encodingFailed(reason: "out of memory while allocating a picture")
    }
    self.frame = frame
    frame.pointee.width = Int32(width)
    frame.pointee.height = Int32(height)
    frame.pointee.format = pixelFormat.rawValue
    frame.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
    if let matrix {
      // Full-range RGB in, limited-range Y′CbCr out, with the chosen matrix.
      let coefficients = sws_getCoefficients(matrix.swscaleColorSpace)
      _ = sws_setColorspaceDetails(context, coefficients, 1, coefficients, 0, 0, 1 << 16, 1 << 16)
      frame.pointee.color_range = AVCOL_RANGE_MPEG
      frame.pointee.colorspace = matrix.avColorSpace
      frame.pointee.color_primaries = matrix.avColorPrimaries
      frame.pointee.color_trc = matrix.avColorTransfer
    }
    // Fully initialised: `deinit` frees the context and the frame.
    let code = av_frame_get_buffer(frame, 0)
    if code < 0 { throw .encodingFailed(reason: NativePipelineError.reason("allocating a picture", code: code)) }
  }

  deinit {
    sws_freeContext(context)
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
    let planes: [UnsafeMutablePointer<UInt8>?] = (0..<4).map { vedl_av_frame_plane(frame, Int32($0)) }
    let strides: [Int32] = (0..<4).map { vedl_av_frame_linesize(frame, Int32($0)) }
    let scaled = image.pixels.withUnsafeBufferPointer { pixels -> Int32 in
      let sourcePlanes: [UnsafePointer<UInt8>?] = [pixels.baseAddress, nil, nil, nil]
      let sourceStrides: [Int32] = [Int32(sourceWidth * 4), 0, 0, 0]
      return sws_scale(context, sourcePlanes, sourceStrides, 0, Int32(sourceHeight), planes, strides)
    }
    if scaled <= 0 {
      throw .encodingFailed(reason: "swscale could not convert a picture")
    }
    frame.pointee.pts = pts
    frame.pointee.pict_type = AV_PICTURE_TYPE_NONE
    return frame
  }
}
