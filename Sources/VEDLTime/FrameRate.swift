/// A video frame rate: an exact, positive number of frames per second (`30`, `25`,
/// `30000/1001`). The canvas rate fixes the timeline's frame grid, so it must be exact —
/// `29.97` is not 2997/100 but the NTSC rate 30000/1001, and a Double could be neither.
public struct FrameRate: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Frames per second; always positive.
  public let framesPerSecond: Rational

  /// A rate of `framesPerSecond` frames per second; `nil` unless positive.
  public init?(_ framesPerSecond: Rational) {
    guard framesPerSecond.isPositive else { return nil }
    self.framesPerSecond = framesPerSecond
  }

  /// A whole number of frames per second; `nil` unless positive.
  public init?(framesPerSecond: Int64) {
    self.init(Rational(framesPerSecond))
  }

  /// `numerator / denominator` frames per second (`FrameRate(30000, 1001)`); `nil` unless the
  /// ratio is defined and positive.
  public init?(_ numerator: Int64, _ denominator: Int64) {
    guard let r = Rational(numerator, denominator) else { return nil }
    self.init(r)
  }

  /// Unchecked construction for the constants below.
  private init(constant n: Int64, _ d: Int64) {
    self.framesPerSecond = Rational(reduced: n, d)
  }

  /// 24000/1001 (≈ 23.976): NTSC film.
  public static let ntscFilm = FrameRate(constant: 24000, 1001)
  /// 24: film.
  public static let film = FrameRate(constant: 24, 1)
  /// 25: PAL.
  public static let pal = FrameRate(constant: 25, 1)
  /// 30000/1001 (≈ 29.97): NTSC video.
  public static let ntsc = FrameRate(constant: 30000, 1001)
  /// 30: the canvas default.
  public static let fps30 = FrameRate(constant: 30, 1)
  /// 48: high-frame-rate film.
  public static let fps48 = FrameRate(constant: 48, 1)
  /// 50: PAL high rate.
  public static let fps50 = FrameRate(constant: 50, 1)
  /// 60000/1001 (≈ 59.94): NTSC high rate.
  public static let ntscDouble = FrameRate(constant: 60000, 1001)
  /// 60.
  public static let fps60 = FrameRate(constant: 60, 1)
  /// 120.
  public static let fps120 = FrameRate(constant: 120, 1)

  /// The rates editors meet every day, in increasing order, with the spelling users write for
  /// them. `docs/time.md` shows the same table.
  public static let common: [(name: String, rate: FrameRate)] = [
    ("23.976", .ntscFilm), ("24", .film), ("25", .pal), ("29.97", .ntsc), ("30", .fps30),
    ("48", .fps48), ("50", .fps50), ("59.94", .ntscDouble), ("60", .fps60), ("120", .fps120),
  ]

  /// Names accepted besides numbers, matching FFmpeg's abbreviations.
  private static let names: [String: FrameRate] = [
    "ntsc": .ntsc, "pal": .pal, "film": .film, "ntsc-film": .ntscFilm,
  ]

  /// Parses a frame rate as users write it:
  /// - a whole number or exact fraction: `"30"`, `"25"`, `"24000/1001"`, `"12.5"`;
  /// - an NTSC rate by its rounded decimal: `"29.97"` is 30000/1001, `"23.976"` and `"23.98"`
  ///   are 24000/1001, `"59.94"` is 60000/1001. Precisely: a decimal with at least two
  ///   fractional digits that equals `N·1000/1001` rounded to that many places, where
  ///   `N = ⌈value⌉`, denotes `N·1000/1001` exactly;
  /// - FFmpeg's names `ntsc`, `pal`, `film`, `ntsc-film`.
  ///
  /// `nil` for anything else, including zero and negative rates.
  public init?(parsing text: String) {
    if let named = FrameRate.names[text] {
      self = named
      return
    }
    guard let value = Rational(text), value.isPositive else { return nil }
    if !text.contains("/"), let ntsc = FrameRate.ntscRate(writtenAs: text, value: value) {
      self = ntsc
      return
    }
    self.init(value)
  }

  /// The NTSC rate `N·1000/1001` that `text` (a decimal equal to `value`) rounds, if any.
  private static func ntscRate(writtenAs text: String, value: Rational) -> FrameRate? {
    guard !value.isInteger, let dot = text.firstIndex(of: ".") else { return nil }
    let places = text.distance(from: text.index(after: dot), to: text.endIndex)
    guard places >= 2, places <= 18 else { return nil }
    let n = value.ceiling
    guard let candidate = Rational(n).checkedMultiplying(Rational(reduced: 1000, 1001)),
      candidate.isPositive,
      let rounded = Rational(decimal: candidate.decimalText(fractionDigits: places)),
      rounded == value
    else { return nil }
    return FrameRate(candidate)
  }

  /// The length of one frame, `1 / F` seconds.
  public var frameDuration: Rational {
    // F is positive and in lowest terms, so its reciprocal always fits.
    Rational(reduced: framesPerSecond.denominator, framesPerSecond.numerator)
  }

  /// `⌈F⌉`: how many frames one "second" of an `HH:MM:SS:FF` timecode counts (30 at 29.97).
  public var nominalFramesPerSecond: Int64 { framesPerSecond.ceiling }

  /// Whether this is an NTSC-style rate `N·1000/1001` for a whole `N`.
  public var isNTSC: Bool {
    framesPerSecond.denominator == 1001 && framesPerSecond.numerator % 1000 == 0
  }

  /// The spelling people use: `"29.97"`, `"23.976"` and `"59.94"` for the NTSC rates in
  /// `common`, the exact decimal when there is one (`"12.5"`), else the fraction. For display
  /// only — `description` is the exact form.
  public var displayName: String {
    if let entry = FrameRate.common.first(where: { $0.rate == self }) { return entry.name }
    return framesPerSecond.exactDecimal ?? framesPerSecond.description
  }

  /// The exact rate: `"30"`, `"30000/1001"`. Accepted back by `init?(parsing:)`.
  public var description: String { framesPerSecond.description }

  /// Orders by frames per second.
  public static func < (a: FrameRate, b: FrameRate) -> Bool {
    a.framesPerSecond < b.framesPerSecond
  }
}
