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
/// encoders (`png`, `mjpeg`, `libwebp`, through VEDLMedia's `StreamEncoder`), converting with
/// swscale: RGB for PNG, full-range BT.601 Y′CbCr 4:2:0 for JPEG (as JFIF wants), BGRA for
/// lossless WebP.
public enum StillPictureEncoder {
  /// Whether this FFmpeg has the encoder of `format`.
  public static func isAvailable(_ format: StillPictureFormat) -> Bool {
    StreamEncoder.isAvailable(format.encoderName)
  }

  /// The complete file contents of `image` (treated as opaque) in `format`. `fast` trades
  /// size for time where the format allows it without changing a pixel (PNG: zlib level 0,
  /// stored blocks — three times the bytes, a fifth of the time — for `vedl preview`'s
  /// frames, which travel over loopback).
  public static func encode(
    _ image: RGBAImage, as format: StillPictureFormat, fast: Bool = false
  ) throws(StillEncodingError) -> [UInt8] {
    LibavLog.configure(LibavLog.configuration)
    let name = format.encoderName
    guard StreamEncoder.isAvailable(name) else {
      throw StillEncodingError(
        "this FFmpeg has no `\(name)` encoder, so it cannot write .\(format.rawValue) pictures",
        encoderMissing: true)
    }
    let pixelFormat: PixelFormat
    var options: [MediaOption] = []
    switch format {
    case .png:
      pixelFormat = .rgb24
      if fast { options.append(MediaOption("compression_level", "0")) }
    case .jpeg:
      pixelFormat = .yuvj420p
    case .webp:
      pixelFormat = .bgra
      options.append(MediaOption("lossless", "1"))
    }
    let encoder: StreamEncoder
    do {
      // JPEG: full range, at the fixed quantiser 2 (`-q:v 2`).
      encoder = try StreamEncoder(
        still: name, width: image.width, height: image.height, pixelFormat: pixelFormat, fullRange: format == .jpeg,
        quantizer: format == .jpeg ? 2 : nil, options: options)
    } catch {
      throw StillEncodingError(error.message)
    }

    let frame: Frame
    do { frame = try Frame() } catch { throw StillEncodingError("out of memory while encoding") }
    frame.pixelFormat = pixelFormat
    frame.width = image.width
    frame.height = image.height
    if format == .jpeg { frame.colorRange = .full }
    frame.presentationTimestamp = 0
    do { try frame.allocateBuffers() } catch {
      throw StillEncodingError("out of memory while encoding: \(error.explanation)")
    }
    try convert(image, into: frame, format: pixelFormat)

    let packet: Packet
    do { packet = try Packet() } catch { throw StillEncodingError("out of memory while encoding") }
    var bytes: [UInt8] = []
    do { try encoder.send(frame) } catch {
      throw StillEncodingError("\(name) refused the picture: \(error.explanation)")
    }
    try? encoder.send(nil)
    while true {
      let received: FrameReception
      do { received = try encoder.receive(into: packet) } catch {
        throw StillEncodingError("\(name) failed: \(error.explanation)")
      }
      guard received == .received else { break }
      if let data = packet.data { bytes.append(contentsOf: data) }
      packet.unreference()
    }
    guard !bytes.isEmpty else { throw StillEncodingError("\(name) produced no picture") }
    return bytes
  }

  /// Converts the RGBA picture into `frame`'s planes with swscale (full range for JPEG's
  /// `yuvj420p`, BT.601 as JFIF specifies).
  private static func convert(_ image: RGBAImage, into frame: Frame, format: PixelFormat) throws(StillEncodingError) {
    let context: ScalingContext
    do {
      context = try ScalingContext(
        sourceWidth: image.width, sourceHeight: image.height, sourceFormat: .rgba, width: image.width,
        height: image.height, format: format, flags: .bicubic)
    } catch {
      throw StillEncodingError("swscale cannot convert RGBA to the encoder's pixel format")
    }
    let converted = image.pixels.withUnsafeBufferPointer { buffer in
      Result { () throws(FFmpegError) in
        try context.scale(packed: buffer.baseAddress!, stride: image.width * 4, rows: image.height, into: frame)
      }
    }
    switch converted {
    case .failure(let error): throw StillEncodingError("swscale could not convert the picture: \(error.explanation)")
    case .success(let rows) where rows <= 0: throw StillEncodingError("swscale could not convert the picture")
    case .success: break
    }
  }
}
