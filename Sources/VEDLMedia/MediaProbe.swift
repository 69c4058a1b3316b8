import CFFmpeg
import Foundation
import VEDLTime

/// Reads what a media file contains — container, streams, exact duration, frame rate, frame
/// count — through libavformat in-process, without decoding a single frame.
public enum MediaProbe {
  /// Probes the file at `path`. Thread-safe: each call opens its own demuxer.
  ///
  /// - Throws: `MediaProbeError`, one case per cause (missing, unreadable, not media,
  ///   truncated, no streams).
  public static func probe(path: String, options: ProbeOptions = ProbeOptions())
    throws(MediaProbeError) -> MediaInfo
  {
    let (input, described) = try open(path: path)
    let format = input.formatName
    var streams = described
    let containerDuration = input.containerDuration
    let mediaStreams = streams.filter { $0.kind == .video || $0.kind == .audio }
    let streamDuration = mediaStreams.compactMap(\.duration).max()

    // Which video streams to count by reading their packets.
    let counted = streams.filter { stream in
      guard stream.isPlayableVideo, let video = stream.video else { return false }
      switch options.frameCounting {
      case .never: return false
      case .whenUnknown: return video.frameCount == nil
      case .always: return true
      }
    }.map(\.index)
    if !counted.isEmpty || statesNoLength(streams, containerDuration: containerDuration) {
      try countFrames(of: Set(counted), in: input, streams: &streams, path: path)
    }

    let duration = streamDuration ?? containerDuration.flatMap { $0.isZero ? nil : $0 }
    return MediaInfo(
      path: path, formatName: format, formatLongName: input.formatLongName, duration: duration,
      durationSource: streamDuration != nil ? .streams : (duration != nil ? .container : nil),
      containerDuration: containerDuration, streams: streams,
      isStillImage: isStillImage(formatName: format, streams: streams))
  }

  /// Opens `path` and reads its stream parameters (`avformat_find_stream_info`), failing as
  /// `probe` fails on a file that is missing, unreadable, not media, damaged or without
  /// media streams. `formatOptions` go to the demuxer (`loop=1` for a still). The context is
  /// at the start of the file, ready for its packets to be read — what a render's reader
  /// needs, without opening the file a second time to probe it — and comes with its streams
  /// described.
  ///
  /// A file that states no length anywhere (`statesNoLength`) is usable only if it holds a
  /// packet, which only reading tells: `probe` checks that, this does not.
  static func open(path: String, formatOptions: [String: String] = [:], format: String? = nil)
    throws(MediaProbeError) -> (input: FormatInputContext, streams: [StreamInfo])
  {
    try checkFileIsReadable(path)
    let input: FormatInputContext
    do {
      input = try FormatInputContext(path: path, options: formatOptions, format: format)
    } catch {
      throw classifyOpenFailure(error, path: path)
    }
    let format = input.formatName
    do {
      try input.findStreamInfo()
    } catch {
      throw MediaProbeError.truncated(path: path, format: format, detail: detail(of: error))
    }
    let streams = (0..<input.streamCount).map { describeStream(input.stream(at: $0), index: $0) }
    guard streams.contains(where: { $0.kind != .other }) else {
      throw MediaProbeError.noStreams(path: path, format: format)
    }
    return (input, streams)
  }

  /// Whether a file with `streams` and `containerDuration` states no length anywhere: no
  /// stream or container duration and no frame count. Such a file must at least hold one
  /// packet to be usable.
  static func statesNoLength(_ streams: [StreamInfo], containerDuration: Rational?) -> Bool {
    let streamDuration = streams.filter { $0.kind == .video || $0.kind == .audio }.compactMap(\.duration).max()
    return streamDuration == nil && (containerDuration ?? .zero).isZero
      && !streams.contains { $0.video?.frameCount != nil }
  }

  // MARK: Before FFmpeg: plain file checks

