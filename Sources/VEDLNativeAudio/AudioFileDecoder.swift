import CFFmpeg
import VEDLMedia
import VEDLTime

/// Decodes the sound of one media file from a seek point on, the way the FFmpeg backend reads
/// it (VEDLMedia's `InputFileReader` under `-copyts -start_at_zero`): the first audio stream
/// only, every other stream discarded; a seek to `seek` seconds (through `avformat_seek_file`,
/// to the keyframe before it, earlier by 3/23 s for formats that seek by decoding time when a
/// stream has reordered frames); packet timestamps shifted by the file's start time, so each
/// block of samples is stamped with its time in the file, in samples of its own rate.
///
/// VEDLMedia's reader is internal to that module and feeds a filter graph, so the few libav
/// calls are repeated here on top of CFFmpeg. Owns its demuxer, decoder, packet and frame.
final class AudioFileDecoder {
  /// The file, for error messages.
  let path: String
  private var format: UnsafeMutablePointer<AVFormatContext>?
  private var codec: UnsafeMutablePointer<AVCodecContext>?
  private var packet: UnsafeMutablePointer<AVPacket>?
  private var frame: UnsafeMutablePointer<AVFrame>?
  // Set by `init`; defaults let a failing `init` release what it opened through `deinit`.
  private var streamIndex: Int32 = -1
  private var streamTimeBase = AVRational(num: 1, den: 1)
  /// Added to every packet timestamp, in microseconds: `-start_time`.
  private var timestampOffset: Int64 = 0
  /// The end of the file was reached and the decoder told so.
  private var isDraining = false
  /// For blocks without a timestamp: where the next one starts; and `av_rescale_delta`'s state.
  private var nextTimestamp: Int64?
  private var rescaleState: Int64 = vedl_av_nopts_value()

  /// Opens `path`, its first audio stream's decoder, and seeks to `seek` seconds when given.
  init(path: String, seek: Rational?) throws(AudioMixError) {
    self.path = path
    // libav's messages go through VEDLMedia's router (silent unless the program chose
    // otherwise) before the first call.
    LibavLog.configure(LibavLog.configuration)
    var context: UnsafeMutablePointer<AVFormatContext>? = nil
    var code = avformat_open_input(&context, "file:" + path, nil, nil)
    guard code >= 0, let context else { throw Self.unreadable(path, code, "opening") }
    format = context
    code = avformat_find_stream_info(context, nil)
    guard code >= 0 else { throw Self.unreadable(path, code, "reading the stream information of") }
    let count = Int(context.pointee.nb_streams)
    guard
      let index = (0..<count).first(where: {
        context.pointee.streams[$0]!.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO
      })
    else {
      throw AudioMixError("\"\(path)\" has no sound to play", path: path)
    }
    let stream = context.pointee.streams[index]!
    streamIndex = Int32(index)
    streamTimeBase = stream.pointee.time_base

    let parameters = stream.pointee.codecpar!
    guard let decoder = avcodec_find_decoder(parameters.pointee.codec_id) else {
      let name = String(cString: avcodec_get_name(parameters.pointee.codec_id))
      throw AudioMixError("this FFmpeg cannot decode the sound of \"\(path)\" (codec `\(name)`)", path: path)
    }
    guard let codec = avcodec_alloc_context3(decoder), let packet = av_packet_alloc(), let frame = av_frame_alloc()
    else {
      throw AudioMixError("out of memory while opening the sound of \"\(path)\"", path: path)
    }
    self.codec = codec
    self.packet = packet
    self.frame = frame
    code = avcodec_parameters_to_context(codec, parameters)
    guard code >= 0 else { throw Self.failure(code, "setting up the sound decoder of", path: path) }
    codec.pointee.pkt_timebase = stream.pointee.time_base
    // The CLI opens decoders with `threads=auto`; sound decoders decode the same either way.
    var options: OpaquePointer? = nil
    av_dict_set(&options, "threads", "auto", 0)
    code = avcodec_open2(codec, decoder, &options)
    av_dict_free(&options)
    guard code >= 0 else { throw Self.failure(code, "opening the sound decoder of", path: path) }

    let startTime = context.pointee.start_time
    let knownStart = startTime != vedl_av_nopts_value()
    timestampOffset = knownStart ? -startTime : 0
    if let seek {
      var target = Self.microseconds(seek) + (knownStart ? startTime : 0)
      if context.pointee.iformat.pointee.flags & AVFMT_SEEK_TO_PTS == 0 {
        let delayed = (0..<count).contains { context.pointee.streams[$0]!.pointee.codecpar.pointee.video_delay != 0 }
        if delayed { target -= 3 * Int64(AV_TIME_BASE) / 23 }
      }
      // A failed seek is not an error (the CLI only warns): decoding from the start and
      // trimming keeps the same samples.
      _ = avformat_seek_file(context, -1, Int64.min, target, target, 0)
    }
    // Discarded only after the seek, as the CLI does, so the seek goes by the file's
    // default stream (its picture, when it has one), exactly like the FFmpeg backend's.
    for other in 0..<count {
      context.pointee.streams[other]!.pointee.discard = other == index ? AVDISCARD_DEFAULT : AVDISCARD_ALL
    }
  }

