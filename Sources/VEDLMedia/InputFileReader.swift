import CFFmpeg
import VEDLTime

/// Reads one input file for a filter graph the way the `ffmpeg` CLI reads `-ss S -t D -i
/// PATH`: opens it (with `loop=1` for `-loop 1`), seeks to the keyframe before `S`, shifts
/// every timestamp by `-(S + start_time)` so `S` becomes 0 (or, with `-copyts
/// -start_at_zero`, by `-start_time` only), and decodes the first video and
/// the first audio stream — only those the graph uses. Dropping what lies before 0 and after
/// `D` is left to the `trim`/`atrim` filters `FilterGraphBuilder` inserts, as the CLI does.
///
/// Decoders are opened on the first read, not when the file is opened: a render holds the
/// readers of every clip of the timeline from the start, and an idle decoder's threads and
/// picture pools are what would make memory grow with the timeline's length.
final class InputFileReader {
  /// The input's position in `-i` order (`[k:v]`).
  let index: Int
  let options: MediaInputOptions
  private let input: FormatInputContext
  /// The stream of each kind the graph reads.
  private let streamIndexes: [StreamKind: Int]
  /// Their decoders, opened by the first `readPacket`.
  private var decoders: [StreamKind: StreamDecoder] = [:]
  /// Decoded frames not yet handed to the graph, oldest first.
  private var pending: [(kind: StreamKind, frame: Frame)] = []
  /// The first frame decoded of each stream, kept (a reference) for the buffer source's
  /// parameters.
  private(set) var firstFrames: [StreamKind: Frame] = [:]
  /// Added to every packet timestamp, in `AV_TIME_BASE` units (microseconds).
  private let timestampOffset: Int64
  private let packet: Packet
  /// All packets have been read and the decoders drained.
  private(set) var isAtEnd = false
  /// The file has no more packets (those held back are still to be decoded).
  private var fileEnded = false
  /// A read error met while packets were held back: reported once they are decoded, as the
  /// CLI, which holds none back, would have decoded them before meeting it.
  private var deferredError: MediaRenderError?
  /// Picture packets held back to learn which pictures are shown (`MediaInputOptions`'s
  /// `pictureSampling`); `nil` when every picture is decoded.
  private var lookahead: PictureLookahead<Packet>?
  private let tally: DecodingTally
  /// The CLI's running decoding time of the picture stream, in microseconds
  /// (`stampDecodingTime`); `nil` before the first packet or once unknown.
  private var nextPictureDTS: Int64?
  private var startedPictureDTS = false

  /// Opens input `index` and prepares decoders for the stream kinds in `wanted`; `labels`
  /// names the graph's pad for each kind, for the error when the file lacks that stream.
  init(
    index: Int, options: MediaInputOptions, timestampMode: InputTimestampMode, wanted: [StreamKind: String],
    tally: DecodingTally = DecodingTally()
  ) throws(MediaRenderError) {
    self.index = index
    self.options = options
    self.tally = tally
    let path = options.path
    // Opened as the probe opens it, so a missing, empty, truncated or non-media file gives the
    // same clear error `vedl check` gives — once: the file is not probed first and opened
    // again. Only a file that states no length is probed as well (reading its packets tells
    // whether it holds any).
    let input: FormatInputContext
    do {
      let streams: [StreamInfo]
      (input, streams) = try MediaProbe.open(
        path: path, formatOptions: options.loopStill ? ["loop": "1"] : [:], format: options.demuxer)
      if MediaProbe.statesNoLength(streams, containerDuration: input.containerDuration) {
        _ = try MediaProbe.probe(path: path, options: ProbeOptions(frameCounting: .never))
      }
    } catch {
      throw .unreadableInput(path: path, reason: Self.reason(error))
    }
    do {
      packet = try Packet()
    } catch {
      throw .unreadableInput(path: path, reason: error.userDetail)
    }
    self.input = input

    var streamIndexes: [StreamKind: Int] = [:]
    for kind in [StreamKind.video, .audio] {
      guard let label = wanted[kind] else { continue }
      let mediaType = kind == .video ? AVMEDIA_TYPE_VIDEO : AVMEDIA_TYPE_AUDIO
      guard
        let streamIndex = (0..<input.streamCount).first(where: {
          input.stream(at: $0).pointee.codecpar.pointee.codec_type == mediaType
        })
      else {
        throw .missingStream(path: path, kind: kind, label: label)
      }
      streamIndexes[kind] = streamIndex
    }
    self.streamIndexes = streamIndexes

    // The CLI: timestamp = S (+ the file's start time) is where it seeks; packets are shifted
    // by -timestamp, or under `-copyts -start_at_zero` only by -start_time.
    var timestamp = options.seek.map(Self.microseconds) ?? 0
    let startTime = input.context.pointee.start_time
    let knownStart = startTime != vedl_av_nopts_value()
    if knownStart { timestamp += startTime }
    switch timestampMode {
    case .zeroAtSeek: timestampOffset = -timestamp
    case .sourceTime: timestampOffset = knownStart ? -startTime : 0
    }
    // The CLI seeks before it marks unused streams discarded, so libavformat seeks on the
    // file's default stream (its picture, when it has one) — for a reader of the sound too:
    // a seek on the sound stream can land elsewhere (Matroska) and start decoding elsewhere.
    if options.seek != nil {
      seek(to: timestamp)
    }
    input.discardAllStreams(except: Set(streamIndexes.values))
    lookahead = makeLookahead(timestampMode: timestampMode)
  }