  /// Turns the common failures into clear errors before FFmpeg sees the path. Uses `stat`,
  /// which follows symbolic links, so a link is judged by what it points to.
  private static func checkFileIsReadable(_ path: String) throws(MediaProbeError) {
    var status = stat()
    guard stat(path, &status) == 0 else {
      let error = errno
      if error == EACCES {
        throw .notReadable(path: path, reason: systemMessage(error))
      }
      throw .fileMissing(path: path)
    }
    guard status.st_mode & S_IFMT == S_IFREG else { throw .notAFile(path: path) }
    guard access(path, R_OK) == 0 else {
      throw .notReadable(path: path, reason: systemMessage(errno))
    }
    if status.st_size == 0 { throw .emptyFile(path: path) }
  }

  /// The C library's text for `errno` value `code`, lower-cased like VEDL's messages.
  private static func systemMessage(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercasedFirstLetter
  }

  /// Maps a failed `avformat_open_input` to the cause a user can act on.
  static func classifyOpenFailure(_ error: FFmpegError, path: String) -> MediaProbeError {
    switch error.posixErrorCode {
    case ENOENT: return .fileMissing(path: path)
    case EACCES, EPERM: return .notReadable(path: path, reason: error.message.lowercasedFirstLetter)
    case EISDIR: return .notAFile(path: path)
    default: break
    }
    guard error.isInvalidData || error.isEndOfFile else {
      return .ffmpeg(path: path, underlying: error)
    }
    if let format = ContentSniffer.recognisedFormat(ofFileAt: path) {
      return .truncated(path: path, format: format, detail: detail(of: error))
    }
    return .invalidData(path: path, underlying: error)
  }

  /// What FFmpeg logged about a failure, or its generic message when it logged nothing.
  private static func detail(of error: FFmpegError) -> String {
    error.libraryMessages.isEmpty
      ? error.message.lowercasedFirstLetter : error.libraryMessages.joined(separator: "; ")
  }

  // MARK: Streams

  private static func describeStream(_ stream: UnsafeMutablePointer<AVStream>, index: Int)
    -> StreamInfo
  {
    let parameters = stream.pointee.codecpar.pointee
    let timeBase = stream.pointee.time_base
    let kind: StreamKind =
      switch parameters.codec_type {
      case AVMEDIA_TYPE_VIDEO: .video
      case AVMEDIA_TYPE_AUDIO: .audio
      case AVMEDIA_TYPE_SUBTITLE: .subtitle
      default: .other
      }
    var info = StreamInfo(
      index: index, kind: kind, codecName: String(cString: avcodec_get_name(parameters.codec_id)),
      timeBase: rational(timeBase) ?? .zero,
      startTime: timestamp(stream.pointee.start_time, in: timeBase),
      duration: timestamp(stream.pointee.duration, in: timeBase).flatMap {
        $0.isNegative ? nil : $0
      },
      isDefault: stream.pointee.disposition & AV_DISPOSITION_DEFAULT != 0,
      isAttachedPicture: stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0,
      language: language(of: stream))
    switch kind {
    case .video:
      let frames = stream.pointee.nb_frames
      let turn = orientation(of: stream)
      info.video = VideoStreamInfo(
        width: Int(parameters.width), height: Int(parameters.height),
        pixelFormat: av_get_pix_fmt_name(AVPixelFormat(parameters.format)).map {
          String(cString: $0)
        },
        averageFrameRate: rational(stream.pointee.avg_frame_rate, zeroIsUnknown: true),
        realFrameRate: rational(stream.pointee.r_frame_rate, zeroIsUnknown: true),
        sampleAspectRatio: rational(parameters.sample_aspect_ratio, zeroIsUnknown: true),
        rotation: turn.rotation,
        frameCount: frames > 0 ? frames : nil,
        frameCountSource: frames > 0 ? .container : nil,
        colorSpace: parameters.color_space == AVCOL_SPC_UNSPECIFIED
          ? nil : av_color_space_name(parameters.color_space).map { String(cString: $0) },
        colorRange: parameters.color_range == AVCOL_RANGE_UNSPECIFIED
          ? nil : parameters.color_range == AVCOL_RANGE_JPEG ? "pc" : "tv",
        mirrored: turn.mirrored,
        colorTransfer: parameters.color_trc == AVCOL_TRC_UNSPECIFIED
          ? nil : av_color_transfer_name(parameters.color_trc).map { String(cString: $0) },
        colorPrimaries: parameters.color_primaries == AVCOL_PRI_UNSPECIFIED
          ? nil : av_color_primaries_name(parameters.color_primaries).map { String(cString: $0) },
        hasSideAlpha: tag("alpha_mode", of: stream) == "1")
    case .audio:
      var layout = parameters.ch_layout
      var name = [CChar](repeating: 0, count: 64)
      // A layout of unspecified order only knows its channel count ("1 channels"): no name.
      let described =
        layout.order != AV_CHANNEL_ORDER_UNSPEC
        && av_channel_layout_describe(&layout, &name, name.count) > 0
      info.audio = AudioStreamInfo(
        sampleRate: Int(parameters.sample_rate), channels: Int(parameters.ch_layout.nb_channels),
        channelLayout: described ? String(nulTerminated: name) : nil,
        sampleFormat: av_get_sample_fmt_name(AVSampleFormat(parameters.format)).map {
          String(cString: $0)
        })
    case .subtitle, .other:
      break
    }
    return info
  }

