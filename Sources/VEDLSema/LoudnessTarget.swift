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

  public init(integrated: Rational, truePeak: Rational, preset: String? = nil) {
    self.integrated = integrated
    self.truePeak = truePeak
    self.preset = preset
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
