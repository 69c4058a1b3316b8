import Foundation

/// Why a file could not be probed, one case per cause a user can act on; `message` says it
/// in words (lower case, no trailing period, like VEDL's diagnostics).
public enum MediaProbeError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
  /// Nothing exists at the path.
  case fileMissing(path: String)
  /// The path names a directory or another non-file.
  case notAFile(path: String)
  /// The file exists but cannot be read (permissions). `reason` is the system's text.
  case notReadable(path: String, reason: String)
  /// The file has no bytes at all.
  case emptyFile(path: String)
  /// The contents are not any audio, video or image format FFmpeg recognises.
  case invalidData(path: String, underlying: FFmpegError)
  /// The file is recognisably `format` but ends early or is damaged: the index is missing,
  /// the streams cannot be read, or it holds fewer frames than its header promises.
  case truncated(path: String, format: String?, detail: String)
  /// The container holds no streams (or none with a known kind of media).
  case noStreams(path: String, format: String)
  /// Any other failure inside FFmpeg (out of memory, an I/O error, …).
  case ffmpeg(path: String, underlying: FFmpegError)

  /// The path the error is about.
  public var path: String {
    switch self {
    case .fileMissing(let path), .notAFile(let path), .notReadable(let path, _),
      .emptyFile(let path),
      .invalidData(let path, _), .truncated(let path, _, _), .noStreams(let path, _),
      .ffmpeg(let path, _):
      path
    }
  }

  /// A one-line explanation for the user.
  public var message: String {
    switch self {
    case .fileMissing(let path):
      "media file \"\(path)\" does not exist"
    case .notAFile(let path):
      "\"\(path)\" is a directory or special file, not a media file"
    case .notReadable(let path, let reason):
      "media file \"\(path)\" cannot be read: \(reason)"
    case .emptyFile(let path):
      "media file \"\(path)\" is empty"
    case .invalidData(let path, let underlying):
      "\"\(path)\" is not a media file FFmpeg can read (\(underlying.message.lowercasedFirstLetter))"
    case .truncated(let path, let format, let detail):
      if let format {
        "\"\(path)\" is a \(format) file that is truncated or damaged: \(detail)"
      } else {
        "\"\(path)\" is truncated or damaged: \(detail)"
      }
    case .noStreams(let path, let format):
      "\"\(path)\" (\(format)) contains no audio, video, image or subtitle streams"
    case .ffmpeg(let path, let underlying):
      "could not probe \"\(path)\": \(underlying)"
    }
  }

  /// Same as `message`.
  public var description: String { message }

  /// Same as `message`, for `localizedDescription`.
  public var errorDescription: String? { message }
}

extension String {
  /// FFmpeg's messages start with a capital ("Invalid data …"); VEDL's are lower case.
  var lowercasedFirstLetter: String {
    guard let first else { return self }
    return first.lowercased() + dropFirst()
  }
}
