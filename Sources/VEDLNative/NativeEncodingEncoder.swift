import CFFmpeg
import VEDLTime

/// One open encoder of the native backend: owns an `AVCodecContext` configured as the `ffmpeg`
/// CLI configures the FFmpeg backend's (the same codec, options, `threads=auto`, size, pixel
/// format, time base of one frame, 48 kHz stereo sound), and a reusable packet.
///
/// VEDLMedia's own encoder is internal to it and opened from a filter graph's sink; this one
/// is opened from plain values, because the native backend has no filter graph.
final class NativeEncodingEncoder {
  let context: UnsafeMutablePointer<AVCodecContext>
  private let packet: UnsafeMutablePointer<AVPacket>
  /// The encoder's libav name, for messages.
  let codecName: String
  /// Whether it encodes pictures (else sound).
  let isVideo: Bool

  /// The encoder's time base: one frame of the output rate for video, one sample for sound.
  var timeBase: AVRational { context.pointee.time_base }

  /// Samples per frame the sound encoder requires (1024 for AAC, 960 for Opus at 48 kHz), or
  /// `nil` when it takes any count.
  var requiredFrameSize: Int? {
    guard !isVideo else { return nil }
    if context.pointee.codec.pointee.capabilities & Int32(AV_CODEC_CAP_VARIABLE_FRAME_SIZE) != 0 { return nil }
    let size = Int(context.pointee.frame_size)
    return size > 0 ? size : nil
  }

  /// The sample format the sound encoder was opened with.
  var sampleFormat: AVSampleFormat { context.pointee.sample_fmt }

  /// Finds the encoder `name`.
  @discardableResult
  static func codec(named name: String) throws(NativePipelineError) -> UnsafePointer<AVCodec> {
    guard let codec = avcodec_find_encoder_by_name(name) else { throw .encoderUnavailable(name: name) }
    return codec
  }

  private init(codec: UnsafePointer<AVCodec>, name: String, isVideo: Bool) throws(NativePipelineError) {
    guard let context = avcodec_alloc_context3(codec) else {
      throw .encodingFailed(reason: "out of memory while opening the \(name) encoder")
    }
    guard let packet = av_packet_alloc() else {
      var owned: UnsafeMutablePointer<AVCodecContext>? = context
      avcodec_free_context(&owned)
      throw .encodingFailed(reason: "out of memory while opening the \(name) encoder")
    }
    self.context = context
    self.packet = packet
    self.codecName = name
    self.isVideo = isVideo
  }

  /// Opens the picture encoder `name` for `width` × `height` frames in `pixelFormat` at
  /// `frameRate`, with the colour tags of `template` (the converter's frame).
  convenience init(
    video name: String, options: [(String, String)], width: Int, height: Int, pixelFormat: AVPixelFormat,
    frameRate: Rational, template: UnsafePointer<AVFrame>, globalHeader: Bool
  ) throws(NativePipelineError) {
    try self.init(codec: try Self.codec(named: name), name: name, isVideo: true)
    let rate = AVRational(num: Int32(clamping: frameRate.numerator), den: Int32(clamping: frameRate.denominator))
    context.pointee.width = Int32(width)
    context.pointee.height = Int32(height)
    context.pointee.pix_fmt = pixelFormat
    context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
    context.pointee.time_base = AVRational(num: rate.den, den: rate.num)
    context.pointee.framerate = rate
    context.pointee.color_range = template.pointee.color_range
    context.pointee.colorspace = template.pointee.colorspace
    context.pointee.color_primaries = template.pointee.color_primaries
    context.pointee.color_trc = template.pointee.color_trc
    if globalHeader { context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
    try open(options: options)
  }

  /// Opens the sound encoder `name` for stereo at `sampleRate`, in the first of planar float,
  /// float, planar 16-bit and 16-bit that it takes (the formats the FFmpeg backend's
  /// `aformat` negotiates: `fltp` for AAC, `flt` for Opus).
  convenience init(
    audio name: String, options: [(String, String)], sampleRate: Int, globalHeader: Bool
  ) throws(NativePipelineError) {
    let codec = try Self.codec(named: name)
    try self.init(codec: codec, name: name, isVideo: false)
    var supported: [AVSampleFormat] = []
    if var list = codec.pointee.sample_fmts {
      while list.pointee.rawValue != -1 {
        supported.append(list.pointee)
        list += 1
      }
    }
    let preferred = [AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_S16P, AV_SAMPLE_FMT_S16]
    guard let format = supported.isEmpty ? AV_SAMPLE_FMT_FLTP : preferred.first(where: supported.contains) else {
      throw .encodingFailed(reason: "the \(name) encoder takes no float or 16-bit sample format")
    }
    context.pointee.sample_fmt = format
    context.pointee.sample_rate = Int32(sampleRate)
    var stereo = vedl_av_channel_layout_stereo()
    _ = av_channel_layout_copy(&context.pointee.ch_layout, &stereo)
    context.pointee.time_base = AVRational(num: 1, den: Int32(sampleRate))
    if globalHeader { context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
    try open(options: options)
  }

  deinit {
    var ownedPacket: UnsafeMutablePointer<AVPacket>? = packet
    av_packet_free(&ownedPacket)
    var owned: UnsafeMutablePointer<AVCodecContext>? = context
    avcodec_free_context(&owned)
  }

  /// `avcodec_open2` with `options` (and `threads=auto`, as the CLI adds); an option the
  /// encoder does not know is an error, as in the CLI.
  private func open(options: [(String, String)]) throws(NativePipelineError) {
    var dictionary: OpaquePointer? = nil
    defer { av_dict_free(&dictionary) }
    if !options.contains(where: { $0.0 == "threads" }) { av_dict_set(&dictionary, "threads", "auto", 0) }
    for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
    let code = avcodec_open2(context, context.pointee.codec, &dictionary)
    if code < 0 {
      throw .encodingFailed(reason: NativePipelineError.reason("opening the \(codecName) encoder", code: code))
    }
    if let unused = av_dict_get(dictionary, "", nil, AV_DICT_IGNORE_SUFFIX) {
      throw .encodingFailed(reason: "the \(codecName) encoder has no option `\(String(cString: unused.pointee.key))`")
    }
  }

  /// Sends `frame` (or, when `nil`, the end of the stream) and hands every packet the encoder
  /// gives back now to `write`, stamped in `timeBase`; pictures get a duration of one frame
  /// (libx264 leaves it 0, which would make the file one frame short).
  func encode(
    _ frame: UnsafeMutablePointer<AVFrame>?, write: (UnsafeMutablePointer<AVPacket>) throws(NativePipelineError) -> Void
  ) throws(NativePipelineError) {
    let sent = avcodec_send_frame(context, frame)
    if sent < 0 && sent != vedl_averror_eof() {
      throw .encodingFailed(reason: NativePipelineError.reason("encoding with \(codecName)", code: sent))
    }
    while true {
      let received = avcodec_receive_packet(context, packet)
      if received == vedl_averror_eagain() || received == vedl_averror_eof() { return }
      if received < 0 {
        throw .encodingFailed(reason: NativePipelineError.reason("encoding with \(codecName)", code: received))
      }
      if isVideo && packet.pointee.duration == 0 { packet.pointee.duration = 1 }
      defer { av_packet_unref(packet) }
      try write(packet)
    }
  }
}
