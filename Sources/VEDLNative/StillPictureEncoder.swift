import CFFmpeg
import VEDLMedia
import VEDLRaster

/// Why a still picture could not be encoded.
public struct StillEncodingError: Error, Sendable, Equatable {
  /// What went wrong, for the user.
  public var message: String
  /// The encoder is not part of this FFmpeg build (for example `libwebp`).
  public var encoderMissing: Bool

  /// An error with a message; `encoderMissing` when the encoder does not exist.
  public init(_ message: String, encoderMissing: Bool = false) {
    self.message = message
    self.encoderMissing = encoderMissing
  }
}

/// Encodes one opaque picture into the bytes of a PNG, JPEG or WebP file with libavcodec's
/// encoders (`png`, `mjpeg`, `libwebp`), converting with swscale: RGB for PNG, full-range
/// BT.601 Y′CbCr 4:2:0 for JPEG (as JFIF wants), BGRA for lossless WebP.
public enum StillPictureEncoder {
  /// Whether this FFmpeg has the encoder of `format`.
  public static func isAvailable(_ format: StillPictureFormat) -> Bool {
    avcodec_find_encoder_by_name(format.encoderName) != nil
  }

  /// The complete file contents of `image` (treated as opaque) in `format`.
  public static func encode(_ image: RGBAImage, as format: StillPictureFormat) throws(StillEncodingError) -> [UInt8] {
    LibavLog.configure(LibavLog.configuration)
    guard let encoder = avcodec_find_encoder_by_name(format.encoderName) else {
      throw StillEncodingError(
        "this FFmpeg has no `\(format.encoderName)` encoder, so it cannot write .\(format.rawValue) pictures",
        encoderMissing: true)
    }
    guard let context = avcodec_alloc_context3(encoder) else {
      throw StillEncodingError("out of memory while setting up the \(format.encoderName) encoder")
    }
    defer {
      var owned: UnsafeMutablePointer<AVCodecContext>? = context
      avcodec_free_context(&owned)
    }
    let pixelFormat: AVPixelFormat
    var options: OpaquePointer? = nil
    defer { av_dict_free(&options) }
    switch format {
    case .png:
      pixelFormat = AV_PIX_FMT_RGB24
    case .jpeg:
      pixelFormat = AV_PIX_FMT_YUVJ420P
      context.pointee.color_range = AVCOL_RANGE_JPEG
      context.pointee.flags |= Int32(AV_CODEC_FLAG_QSCALE)
      context.pointee.global_quality = 2 * Int32(FF_QP2LAMBDA)
    case .webp:
      pixelFormat = AV_PIX_FMT_BGRA
      av_dict_set(&options, "lossless", "1", 0)
    }
    context.pointee.width = Int32(image.width)
    context.pointee.height = Int32(image.height)
    context.pointee.pix_fmt = pixelFormat
    context.pointee.time_base = AVRational(num: 1, den: 25)
    context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
    var code = avcodec_open2(context, encoder, &options)
    guard code >= 0 else {
      throw StillEncodingError(
        "cannot open the \(format.encoderName) encoder: \(FFmpegError.message(for: code))")
    }

    guard var frame = av_frame_alloc() else { throw StillEncodingError("out of memory while encoding") }
    defer {
      var owned: UnsafeMutablePointer<AVFrame>? = frame
      av_frame_free(&owned)
      frame = owned ?? frame
    }
    frame.pointee.format = pixelFormat.rawValue
    frame.pointee.width = Int32(image.width)
    frame.pointee.height = Int32(image.height)
    if format == .jpeg { frame.pointee.color_range = AVCOL_RANGE_JPEG }
    frame.pointee.pts = 0
    code = av_frame_get_buffer(frame, 0)
    guard code >= 0 else { throw StillEncodingError("out of memory while encoding: \(FFmpegError.message(for: code))") }
    try convert(image, into: frame, format: pixelFormat)

    guard var packet = av_packet_alloc() else { throw StillEncodingError("out of memory while encoding") }
    defer {
      var owned: UnsafeMutablePointer<AVPacket>? = packet
      av_packet_free(&owned)
      packet = owned ?? packet
    }
    var bytes: [UInt8] = []
    code = avcodec_send_frame(context, frame)
    guard code >= 0 else {
      throw StillEncodingError("\(format.encoderName) refused the picture: \(FFmpegError.message(for: code))")
    }
    _ = avcodec_send_frame(context, nil)
    while true {
      code = avcodec_receive_packet(context, packet)
      if code == vedl_averror_eof() || code == vedl_averror_eagain() { break }
      guard code >= 0 else {
        throw StillEncodingError("\(format.encoderName) failed: \(FFmpegError.message(for: code))")
      }
      if let data = packet.pointee.data, packet.pointee.size > 0 {
        bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(packet.pointee.size)))
      }
      av_packet_unref(packet)
    }
    guard !bytes.isEmpty else { throw StillEncodingError("\(format.encoderName) produced no picture") }
    return bytes
  }

  /// Converts the RGBA picture into `frame`'s planes with swscale (full range for JPEG's
  /// `yuvj420p`, BT.601 as JFIF specifies).
  private static func convert(_ image: RGBAImage, into frame: UnsafeMutablePointer<AVFrame>, format: AVPixelFormat)
    throws(StillEncodingError)
  {
    guard
      let context = sws_getContext(
        Int32(image.width), Int32(image.height), AV_PIX_FMT_RGBA, Int32(image.width), Int32(image.height), format,
        Int32(SWS_BICUBIC), nil, nil, nil)
    else { throw StillEncodingError("swscale cannot convert RGBA to the encoder's pixel format") }
    defer { sws_freeContext(context) }
    var destinations: [UnsafeMutablePointer<UInt8>?] = (0..<4).map { vedl_av_frame_plane(frame, Int32($0)) }
    var strides: [Int32] = (0..<4).map { vedl_av_frame_linesize(frame, Int32($0)) }
    let converted = image.pixels.withUnsafeBufferPointer { buffer -> Int32 in
      var sources: [UnsafePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
      var sourceStrides: [Int32] = [Int32(image.width * 4), 0, 0, 0]
      return sws_scale(context, &sources, &sourceStrides, 0, Int32(image.height), &destinations, &strides)
    }
    guard converted > 0 else { throw StillEncodingError("swscale could not convert the picture") }
  }
}
