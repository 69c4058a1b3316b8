/// The timeline's height in overlay track rows (the main track is always shown and never
/// counted): `height dynamic(maximumTracks: N)` or `height fixed(tracks: N)`.
public struct EditorHeight: Codable, Sendable, Equatable {
  /// Dynamic (grow up to ``tracks``) or fixed (always ``tracks``).
  public var mode: EditorHeightMode
  /// `maximumTracks` for ``EditorHeightMode/dynamic``, `tracks` for
  /// ``EditorHeightMode/fixed``; never negative (negative counts are clamped to 0).
  public var tracks: Int

  /// Creates a height; a negative `tracks` is clamped to 0.
  public init(mode: EditorHeightMode, tracks: Int) {
    self.mode = mode
    self.tracks = max(0, tracks)
  }

  /// `dynamic(maximumTracks: 3)`, the height when `height` is left out.
  public static let `default` = EditorHeight(mode: .dynamic, tracks: 3)
}

/// How the timeline's height follows its tracks.
public enum EditorHeightMode: String, Codable, Sendable, CaseIterable {
  /// Hugs the tracks and grows to at most `tracks` rows.
  case dynamic
  /// Always exactly `tracks` rows.
  case fixed
}
