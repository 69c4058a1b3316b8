import CFFmpeg
import VEDLTime

/// An open media file being demuxed: owns one `AVFormatContext` from `avformat_open_input`
/// and closes it with `avformat_close_input` when released. Not `Sendable` — a demuxer is
/// used by one thread at a time — and no C pointer is visible outside VEDLMedia.
public final class FormatInputContext {
  /// The owned context; valid from a successful `init` until `deinit`.
  let context: UnsafeMutablePointer<AVFormatContext>
  /// The path it was opened from, for error messages.
  public let path: String

  /// Opens `path` and reads its header (`avformat_open_input`). The path is always read as a
  /// local file: a name such as `http:clip.mp4` is not taken for a URL. `options` are demuxer
  /// options, as the `ffmpeg` CLI passes the options written before `-i` (for example
  /// `["loop": "1"]` makes an image demuxer repeat its picture, like `-loop 1`). `format`
  /// names the demuxer (`-f NAME` before `-i`) instead of letting libavformat guess it.
  public init(path: String, options: [String: String] = [:], format: String? = nil) throws(FFmpegError) {
    LibavLog.ensureConfigured()
    guard let allocated = avformat_alloc_context() else {
      throw FFmpegError(
        code: vedl_averror_enomem(), operation: "allocating a demuxer for \"\(path)\"")
    }
    var context: UnsafeMutablePointer<AVFormatContext>? = allocated
    let (code, messages) = LibavLogRouter.shared.recordingErrors(
      about: UnsafeMutableRawPointer(allocated)
    ) {
      var dictionary: OpaquePointer? = nil
      for (key, value) in options.sorted(by: { $0.key < $1.key }) {
        av_dict_set(&dictionary, key, value, 0)
      }
      defer { av_dict_free(&dictionary) }
      let demuxer = format.flatMap { av_find_input_format($0) }
      if format != nil && demuxer == nil { return vedl_averror_demuxer_not_found() }
      return avformat_open_input(&context, "file:" + path, demuxer, &dictionary)
    }
    // On failure avformat_open_input has already freed the context and set it to NULL.
    guard code >= 0, let context else {
      throw FFmpegError(
        code: code < 0 ? code : vedl_averror_unknown(), operation: "opening \"\(path)\"",
        libraryMessages: messages)
    }
    self.context = context
    self.path = path
  }

  deinit {
    var owned: UnsafeMutablePointer<AVFormatContext>? = context
    avformat_close_input(&owned)
  }

  /// Reads the start of every stream to fill in codec parameters the header lacks
  /// (`avformat_find_stream_info`).
  public func findStreamInfo() throws(FFmpegError) {
    let (code, messages) = LibavLogRouter.shared.recordingErrors(
      about: UnsafeMutableRawPointer(context)
    ) {
      avformat_find_stream_info(context, nil)
    }
    if code < 0 {
      throw FFmpegError(
        code: code, operation: "reading stream information of \"\(path)\"",
        libraryMessages: messages)
    }
  }

  /// The demuxer's short name, for example `"mov,mp4,m4a,3gp,3g2,mj2"`, `"wav"`, `"png_pipe"`.
  public var formatName: String {
    context.pointee.iformat.map { String(cString: $0.pointee.name) } ?? ""
  }

  /// The demuxer's descriptive name, for example `"QuickTime / MOV"`.
  public var formatLongName: String? {
    context.pointee.iformat.flatMap { $0.pointee.long_name }.map { String(cString: $0) }
  }

  /// How many streams the file has.
  public var streamCount: Int { Int(context.pointee.nb_streams) }

  /// The container's duration in seconds (`AVFormatContext.duration / AV_TIME_BASE`), when
  /// the demuxer knows it.
  public var containerDuration: Rational? {
    timestamp(context.pointee.duration, in: vedl_av_time_base_q())
  }

  /// The stream at `index` (`0..<streamCount`).
  func stream(at index: Int) -> UnsafeMutablePointer<AVStream> {
    precondition(index >= 0 && index < streamCount, "stream index \(index) out of range")
    return context.pointee.streams[index]!
  }

