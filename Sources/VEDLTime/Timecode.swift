/// A frame timecode `HH:MM:SS:FF`, counted **non-drop-frame** (like SMPTE NDF).
///
/// At a rate `F`, one timecode "second" holds `N = ⌈F⌉` frames (`FrameRate.nominalFramesPerSecond`:
/// 30 at 29.97, 24 at 23.976, 60 at 59.94), and the timecode denotes the timeline frame
/// `((H·60 + M)·60 + S)·N + FF`, i.e. the instant `frameIndex / F`. At whole rates this is
/// exactly `H:M:S` plus `FF` frames; at NTSC rates the labels run slow against the wall clock
/// (`00:00:01:00` at 29.97 is frame 30, 1.001 s), which is what every NDF tool does. Drop-frame
/// timecode (`;`) is refused with a clear error rather than misread.
///
/// Fields are validated on construction (minutes and seconds below 60); the frames field is
/// checked against a rate when the timecode is resolved, because only then is `N` known.
public struct Timecode: Hashable, Sendable, CustomStringConvertible {
  /// Hours; any non-negative value (no wrap at 24).
  public let hours: Int64
  /// Minutes, `0..<60`.
  public let minutes: Int64
  /// Seconds, `0..<60`.
  public let seconds: Int64
  /// Frames within the second; checked against the rate by `frameIndex(at:)`.
  public let frames: Int64

  private init(hours: Int64, minutes: Int64, seconds: Int64, frames: Int64) {
    self.hours = hours
    self.minutes = minutes
    self.seconds = seconds
    self.frames = frames
  }

  /// A timecode from its fields: all non-negative, minutes and seconds below 60.
  public static func validated(hours: Int64, minutes: Int64, seconds: Int64, frames: Int64)
    -> Result<Timecode, TimecodeError>
  {
    let shape = "HH:MM:SS:FF"
    guard hours >= 0, minutes >= 0, seconds >= 0, frames >= 0 else {
      return .failure(.malformed(text: "\(hours):\(minutes):\(seconds):\(frames)", expected: shape))
    }
    guard minutes < 60 else { return .failure(.minutesOutOfRange(minutes)) }
    guard seconds < 60 else { return .failure(.secondsOutOfRange(seconds)) }
    return .success(Timecode(hours: hours, minutes: minutes, seconds: seconds, frames: frames))
  }

  /// Parses `HH:MM:SS:FF`: hours one or more digits, minutes and seconds exactly two, frames
  /// one or more. `HH:MM:SS;FF` (drop-frame) is reported as `.dropFrameNotSupported`.
  public static func parse(_ text: some StringProtocol) -> Result<Timecode, TimecodeError> {
    let string = String(text)
    let shape = "HH:MM:SS:FF"
    if string.contains(";") { return .failure(.dropFrameNotSupported(text: string)) }
    let groups = string.split(separator: ":", omittingEmptySubsequences: false)
    guard groups.count == 4, groups[1].count == 2, groups[2].count == 2 else {
      return .failure(.malformed(text: string, expected: shape))
    }
    var values: [Int64] = []
    for group in groups {
      guard !group.isEmpty, group.allSatisfy({ Rational.digitValue($0) != nil }) else {
        return .failure(.malformed(text: string, expected: shape))
      }
      guard let value = Rational.parseInteger(group, allowingMinus: false) else {
        return .failure(.valueTooLarge)
      }
      values.append(value)
    }
    return validated(hours: values[0], minutes: values[1], seconds: values[2], frames: values[3])
  }

  /// `H·3600 + M·60 + S`; `nil` if it does not fit.
  public var totalSeconds: Int64? {
    let (h, o1) = hours.multipliedReportingOverflow(by: 3600)
    let (hm, o2) = h.addingReportingOverflow(minutes * 60 + seconds)
    return o1 || o2 ? nil : hm
  }

  /// The timeline frame this timecode denotes at `rate`: `totalSeconds · N + FF` with
  /// `N = ⌈F⌉`. Fails when `FF ≥ N` or on overflow.
  public func frameIndex(at rate: FrameRate) -> Result<Int64, TimecodeError> {
    guard let total = totalSeconds else { return .failure(.valueTooLarge) }
    return Timecode.frameIndex(wholeSeconds: total, frames: frames, rate: rate)
  }

  /// The exact instant this timecode denotes at `rate`: `frameIndex / F` (always on the grid).
  public func time(at rate: FrameRate) -> Result<Rational, TimecodeError> {
    frameIndex(at: rate).flatMap { k in
      guard let t = FrameGrid(rate: rate).checkedTime(ofFrame: k) else {
        return .failure(.valueTooLarge)
      }
      return .success(t)
    }
  }

  /// The frame denoted by `wholeSeconds` timecode seconds plus `frames` frames at `rate` — the
  /// form a lexer that already split `HH:MM:SS` into seconds hands over.
  public static func frameIndex(wholeSeconds: Int64, frames: Int64, rate: FrameRate)
    -> Result<Int64, TimecodeError>
  {
    let nominal = rate.nominalFramesPerSecond
    guard frames >= 0, frames < nominal else {
      return .failure(.framesOutOfRange(frames: frames, framesPerSecond: nominal))
    }
    let (scaled, o1) = wholeSeconds.multipliedReportingOverflow(by: nominal)
    let (index, o2) = scaled.addingReportingOverflow(frames)
    return o1 || o2 ? .failure(.valueTooLarge) : .success(index)
  }

  /// The timecode of timeline frame `frameIndex` at `rate`; fails for negative frames.
  public static func of(frameIndex: Int64, rate: FrameRate) -> Result<Timecode, TimecodeError> {
    guard frameIndex >= 0 else {
      let t = FrameGrid(rate: rate).checkedTime(ofFrame: frameIndex)
      return .failure(t.map { .negativeTime($0) } ?? .valueTooLarge)
    }
    let nominal = rate.nominalFramesPerSecond
    let total = frameIndex / nominal
    return .success(
      Timecode(
        hours: total / 3600, minutes: total % 3600 / 60, seconds: total % 60,
        frames: frameIndex % nominal))
  }

  /// `t` as `HH:MM:SS:FF` at `rate`, rounded down to the frame showing at `t` (the frame with
  /// the greatest instant `≤ t`). The frames field is zero-padded to the width of `N − 1`
  /// (two digits, three at 120 fps and above).
  public static func format(_ t: Rational, rate: FrameRate) -> Result<String, TimecodeError> {
    guard !t.isNegative else { return .failure(.negativeTime(t)) }
    guard let k = FrameGrid(rate: rate).checkedFrameFloor(at: t) else {
      return .failure(.valueTooLarge)
    }
    return of(frameIndex: k, rate: rate).map { $0.formatted(at: rate) }
  }

  /// This timecode as text with the frames field as wide as `rate` needs.
  public func formatted(at rate: FrameRate) -> String {
    let width = max(2, String(max(rate.nominalFramesPerSecond - 1, 0)).count)
    return Timecode.text(
      hours: hours, minutes: minutes, seconds: seconds, frames: frames, frameWidth: width)
  }

  /// `"HH:MM:SS:FF"` with two-digit (or wider) fields.
  public var description: String {
    Timecode.text(hours: hours, minutes: minutes, seconds: seconds, frames: frames, frameWidth: 2)
  }

  private static func text(
    hours: Int64, minutes: Int64, seconds: Int64, frames: Int64, frameWidth: Int
  )
    -> String
  {
    "\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2)):\(pad(frames, frameWidth))"
  }

  /// `value` in decimal, zero-padded to at least `width` characters.
  static func pad<T: BinaryInteger>(_ value: T, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
