/// The fixed measures of the picture, in SVG pixels. Public so that tests and tools reading
/// the picture can locate things without parsing the layout back out of it; docs/timeline.md
/// describes the same numbers.
public enum TimelinePictureMetrics {
  /// Space around the whole picture.
  public static let margin = 16.0
  /// Width of the column of lane names left of the time area.
  public static let gutterWidth = 156.0
  /// Width of the time area: frame 0 is at its left edge, the picture's last frame at its
  /// right edge, whatever the edit's length.
  public static let timeWidth = 1000.0
  /// The x of frame 0 (the left edge of the time area).
  public static var originX: Double { margin + gutterWidth }
  /// Least room right of the time area, where the "Add Clip" button may sit after the last clip.
  public static let trailingRoom = 120.0

  /// Height of the line naming the edit (size, rate, length, height mode).
  public static let infoHeight = 24.0
  /// Height of the header (the player bar), when there is one.
  public static let headerHeight = 40.0
  /// Height of one header item's pill.
  public static let headerItemHeight = 24.0
  /// Height of the timecode ruler.
  public static let rulerHeight = 36.0
  /// Height of a track row (the background track, overlay and audio tracks, empty rows).
  public static let laneHeight = 44.0
  /// Height of the caption lane.
  public static let captionLaneHeight = 36.0
  /// Vertical space between rows.
  public static let rowGap = 4.0
  /// Half the width (and height) of the diamond that marks an animation key.
  public static let keyMarkRadius = 4.0
  /// Height of the "+N more tracks" line under the rows when some are hidden.
  public static let hiddenNoteHeight = 22.0
  /// Height of the row holding the "Add Audio" button, at the foot of the overlay stack.
  public static let addAudioHeight = 32.0

  /// Least distance between two labelled ruler ticks (a timecode label is about 70 px wide).
  public static let minimumMajorTickSpacing = 90.0
  /// Least distance between two unlabelled ruler ticks.
  public static let minimumMinorTickSpacing = 8.0

  /// Estimated width of `text` at the picture's 11 px label size. SVG has no text metrics,
  /// so widths of header pills and buttons are estimated from the character count; the
  /// estimate errs on the wide side for DejaVu Sans, the font the picture asks for.
  static func labelWidth(_ text: String) -> Double {
    Double(text.count) * 6.6
  }
}
