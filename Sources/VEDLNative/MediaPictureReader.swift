import VEDLMedia
import VEDLTime

/// Decodes the pictures of one media file's first video stream, in presentation order, with
/// their exact presentation times — the native renderer's equivalent of the FFmpeg backend's
/// `-copyts -start_at_zero -ss … -i FILE`: times are counted from the file's start time, and
/// a seek goes to the keyframe before the wanted time (frames are then decoded and skipped,
/// never guessed).
///
/// Owns its demuxer, decoder and packet (VEDLMedia's `FormatInputContext`, `StreamDecoder`,
/// `Packet`); not for concurrent use.
final class MediaPictureReader {
  /// The file, for error messages.
  let path: String
  private let input: FormatInputContext
  private let decoder: StreamDecoder
  private let packet: Packet
  private let streamIndex: Int
  private let timeBase: LibavRational
  /// The file's start time in microseconds (`AV_TIME_BASE`), when known.
  private let startTime: Int64?
  /// Added to every picture's timestamp so that the file's start time becomes 0, in the
  /// stream's time base (what `-start_at_zero` does).
  private let timestampOffset: Int64
  /// One frame at the stream's rate (for pictures without a timestamp, and to tell a file
  /// that ends early from one whose last picture simply lasts).
  let frameDuration: Rational
  /// Where the file says its pictures end (seconds from its start): the stream's duration,
  /// else the container's; `nil` when neither is known.
  let declaredEnd: Rational?
  /// Decoded pictures not yet taken, oldest first.
  private var pending: [DecodedPicture] = []
  private var pendingStart = 0
  /// The end of the file was reached and the decoder drained.
  private var drained = false
  /// The time of the last picture handed out (for pictures without a timestamp).
  private var lastTime: Rational?

  /// Opens `path` and its first video stream's decoder: the one named `decoder`
  /// (`libvpx-vp9` for a WebM with an alpha channel), else the codec's default.
  init(path: String, decoder: String? = nil) throws(NativeRenderError) {
    self.path = path
    LibavSetup.ensureLogging()
    let input: FormatInputContext
    do { input = try FormatInputContext(path: path) } catch {
      throw NativeRenderError("cannot open `\(path)`: \(error.explanation)", path: path)
    }
    do { try input.findStreamInfo() } catch {
      throw NativeRenderError("cannot read the streams of `\(path)`: \(error.explanation)", path: path)
    }
    guard let index = input.firstStream(of: .video) else {
      throw NativeRenderError("`\(path)` has no picture", path: path)
    }
    input.discardAllStreams(except: [index])
    self.input = input
    let stream = input.timing(ofStream: index)
    streamIndex = index
    timeBase = stream.timeBase
    startTime = input.startTime
    let offset = input.startTime.map { LibavRational.rescale(-$0, from: .microseconds, to: stream.timeBase) } ?? 0
    timestampOffset = offset
    let rate = stream.averageFrameRate.numerator > 0 ? stream.averageFrameRate : stream.realFrameRate
    frameDuration =
      rate.numerator > 0 && rate.denominator > 0
      ? Rational(Int64(rate.denominator), Int64(rate.numerator)) ?? Rational(1, 25)! : Rational(1, 25)!
    let base = stream.timeBase.exactValue
    if let streamDuration = stream.duration, streamDuration > 0, let base,
      let length = Rational(streamDuration).checkedMultiplying(base)
    {
      let start = stream.startTime.map { Rational($0 + offset) * base } ?? .zero
      declaredEnd = start + length
    } else if let duration = input.containerDuration, duration.isPositive {
      declaredEnd = duration
    } else {
      declaredEnd = nil
    }

    do {
      self.decoder = try StreamDecoder(input: input, stream: index, decoderName: decoder)
    } catch {
      throw switch error {
      case .noDecoderNamed(let name):
        NativeRenderError("this FFmpeg has no decoder `\(name)` for `\(path)`", path: path)
      case .unsupportedCodec(let name):
        NativeRenderError("this FFmpeg cannot decode the video codec `\(name)` of `\(path)`", path: path)
      case .outOfMemory: NativeRenderError("out of memory while opening a decoder for `\(path)`", path: path)
      case .setUpFailed(let error), .openFailed(let error):
        NativeRenderError("cannot open the video decoder of `\(path)`: \(error.explanation)", path: path)
      }
    }
    do { packet = try Packet() } catch { throw NativeRenderError("out of memory while reading `\(path)`", path: path) }
  }

