import CFFmpeg
import VEDLMedia
import VEDLTime

/// Decodes the pictures of one media file's first video stream, in presentation order, with
/// their exact presentation times — the native renderer's equivalent of the FFmpeg backend's
/// `-copyts -start_at_zero -ss … -i FILE`: times are counted from the file's start time, and
/// a seek goes to the keyframe before the wanted time (frames are then decoded and skipped,
/// never guessed).
///
/// Owns its demuxer (`avformat_open_input` / `avformat_close_input`), decoder
/// (`avcodec_alloc_context3` / `avcodec_free_context`) and packet; not for concurrent use.
final class MediaPictureReader {
  /// The file, for error messages.
  let path: String
  private var format: UnsafeMutablePointer<AVFormatContext>?
  private var codec: UnsafeMutablePointer<AVCodecContext>?
  private var packet: UnsafeMutablePointer<AVPacket>?
  private let streamIndex: Int32
  private let timeBase: AVRational
  /// The file's start time in microseconds (`AV_TIME_BASE`), when known.
  private let startTime: Int64?
  /// Added to every picture's timestamp so that the file's start time becomes 0, in the
  /// stream's time base (what `-start_at_zero` does).
  private let timestampOffset: Int64
  /// One frame at the stream's rate (for pictures without a timestamp, and to tell a file
  /// that ends early from one whose last picture simply lasts).
  let frameDuration: Rational
  /// Where the file says its pictures end (seconds from its start): the stream's duration,
  /// else the container's; `nil` when neither is known.
  let declaredEnd: Rational?
  /// Decoded pictures not yet taken, oldest first.
  private var pending: [DecodedPicture] = []
  private var pendingStart = 0
  /// The end of the file was reached and the decoder drained.
  private var drained = false
  /// The time of the last picture handed out (for pictures without a timestamp).
  private var lastTime: Rational?

  /// Opens `path` and its first video stream's decoder: the one named `decoder`
  /// (`libvpx-vp9` for a WebM with an alpha channel), else the codec's default.
  init(path: String, decoder: String? = nil) throws(NativeRenderError) {
    self.path = path
    LibavSetup.ensureLogging()
    var context: UnsafeMutablePointer<AVFormatContext>? = nil
    let opened = avformat_open_input(&context, "file:" + path, nil, nil)
    guard opened >= 0, let context else {
      throw NativeRenderError("cannot open `\(path)`: \(FFmpegError.message(for: opened))", path: path)
    }
    format = context
    let info = avformat_find_stream_info(context, nil)
    if info < 0 {
      var owned: UnsafeMutablePointer<AVFormatContext>? = context
      avformat_close_input(&owned)
      throw NativeRenderError("cannot read the streams of `\(path)`: \(FFmpegError.message(for: info))", path: path)
    }
    let count = Int(context.pointee.nb_streams)
    guard
      let index = (0..<count).first(where: {
        context.pointee.streams[$0]!.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
      })
    else {
      var owned: UnsafeMutablePointer<AVFormatContext>? = context
      avformat_close_input(&owned)
      throw NativeRenderError("`\(path)` has no picture", path: path)
    }
    for other in 0..<count {
      context.pointee.streams[other]!.pointee.discard = other == index ? AVDISCARD_DEFAULT : AVDISCARD_ALL
    }
    let stream = context.pointee.streams[index]!
    streamIndex = Int32(index)
    timeBase = stream.pointee.time_base
    let start = context.pointee.start_time
    startTime = start == vedl_av_nopts_value() ? nil : start
    timestampOffset = startTime.map { av_rescale_q(-$0, vedl_av_time_base_q(), stream.pointee.time_base) } ?? 0
    let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
    frameDuration =
      rate.num > 0 && rate.den > 0 ? Rational(Int64(rate.den), Int64(rate.num)) ?? Rational(1, 25)! : Rational(1, 25)!
    let base = Rational(Int64(stream.pointee.time_base.num), Int64(stream.pointee.time_base.den))
    let streamDuration = stream.pointee.duration
    if streamDuration > 0, streamDuration != vedl_av_nopts_value(), let base,
      let length = Rational(streamDuration).checkedMultiplying(base)
    {
      let streamStart = stream.pointee.start_time
      let offset =
        streamStart == vedl_av_nopts_value() ? Rational.zero : Rational(streamStart + timestampOffset) * base
      declaredEnd = offset + length
    } else if context.pointee.duration > 0, context.pointee.duration != vedl_av_nopts_value() {
      declaredEnd = Rational(context.pointee.duration, 1_000_000)
    } else {
      declaredEnd = nil
    }

    do throws(NativeRenderError) {
      codec = try Self.openDecoder(for: stream, named: decoder, path: path)
    } catch {
      var owned: UnsafeMutablePointer<AVFormatContext>? = context
      avformat_close_input(&owned)
      format = nil
      throw error
    }
    packet = av_packet_alloc()
    if packet == nil { throw NativeRenderError("out of memory while reading `\(path)`", path: path) }
  }

  deinit {
    av_packet_free(&packet)
    avcodec_free_context(&codec)
    avformat_close_input(&format)
  }

