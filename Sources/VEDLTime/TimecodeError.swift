/// Why a timecode could not be read or formatted. Each case carries what a diagnostic needs;
/// `description` is a rustc-style message (lowercase, no trailing period).
public enum TimecodeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text does not have the expected shape (`expected` names it, e.g. `HH:MM:SS:FF`).
  case malformed(text: String, expected: String)
  /// The minutes field is 60 or more.
  case minutesOutOfRange(Int64)
  /// The seconds field is 60 or more.
  case secondsOutOfRange(Int64)
  /// The frames field is not below the nominal frames per second of the rate.
  case framesOutOfRange(frames: Int64, framesPerSecond: Int64)
  /// A drop-frame timecode (`HH:MM:SS;FF`); VEDL counts frames without dropping.
  case dropFrameNotSupported(text: String)
  /// A time before zero, which no timecode denotes.
  case negativeTime(Rational)
  /// A value too large for 64-bit arithmetic.
  case valueTooLarge

  /// A one-line, lowercase message.
  public var description: String {
    switch self {
    case .malformed(let text, let expected):
      return "malformed timecode `\(text)`, expected `\(expected)`"
    case .minutesOutOfRange(let m):
      return "timecode minutes must be below 60, found \(m)"
    case .secondsOutOfRange(let s):
      return "timecode seconds must be below 60, found \(s)"
    case .framesOutOfRange(let f, let fps):
      return "timecode frames must be below \(fps) at this rate, found \(f)"
    case .dropFrameNotSupported(let text):
      return "drop-frame timecode `\(text)` is not supported; write non-drop-frame `HH:MM:SS:FF`"
    case .negativeTime(let t):
      return "time \(t.secondsDescription) is before zero and has no timecode"
    case .valueTooLarge:
      return "timecode is too large"
    }
  }
}
