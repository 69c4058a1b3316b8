import VEDLSema
import VEDLTime

/// Hover text for `animate PROPERTY { … }` and its `key`s (ANIMATION.md §5): where each key
/// lands on the timeline and the animated value at chosen frames. Values come from
/// ``TimelineItem/resolved(atFrame:grid:)``, the rule both backends draw with, so what the
/// hover says is what the render shows.
enum AnimationDescription {
  /// The resolved item and animation of an `animate` statement, or of the `animate` holding
  /// a `key`; `nil` when the file has no timeline or the statement is not on it.
  struct Located {
    let item: TimelineItem
    let animation: Animation
    let canvas: Canvas
  }

  /// Finds the animation whose `animate` statement is `entries[index]`: its parent is the
  /// item statement, which the locator places on the timeline; the checker keeps the
  /// statement's span on the animation.
  static func locate(animate index: Int, in analysis: DocumentAnalysis, locator: TimelineLocator?) -> Located? {
    let entries = analysis.syntax.statements.entries
    guard let timeline = analysis.timeline, let locator, let parent = entries[index].parent,
      case .item(let track, let position)? = locator.placement(of: entries[parent].statement)
    else { return nil }
    let item = timeline.tracks[track].items[position]
    let span = entries[index].statement.span
    guard let animation = item.animations.first(where: { $0.span == span }) else { return nil }
    return Located(item: item, animation: animation, canvas: timeline.canvas)
  }

  /// The markdown below the documentation of `entry` (an `animate` or a `key`), or `nil`
  /// for any other statement.
  static func hoverText(_ entry: StatementTable.Entry, in analysis: DocumentAnalysis, locator: TimelineLocator?)
    -> String?
  {
    let isKey = entry.context == .animation && entry.schema?.name == "key"
    guard isKey || entry.schema?.name == "animate" else { return nil }
    guard analysis.timeline != nil else { return "*Times and values are shown once the file checks without errors.*\n" }
    let entries = analysis.syntax.statements.entries
    let animateIndex = isKey ? entry.parent : entries.firstIndex { $0.statement.span == entry.statement.span }
    guard let animateIndex, let located = locate(animate: animateIndex, in: analysis, locator: locator) else {
      return nil
    }
    if isKey {
      guard let index = located.animation.keys.firstIndex(where: { $0.span == entry.statement.span }) else {
        return nil
      }
      return keyLines(index, located).joined(separator: "  \n") + "\n"
    }
    return animationText(located)
  }

  // MARK: Keys

  /// Where key `index` lands: its item-local time, its timeline time (the time of the item's
  /// first frame plus the key's), the frame showing that instant, its value and its easing.
  static func keyLines(_ index: Int, _ located: Located) -> [String] {
    let (item, animation, canvas) = (located.item, located.animation, located.canvas)
    let key = animation.keys[index]
    let grid = canvas.grid
    let time = grid.time(ofFrame: item.startFrame) + key.time
    let frame = grid.frameFloor(at: time)
    var frameLine = "**frame** \(frame)"
    if frame >= item.endFrame {
      // `key length …` lands on the first frame after the item: its value is reached, not shown.
      frameLine += " — after the item's last frame (\(item.endFrame - 1)), so never shown"
    } else if !grid.isOnGrid(time) {
      frameLine += " (the key falls within it)"
    }
    var lines = [
      "**key \(index + 1) of \(animation.keys.count)** · `\(animation.property.rawValue)`",
      "**item time** \(key.time.secondsDescription)",
      "**timeline** \(TimeDescription.timecode(time, canvas: canvas)) · \(time.secondsDescription)",
      frameLine,
      "**value** \(valueText(key.value, of: animation.property))",
    ]
    if index == 0 {
      var easing = "**easing** none: the value holds until the first key"
      if key.easing != .linear { easing += " (`\(key.easing.scriptText)` has no segment to shape)" }
      lines.append(easing)
    } else {
      let previous = animation.keys[index - 1].time.secondsDescription
      lines.append("**easing** `\(key.easing.scriptText)` from the key at \(previous)")
    }
    return lines
  }

