import CFFmpeg
import Foundation

/// Recognises a container from a file's first bytes alone, ignoring its name.
///
/// FFmpeg picks a demuxer partly by extension, so a text file named `.mp4` fails inside the
/// MP4 demuxer with the same "moov atom not found" as a real MP4 cut short. Asking libav's
/// probes again with only the contents separates the two: an MP4 whose header survived still
/// scores as MP4, a text file scores as nothing.
enum ContentSniffer {
  /// How many bytes are examined (FFmpeg's own first probe reads 2 KiB and grows to 1 MiB).
  static let sampleSize = 1 << 16

  /// The short name of the demuxer whose probe is confident about the first bytes of `path`,
  /// or `nil` when none is (or the file cannot be read).
  static func recognisedFormat(ofFileAt path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let sample = try? handle.read(upToCount: sampleSize), !sample.isEmpty else { return nil }
    return recognisedFormat(of: sample)
  }

  /// The short name of the demuxer whose probe is confident about `bytes`, if any.
  static func recognisedFormat(of bytes: Data) -> String? {
    LibavLog.ensureConfigured()
    // libav's probes may read up to AVPROBE_PADDING_SIZE bytes past the end: pad with zeros.
    var buffer = [UInt8](bytes)
    let size = Int32(buffer.count)
    buffer.append(contentsOf: repeatElement(0, count: Int(AVPROBE_PADDING_SIZE)))
    var score: Int32 = 0
    let format = buffer.withUnsafeMutableBufferPointer { bufferPointer in
      "".withCString { emptyName in
        var probe = AVProbeData(
          filename: emptyName, buf: bufferPointer.baseAddress, buf_size: size, mime_type: nil)
        return av_probe_input_format3(&probe, 1, &score)
      }
    }
    // Above AVPROBE_SCORE_RETRY a probe has matched a real signature, not a guess.
    guard let format, score > AVPROBE_SCORE_RETRY else { return nil }
    return String(cString: format.pointee.name)
  }
}