  /// Decoders whose `AVDISCARD_NONREF` leaves out exactly the pictures nothing refers to, and
  /// whose reordering is bounded by what the stream declares: H.264 and HEVC.
  private static let skippableCodecs: Set<UInt32> = [AV_CODEC_ID_H264.rawValue, AV_CODEC_ID_HEVC.rawValue]

  /// The window that decides which pictures are skipped, when the options say which are
  /// shown and the codec can skip them.
  private func makeLookahead(timestampMode: InputTimestampMode) -> PictureLookahead<Packet>? {
    guard let sampling = options.pictureSampling, let stream = stream(of: .video),
      Self.skippableCodecs.contains(stream.pointee.codecpar.pointee.codec_id.rawValue),
      let timeBase = Rational(Int64(stream.pointee.time_base.num), Int64(stream.pointee.time_base.den)),
      timeBase.isPositive
    else { return nil }
    // Timestamps count from the seek point when inputs start there, else from the file's start.
    let seek = options.seek.map(Self.microseconds) ?? 0
    let origin = timestampMode == .zeroAtSeek ? Rational(seek, Int64(AV_TIME_BASE))! : Rational.zero
    let window = InputSourceChain.trimWindow(self, kind: .video, timestampMode: timestampMode)
    return PictureLookahead(
      sampling: sampling, timeBase: timeBase, origin: origin, trimStart: options.seek == nil ? nil : window?.start)
  }

  /// Why the probe refused the file, in words that do not repeat its path (the error's
  /// message names it already).
  static func reason(_ error: MediaProbeError) -> String {
    switch error {
    case .fileMissing: "the file does not exist"
    case .notAFile: "it is a directory or special file, not a media file"
    case .notReadable(_, let reason): "it cannot be read: \(reason)"
    case .emptyFile: "the file is empty"
    case .invalidData(_, let underlying):
      "it is not a media file FFmpeg can read (\(underlying.message.lowercasedFirstLetter))"
    case .truncated(_, let format?, let detail): "it is a \(format) file that is truncated or damaged: \(detail)"
    case .truncated(_, nil, let detail): "it is truncated or damaged: \(detail)"
    case .noStreams(_, let format): "it (\(format)) contains no audio, video, image or subtitle streams"
    case .ffmpeg(_, let underlying): underlying.userDetail
    }
  }

  /// Seeks like the CLI: to `timestamp`, or 3/23 s earlier for formats that seek by decoding
  /// time and streams with reordered frames, so the keyframe before the trim is found. A
  /// failed seek is not an error (the CLI only warns): decoding from the start and dropping
  /// gives the same frames.
  private func seek(to timestamp: Int64) {
    var target = timestamp
    let flags = input.context.pointee.iformat.pointee.flags
    if flags & AVFMT_SEEK_TO_PTS == 0 {
      let delayed = (0..<input.streamCount).contains { input.stream(at: $0).pointee.codecpar.pointee.video_delay != 0 }
      if delayed { target -= 3 * Int64(AV_TIME_BASE) / 23 }
    }
    _ = avformat_seek_file(input.context, -1, Int64.min, target, target, 0)
  }

  /// `seconds` in `AV_TIME_BASE` units, rounded to the nearest microsecond (what the CLI gets
  /// from parsing the decimal time the lowering prints).
  static func microseconds(_ seconds: Rational) -> Int64 {
    let scaled = seconds * Rational(Int64(AV_TIME_BASE))
    // Round half away from zero.
    let twice = scaled * Rational(2)
    let rounded = twice.isNegative ? -((-twice).floor + 1) / 2 : (twice.floor + 1) / 2
    return rounded
  }

