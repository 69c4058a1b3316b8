/// One edit the ``EditGenerator`` wrote: the script, the media it reads and what it used.
public struct GeneratedEdit: Sendable {
  /// The seed that reproduces it.
  public var seed: UInt64
  /// The `.vedl` text.
  public var script: String
  /// The files the script names, with how to make each.
  public var media: [MediaRecipe]
  /// The language features the script uses: statement names (`clip`), labelled arguments
  /// (`clip speed:`), flags (`clip muted`) and enumerated values (`wipe direction:up`).
  public var coverage: Set<String>

  /// An edit; every property is documented above.
  public init(seed: UInt64, script: String, media: [MediaRecipe], coverage: Set<String>) {
    self.seed = seed
    self.script = script
    self.media = media
    self.coverage = coverage
  }
}

/// Switches of the generator for source kinds that are not supported everywhere yet.
public struct EditGeneratorOptions: Sendable, Hashable {
  /// Sources carrying a display rotation (`rotate` metadata): `VEDL_DIFF_ROTATED=1`.
  public var rotatedSources: Bool
  /// 10-bit BT.2020 PQ (HDR) sources: `VEDL_DIFF_HDR=1`.
  public var hdrSources: Bool

  /// Options; both are off by default.
  public init(rotatedSources: Bool = false, hdrSources: Bool = false) {
    self.rotatedSources = rotatedSources
    self.hdrSources = hdrSources
  }

  /// The options the environment asks for (`VEDL_DIFF_ROTATED=1`, `VEDL_DIFF_HDR=1`).
  public static func from(environment: [String: String]) -> EditGeneratorOptions {
    EditGeneratorOptions(
      rotatedSources: environment["VEDL_DIFF_ROTATED"] == "1", hdrSources: environment["VEDL_DIFF_HDR"] == "1")
  }
}
