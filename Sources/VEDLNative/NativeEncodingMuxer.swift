import CFFmpeg

/// Writes the native backend's encoded packets into the output file: owns the output
/// `AVFormatContext` and its file. Streams are added in the CLI's order (video, then audio),
/// each from its open encoder; the header is written once all are added, packets are
/// interleaved by libavformat, and `finish` writes the trailer (the MP4 index, moved to the
/// front by `movflags=+faststart`). Releasing a muxer that was not finished closes the file
/// without a trailer; the caller deletes it.
final class NativeEncodingMuxer {
  private let context: UnsafeMutablePointer<AVFormatContext>
  /// The file being written.
  let path: String
  /// The encoder time base of each stream, by index.
  private var encoderTimeBases: [AVRational] = []
  private var headerWritten = false
  private var finished = false

  /// Creates `path` with the muxer `formatName` (`mp4`, `mov`, `webm`, `image2`).
  init(path: String, formatName: String) throws(NativePipelineError) {
    var allocated: UnsafeMutablePointer<AVFormatContext>? = nil
    let code = avformat_alloc_output_context2(&allocated, nil, formatName, path)
    guard code >= 0, let allocated else {
      throw .unwritableOutput(
        path: path, reason: NativePipelineError.reason("choosing the \(formatName) muxer", code: min(code, -1)))
    }
    context = allocated
    self.path = path
    if allocated.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
      let opened = avio_open(&allocated.pointee.pb, "file:" + path, AVIO_FLAG_WRITE)
      // Fully initialised: `deinit` frees the context.
      if opened < 0 { throw .unwritableOutput(path: path, reason: NativePipelineError.text(for: opened)) }
    }
  }

  deinit {
    if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0, context.pointee.pb != nil {
      avio_closep(&context.pointee.pb)
    }
    avformat_free_context(context)
  }

  /// Whether the muxer `formatName` wants codec headers out of band
  /// (`AV_CODEC_FLAG_GLOBAL_HEADER`): asked before the encoders are opened, which is before
  /// the file is created.
  static func wantsGlobalHeader(formatName: String) -> Bool {
    guard let format = av_guess_format(formatName, nil, nil) else { return false }
    return format.pointee.flags & AVFMT_GLOBALHEADER != 0
  }

  /// Adds a stream for the open `encoder`; returns its index.
  func addStream(for encoder: NativeEncodingEncoder) throws(NativePipelineError) -> Int {
    guard let stream = avformat_new_stream(context, nil) else {
      throw .unwritableOutput(path: path, reason: "out of memory while adding a stream")
    }
    let code = avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context)
    if code < 0 {
      throw .encodingFailed(reason: NativePipelineError.reason("copying the encoder's parameters", code: code))
    }
    stream.pointee.time_base = encoder.timeBase
    if encoder.isVideo {
      stream.pointee.avg_frame_rate = encoder.context.pointee.framerate
      stream.pointee.sample_aspect_ratio = encoder.context.pointee.sample_aspect_ratio
    }
    encoderTimeBases.append(encoder.timeBase)
    return encoderTimeBases.count - 1
  }

  /// Writes the header with the muxer `options` (`movflags=+faststart`, `update=1`); an
  /// option the muxer does not know is an error.
  func writeHeader(options: [(String, String)]) throws(NativePipelineError) {
    var dictionary: OpaquePointer? = nil
    defer { av_dict_free(&dictionary) }
    for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
    let code = avformat_write_header(context, &dictionary)
    if code < 0 {
      throw .unwritableOutput(path: path, reason: NativePipelineError.reason("writing the header", code: code))
    }
    if let unused = av_dict_get(dictionary, "", nil, AV_DICT_IGNORE_SUFFIX) {
      throw .unwritableOutput(path: path, reason: "the muxer has no option `\(String(cString: unused.pointee.key))`")
    }
    headerWritten = true
  }

  /// Writes `packet` (stamped in its encoder's time base) to stream `index`. libavformat
  /// takes the packet's payload.
  func write(_ packet: UnsafeMutablePointer<AVPacket>, stream index: Int) throws(NativePipelineError) {
    let stream = context.pointee.streams[index]!
    av_packet_rescale_ts(packet, encoderTimeBases[index], stream.pointee.time_base)
    packet.pointee.stream_index = Int32(index)
    let code = av_interleaved_write_frame(context, packet)
    if code < 0 {
      throw .unwritableOutput(path: path, reason: NativePipelineError.reason("writing a packet", code: code))
    }
  }

  /// Writes the trailer and closes the file.
  func finish() throws(NativePipelineError) {
    guard headerWritten, !finished else { return }
    finished = true
    let code = av_write_trailer(context)
    if code < 0 {
      throw .unwritableOutput(path: path, reason: NativePipelineError.reason("writing the trailer", code: code))
    }
    if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0, context.pointee.pb != nil {
      let closed = avio_closep(&context.pointee.pb)
      if closed < 0 { throw .unwritableOutput(path: path, reason: NativePipelineError.text(for: closed)) }
    }
  }
}
