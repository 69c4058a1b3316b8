import VEDLSema

/// A picture of a resolved timeline as an SVG document (`vedl timeline`): the editor's
/// header, a timecode ruler, the caption lane, the background track, the overlay and audio
/// tracks the editor's height shows, every item as a labelled box at its exact frames,
/// transitions as hatched overlaps and caption cues as boxes in their lane.
///
/// The output is deterministic — the same timeline and configuration give the same bytes —
/// so it can be compared against golden files. Boxes carry their frames as `data-` attributes
/// (`data-start-frame`, `data-end-frame`) next to the `x`/`width` that
/// ``TimelineScale`` computes from them. docs/timeline.md describes the picture.
public struct TimelinePicture: Sendable {
  /// The timeline drawn.
  public var timeline: Timeline
  /// The editor configuration: header, add buttons and height rules.
  public var editor: EditorConfiguration
  /// A name shown above the picture (usually the script's file name), or `nil`.
  public var title: String?

  /// A picture of `timeline` as the editor configured by `editor` shows it.
  public init(timeline: Timeline, editor: EditorConfiguration = .default, title: String? = nil) {
    self.timeline = timeline
    self.editor = editor
    self.title = title
  }

  /// Which rows are shown, by the editor's height rules.
  public var rowPlan: TimelineRowPlan { TimelineRowPlan(timeline: timeline, height: editor.height) }

  /// The frame-to-x mapping of the picture.
  public var scale: TimelineScale { TimelineScale(timeline: timeline) }

  /// The SVG document, UTF-8 text ending in a line break.
  public func svg() -> String {
    var drawing = TimelineDrawing(picture: self)
    return drawing.draw()
  }
}
