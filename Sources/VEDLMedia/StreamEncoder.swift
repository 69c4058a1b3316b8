import CFFmpeg

/// Encodes one output stream: owns an `AVCodecContext` opened for an encoder, configured the
/// way the `ffmpeg` CLI configures it from the filter graph's sink (size, pixel format, time
/// base, sample rate, layout) and the first frame (colour description).
///
/// The native renderer, which has no filter graph, opens its encoders from plain values
/// (`init(video:…)`, `init(audio:…)`, `init(still:…)`).
public final class StreamEncoder {
  let context: UnsafeMutablePointer<AVCodecContext>
  public let kind: StreamKind
  /// The encoder's time base: for video one frame of the output rate (`-r`, else the sink's
  /// frame rate) as the CLI sets it — the sink's own time base when neither is known — and
  /// `1/sample_rate` for audio.
  /// Read once the encoder is open, so the filtering thread never reads the context the
  /// encoding thread is using.
  private(set) var timeBase: AVRational
  /// Samples per second (audio), 0 for video; read once the encoder is open.
  public private(set) var sampleRate: Int32
  /// The sample format the encoder was opened with (audio); read once it is open.
  public private(set) var sampleFormat = SampleFormat(AV_SAMPLE_FMT_NONE)
  /// One picture's duration in `timeBase` (video), set on every packet: libx264 leaves
  /// `packet.duration` 0, which would make the file one frame short.
  let frameDuration: Int64
  /// Samples per frame the encoder requires, or `nil` when it accepts any count.
  public var requiredFrameSize: Int? {
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
    self.sampleFormat = SampleFormat(context.pointee.sample_fmt)
  }

  // MARK: Opened from plain values (the native renderer)

  /// Whether this FFmpeg has the encoder `name`.
  public static func isAvailable(_ name: String) -> Bool { codec(named: name) != nil }

  /// The sample formats the encoder `name` takes, in its order of preference; empty when it
  /// does not say, `nil` when this FFmpeg has no such encoder.
  public static func supportedSampleFormats(ofEncoder name: String) -> [SampleFormat]? {
    guard let codec = codec(named: name) else { return nil }
    var supported: [SampleFormat] = []
    if var list = codec.pointee.sample_fmts {
      while list.pointee.rawValue != -1 {
        supported.append(SampleFormat(list.pointee))
        list += 1
      }
    }
    return supported
  }

  /// Allocates a context for the encoder `name`, failing as the CLI reports a missing one.
  private static func allocate(_ name: String) throws(MediaRenderError) -> (
    UnsafePointer<AVCodec>, UnsafeMutablePointer<AVCodecContext>
  ) {
    LibavLog.ensureConfigured()
    guard let codec = codec(named: name) else { throw .encoderUnavailable(name: name) }
    guard let context = avcodec_alloc_context3(codec) else {
      throw .encodingFailed(reason: "out of memory while opening the \(name) encoder")
    }
    return (codec, context)
  }