  /// The next picture in presentation order; `nil` at the end of the file.
  func next() throws(NativeRenderError) -> DecodedPicture? {
    while pendingStart == pending.count && !drained {
      try decodeMore()
    }
    guard pendingStart < pending.count else { return nil }
    let picture = pending[pendingStart]
    pendingStart += 1
    if pendingStart == pending.count {
      pending.removeAll(keepingCapacity: true)
      pendingStart = 0
    }
    lastTime = picture.time
    return picture
  }

  /// Goes to the keyframe at or before source time `time` (seconds from the file's start),
  /// so that `next()` continues from there. `false` when the demuxer cannot seek.
  func seek(to time: Rational) -> Bool {
    var target = LibavSetup.microseconds(max(.zero, time))
    if let startTime { target += startTime }
    do { try input.seek(toMicroseconds: target) } catch { return false }
    decoder.flush()
    pending.removeAll(keepingCapacity: true)
    pendingStart = 0
    drained = false
    lastTime = nil
    return true
  }

  /// Reads one packet of the stream and decodes it (or, at the end, drains the decoder).
  private func decodeMore() throws(NativeRenderError) {
    while true {
      let read: Bool
      do { read = try input.readPacket(into: packet) } catch {
        throw NativeRenderError("cannot read `\(path)`: \(error.explanation)", path: path)
      }
      if !read {
        // The end of the file: drain the decoder.
        try? decoder.send(nil)
        try receivePictures()
        drained = true
        return
      }
      defer { packet.unreference() }
      guard packet.streamIndex == streamIndex else { continue }
      var refusal = send(packet)
      if let error = refusal, error.isTryAgain {
        try receivePictures()
        refusal = send(packet)
      }
      // A damaged packet is skipped, as the CLI skips it (with a warning).
      if let error = refusal, !error.isInvalidData, !error.isTryAgain {
        throw NativeRenderError("cannot decode `\(path)`: \(error.explanation)", path: path)
      }
      try receivePictures()
      return
    }
  }

  /// Sends `packet` to the decoder; the error, when it refused it.
  private func send(_ packet: Packet) -> FFmpegError? {
    do { try decoder.send(packet) } catch { return error }
    return nil
  }

  /// Takes every picture the decoder has ready.
  private func receivePictures() throws(NativeRenderError) {
    while true {
      let frame: Frame
      do { frame = try Frame() } catch { throw NativeRenderError("out of memory while decoding `\(path)`", path: path) }
      let received: FrameReception
      do { received = try decoder.receive(into: frame) } catch {
        if error.isInvalidData { continue }
        throw NativeRenderError("cannot decode `\(path)`: \(error.explanation)", path: path)
      }
      guard received == .received else { return }
      pending.append(DecodedPicture(frame: frame, time: time(of: frame)))
    }
  }

  /// How long a decoded picture lasts, when its packet said (variable-rate files).
  func duration(of picture: DecodedPicture) -> Rational? {
    let ticks = picture.frame.packetDuration
    guard ticks > 0, let base = timeBase.exactValue else { return nil }
    return Rational(ticks).checkedMultiplying(base)
  }

  /// A picture's presentation time: its best-effort timestamp (as the CLI stamps decoded
  /// pictures) shifted to the file's start, in seconds; a picture without one follows the
  /// previous picture by one frame.
  private func time(of frame: Frame) -> Rational {
    if let stamp = frame.bestEffortTimestamp, let base = timeBase.exactValue,
      let t = Rational(stamp + timestampOffset).checkedMultiplying(base)
    {
      return t
    }
    let previous = pending.last?.time ?? lastTime
    return previous.map { $0 + frameDuration } ?? .zero
  }
}
