import VEDLMedia
import VEDLRaster

/// Turns the compositor's pictures (opaque premultiplied RGBA at canvas size) into the frames
/// the video encoder takes, with swscale (VEDLMedia's `ScalingContext`): scaled to the output
/// size (bicubic, as the FFmpeg backend's `scale` for the `medium` and `low` qualities) and
/// converted to the encoder's pixel format. For Y′CbCr formats the matrix is
/// `NativeEncodingColorMatrix` (BT.709 for HD, BT.601 otherwise), from full-range RGB to
/// limited range, and every frame is tagged with it, so the encoder writes the tags into the
/// stream.
///
/// A subsampled format (`yuv420p`) is reached in two passes, as the FFmpeg backend reaches
/// it: RGBA to full-resolution `yuv444p` (and the output size), then `yuv444p` to the
/// encoder's format, where swscale halves the chroma with its bicubic filter. swscale's one
/// direct RGBA → 4:2:0 pass averages pairs of pixels across instead, and on saturated edges
/// the two backends' colours would differ by more than the encoder's own loss.
///
/// Owns the scaling contexts and the reusable frames; used on one thread.
final class NativeEncodingPictureConverter {
  private let context: ScalingContext
  /// The second pass (`yuv444p` → the encoder's subsampled format), if any.
  private let subsampling: ScalingContext?
  /// The full-resolution picture between the passes, if any.
  private let intermediate: Frame?
  /// The converted picture, rewritten by each `convert`.
  let frame: Frame
  /// The size of the pictures given to `convert`.
  let sourceWidth: Int
  /// The height of the pictures given to `convert`.
  let sourceHeight: Int
  /// The matrix used, or `nil` when the output is RGB (a `.png` still).
  let matrix: NativeEncodingColorMatrix?

  /// A converter from `sourceWidth` × `sourceHeight` RGBA to `width` × `height` in
  /// `pixelFormat`.
  init(
    sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, pixelFormat: PixelFormat
  ) throws(NativePipelineError) {
    self.sourceWidth = sourceWidth
    self.sourceHeight = sourceHeight
    let isRGB = pixelFormat.isRGB
    let isSubsampled = !isRGB && pixelFormat.isChromaSubsampled
    matrix = isRGB ? nil : NativeEncodingColorMatrix.forPicture(width: width, height: height)
    let firstFormat = isSubsampled ? PixelFormat.yuv444p : pixelFormat
    // Bicubic with full-resolution RGB chroma, as the lowering's `scale` (`Filter.resize`).
    let flags: ScalingContext.Flags = [.bicubic, .fullChromaHorizontalInput]
    func cannot(_ from: String, _ to: PixelFormat) -> NativePipelineError {
      .encodingFailed(reason: "swscale cannot convert \(from) to \(width)x\(height) \(to.name)")
    }
    do {
      context = try ScalingContext(
        sourceWidth: sourceWidth, sourceHeight: sourceHeight, sourceFormat: .rgba, width: width, height: height,
        format: firstFormat, flags: flags)
    } catch {
      throw cannot("\(sourceWidth)x\(sourceHeight) RGBA", firstFormat)
    }
    if isSubsampled {
      subsampling = try? ScalingContext(
        sourceWidth: width, sourceHeight: height, sourceFormat: .yuv444p, width: width, height: height,
        format: pixelFormat, flags: flags)
      intermediate = try? Frame()
    } else {
      subsampling = nil
      intermediate = nil
    }
    do { frame = try Frame() } catch { throw .encodingFailed(reason: "out of memory while allocating a picture") }
    if isSubsampled && (subsampling == nil || intermediate == nil) {
      throw subsampling == nil
        ? cannot("yuv444p", pixelFormat) : .encodingFailed(reason: "out of memory while allocating a picture")
    }
    frame.width = width
    frame.height = height
    frame.pixelFormat = pixelFormat
    frame.sampleAspectRatio = LibavRational(1, 1)
    if let matrix {
      // Full-range RGB in, limited-range Y′CbCr out, with the chosen matrix; the second pass
      // stays in that matrix and range.
      context.setColorspaceDetails(
        source: matrix.scalingMatrix, sourceFullRange: true, destination: matrix.scalingMatrix,
        destinationFullRange: false)
      subsampling?.setColorspaceDetails(
        source: matrix.scalingMatrix, sourceFullRange: false, destination: matrix.scalingMatrix,
        destinationFullRange: false)
      frame.colorRange = .limited
      frame.colorSpace = matrix.colorSpace
      frame.colorPrimaries = matrix.colorPrimaries
      frame.colorTransfer = matrix.colorTransfer
    }
    do { try frame.allocateBuffers() } catch {
      throw .encodingFailed(reason: NativePipelineError.reason("allocating a picture", error))
    }
    if let intermediate {
      intermediate.width = width
      intermediate.height = height
      intermediate.pixelFormat = .yuv444p
      do { try intermediate.allocateBuffers() } catch {
        throw .encodingFailed(reason: NativePipelineError.reason("allocating a picture", error))
      }
    }
  }

  /// Converts `image` (which must have the source size) into `frame`, stamped `pts`. The
  /// frame's buffer is replaced first when the encoder still holds a reference to it.
  func convert(_ image: RGBAImage, pts: Int64) throws(NativePipelineError) -> Frame {
    guard image.width == sourceWidth, image.height == sourceHeight else {
      throw .encodingFailed(
        reason: "a picture of \(image.width)x\(image.height) arrived where \(sourceWidth)x\(sourceHeight) was expected")
    }
    do { try frame.makeWritable() } catch {
      throw .encodingFailed(reason: NativePipelineError.reason("allocating a picture", error))
    }
    let target = intermediate ?? frame
    let scaled = image.pixels.withUnsafeBufferPointer { pixels in
      Result { () throws(FFmpegError) in
        try context.scale(packed: pixels.baseAddress!, stride: sourceWidth * 4, rows: sourceHeight, into: target)
      }
    }
    switch scaled {
    case .failure(let error):
      throw .encodingFailed(reason: NativePipelineError.reason("swscale could not convert a picture", error))
    case .success(let rows) where rows <= 0:
      throw .encodingFailed(reason: "swscale could not convert a picture")
    case .success:
      break
    }
    if let subsampling, let intermediate {
      let rows: Int
      do { rows = try subsampling.scale(intermediate, into: frame) } catch {
        throw .encodingFailed(reason: NativePipelineError.reason("swscale could not subsample a picture", error))
      }
      if rows <= 0 { throw .encodingFailed(reason: "swscale could not subsample a picture") }
    }
    frame.presentationTimestamp = pts
    frame.clearPictureType()
    return frame
  }
}
