import CFFmpeg

/// A failed libav* call: FFmpeg's return code, FFmpeg's own message for it (`av_strerror`),
/// what VEDL was doing when it failed, and any error lines the library logged meanwhile.
///
/// FFmpeg reports most failures as a bare negative integer whose generic text ("Invalid data
/// found when processing input") rarely says what went wrong; the lines the demuxer logged
/// at the same time ("moov atom not found") usually do, so they travel with the error.
public struct FFmpegError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The negative return code of the failed call.
  public let code: Int32
  /// What was being done, in words, for example `opening input "a.mp4"`.
  public let operation: String
  /// FFmpeg's text for `code`, from `av_strerror`.
  public let message: String
  /// Error lines libav logged about the object involved while the call ran, oldest first.
  public let libraryMessages: [String]

  /// Wraps the return code `code` of the call described by `operation`.
  public init(code: Int32, operation: String, libraryMessages: [String] = []) {
    self.code = code
    self.operation = operation
    self.message = FFmpegError.message(for: code)
    self.libraryMessages = libraryMessages
  }

  /// `opening input "a.mp4": Invalid data found when processing input (moov atom not found)`.
  public var description: String {
    var text = "\(operation): \(message)"
    if !libraryMessages.isEmpty {
      text += " (" + libraryMessages.joined(separator: "; ") + ")"
    }
    return text
  }

  /// FFmpeg's text for the code followed by the lines it logged, without the operation:
  /// `Invalid data found when processing input (moov atom not found)`.
  public var explanation: String {
    libraryMessages.isEmpty ? message : "\(message) (" + libraryMessages.joined(separator: "; ") + ")"
  }

  /// FFmpeg's text for any return code, from `av_strerror` (which also knows POSIX codes).
  public static func message(for code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: Int(AV_ERROR_MAX_STRING_SIZE) + 1)
    if av_strerror(code, &buffer, buffer.count) < 0 {
      return "unknown FFmpeg error \(code)"
    }
    return String(nulTerminated: buffer)
  }

  /// Returns `code` when it is not negative (FFmpeg's convention for success, which may carry
  /// a count), and throws an `FFmpegError` describing `operation` otherwise.
  @discardableResult
  public static func check(
    _ code: Int32, _ operation: @autoclosure () -> String
  ) throws(FFmpegError) -> Int32 {
    guard code < 0 else { return code }
    throw FFmpegError(code: code, operation: operation())
  }

  // MARK: Classifying codes

  /// The POSIX `errno` behind the code, when FFmpeg built it with `AVERROR(errno)`. FFmpeg's
  /// own tags (`AVERROR_EOF`, …) are large negative four-character codes, never small ones.
  public var posixErrorCode: Int32? {
    code < 0 && code > -4096 ? vedl_avunerror(code) : nil
  }

  /// The end of the stream was reached (`AVERROR_EOF`).
  public var isEndOfFile: Bool { code == FFmpegError.endOfFileCode }

  /// The call needs more input or must be retried (`AVERROR(EAGAIN)`).
  public var isTryAgain: Bool { code == FFmpegError.tryAgainCode }

  /// The data was not understood (`AVERROR_INVALIDDATA`).
  public var isInvalidData: Bool { code == FFmpegError.invalidDataCode }

  /// `AVERROR_EOF`.
  public static var endOfFileCode: Int32 { vedl_averror_eof() }
  /// `AVERROR(EAGAIN)`.
  public static var tryAgainCode: Int32 { vedl_averror_eagain() }
  /// `AVERROR_INVALIDDATA`.
  public static var invalidDataCode: Int32 { vedl_averror_invaliddata() }

  /// `AVERROR(posixError)`: the FFmpeg code for a POSIX `errno` value such as `ENOENT`.
  public static func code(posixError: Int32) -> Int32 { vedl_averror(posixError) }
}
