/// Why a `StreamDecoder` could not be opened.
public enum StreamDecoderError: Error, Sendable, Hashable {
  /// The decoder asked for by name is not part of this FFmpeg.
  case noDecoderNamed(String)
  /// This FFmpeg has no decoder for the stream's codec (`name` is libav's codec name).
  case unsupportedCodec(name: String)
  /// libav could not allocate the decoder.
  case outOfMemory
  /// The stream's parameters could not be given to the decoder.
  case setUpFailed(FFmpegError)
  /// The decoder refused to open; FFmpeg's text and logged lines are in the error.
  case openFailed(FFmpegError)

  /// The explanation the FFmpeg backend gives for a stream of `kind` (lower case).
  func reason(kind: StreamKind) -> String {
    switch self {
    case .noDecoderNamed(let name): "this FFmpeg has no decoder `\(name)`"
    case .unsupportedCodec(let name): "this FFmpeg cannot decode its \(kind.rawValue) codec `\(name)`"
    case .outOfMemory: "out of memory while opening a decoder"
    case .setUpFailed(let error), .openFailed(let error): error.userDetail
    }
  }
}
