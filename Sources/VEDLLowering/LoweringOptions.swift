import VEDLSema

/// Choices of one lowering that the timeline does not hold.
public struct LoweringOptions: Sendable, Hashable {
  /// Folder that relative font-file paths in `font "…"` resolve against (the script's
  /// folder); `nil` leaves them relative to the working directory.
  public var baseDirectory: String?
  /// Overrides the export's `quality:` (what `vedl render --quality` does).
  public var quality: QualityPreset.Name?
  /// Overrides the export's format, as when `-o OUT` names another kind of file: `.png`
  /// renders only the still frame (the export's `at:`, or the first frame).
  public var format: Export.Format?

  /// Options; every one defaults to "as the timeline says".
  public init(baseDirectory: String? = nil, quality: QualityPreset.Name? = nil, format: Export.Format? = nil) {
    self.baseDirectory = baseDirectory
    self.quality = quality
    self.format = format
  }
}
