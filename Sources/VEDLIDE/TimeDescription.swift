import VEDLSema
import VEDLTime

/// Times written for people in hover and inlay hints: timecode at the canvas rate, exact
/// seconds and frame numbers.
enum TimeDescription {
  /// `00:00:02:15` for `t` on `canvas`'s grid (rounded down to the frame showing at `t`).
  static func timecode(_ t: Rational, canvas: Canvas) -> String {
    switch Timecode.format(t, rate: canvas.rate) {
    case .success(let text): text
    case .failure: t.secondsDescription
    }
  }

  /// `00:00:02:00–00:00:05:00` — an item's place on the timeline, for inlay hints.
  static func span(start: Rational, end: Rational, canvas: Canvas) -> String {
    "\(timecode(start, canvas: canvas))–\(timecode(end, canvas: canvas))"
  }

  /// Markdown lines describing a resolved item's timing.
  static func itemLines(_ item: TimelineItem, canvas: Canvas) -> [String] {
    let frames = item.endFrame - item.startFrame
    var lines = [
      "**start** \(timecode(item.start, canvas: canvas)) · frame \(item.startFrame) · \(item.start.secondsDescription)",
      "**end** \(timecode(item.end, canvas: canvas)) · frame \(item.endFrame) · \(item.end.secondsDescription)",
      "**length** \(frames) frame\(frames == 1 ? "" : "s") · \((item.end - item.start).secondsDescription) at \(canvas.rate.displayName) fps",
    ]
    if let s0 = item.sourceStart, let s1 = item.sourceEnd {
      var line = "**source** \(s0.secondsDescription)..\(s1.secondsDescription)"
      if item.speed != .one { line += " at \(item.speed.exactDecimal ?? item.speed.description)x" }
      // Time operations (docs/language.md §4.15): the range above is one pass.
      if item.freeze != nil && s0 == s1 {
        line = "**source** one frame at \(s0.secondsDescription)"
      } else {
        if item.reverses { line += ", reversed" }
        if item.loops { line += ", looped" }
      }
      lines.append(line)
      if let freeze = item.freeze, s0 != s1 {
        lines.append(
          "**freeze** at \(freeze.at.secondsDescription) for \(freeze.duration.secondsDescription) (silent)")
      }
    }
    return lines
  }

  /// Markdown lines describing a transition.
  static func transitionLines(_ t: Transition, canvas: Canvas) -> [String] {
    let frames = t.endFrame - t.startFrame
    return [
      "**from** \(timecode(t.start, canvas: canvas)) · frame \(t.startFrame)",
      "**to** \(timecode(t.end, canvas: canvas)) · frame \(t.endFrame)",
      "**overlap** \(frames) frame\(frames == 1 ? "" : "s") · \((t.end - t.start).secondsDescription)",
    ]
  }
}