  deinit {
    av_frame_free(&frame)
    av_packet_free(&packet)
    avcodec_free_context(&codec)
    avformat_close_input(&format)
  }

  /// `seconds` in microseconds, rounded to the nearest (what the CLI makes of `-ss`).
  static func microseconds(_ seconds: Rational) -> Int64 {
    FilterOptionNumber.microseconds(seconds) ?? 0
  }

  /// The next decoded block of samples, stamped with its time in samples of its rate (`nil`
  /// when it has none), or `nil` at the end of the file. The frame is valid until the next call.
  func nextFrame() throws(AudioMixError) -> UnsafeMutablePointer<AVFrame>? {
    guard let codec, let frame, let packet, let format else { return nil }
    while true {
      av_frame_unref(frame)
      let received = avcodec_receive_frame(codec, frame)
      if received >= 0 {
        stamp(frame)
        return frame
      }
      if received == vedl_averror_eof() { return nil }
      guard received == vedl_averror_eagain() else { throw Self.failure(received, "decoding the sound of", path: path) }
      if isDraining { return nil }
      // The decoder wants a packet of the audio stream.
      while true {
        av_packet_unref(packet)
        let read = av_read_frame(format, packet)
        if read == vedl_averror_eof() {
          isDraining = true
          let sent = avcodec_send_packet(codec, nil)
          if sent < 0 && sent != vedl_averror_eof() { throw Self.failure(sent, "decoding the sound of", path: path) }
          break
        }
        guard read >= 0 else { throw Self.failure(read, "reading", path: path) }
        guard packet.pointee.stream_index == streamIndex else { continue }
        let offset = av_rescale_q(timestampOffset, vedl_av_time_base_q(), streamTimeBase)
        if packet.pointee.pts != vedl_av_nopts_value() { packet.pointee.pts += offset }
        if packet.pointee.dts != vedl_av_nopts_value() { packet.pointee.dts += offset }
        let sent = avcodec_send_packet(codec, packet)
        av_packet_unref(packet)
        if sent < 0 && sent != vedl_averror_eof() { throw Self.failure(sent, "decoding the sound of", path: path) }
        break
      }
    }
  }

  /// Gives a block the timestamp the CLI's decoder stage gives it: its time in samples
  /// (`av_rescale_delta`, which keeps consecutive blocks contiguous), or the end of the
  /// previous block when it has none.
  private func stamp(_ frame: UnsafeMutablePointer<AVFrame>) {
    let sampleRate = frame.pointee.sample_rate
    guard sampleRate > 0 else { return }
    let samplesBase = AVRational(num: 1, den: sampleRate)
    let samples = frame.pointee.nb_samples
    if frame.pointee.pts != vedl_av_nopts_value() {
      frame.pointee.pts = av_rescale_delta(
        streamTimeBase, frame.pointee.pts, samplesBase, samples, &rescaleState, samplesBase)
    } else if let next = nextTimestamp {
      frame.pointee.pts = next
    }
    if frame.pointee.pts != vedl_av_nopts_value() { nextTimestamp = frame.pointee.pts + Int64(samples) }
  }

  /// Why `path` cannot be opened: the probe's explanation when it has one — the message
  /// `vedl check` gives for a missing, empty, truncated or non-media file — else FFmpeg's.
  /// (Probing only on failure: a probe of every clip would cost as much as mixing it.)
  private static func unreadable(_ path: String, _ code: Int32, _ doing: String) -> AudioMixError {
    do {
      _ = try MediaProbe.probe(path: path, options: ProbeOptions(frameCounting: .never))
    } catch {
      return AudioMixError("cannot read the sound of \"\(path)\": \(error.message)", path: path)
    }
    return failure(code, doing, path: path)
  }

  /// An error for a failed libav call on the file.
  private static func failure(_ code: Int32, _ doing: String, path: String) -> AudioMixError {
    let text = FFmpegError(code: code, operation: "\(doing) \"\(path)\"").description
    return AudioMixError("cannot read the sound of \"\(path)\": \(text)", path: path)
  }
}
