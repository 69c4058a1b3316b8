import CFFmpeg

/// Decodes one stream of an input file: owns an `AVCodecContext` opened for the stream's
/// codec and turns packets into frames with the timestamps the `ffmpeg` CLI gives them —
/// a picture's best-effort timestamp in the stream's time base, a block of samples' time in
/// samples (`1/sample_rate`).
final class StreamDecoder {
  let context: UnsafeMutablePointer<AVCodecContext>
  let kind: StreamKind
  /// The stream's time base, in which packets and decoded pictures are stamped.
  let streamTimeBase: AVRational
  /// For audio: where the next block of samples starts when a frame carries no timestamp,
  /// and the rounding state `av_rescale_delta` keeps between frames.
  private var nextAudioTimestamp: Int64?
  private var rescaleDeltaState: Int64 = vedl_av_nopts_value()

  /// Opens a decoder for `stream` of the file at `path` (used in error messages): the one
  /// named `decoderName` (`-c:v NAME` before `-i`), else the codec's default.
  init(stream: UnsafeMutablePointer<AVStream>, kind: StreamKind, path: String, decoderName: String? = nil)
    throws(MediaRenderError)
  {
    let parameters = stream.pointee.codecpar!
    if let decoderName, avcodec_find_decoder_by_name(decoderName) == nil {
      throw .unreadableInput(path: path, reason: "this FFmpeg has no decoder `\(decoderName)`")
    }
    guard
      let codec = decoderName.flatMap({ avcodec_find_decoder_by_name($0) })
        ?? avcodec_find_decoder(parameters.pointee.codec_id)
    else {
      let name = String(cString: avcodec_get_name(parameters.pointee.codec_id))
      throw .unreadableInput(path: path, reason: "this FFmpeg cannot decode its \(kind.rawValue) codec `\(name)`")
    }
    guard let context = avcodec_alloc_context3(codec) else {
      throw .unreadableInput(path: path, reason: "out of memory while opening a decoder")
    }
    self.context = context
    self.kind = kind
    self.streamTimeBase = stream.pointee.time_base
    var code = avcodec_parameters_to_context(context, parameters)
    if code >= 0 {
      context.pointee.pkt_timebase = stream.pointee.time_base
      // The CLI decodes with `threads=auto`; the pictures are the same either way.
      var options: OpaquePointer? = nil
      av_dict_set(&options, "threads", "auto", 0)
      defer { av_dict_free(&options) }
      let (opened, messages) = LibavLogRouter.shared.recordingErrors(about: UnsafeMutableRawPointer(context)) {
        avcodec_open2(context, codec, &options)
      }
      code = opened
      if code < 0 {
        let error = FFmpegError(
          code: code, operation: "opening the \(kind.rawValue) decoder", libraryMessages: messages)
        throw .unreadableInput(path: path, reason: error.userDetail)
      }
    } else {
      let error = FFmpegError(code: code, operation: "setting up the \(kind.rawValue) decoder")
      throw .unreadableInput(path: path, reason: error.userDetail)
    }
  }

  deinit {
    var owned: UnsafeMutablePointer<AVCodecContext>? = context
    avcodec_free_context(&owned)
  }

  /// Whether some picture's best-effort timestamp was not its packet's presentation time
  /// (a stream with missing or disordered timestamps): times read from packets then do not
  /// say which pictures the graph receives.
  private(set) var hasGuessedTimestamps = false

  /// Sends `packet` (or, when `nil`, the end of the stream) and returns every frame the
  /// decoder can give back now, timestamped as described above. With
  /// `skippingIfNonReference`, the packet's picture is not decoded when no other picture
  /// refers to it (`AVDISCARD_NONREF`; frame threads take the setting with the packet).
  func decode(_ packet: Packet?, skippingIfNonReference: Bool = false) throws(FFmpegError) -> [Frame] {
    context.pointee.skip_frame = skippingIfNonReference ? AVDISCARD_NONREF : AVDISCARD_DEFAULT
    let (code, messages) = LibavLogRouter.shared.recordingErrors(about: UnsafeMutableRawPointer(context)) {
      avcodec_send_packet(context, packet?.packet)
    }
    if code < 0 && code != vedl_averror_eof() {
      throw FFmpegError(code: code, operation: "decoding \(kind.rawValue)", libraryMessages: messages)
    }
    var frames: [Frame] = []
    var frame = try Frame()
    while true {
      let (received, receiveMessages) = LibavLogRouter.shared.recordingErrors(
        about: UnsafeMutableRawPointer(context)
      ) {
        avcodec_receive_frame(context, frame.frame)
      }
      if received == vedl_averror_eagain() || received == vedl_averror_eof() { break }
      if received < 0 {
        throw FFmpegError(code: received, operation: "decoding \(kind.rawValue)", libraryMessages: receiveMessages)
      }
      stamp(frame)
      frames.append(frame)
      frame = try Frame()
    }
    return frames
  }

  /// Gives `frame` the timestamp the CLI's decoder stage gives it.
  private func stamp(_ frame: Frame) {
    switch kind {
    case .video:
      let bestEffort = frame.frame.pointee.best_effort_timestamp
      if bestEffort != frame.frame.pointee.pts || bestEffort == vedl_av_nopts_value() { hasGuessedTimestamps = true }
      if bestEffort != vedl_av_nopts_value() { frame.frame.pointee.pts = bestEffort }
    case .audio:
      let sampleRate = frame.frame.pointee.sample_rate
      guard sampleRate > 0 else { return }
      let samplesBase = AVRational(num: 1, den: sampleRate)
      let samples = frame.frame.pointee.nb_samples
      if let pts = frame.presentationTimestamp {
        frame.frame.pointee.pts = av_rescale_delta(
          streamTimeBase, pts, samplesBase, samples, &rescaleDeltaState, samplesBase)
      } else if let next = nextAudioTimestamp {
        frame.frame.pointee.pts = next
      }
      if let pts = frame.presentationTimestamp { nextAudioTimestamp = pts + Int64(samples) }
    case .subtitle, .other:
      break
    }
  }
}
