import VEDLSource
import VEDLTime

/// `export … loudness: L truePeak: P`: the mix normalised to an integrated loudness of `L`
/// LUFS (EBU R128 / ITU-R BS.1770 gating) with its true peak kept under `P` dBTP by a limiter
/// (docs/language.md, Loudness; the backends' measuring pass is in VEDLNativeAudio's
/// `LoudnessNormaliser`).
public struct LoudnessTarget: Sendable, Hashable {
  /// The integrated loudness in LUFS.
  public var integrated: Rational
  /// The true-peak ceiling in dBTP.
  public var truePeak: Rational
  /// The preset's name, when the script gave one.
  public var preset: String?
  /// Where `loudness: …` is written, for what the render finds (W0442).
  public var span: Span?

  public init(integrated: Rational, truePeak: Rational, preset: String? = nil, span: Span? = nil) {
    self.integrated = integrated
    self.truePeak = truePeak
    self.preset = preset
    self.span = span
  }

  /// A named delivery target.
  public struct Preset: Sendable, Hashable {
    public let name: String
    public let integrated: Rational
    public let truePeak: Rational
  }

  /// The presets of `loudness:`: the loudness the platforms normalise to (YouTube and Spotify
  /// −14 LUFS, Apple Music −16, the −16 LUFS podcasts are commonly mastered to, EBU R128
  /// broadcast −23), each with a −1 dBTP ceiling.
  public static let presets: [Preset] = [
    Preset(name: "youtube", integrated: Rational(-14), truePeak: Rational(-1)),
    Preset(name: "spotify", integrated: Rational(-14), truePeak: Rational(-1)),
    Preset(name: "apple", integrated: Rational(-16), truePeak: Rational(-1)),
    Preset(name: "podcast", integrated: Rational(-16), truePeak: Rational(-1)),
    Preset(name: "broadcast", integrated: Rational(-23), truePeak: Rational(-1)),
  ]

  /// The range of targets: −70 LUFS is the R128 gate, above −5 LUFS cannot stay under a
  /// ceiling.
  public static let quietest = Rational(-70)
  public static let loudest = Rational(-5)
  /// The range of ceilings.
  public static let lowestCeiling = Rational(-20)
  public static let highestCeiling = Rational.zero
}

/// What a loudness normalisation does to the mix once it has been measured (VEDLNativeAudio's
/// `LoudnessNormaliser` works it out): a gain, then — when the gained mix would peak above the
/// ceiling — a lookahead limiter. Both backends apply it with the same libavfilter filters
/// and options (``filters``): the FFmpeg backend at the end of its graph's sound, the native
/// backend on its mix through a small graph of its own, so the two agree sample for sample.
public struct LoudnessCorrection: Sendable, Hashable {
  /// The gain in decibels, in hundredths.
  public var gain: Rational
  /// The limiter's ceiling on sample values (linear, in millionths), or `nil` for none.
  public var limit: Rational?

  public init(gain: Rational, limit: Rational?) {
    self.gain = gain
    self.limit = limit
  }

  /// The filters, in order, each with its options (key, value): `volume=GdB` and, with a
  /// limit, `alimiter` with its delay compensated (`latency=1`: as many samples out as in,
  /// none moved), FFmpeg 5.1's automatic output level off (`level=0`), 5 ms attack and 50 ms
  /// release.
  public var filters: [(name: String, options: [(key: String, value: String)])] {
    var filters = [(name: "volume", options: [(key: "volume", value: "\(Self.decimal(gain))dB")])]
    if let limit {
      filters.append(
        (
          name: "alimiter",
          options: [
            (key: "limit", value: Self.decimal(limit)), (key: "attack", value: "5"), (key: "release", value: "50"),
            (key: "level", value: "0"), (key: "latency", value: "1"),
          ]
        ))
    }
    return filters
  }

  /// A rational with a short decimal expansion as that decimal (`-3.25`).
  static func decimal(_ r: Rational) -> String { r.exactDecimal ?? String(r.doubleValue) }
}