  /// A key's value as written: `50%`, `x: 0 y: 160`.
  static func valueText(_ value: Animation.Value, of property: Animation.Property) -> String {
    switch value {
    case .number(let v): property == .volume ? number(v) + "dB" : percent(v)
    case .point(let x, let y): point(x, y)
    }
  }

  static func percent(_ v: Rational) -> String {
    number(v * Rational(100)) + "%"
  }

  static func point(_ x: Rational, _ y: Rational) -> String {
    "x: \(number(x)) y: \(number(y))"
  }

  /// Exact when the decimal ends, else to four places with `≈`.
  static func number(_ v: Rational) -> String {
    v.exactDecimal ?? "≈" + v.decimalText(fractionDigits: 4)
  }

  // MARK: Animations

  /// The keys in one line, then the value at the item's first frame, at each key's frame
  /// within the item and at its last frame: a text document has no "frame under the
  /// cursor", so these are the frames that tell the motion.
  static func animationText(_ located: Located) -> String {
    let (item, animation, canvas) = (located.item, located.animation, located.canvas)
    let grid = canvas.grid
    let first = grid.time(ofFrame: item.startFrame)
    let keys = animation.keys.map { key in
      var text = "\(key.time.secondsDescription) (\(valueText(key.value, of: animation.property))"
      if key.easing != .linear, key != animation.keys[0] { text += ", \(key.easing.scriptText)" }
      return text + ")"
    }
    let count = animation.keys.count
    var out = "**\(count) key\(count == 1 ? "" : "s")**: " + keys.joined(separator: " → ") + "\n\n"
    // Frames in order, each with what it is; a key on the first or last frame shares its row.
    var rows: [(frame: Int64, what: [String])] = []
    func add(_ frame: Int64, _ what: String) {
      guard frame >= item.startFrame && frame < item.endFrame else { return }
      if let i = rows.firstIndex(where: { $0.frame == frame }) {
        rows[i].what.append(what)
      } else {
        rows.append((frame, [what]))
      }
    }
    add(item.startFrame, "first frame")
    for (index, key) in animation.keys.enumerated() {
      add(grid.frameFloor(at: first + key.time), "key \(index + 1)")
    }
    add(item.endFrame - 1, "last frame")
    rows.sort { $0.frame < $1.frame }
    out += "| frame | timecode | item time | `\(animation.property.rawValue)` | |\n"
    out += "| ---: | --- | ---: | --- | --- |\n"
    for row in rows {
      let local = item.localTime(ofFrame: row.frame, grid: grid)
      // Sound is evaluated per sample: the value at the frame's instant.
      let value =
        animation.property == .volume
        ? decibels(animation.value(at: local).0)
        : resolvedValue(animation.property, item.resolved(atFrame: row.frame, grid: grid))
      out +=
        "| \(row.frame) | \(TimeDescription.timecode(grid.time(ofFrame: row.frame), canvas: canvas)) | \(local.secondsDescription) | \(value) | \(row.what.joined(separator: ", ")) |\n"
    }
    return out
  }

  /// The property's value in modifiers resolved at a frame.
  static func resolvedValue(_ property: Animation.Property, _ mods: ItemModifiers) -> String {
    switch property {
    case .opacity:
      return percent(mods.opacity)
    case .offset:
      return point(mods.offset.x, mods.offset.y)
    case .position:
      guard case .point(let x?, let y?) = mods.position else { return "—" }
      return point(x, y)
    case .volume:
      return "—"  // not a picture modifier: see `decibels`
    case .zoom:
      return number(mods.zoom)
    case .pan:
      return point(mods.pan.x, mods.pan.y)
    case .scale:
      return number(mods.scale)
    case .rotate:
      return "\(number(mods.rotation))deg"
    }
  }

  /// A gain in decibels, to two decimals.
  static func decibels(_ value: Double) -> String {
    String(format: "%.2fdB", value)
  }
}
