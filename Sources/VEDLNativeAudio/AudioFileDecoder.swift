import VEDLMedia
import VEDLTime

/// Decodes the sound of one media file from a seek point on, the way the FFmpeg backend reads
/// it (VEDLMedia's `InputFileReader` under `-copyts -start_at_zero`): the first audio stream
/// only, every other stream discarded; a seek to `seek` seconds (through `avformat_seek_file`,
/// to the keyframe before it, earlier by 3/23 s for formats that seek by decoding time when a
/// stream has reordered frames); packet timestamps shifted by the file's start time, so each
/// block of samples is stamped with its time in the file, in samples of its own rate.
///
/// VEDLMedia's reader feeds a filter graph, so this one drives VEDLMedia's demuxer and decoder
/// wrappers itself. Owns them, a packet and a frame.
final class AudioFileDecoder {
  /// The file, for error messages.
  let path: String
  private let input: FormatInputContext
  private let decoder: StreamDecoder
  private let packet: Packet
  private let frame: Frame
  private let streamIndex: Int
  private let streamTimeBase: LibavRational
  /// Added to every packet timestamp, in microseconds: `-start_time`.
  private let timestampOffset: Int64
  /// The end of the file was reached and the decoder told so.
  private var isDraining = false

  /// Opens `path`, its first audio stream's decoder, and seeks to `seek` seconds when given.
  init(path: String, seek: Rational?) throws(AudioMixError) {
    self.path = path
    // libav's messages go through VEDLMedia's router (silent unless the program chose
    // otherwise) before the first call.
    LibavLog.configure(LibavLog.configuration)
    let input: FormatInputContext
    do { input = try FormatInputContext(path: path) } catch { throw Self.unreadable(path, error, "opening") }
    do { try input.findStreamInfo() } catch {
      throw Self.unreadable(path, error, "reading the stream information of")
    }
    guard let index = input.firstStream(of: .audio) else {
      throw AudioMixError("\"\(path)\" has no sound to play", path: path)
    }
    self.input = input
    streamIndex = index
    streamTimeBase = input.timing(ofStream: index).timeBase
    do {
      decoder = try StreamDecoder(input: input, stream: index)
    } catch {
      switch error {
      case .unsupportedCodec(let name):
        throw AudioMixError("this FFmpeg cannot decode the sound of \"\(path)\" (codec `\(name)`)", path: path)
      case .noDecoderNamed, .outOfMemory:
        throw AudioMixError("out of memory while opening the sound of \"\(path)\"", path: path)
      case .setUpFailed(let error):
        throw Self.failure(error, "setting up the sound decoder of", path: path)
      case .openFailed(let error):
        throw Self.failure(error, "opening the sound decoder of", path: path)
      }
    }
    do {
      packet = try Packet()
      frame = try Frame()
    } catch {
      throw AudioMixError("out of memory while opening the sound of \"\(path)\"", path: path)
    }

    let startTime = input.startTime
    timestampOffset = startTime.map { -$0 } ?? 0
    if let seek {
      var target = Self.microseconds(seek) + (startTime ?? 0)
      if !input.seeksByPresentationTime && input.hasReorderedFrames {
        target -= 3 * 1_000_000 / 23  // 3/23 s in AV_TIME_BASE, as the CLI backs off
      }
      // A failed seek is not an error (the CLI only warns): decoding from the start and
      // trimming keeps the same samples.
      try? input.seek(toMicroseconds: target)
    }
    // Discarded only after the seek, as the CLI does, so the seek goes by the file's
    // default stream (its picture, when it has one), exactly like the FFmpeg backend's.
    input.discardAllStreams(except: [index])
  }

  /// `seconds` in microseconds, rounded to the nearest (what the CLI makes of `-ss`).
  static func microseconds(_ seconds: Rational) -> Int64 {
    FilterOptionNumber.microseconds(seconds) ?? 0
  }

  /// The next decoded block of samples, stamped with its time in samples of its rate (`nil`
  /// when it has none), or `nil` at the end of the file. The frame is valid until the next call.
  func nextFrame() throws(AudioMixError) -> Frame? {
    while true {
      frame.unreference()
      let received: FrameReception
      do { received = try decoder.receive(into: frame) } catch {
        throw Self.failure(error, "decoding the sound of", path: path)
      }
      switch received {
      case .received:
        decoder.stamp(frame)
        return frame
      case .endOfStream:
        return nil
      case .needsInput:
        break
      }
      if isDraining { return nil }
      // The decoder wants a packet of the audio stream.
      while true {
        let read: Bool
        do { read = try input.readPacket(into: packet) } catch { throw Self.failure(error, "reading", path: path) }
        if !read {
          isDraining = true
          do { try decoder.send(nil) } catch {
            if !error.isEndOfFile { throw Self.failure(error, "decoding the sound of", path: path) }
          }
          break
        }
        guard packet.streamIndex == streamIndex else { continue }
        packet.shiftTimestamps(
          by: LibavRational.rescale(timestampOffset, from: .microseconds, to: streamTimeBase))
        var failure: FFmpegError?
        do { try decoder.send(packet) } catch { failure = error }
        packet.unreference()
        if let failure, !failure.isEndOfFile { throw Self.failure(failure, "decoding the sound of", path: path) }
        break
      }
    }
  }

  /// Why `path` cannot be opened: the probe's explanation when it has one — the message
  /// `vedl check` gives for a missing, empty, truncated or non-media file — else FFmpeg's.
  /// (Probing only on failure: a probe of every clip would cost as much as mixing it.)
  private static func unreadable(_ path: String, _ error: FFmpegError, _ doing: String) -> AudioMixError {
    do {
      _ = try MediaProbe.probe(path: path, options: ProbeOptions(frameCounting: .never))
    } catch {
      return AudioMixError("cannot read the sound of \"\(path)\": \(error.message)", path: path)
    }
    return failure(error, doing, path: path)
  }

  /// An error for a failed libav call on the file, with FFmpeg's text and the lines it logged.
  private static func failure(_ error: FFmpegError, _ doing: String, path: String) -> AudioMixError {
    AudioMixError("cannot read the sound of \"\(path)\": \(doing) \"\(path)\": \(error.explanation)", path: path)
  }
}
