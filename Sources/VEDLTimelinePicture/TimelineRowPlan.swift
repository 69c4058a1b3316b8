import VEDLSema

/// Which rows the picture shows, by the editor's height rules (the reference timeline's
/// "Timeline Height"): heights count rows of the overlay stack — every track except the
/// background (main) track, so overlay **and** audio tracks; the background track is always
/// shown and never counted.
///
/// - `dynamic(maximumTracks: N)` hugs the tracks: `min(stack tracks, N)` track rows. The
///   caption lane is a lane of its own, not an overlay track: it adds one row on top of `N`,
///   and appears with the first caption cue (an edit without cues has no caption row).
/// - `fixed(tracks: N)` shows exactly `N` rows (a negative count was clamped to 0 by the
///   checker): the caption lane, when the edit has cues, takes the first of them — under
///   fixed it adds nothing — then tracks in file order, then empty rows if tracks run out.
///
/// Tracks beyond the rows (in file order) are hidden; the picture says how many.
public struct TimelineRowPlan: Sendable, Equatable {
  /// One row of the picture, top to bottom.
  public enum Row: Sendable, Equatable {
    /// The caption lane, with the edit's cues.
    case captions
    /// The background track — `track main`, or an empty lane when the edit has none.
    case main
    /// An overlay or audio track: an index into `Timeline.tracks`.
    case track(Int)
    /// A row of a `fixed` height with no track left to show.
    case empty
  }

  /// The rows, top to bottom: the caption lane (when shown), the background track, then the
  /// overlay stack's rows.
  public var rows: [Row]
  /// Overlay-stack tracks the height leaves out, as indices into `Timeline.tracks`, in order.
  public var hiddenTracks: [Int]
  /// Whether the edit has caption cues that the height leaves no row for (`fixed(tracks: 0)`).
  public var hidesCaptionLane: Bool

  /// The plan for `timeline` under `height`.
  public init(timeline: Timeline, height: EditorHeight) {
    let stack = timeline.tracks.indices.filter { timeline.tracks[$0].kind != .main }
    let hasCues = !timeline.captions.cues.isEmpty
    let limit = max(0, height.tracks)
    var rows: [Row] = []
    var shownTracks: ArraySlice<Int>
    var emptyRows = 0
    switch height.mode {
    case .dynamic:
      if hasCues { rows.append(.captions) }
      shownTracks = stack.prefix(limit)
      hidesCaptionLane = false
    case .fixed:
      let captionRow = hasCues && limit > 0
      if captionRow { rows.append(.captions) }
      let trackRows = limit - (captionRow ? 1 : 0)
      shownTracks = stack.prefix(trackRows)
      emptyRows = trackRows - shownTracks.count
      hidesCaptionLane = hasCues && !captionRow
    }
    rows.append(.main)
    rows += shownTracks.map { .track($0) }
    rows += Array(repeating: .empty, count: emptyRows)
    self.rows = rows
    self.hiddenTracks = Array(stack.dropFirst(shownTracks.count))
  }

  /// How many rows count against the height: every row but the background track's, and
  /// under `dynamic` not the caption lane's either (it is added on top).
  public func countedRows(under height: EditorHeight) -> Int {
    rows.filter { row in
      switch row {
      case .main: false
      case .captions: height.mode == .fixed
      case .track, .empty: true
      }
    }.count
  }
}
