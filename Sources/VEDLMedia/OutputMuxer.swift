import CFFmpeg

/// Writes encoded packets into an output file: owns the output `AVFormatContext` and its
/// file. Streams are declared up front (video first, then audio, as the CLI maps them); the
/// header is written once every stream's encoder is open, and packets that arrive before
/// that wait in a queue (the CLI's muxing queue). Releasing a muxer that was not finished
/// closes the file without a trailer; the caller deletes it.
///
/// The native renderer, whose encoders are open before the file is created, adds each
/// stream with `addStream(for:)` and writes the header itself.
public final class OutputMuxer {
  private let context: UnsafeMutablePointer<AVFormatContext>
  public let path: String
  private let options: [MediaOption]
  /// Encoder time base of each declared stream once configured.
  private var encoderTimeBases: [Int: AVRational] = [:]
  private var streamCount = 0
  private var queued: [(stream: Int, packet: Packet)] = []
  private(set) var headerWritten = false
  private var finished = false

  /// Creates the muxer for `path`, choosing the format by `formatName` or by the extension.
  public init(path: String, formatName: String?, options: [MediaOption]) throws(MediaRenderError) {
    LibavLog.ensureConfigured()
    var allocated: UnsafeMutablePointer<AVFormatContext>? = nil
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      avformat_alloc_output_context2(&allocated, nil, formatName, path)
    }
    guard code >= 0, let allocated else {
      let error = FFmpegError(
        code: code < 0 ? code : vedl_averror_unknown(), operation: "choosing a muxer", libraryMessages: messages)
      throw .unwritableOutput(path: path, reason: error.userDetail)
    }
    self.context = allocated
    self.path = path
    self.options = options
    // The file is created at once (as the CLI does), so an unwritable folder fails before
    // any decoding.
    if allocated.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
      let (opened, _) = LibavLogRouter.shared.recordingErrorsOnThisThread {
        avio_open(&allocated.pointee.pb, "file:" + path, AVIO_FLAG_WRITE)
      }
      if opened < 0 {
        throw .unwritableOutput(path: path, reason: FFmpegError.message(for: opened).lowercasedFirstLetter)
      }
    }
  }

  deinit {
    if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0, context.pointee.pb != nil {
      avio_closep(&context.pointee.pb)
    }
    avformat_free_context(context)
  }

  /// Whether the format wants codec headers out of band (`AV_CODEC_FLAG_GLOBAL_HEADER`).
  var wantsGlobalHeader: Bool { context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

  /// Whether the format stores pictures at any time (WebM, Matroska) rather than at a constant
  /// rate (MP4, MOV, images): the CLI's choice between `-vsync vfr` and `-vsync cfr`.
  var hasVariableFrameRate: Bool { context.pointee.oformat.pointee.flags & AVFMT_VARIABLE_FPS != 0 }

  /// Declares the next stream; returns its index.
  func addStream() throws(MediaRenderError) -> Int {
    guard avformat_new_stream(context, nil) != nil else {
      throw .unwritableOutput(path: path, reason: "out of memory while adding a stream")
    }
    streamCount += 1
    return streamCount - 1
  }

  /// Whether the muxer `formatName` wants codec headers out of band
  /// (`AV_CODEC_FLAG_GLOBAL_HEADER`): asked before the encoders are opened, which is before
  /// the file is created.
  public static func formatWantsGlobalHeader(_ formatName: String) -> Bool {
    guard let format = av_guess_format(formatName, nil, nil) else { return false }
    return format.pointee.flags & AVFMT_GLOBALHEADER != 0
  }

  /// Adds a stream with the parameters of the open `encoder`; returns its index. The header
  /// is left to `writeHeader`.
  public func addStream(for encoder: StreamEncoder) throws(MediaRenderError) -> Int {
    let index = try addStream()
    try copyParameters(to: index, from: encoder)
    return index
  }

  /// Gives stream `index` the parameters of its now-open `encoder`, and writes the header
  /// when every stream has them.
  func configure(stream index: Int, from encoder: StreamEncoder) throws(MediaRenderError) {
    try copyParameters(to: index, from: encoder)
    if encoderTimeBases.count == streamCount { try writeHeader() }
  }

  /// Gives stream `index` the parameters and time base of `encoder`.
  private func copyParameters(to index: Int, from encoder: StreamEncoder) throws(MediaRenderError) {
    let stream = context.pointee.streams[index]!
    let code = avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context)
    if code < 0 {
      throw .encodingFailed(reason: FFmpegError(code: code, operation: "copying encoder parameters").userDetail)
    }
    stream.pointee.time_base = encoder.timeBase
    if encoder.kind == .video {
      stream.pointee.avg_frame_rate = encoder.context.pointee.framerate
      stream.pointee.sample_aspect_ratio = encoder.context.pointee.sample_aspect_ratio
    }
    encoderTimeBases[index] = encoder.timeBase
  }

  /// Gives stream `index` a copy of `parameters` (another file's stream, for a remux) and
  /// `timeBase`; its packets are then written with `writeCopied`.
  func copyParameters(
    to index: Int, from parameters: UnsafeMutablePointer<AVCodecParameters>, timeBase: AVRational
  ) throws(MediaRenderError) {
    let stream = context.pointee.streams[index]!
    let code = avcodec_parameters_copy(stream.pointee.codecpar, parameters)
    if code < 0 {
      throw .encodingFailed(reason: FFmpegError(code: code, operation: "copying stream parameters").userDetail)
    }
    // The tag is the source container's; the muxer chooses its own (as `ffmpeg -c copy`).
    stream.pointee.codecpar.pointee.codec_tag = 0
    stream.pointee.time_base = timeBase
    encoderTimeBases[index] = timeBase
  }

  /// The time base the muxer chose for stream `index` (final once the header is written).
  func timeBase(ofStream index: Int) -> AVRational {
    context.pointee.streams[index]!.pointee.time_base
  }

  /// Writes `packet`, already stamped in stream `index`'s time base (`timeBase(ofStream:)`).
  func writeCopied(_ packet: Packet, stream index: Int) throws(MediaRenderError) {
    packet.packet.pointee.stream_index = Int32(index)
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      av_interleaved_write_frame(context, packet.packet)
    }
    if code < 0 {
      let error = FFmpegError(code: code, operation: "writing a packet", libraryMessages: messages)
      throw .unwritableOutput(path: path, reason: error.userDetail)
    }
  }

  /// Writes the header with the muxer options given at creation; an option the muxer does
  /// not take is an error.
  public func writeHeader() throws(MediaRenderError) {
    var dictionary: OpaquePointer? = nil
    defer { av_dict_free(&dictionary) }
    for option in options { av_dict_set(&dictionary, option.key, option.value, 0) }
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      avformat_write_header(context, &dictionary)
    }
    if code < 0 {
      let error = FFmpegError(code: code, operation: "writing the header", libraryMessages: messages)
      throw .unwritableOutput(path: path, reason: error.userDetail)
    }
    if let unused = av_dict_get(dictionary, "", nil, AV_DICT_IGNORE_SUFFIX) {
      throw .unwritableOutput(path: path, reason: "the muxer has no option `\(String(cString: unused.pointee.key))`")
    }
    headerWritten = true
    let waiting = queued
    queued.removeAll()
    for (stream, packet) in waiting { try write(packet, stream: stream) }
  }

  /// Writes `packet` (stamped in its encoder's time base) to stream `index`, or queues it
  /// until the header is written.
  public func write(_ packet: Packet, stream index: Int) throws(MediaRenderError) {
    guard headerWritten else {
      queued.append((index, packet))
      return
    }
    let stream = context.pointee.streams[index]!
    av_packet_rescale_ts(packet.packet, encoderTimeBases[index]!, stream.pointee.time_base)
    packet.packet.pointee.stream_index = Int32(index)
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      av_interleaved_write_frame(context, packet.packet)
    }
    if code < 0 {
      let error = FFmpegError(code: code, operation: "writing a packet", libraryMessages: messages)
      throw .unwritableOutput(path: path, reason: error.userDetail)
    }
  }

  /// Writes the trailer (the MP4 index) and closes the file.
  public func finish() throws(MediaRenderError) {
    guard headerWritten, !finished else { return }
    finished = true
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      av_write_trailer(context)
    }
    if code < 0 {
      let error = FFmpegError(code: code, operation: "writing the trailer", libraryMessages: messages)
      throw .unwritableOutput(path: path, reason: error.userDetail)
    }
    if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0, context.pointee.pb != nil {
      let closed = avio_closep(&context.pointee.pb)
      if closed < 0 {
        throw .unwritableOutput(path: path, reason: FFmpegError.message(for: closed).lowercasedFirstLetter)
      }
    }
  }
}
