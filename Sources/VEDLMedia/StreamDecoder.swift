import CFFmpeg

/// Decodes one stream of an input file: owns an `AVCodecContext` opened for the stream's
/// codec and turns packets into frames with the timestamps the `ffmpeg` CLI gives them —
/// a picture's best-effort timestamp in the stream's time base, a block of samples' time in
/// samples (`1/sample_rate`).
///
/// Public for the native renderer, which reads packets itself and drives the decoder with
/// `send`/`receive` (and `stamp` for sound) instead of `decode`.
public final class StreamDecoder {
  let context: UnsafeMutablePointer<AVCodecContext>
  public let kind: StreamKind
  /// The stream's time base, in which packets and decoded pictures are stamped.
  let streamTimeBase: AVRational
  /// For audio: where the next block of samples starts when a frame carries no timestamp,
  /// and the rounding state `av_rescale_delta` keeps between frames.
  private var nextAudioTimestamp: Int64?
  private var rescaleDeltaState: Int64 = vedl_av_nopts_value()

  /// Opens a decoder for stream `index` of `input`: the one named `decoderName` (`-c:v NAME`
  /// before `-i`; libvpx for a WebM with an alpha channel), else the codec's default, with
  /// `threads=auto` as the CLI opens decoders.
  public convenience init(input: FormatInputContext, stream index: Int, decoderName: String? = nil)
    throws(StreamDecoderError)
  {
    let stream = input.stream(at: index)
    try self.init(
      stream: stream, kind: StreamKind(stream.pointee.codecpar.pointee.codec_type), decoderName: decoderName)
  }

  /// Opens a decoder for `stream`, which carries `kind`, as described above.
  init(stream: UnsafeMutablePointer<AVStream>, kind: StreamKind, decoderName: String? = nil)
    throws(StreamDecoderError)
  {
    let parameters = stream.pointee.codecpar!
    if let decoderName, avcodec_find_decoder_by_name(decoderName) == nil {
      throw .noDecoderNamed(decoderName)
    }
    guard
      let codec = decoderName.flatMap({ avcodec_find_decoder_by_name($0) })
        ?? avcodec_find_decoder(parameters.pointee.codec_id)
    else {
      throw .unsupportedCodec(name: String(cString: avcodec_get_name(parameters.pointee.codec_id)))
    }
    guard let context = avcodec_alloc_context3(codec) else { throw .outOfMemory }
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
        throw .openFailed(
          FFmpegError(code: code, operation: "opening the \(kind.rawValue) decoder", libraryMessages: messages))
      }
    } else {
      throw .setUpFailed(FFmpegError(code: code, operation: "setting up the \(kind.rawValue) decoder"))
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

  /// Sends `packet` (or, when `nil`, the end of the stream) to the decoder
  /// (`avcodec_send_packet`). Throws every failure, including `isTryAgain` (frames must be
  /// received first) and `isEndOfFile` (the end was already sent), for the caller to judge.
  public func send(_ packet: Packet?) throws(FFmpegError) {
    let (code, messages) = LibavLogRouter.shared.recordingErrors(about: UnsafeMutableRawPointer(context)) {
      avcodec_send_packet(context, packet?.packet)
    }
    if code < 0 { throw FFmpegError(code: code, operation: "decoding \(kind.rawValue)", libraryMessages: messages) }
  }

  /// Takes the next decoded frame into `frame` (`avcodec_receive_frame`), as decoded: not
  /// restamped. Other failures (`isInvalidData` for a damaged picture) are thrown.
  public func receive(into frame: Frame) throws(FFmpegError) -> FrameReception {
    let (code, messages) = LibavLogRouter.shared.recordingErrors(about: UnsafeMutableRawPointer(context)) {
      avcodec_receive_frame(context, frame.frame)
    }
    if code >= 0 { return .received }
    if code == vedl_averror_eagain() { return .needsInput }
    if code == vedl_averror_eof() { return .endOfStream }
    throw FFmpegError(code: code, operation: "decoding \(kind.rawValue)", libraryMessages: messages)
  }

  /// Drops every frame and packet the decoder holds, after a seek (`avcodec_flush_buffers`).
  public func flush() { avcodec_flush_buffers(context) }

  /// Gives `frame` the timestamp the CLI's decoder stage gives it: a picture its best-effort
  /// timestamp; a block of sound its time in samples of its rate (`av_rescale_delta`, which
  /// keeps consecutive blocks contiguous), or the end of the previous block when it has none.
  public func stamp(_ frame: Frame) {
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
