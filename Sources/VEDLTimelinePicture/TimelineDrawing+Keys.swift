import VEDLSema
import VEDLTime

extension TimelineDrawing {
  /// The keys of `item`'s animations as diamonds on the bottom edge of its box, each at its
  /// timeline time: the time of the item's first frame plus the key's item-local time
  /// (ANIMATION.md §1), placed at that exact instant rather than snapped to a frame. Keys of
  /// several properties at one instant share a mark, whose tooltip names them all. An
  /// entrance's or exit's keys (§3) are marks too, named `enter-pop`, `exit-fade`, ….
  mutating func drawKeyMarks(_ item: TimelineItem, track: Int, position: Int, bottom: Double) {
    guard !item.animations.isEmpty || !item.presets.isEmpty else { return }
    let grid = timeline.canvas.grid
    let first = grid.time(ofFrame: item.startFrame)
    var marks: [(local: Rational, properties: [String])] = []
    func mark(_ time: Rational, _ name: String) {
      if let i = marks.firstIndex(where: { $0.local == time }) {
        marks[i].properties.append(name)
      } else {
        marks.append((time, [name]))
      }
    }
    for animation in item.animations {
      for key in animation.keys { mark(key.time, animation.property.rawValue) }
    }
    for preset in item.presets {
      for key in preset.keys(itemLength: item.length) {
        mark(key.time, "\(preset.phase.rawValue)-\(preset.kind.rawValue)")
      }
    }
    marks.sort { $0.local < $1.local }
    for mark in marks {
      let time = first + mark.local
      let frame = grid.frameFloor(at: time)
      let x = scale.x(ofTime: time, rate: timeline.canvas.rate)
      let r = M.keyMarkRadius
      let keys = mark.properties.count == 1 ? "key" : "keys"
      svg.open(
        "g",
        [
          ("class", "key"), ("data-track", String(track)), ("data-item", String(position)),
          ("data-properties", mark.properties.joined(separator: " ")), ("data-time", time.description),
          ("data-frame", String(frame)),
        ])
      svg.element(
        "title",
        content: "\(mark.properties.joined(separator: ", ")) \(keys) at \(TimelineText.decimal(mark.local))s · "
          + "\(TimelineText.decimal(time))s on the timeline, frame \(frame) (\(text.timecode(frame: frame)))")
      let points = [(x, bottom - r), (x + r, bottom), (x, bottom + r), (x - r, bottom)]
      svg.element(
        "polygon",
        [
          ("points", points.map { "\(SVGNumber.text($0.0)),\(SVGNumber.text($0.1))" }.joined(separator: " ")),
          ("fill", Palette.keyMark), ("stroke", Palette.paper), ("stroke-width", "1"),
        ])
      svg.close()
    }
  }
}