  /// Reads the next packet of any stream not discarded into `packet` (`av_read_frame`).
  /// Returns `false` at the end of the file; throws on a read error.
  public func readPacket(into packet: Packet) throws(FFmpegError) -> Bool {
    packet.unreference()
    let (code, messages) = LibavLogRouter.shared.recordingErrors(
      about: UnsafeMutableRawPointer(context)
    ) {
      av_read_frame(context, packet.packet)
    }
    if code == vedl_averror_eof() { return false }
    if code < 0 {
      throw FFmpegError(
        code: code, operation: "reading a packet from \"\(path)\"", libraryMessages: messages)
    }
    return true
  }

  /// Makes the demuxer skip every stream except those in `kept`, so reading packets of one
  /// stream does not pay for the others.
  public func discardAllStreams(except kept: Set<Int>) {
    for index in 0..<streamCount {
      stream(at: index).pointee.discard = kept.contains(index) ? AVDISCARD_DEFAULT : AVDISCARD_ALL
    }
  }

  /// The index of the first stream of `kind`; `nil` when the file has none.
  public func firstStream(of kind: StreamKind) -> Int? {
    (0..<streamCount).first { StreamKind(stream(at: $0).pointee.codecpar.pointee.codec_type) == kind }
  }

  /// The file's start time in microseconds (`AVFormatContext.start_time`); `nil` when
  /// unknown.
  public var startTime: Int64? {
    context.pointee.start_time == vedl_av_nopts_value() ? nil : context.pointee.start_time
  }

  /// Whether the demuxer seeks by presentation time (`AVFMT_SEEK_TO_PTS`), not decoding time.
  public var seeksByPresentationTime: Bool {
    context.pointee.iformat.pointee.flags & AVFMT_SEEK_TO_PTS != 0
  }

  /// Whether some stream has reordered frames (`codecpar.video_delay`), which a seek by
  /// decoding time must allow for.
  public var hasReorderedFrames: Bool {
    (0..<streamCount).contains { stream(at: $0).pointee.codecpar.pointee.video_delay != 0 }
  }

  /// The clock and length of stream `index`, as stored.
  public func timing(ofStream index: Int) -> StreamTiming {
    let stream = stream(at: index).pointee
    return StreamTiming(
      timeBase: LibavRational(stream.time_base), averageFrameRate: LibavRational(stream.avg_frame_rate),
      realFrameRate: LibavRational(stream.r_frame_rate),
      startTime: stream.start_time == vedl_av_nopts_value() ? nil : stream.start_time,
      duration: stream.duration == vedl_av_nopts_value() ? nil : stream.duration)
  }

  /// Goes to the keyframe at or before `timestamp` (microseconds, on the file's own clock)
  /// in the default stream (`avformat_seek_file` with no lower bound).
  public func seek(toMicroseconds timestamp: Int64) throws(FFmpegError) {
    let (code, messages) = LibavLogRouter.shared.recordingErrors(
      about: UnsafeMutableRawPointer(context)
    ) {
      avformat_seek_file(context, -1, Int64.min, timestamp, timestamp, 0)
    }
    if code < 0 {
      throw FFmpegError(code: code, operation: "seeking in \"\(path)\"", libraryMessages: messages)
    }
  }
}

/// The clock and length of one stream of an input file, in libav's integers.
public struct StreamTiming: Hashable, Sendable {
  /// The unit of the stream's timestamps.
  public var timeBase: LibavRational
  /// The average frame rate (`avg_frame_rate`; `0/0` when unknown).
  public var averageFrameRate: LibavRational
  /// The lowest rate that represents every timestamp (`r_frame_rate`).
  public var realFrameRate: LibavRational
  /// The first timestamp, in `timeBase`; `nil` when unknown.
  public var startTime: Int64?
  /// The length, in `timeBase`; `nil` when unknown.
  public var duration: Int64?
}
