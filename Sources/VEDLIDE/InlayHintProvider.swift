import VEDLSema
import VEDLSource

/// A label shown inline after the text at `offset`.
public struct InlayHint: Sendable, Hashable {
  public var offset: Int
  public var label: String
  /// Markdown shown on hover over the hint.
  public var tooltip: String
}

/// Inlay hints: after each clip, text, shape and gap of the timeline, its absolute start and
/// end as timecode (`00:00:02:00–00:00:05:00`). Shown once the file checks without errors,
/// because only then is the timeline resolved.
public enum InlayHintProvider {
  /// The hints whose offsets fall in `range`.
  public static func hints(in range: Span, of analysis: DocumentAnalysis) -> [InlayHint] {
    guard let timeline = analysis.timeline else { return [] }
    let statements = analysis.syntax.statements
    let locator = TimelineLocator(statements: statements, timeline: timeline)
    var hints: [InlayHint] = []
    for entry in statements.entries {
      let s = entry.statement
      guard case .item(let track, let index)? = locator.placement(of: s) else { continue }
      let offset = s.arguments.last?.span.end ?? s.name.span.end
      guard offset >= range.start, offset <= range.end else { continue }
      let item = timeline.tracks[track].items[index]
      hints.append(
        InlayHint(
          offset: offset, label: TimeDescription.span(start: item.start, end: item.end, canvas: timeline.canvas),
          tooltip: TimeDescription.itemLines(item, canvas: timeline.canvas).joined(separator: "  \n")))
    }
    return hints
  }
}