  /// Stream parameters of `kind` when no frame was decoded (an input that ends at once).
  func codecParameters(of kind: StreamKind) -> UnsafeMutablePointer<AVCodecParameters>? {
    guard let streamIndex = streamIndexes[kind] else { return nil }
    return input.stream(at: streamIndex).pointee.codecpar
  }

  /// The stream of `kind` (for its time base and frame rate).
  func stream(of kind: StreamKind) -> UnsafeMutablePointer<AVStream>? {
    streamIndexes[kind].map { input.stream(at: $0) }
  }

  /// The frame rate the CLI passes to the buffer source (`av_guess_frame_rate`).
  func guessedFrameRate() -> AVRational? {
    guard let stream = stream(of: .video) else { return nil }
    let rate = av_guess_frame_rate(input.context, stream, nil)
    return rate.num > 0 && rate.den > 0 ? rate : nil
  }

  /// Reads until every stream the graph uses has produced its first frame (or the file
  /// ended), keeping the frames queued: the buffer sources are configured from them, as the
  /// CLI configures its graph only once each input's first frame is known.
  func readFirstFrames() throws(MediaRenderError) {
    while !isAtEnd && streamIndexes.keys.contains(where: { firstFrames[$0] == nil }) {
      try readPacket()
    }
  }

  /// Takes the decoded frames waiting to be sent, oldest first.
  func takePendingFrames() -> [(kind: StreamKind, frame: Frame)] {
    defer { pending.removeAll() }
    return pending
  }

  /// Whether decoded frames are waiting.
  var hasPendingFrames: Bool { !pending.isEmpty }

  /// How many decoders are open (they open on the first read and close at the end).
  var openDecoderCount: Int { decoders.count }

  /// Whether the buffer source of `kind` can be set up from the stream's parameters alone
  /// (size, pixel or sample format, rate known), so no frame needs decoding before the
  /// graph is configured.
  func hasCompleteParameters(of kind: StreamKind) -> Bool {
    guard let parameters = codecParameters(of: kind)?.pointee, parameters.format >= 0 else { return false }
    // Another decoder may give another format (libvpx-vp9's `yuva420p` where the stream says
    // `yuv420p`): its first picture says.
    if kind == .video && options.videoDecoder != nil { return false }
    switch kind {
    case .video: return parameters.width > 0 && parameters.height > 0
    case .audio: return parameters.sample_rate > 0 && parameters.ch_layout.nb_channels > 0
    case .subtitle, .other: return false
    }
  }

  /// The decoder of `kind`, opened on first use.
  private func decoder(of kind: StreamKind) throws(MediaRenderError) -> StreamDecoder? {
    if let decoder = decoders[kind] { return decoder }
    guard let streamIndex = streamIndexes[kind] else { return nil }
    let decoder: StreamDecoder
    do {
      decoder = try StreamDecoder(
        stream: input.stream(at: streamIndex), kind: kind, decoderName: kind == .video ? options.videoDecoder : nil)
    } catch {
      throw .unreadableInput(path: options.path, reason: error.reason(kind: kind))
    }
    decoders[kind] = decoder
    return decoder
  }

  /// Reads and decodes one packet of a stream the graph uses (picture packets may be held
  /// back a while, see `lookahead`); at the end of the file, decodes what is held, drains
  /// the decoders and sets `isAtEnd`.
  func readPacket() throws(MediaRenderError) {
    guard !isAtEnd else { return }
    let path = options.path
    while !fileEnded {
      let more: Bool
      do { more = try input.readPacket(into: packet) } catch {
        let failure = MediaRenderError.unreadableInput(path: path, reason: error.userDetail)
        guard let lookahead, lookahead.count > 0 else { throw failure }
        deferredError = failure
        fileEnded = true
        break
      }
      guard more else {
        fileEnded = true
        break
      }
      guard let kind = streamIndexes.first(where: { $0.value == packet.streamIndex })?.key,
        let decoder = try decoder(of: kind)
      else { continue }
      shiftTimestamps(of: packet, timeBase: decoder.streamTimeBase)
      guard kind == .video, lookahead != nil else {
        try decode(packet, kind: kind, decoder: decoder)
        return
      }
      let held: Packet
      do { held = try Packet() } catch { throw .unreadableInput(path: path, reason: error.userDetail) }
      av_packet_move_ref(held.packet, packet.packet)
      lookahead!.append(held, pts: held.presentationTimestamp)
      if let (oldest, unshown) = lookahead!.next(draining: false) {
        try decode(oldest, kind: .video, decoder: decoder, unshown: unshown)
        return
      }
    }
    if let (oldest, unshown) = lookahead?.next(draining: true), let decoder = try decoder(of: .video) {
      try decode(oldest, kind: .video, decoder: decoder, unshown: unshown)
      return
    }
    if let deferredError { throw deferredError }
    for kind in [StreamKind.video, .audio] {
      guard let decoder = try decoder(of: kind) else { continue }
      try decode(nil, kind: kind, decoder: decoder)
    }
    decoders.removeAll()
    isAtEnd = true
  }