  /// Opens the picture encoder `name` for `width` × `height` frames in `pixelFormat` at
  /// `frameRate` (time base one frame, square pixels), tagged with the colour description
  /// of `template`, with `options` and `threads=auto` as the CLI opens it.
  public init(
    video name: String, options: [MediaOption], width: Int, height: Int, pixelFormat: PixelFormat,
    frameRate: LibavRational, colorsOf template: Frame, globalHeader: Bool
  ) throws(MediaRenderError) {
    let (codec, context) = try Self.allocate(name)
    self.context = context
    self.kind = .video
    let rate = frameRate.avRational
    let timeBase = AVRational(num: rate.den, den: rate.num)
    context.pointee.width = Int32(width)
    context.pointee.height = Int32(height)
    context.pointee.pix_fmt = pixelFormat.avFormat
    context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
    context.pointee.time_base = timeBase
    context.pointee.framerate = rate
    context.pointee.color_range = template.frame.pointee.color_range
    context.pointee.colorspace = template.frame.pointee.colorspace
    context.pointee.color_primaries = template.frame.pointee.color_primaries
    context.pointee.color_trc = template.frame.pointee.color_trc
    if globalHeader { context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
    // The time base is one frame.
    frameDuration = 1
    self.timeBase = timeBase
    self.sampleRate = 0
    try Self.open(context, codec: codec, name: name, options: options)
    self.timeBase = context.pointee.time_base
  }

  /// Opens the sound encoder `name` for stereo in `sampleFormat` at `sampleRate` (time base
  /// one sample), with `options` and `threads=auto` as the CLI opens it.
  public init(
    audio name: String, options: [MediaOption], sampleFormat: SampleFormat, sampleRate: Int, globalHeader: Bool
  ) throws(MediaRenderError) {
    let (codec, context) = try Self.allocate(name)
    self.context = context
    self.kind = .audio
    context.pointee.sample_fmt = sampleFormat.avFormat
    context.pointee.sample_rate = Int32(sampleRate)
    var stereo = vedl_av_channel_layout_stereo()
    _ = av_channel_layout_copy(&context.pointee.ch_layout, &stereo)
    context.pointee.time_base = AVRational(num: 1, den: Int32(sampleRate))
    if globalHeader { context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
    frameDuration = 0
    self.timeBase = context.pointee.time_base
    self.sampleRate = Int32(sampleRate)
    try Self.open(context, codec: codec, name: name, options: options)
    self.timeBase = context.pointee.time_base
    self.sampleRate = context.pointee.sample_rate
    self.sampleFormat = SampleFormat(context.pointee.sample_fmt)
  }

  /// Opens the picture encoder `name` for one still of `width` × `height` in
  /// `pixelFormat` (time base 1/25, square pixels): full range when `fullRange`, at the
  /// fixed quantiser `quantizer` (`-q:v`) when given, with exactly `options` — no
  /// `threads=auto`, and options it does not take are ignored.
  public init(
    still name: String, width: Int, height: Int, pixelFormat: PixelFormat, fullRange: Bool, quantizer: Int?,
    options: [MediaOption]
  ) throws(MediaRenderError) {
    let (codec, context) = try Self.allocate(name)
    self.context = context
    self.kind = .video
    var dictionary: OpaquePointer? = nil
    defer { av_dict_free(&dictionary) }
    if fullRange { context.pointee.color_range = AVCOL_RANGE_JPEG }
    if let quantizer {
      context.pointee.flags |= Int32(AV_CODEC_FLAG_QSCALE)
      context.pointee.global_quality = Int32(quantizer) * Int32(FF_QP2LAMBDA)
    }
    for option in options { av_dict_set(&dictionary, option.key, option.value, 0) }
    context.pointee.width = Int32(width)
    context.pointee.height = Int32(height)
    context.pointee.pix_fmt = pixelFormat.avFormat
    context.pointee.time_base = AVRational(num: 1, den: 25)
    context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
    frameDuration = 1
    self.timeBase = context.pointee.time_base
    self.sampleRate = 0
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      avcodec_open2(context, codec, &dictionary)
    }
    if code < 0 {
      let error = FFmpegError(code: code, operation: "opening the \(name) encoder", libraryMessages: messages)
      throw .encodingFailed(reason: error.userDetail)
    }
  }

  /// Sends `frame` (or, when `nil`, the end of the stream) to the encoder
  /// (`avcodec_send_frame`), without taking packets out: for a caller that sends
  /// everything first.
  public func send(_ frame: Frame?) throws(FFmpegError) {
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      avcodec_send_frame(context, frame?.frame)
    }
    if code < 0 { throw FFmpegError(code: code, operation: "encoding \(kind.rawValue)", libraryMessages: messages) }
  }

  /// Takes the next packet out of the encoder into `packet` (`avcodec_receive_packet`), as
  /// encoded.
  public func receive(into packet: Packet) throws(FFmpegError) -> FrameReception {
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      avcodec_receive_packet(context, packet.packet)
    }
    if code >= 0 { return .received }
    if code == vedl_averror_eagain() { return .needsInput }
    if code == vedl_averror_eof() { return .endOfStream }
    throw FFmpegError(code: code, operation: "encoding \(kind.rawValue)", libraryMessages: messages)
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
  public func encode(_ frame: Frame?) throws(MediaRenderError) -> [Packet] {
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