  /// The stream's `language` tag; `"und"` (ISO 639-2 for "undetermined", which MP4 muxers
  /// write by default) counts as none.
  private static func language(of stream: UnsafeMutablePointer<AVStream>) -> String? {
    guard let entry = av_dict_get(stream.pointee.metadata, "language", nil, 0),
      let value = entry.pointee.value
    else { return nil }
    let language = String(cString: value)
    return language.isEmpty || language == "und" ? nil : language
  }

  /// A tag of the stream's metadata (`alpha_mode`, which the Matroska demuxer exports).
  private static func tag(_ key: String, of stream: UnsafeMutablePointer<AVStream>) -> String? {
    guard let entry = av_dict_get(stream.pointee.metadata, key, nil, 0), let value = entry.pointee.value else {
      return nil
    }
    return String(cString: value)
  }

  /// How the stream's display matrix turns its pictures: clockwise degrees (0, 90, 180, 270)
  /// after an optional left-to-right mirror, read as the `ffmpeg` CLI's autorotation reads it
  /// (FFmpeg 6.1's flip-aware reading: FFmpeg 5.1's own CLI ignores flips). A matrix at
  /// another angle is taken to the nearest quarter turn.
  private static func orientation(of stream: UnsafeMutablePointer<AVStream>) -> (rotation: Int, mirrored: Bool) {
    var size = 0
    guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size),
      size >= 9 * MemoryLayout<Int32>.size
    else { return (0, false) }
    let matrix = data.withMemoryRebound(to: Int32.self, capacity: 9) { Array(UnsafeBufferPointer(start: $0, count: 9)) }
    return orientation(displayMatrix: matrix)
  }

  /// The orientation of a display matrix `a b u / c d v / x y w` (row-major, libavutil's
  /// `display.h`): the signs of its larger pair of entries name one of the eight quarter
  /// turns and flips, as FFmpeg 6.1's CLI picks `transpose`, `hflip` and `vflip` from them.
  public static func orientation(displayMatrix m: [Int32]) -> (rotation: Int, mirrored: Bool) {
    let (a, b, c, d) = (Double(m[0]), Double(m[1]), Double(m[3]), Double(m[4]))
    if abs(a) + abs(d) >= abs(b) + abs(c) {
      switch (a >= 0, d >= 0) {
      case (true, true): return (0, false)
      case (false, true): return (0, true)  // hflip
      case (true, false): return (180, true)  // vflip
      case (false, false): return (180, false)
      }
    }
    switch (b > 0, c > 0) {
    case (true, false): return (90, false)  // transpose=clock
    case (true, true): return (270, true)  // transpose=cclock_flip
    case (false, true): return (270, false)  // transpose=cclock
    case (false, false): return (90, true)  // transpose=clock_flip
    }
  }

  // MARK: Counting packets

  /// Reads every packet of the streams in `indices` (or, when it is empty, of any stream
  /// until the first) and records frame counts and first/last times. Finds truncation: a file
  /// with no packets at all, or fewer than its container promises.
  private static func countFrames(
    of indices: Set<Int>, in input: FormatInputContext, streams: inout [StreamInfo], path: String
  ) throws(MediaProbeError) {
    if !indices.isEmpty { input.discardAllStreams(except: indices) }
    var tallies: [Int: FrameTally] = [:]
    var anyPacket = false
    var readFailure: FFmpegError?
    do {
      let packet = try Packet()
      while try input.readPacket(into: packet) {
        anyPacket = true
        if indices.isEmpty { break }
        guard indices.contains(packet.streamIndex) else { continue }
        tallies[packet.streamIndex, default: FrameTally()].add(packet)
      }
    } catch {
      readFailure = error
    }

    guard anyPacket else {
      let detail = readFailure.map(detail(of:)) ?? "it holds no packets"
      throw MediaProbeError.truncated(path: path, format: input.formatName, detail: detail)
    }
    for index in indices.sorted() {
      guard var video = streams[index].video else { continue }
      let tally = tallies[index] ?? FrameTally()
      if let promised = video.frameCount, tally.packets < promised {
        var detail = "it holds \(tally.packets) of the \(promised) frames its header lists"
        if let readFailure { detail += " (\(Self.detail(of: readFailure)))" }
        throw MediaProbeError.truncated(path: path, format: input.formatName, detail: detail)
      }
      if tally.packets == 0, let readFailure {
        throw MediaProbeError.truncated(
          path: path, format: input.formatName, detail: detail(of: readFailure))
      }
      let timeBase = streams[index].timeBase
      video.frameCount = tally.shown
      video.frameCountSource = .packets
      video.firstFrameTime = tally.first.flatMap { Rational($0).checkedMultiplying(timeBase) }
      video.lastFrameTime = tally.last.flatMap { Rational($0).checkedMultiplying(timeBase) }
      streams[index].video = video
    }
  }

  /// Packets of one stream seen while counting.
  private struct FrameTally {
    /// Every packet, shown or not.
    var packets: Int64 = 0
    /// Packets whose frame is shown (not marked discard by an edit list).
    var shown: Int64 = 0
    /// Smallest and largest presentation timestamp of a shown packet.
    var first: Int64?
    var last: Int64?

    mutating func add(_ packet: Packet) {
      packets += 1
      guard !packet.isDiscarded else { return }
      shown += 1
      if let pts = packet.presentationTimestamp {
        first = min(first ?? pts, pts)
        last = max(last ?? pts, pts)
      }
    }
  }

  // MARK: Stills

  /// The image demuxers: `image2` (a file named like a picture) and the `*_pipe` demuxers
  /// that recognise a picture by its contents (`png_pipe`, `jpeg_pipe`, `webp_pipe`, …).
  static func isImageDemuxer(_ formatName: String) -> Bool {
    formatName == "image2" || formatName.hasSuffix("_pipe")
  }

  /// A still is read by an image demuxer (and shows at most one frame), or is one frame of
  /// video without sound in any container.
  static func isStillImage(formatName: String, streams: [StreamInfo]) -> Bool {
    let videos = streams.filter(\.isPlayableVideo)
    guard videos.count == 1, let video = videos[0].video else { return false }
    if isImageDemuxer(formatName) { return (video.frameCount ?? 1) <= 1 }
    return video.frameCount == 1 && !streams.contains { $0.kind == .audio }
  }
}