  /// Decodes `packet` of `kind` (`nil`: drains the decoder); an `unshown` picture is skipped
  /// if nothing refers to it and the stream's timestamps can be trusted to say what the graph
  /// receives.
  private func decode(_ packet: Packet?, kind: StreamKind, decoder: StreamDecoder, unshown: Bool = false)
    throws(MediaRenderError)
  {
    if kind == .video, let packet { stampDecodingTime(of: packet, decoder: decoder) }
    let frames: [Frame]
    do {
      frames = try decoder.decode(packet, skippingIfNonReference: unshown && !decoder.hasGuessedTimestamps)
    } catch {
      throw .unreadableInput(path: options.path, reason: error.userDetail)
    }
    if kind == .video {
      if let packet {
        advanceDecodingTime(after: packet, decoder: decoder)
        tally.picturePackets += 1
      }
      tally.decodedPictures += Int64(frames.count)
    }
    append(frames, kind: kind)
  }

  /// Gives a picture packet without a decoding time (a raw H.264 or HEVC stream has none)
  /// the one the CLI gives it: its running decoding time (`ist->dts`, in microseconds),
  /// which starts at `−has_b_frames` frames and advances by each packet's duration. The
  /// decoder then stamps the pictures with it, as the CLI's do.
  private func stampDecodingTime(of packet: Packet, decoder: StreamDecoder) {
    let timeBase = decoder.streamTimeBase
    if nextPictureDTS == nil, !startedPictureDTS {
      startedPictureDTS = true
      let rate = stream(of: .video)?.pointee.avg_frame_rate ?? AVRational(num: 0, den: 1)
      let delay = Int64(decoder.context.pointee.has_b_frames)
      nextPictureDTS =
        rate.num > 0 ? Int64(-Double(delay) * Double(AV_TIME_BASE) / (Double(rate.num) / Double(rate.den))) : 0
    }
    if packet.packet.pointee.dts != vedl_av_nopts_value() {
      nextPictureDTS = av_rescale_q(packet.packet.pointee.dts, timeBase, vedl_av_time_base_q())
    } else if let dts = nextPictureDTS {
      packet.packet.pointee.dts = av_rescale_q(dts, vedl_av_time_base_q(), timeBase)
    }
  }

  /// Moves the running decoding time past `packet`: by its duration, else by one frame of
  /// the decoder's rate (`repeat_pict` counted, as the CLI counts it); unknown when neither
  /// is.
  private func advanceDecodingTime(after packet: Packet, decoder: StreamDecoder) {
    guard let dts = nextPictureDTS else { return }
    let context = decoder.context.pointee
    var duration: Int64 = 0
    if packet.packet.pointee.duration > 0 {
      duration = av_rescale_q(packet.packet.pointee.duration, decoder.streamTimeBase, vedl_av_time_base_q())
    } else if context.framerate.num != 0, context.framerate.den != 0, context.ticks_per_frame > 0 {
      let parser = stream(of: .video).flatMap { av_stream_get_parser($0) }
      let ticks = parser.map { Int64($0.pointee.repeat_pict) + 1 } ?? Int64(context.ticks_per_frame)
      duration =
        Int64(AV_TIME_BASE) * Int64(context.framerate.den) * ticks / Int64(context.framerate.num)
        / Int64(context.ticks_per_frame)
    }
    nextPictureDTS = duration != 0 ? dts + duration : nil
  }

  private func append(_ frames: [Frame], kind: StreamKind) {
    for frame in frames {
      if firstFrames[kind] == nil {
        if let copy = try? Frame(), av_frame_ref(copy.frame, frame.frame) >= 0 { firstFrames[kind] = copy }
      }
      pending.append((kind, frame))
    }
  }

  /// Adds the seek offset to the packet's timestamps (`ts_offset` in the CLI).
  private func shiftTimestamps(of packet: Packet, timeBase: AVRational) {
    let offset = av_rescale_q(timestampOffset, vedl_av_time_base_q(), timeBase)
    if packet.packet.pointee.pts != vedl_av_nopts_value() { packet.packet.pointee.pts += offset }
    if packet.packet.pointee.dts != vedl_av_nopts_value() { packet.packet.pointee.dts += offset }
  }
}
