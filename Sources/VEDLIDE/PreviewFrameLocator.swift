import VEDLSema

/// The frame "Preview at cursor" opens (`vedl.preview`): the first frame of the item or
/// transition whose statement holds the cursor, or of the nearest enclosing one (a modifier
/// inside a clip's block previews the clip); frame 0 elsewhere.
public enum PreviewFrameLocator {
  public static func frame(at offset: Int, in analysis: DocumentAnalysis) -> Int64 {
    guard let timeline = analysis.timeline else { return 0 }
    let statements = analysis.syntax.statements
    let locator = TimelineLocator(statements: statements, timeline: timeline)
    var index = statements.innermost(containing: offset)
    while let current = index {
      switch locator.placement(of: statements.entries[current].statement) {
      case .item(let track, let item)?:
        return min(max(0, timeline.tracks[track].items[item].startFrame), max(0, timeline.frameCount - 1))
      case .transition(let t)?:
        return min(max(0, timeline.transitions[t].startFrame), max(0, timeline.frameCount - 1))
      case nil:
        index = statements.entries[current].parent
      }
    }
    return 0
  }
}