  /// A decoder for `stream` (the one called `name`, else the codec's default), opened with
  /// automatic threading as the CLI does.
  private static func openDecoder(for stream: UnsafeMutablePointer<AVStream>, named name: String?, path: String)
    throws(NativeRenderError) -> UnsafeMutablePointer<AVCodecContext>
  {
    let parameters = stream.pointee.codecpar!
    if let name, avcodec_find_decoder_by_name(name) == nil {
      throw NativeRenderError("this FFmpeg has no decoder `\(name)` for `\(path)`", path: path)
    }
    guard
      let decoder = name.flatMap({ avcodec_find_decoder_by_name($0) })
        ?? avcodec_find_decoder(parameters.pointee.codec_id)
    else {
      let name = String(cString: avcodec_get_name(parameters.pointee.codec_id))
      throw NativeRenderError("this FFmpeg cannot decode the video codec `\(name)` of `\(path)`", path: path)
    }
    guard var context = avcodec_alloc_context3(decoder) else {
      throw NativeRenderError("out of memory while opening a decoder for `\(path)`", path: path)
    }
    var code = avcodec_parameters_to_context(context, parameters)
    if code >= 0 {
      context.pointee.pkt_timebase = stream.pointee.time_base
      var options: OpaquePointer? = nil
      av_dict_set(&options, "threads", "auto", 0)
      code = avcodec_open2(context, decoder, &options)
      av_dict_free(&options)
    }
    guard code >= 0 else {
      var owned: UnsafeMutablePointer<AVCodecContext>? = context
      avcodec_free_context(&owned)
      context = owned ?? context
      throw NativeRenderError(
        "cannot open the video decoder of `\(path)`: \(FFmpegError.message(for: code))", path: path)
    }
    return context
  }

  /// The next picture in presentation order; `nil` at the end of the file.
  func next() throws(NativeRenderError) -> DecodedPicture? {
    while pendingStart == pending.count && !drained {
      try decodeMore()
    }
    guard pendingStart < pending.count else { return nil }
    let picture = pending[pendingStart]
    pendingStart += 1
    if pendingStart == pending.count {
      pending.removeAll(keepingCapacity: true)
      pendingStart = 0
    }
    lastTime = picture.time
    return picture
  }

  /// Goes to the keyframe at or before source time `time` (seconds from the file's start),
  /// so that `next()` continues from there. `false` when the demuxer cannot seek.
  func seek(to time: Rational) -> Bool {
    guard let format, let codec else { return false }
    var target = LibavSetup.microseconds(max(.zero, time))
    if let startTime { target += startTime }
    let code = avformat_seek_file(format, -1, Int64.min, target, target, 0)
    guard code >= 0 else { return false }
    avcodec_flush_buffers(codec)
    pending.removeAll(keepingCapacity: true)
    pendingStart = 0
    drained = false
    lastTime = nil
    return true
  }

  /// Reads one packet of the stream and decodes it (or, at the end, drains the decoder).
  private func decodeMore() throws(NativeRenderError) {
    guard let format, let codec, let packet else {
      drained = true
      return
    }
    while true {
      let read = av_read_frame(format, packet)
      if read < 0 {
        if read != vedl_averror_eof() {
          throw NativeRenderError("cannot read `\(path)`: \(FFmpegError.message(for: read))", path: path)
        }
        // The end of the file: drain the decoder.
        _ = avcodec_send_packet(codec, nil)
        try receivePictures()
        drained = true
        return
      }
      defer { av_packet_unref(packet) }
      guard packet.pointee.stream_index == streamIndex else { continue }
      var sent = avcodec_send_packet(codec, packet)
      if sent == vedl_averror_eagain() {
        try receivePictures()
        sent = avcodec_send_packet(codec, packet)
      }
      // A damaged packet is skipped, as the CLI skips it (with a warning).
      if sent < 0 && sent != vedl_averror_invaliddata() && sent != vedl_averror_eagain() {
        throw NativeRenderError("cannot decode `\(path)`: \(FFmpegError.message(for: sent))", path: path)
      }
      try receivePictures()
      return
    }
  }

  /// Takes every picture the decoder has ready.
  private func receivePictures() throws(NativeRenderError) {
    guard let codec else { return }
    while true {
      guard let frame = av_frame_alloc() else {
        throw NativeRenderError("out of memory while decoding `\(path)`", path: path)
      }
      let code = avcodec_receive_frame(codec, frame)
      if code < 0 {
        var owned: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&owned)
        if code == vedl_averror_eagain() || code == vedl_averror_eof() { return }
        if code == vedl_averror_invaliddata() { continue }
        throw NativeRenderError("cannot decode `\(path)`: \(FFmpegError.message(for: code))", path: path)
      }
      pending.append(DecodedPicture(frame: frame, time: time(of: frame)))
    }
  }

  /// How long a decoded picture lasts, when its packet said (variable-rate files).
  func duration(of picture: DecodedPicture) -> Rational? {
    let ticks = picture.frame.pointee.pkt_duration
    guard ticks > 0, let base = Rational(Int64(timeBase.num), Int64(timeBase.den)) else { return nil }
    return Rational(ticks).checkedMultiplying(base)
  }

  /// A picture's presentation time: its best-effort timestamp (as the CLI stamps decoded
  /// pictures) shifted to the file's start, in seconds; a picture without one follows the
  /// previous picture by one frame.
  private func time(of frame: UnsafeMutablePointer<AVFrame>) -> Rational {
    let stamp = frame.pointee.best_effort_timestamp
    if stamp != vedl_av_nopts_value(), let base = Rational(Int64(timeBase.num), Int64(timeBase.den)),
      let t = Rational(stamp + timestampOffset).checkedMultiplying(base)
    {
      return t
    }
    let previous = pending.last?.time ?? lastTime
    return previous.map { $0 + frameDuration } ?? .zero
  }
}
