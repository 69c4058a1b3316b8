import CFFmpeg

/// Encodes one output stream: owns an `AVCodecContext` opened for an encoder, configured the
/// way the `ffmpeg` CLI configures it from the filter graph's sink (size, pixel format, time
/// base, sample rate, layout) and the first frame (colour description).
final class StreamEncoder {
  let context: UnsafeMutablePointer<AVCodecContext>
  let kind: StreamKind
  /// The encoder's time base: for video one frame of the output rate (`-r`, else the sink's
  /// frame rate) as the CLI sets it — the sink's own time base when neither is known — and
  /// `1/sample_rate` for audio.
  /// Read once the encoder is open, so the filtering thread never reads the context the
  /// encoding thread is using.
  private(set) var timeBase: AVRational
  /// Samples per second (audio), 0 for video; read once the encoder is open.
  private(set) var sampleRate: Int32
  /// One picture's duration in `timeBase` (video), set on every packet: libx264 leaves
  /// `packet.duration` 0, which would make the file one frame short.
  let frameDuration: Int64
  /// Samples per frame the encoder requires, or `nil` when it accepts any count.
  var requiredFrameSize: Int? {
    guard kind == .audio else { return nil }
    let capabilities = context.pointee.codec.pointee.capabilities
    if capabilities & Int32(AV_CODEC_CAP_VARIABLE_FRAME_SIZE) != 0 { return nil }
    let size = Int(context.pointee.frame_size)
    return size > 0 ? size : nil
  }

  /// Finds the encoder `name`; `nil` when this FFmpeg lacks it.
  static func codec(named name: String) -> UnsafePointer<AVCodec>? {
    avcodec_find_encoder_by_name(name)
  }

  /// Opens a video encoder for pictures of `sink`'s size and format, with the colour
  /// description of `firstFrame`.
  init(
    video settings: VideoEncoderSettings, codec: UnsafePointer<AVCodec>, sink: UnsafeMutablePointer<AVFilterContext>,
    outputRate: AVRational?, firstFrame: Frame, globalHeader: Bool
  ) throws(MediaRenderError) {
    guard let context = avcodec_alloc_context3(codec) else {
      throw .encodingFailed(reason: "out of memory while opening the \(settings.codecName) encoder")
    }
    self.context = context
    self.kind = .video
    let sinkTimeBase = av_buffersink_get_time_base(sink)
    var frameRate = outputRate ?? av_buffersink_get_frame_rate(sink)
    let rateKnown = frameRate.num > 0 && frameRate.den > 0
    if !rateKnown { frameRate = AVRational(num: sinkTimeBase.den, den: sinkTimeBase.num) }
    let timeBase = rateKnown ? AVRational(num: frameRate.den, den: frameRate.num) : sinkTimeBase
    context.pointee.width = av_buffersink_get_w(sink)
    context.pointee.height = av_buffersink_get_h(sink)
    context.pointee.pix_fmt = AVPixelFormat(rawValue: av_buffersink_get_format(sink))
    context.pointee.sample_aspect_ratio = av_buffersink_get_sample_aspect_ratio(sink)
    context.pointee.time_base = timeBase
    context.pointee.framerate = frameRate
    let frame = firstFrame.frame.pointee
    context.pointee.color_range = frame.color_range
    context.pointee.color_primaries = frame.color_primaries
    context.pointee.color_trc = frame.color_trc
    context.pointee.colorspace = frame.colorspace
    context.pointee.chroma_sample_location = frame.chroma_location
    if globalHeader { context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
    frameDuration = max(1, av_rescale_q(1, AVRational(num: frameRate.den, den: frameRate.num), timeBase))
    // Set before opening, so a failed open still frees the context in `deinit`.
    self.timeBase = timeBase
    self.sampleRate = 0
    try Self.open(context, codec: codec, name: settings.codecName, options: settings.options)
    self.timeBase = context.pointee.time_base
  }

  /// Opens an audio encoder for samples in `sink`'s format, rate and layout.
  init(
    audio settings: AudioEncoderSettings, codec: UnsafePointer<AVCodec>, sink: UnsafeMutablePointer<AVFilterContext>,
    globalHeader: Bool
  ) throws(MediaRenderError) {
    guard let context = avcodec_alloc_context3(codec) else {
      throw .encodingFailed(reason: "out of memory while opening the \(settings.codecName) encoder")
    }
    self.context = context
    self.kind = .audio
    let sampleRate = av_buffersink_get_sample_rate(sink)
    context.pointee.sample_fmt = AVSampleFormat(rawValue: av_buffersink_get_format(sink))
    context.pointee.sample_rate = sampleRate
    _ = av_buffersink_get_ch_layout(sink, &context.pointee.ch_layout)
    context.pointee.time_base = AVRational(num: 1, den: sampleRate)
    if globalHeader { context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
    frameDuration = 0
    self.timeBase = context.pointee.time_base
    self.sampleRate = sampleRate
    try Self.open(context, codec: codec, name: settings.codecName, options: settings.options)
    self.timeBase = context.pointee.time_base
    self.sampleRate = context.pointee.sample_rate
  }

  /// `avcodec_open2` with `options` (and `threads=auto`, as the CLI adds); an option the
  /// encoder did not take is an error, as in the CLI.
  private static func open(
    _ context: UnsafeMutablePointer<AVCodecContext>, codec: UnsafePointer<AVCodec>, name: String, options: [MediaOption]
  ) throws(MediaRenderError) {
    var dictionary: OpaquePointer? = nil
    defer { av_dict_free(&dictionary) }
    if !options.contains(where: { $0.key == "threads" }) { av_dict_set(&dictionary, "threads", "auto", 0) }
    for option in options { av_dict_set(&dictionary, option.key, option.value, 0) }
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      avcodec_open2(context, codec, &dictionary)
    }
    if code < 0 {
      let error = FFmpegError(code: code, operation: "opening the \(name) encoder", libraryMessages: messages)
      throw .encodingFailed(reason: error.userDetail)
    }
    if let unused = av_dict_get(dictionary, "", nil, AV_DICT_IGNORE_SUFFIX) {
      throw .encodingFailed(reason: "the \(name) encoder has no option `\(String(cString: unused.pointee.key))`")
    }
  }

  deinit {
    var owned: UnsafeMutablePointer<AVCodecContext>? = context
    avcodec_free_context(&owned)
  }

  /// Sends `frame` (or, when `nil`, the end of the stream) and returns every packet the
  /// encoder gives back now, in `timeBase`, with video durations filled in.
  func encode(_ frame: Frame?) throws(MediaRenderError) -> [Packet] {
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      avcodec_send_frame(context, frame?.frame)
    }
    if code < 0 && code != vedl_averror_eof() {
      let error = FFmpegError(code: code, operation: "encoding \(kind.rawValue)", libraryMessages: messages)
      throw .encodingFailed(reason: error.userDetail)
    }
    var packets: [Packet] = []
    while true {
      let packet: Packet
      do { packet = try Packet() } catch { throw .encodingFailed(reason: error.userDetail) }
      let (received, receiveMessages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
        avcodec_receive_packet(context, packet.packet)
      }
      if received == vedl_averror_eagain() || received == vedl_averror_eof() { break }
      if received < 0 {
        let error = FFmpegError(
          code: received, operation: "encoding \(kind.rawValue)", libraryMessages: receiveMessages)
        throw .encodingFailed(reason: error.userDetail)
      }
      if kind == .video && packet.packet.pointee.duration == 0 { packet.packet.pointee.duration = frameDuration }
      packets.append(packet)
    }
    return packets
  }
}
