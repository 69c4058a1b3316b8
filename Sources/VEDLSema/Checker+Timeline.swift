import VEDLTime

extension CheckRun {
  /// Builds the resolved timeline once the file checked without errors.
  func buildTimeline(captions: Captions, exports: [Export]) -> Timeline? {
    guard let end = timelineEnd else { return nil }
    var irTracks: [Track] = []
    var transitions: [Transition] = []
    for track in tracks {
      guard let kind = track.kind else { continue }
      var items: [TimelineItem] = []
      items.reserveCapacity(track.items.count)
      for node in track.items {
        if case .transition = node.kind { continue }
        let timing: (start: Rational, end: Rational)?
        if kind == .main {
          timing = node.mainTiming
        } else if case .done(let t) = node.timingCell {
          timing = t
        } else {
          timing = nil
        }
        guard let t = timing else { return nil }
        let itemKind: TimelineItem.Kind
        switch node.kind {
        case .clip: itemKind = .clip
        case .text: itemKind = .text
        case .shape: itemKind = .shape
        default: itemKind = .gap
        }
        var sourceStart: Rational? = nil
        var sourceEnd: Rational? = nil
        if node.kind == .clip, let index = node.source {
          if sources[index].hasIntrinsicLength {
            // What the clip plays (§5.4): from the trim start, its length × speed — the trim
            // itself when the length came from it (less what the frame grid rounded off).
            // With time operations, one pass: a loop's, what the source has of an item that
            // outlasts it, the item less its hold (§4.15).
            sourceStart = node.trim?.start ?? node.frameAt ?? .zero
            let played = node.passLength ?? (t.end - t.start - (node.freeze?.duration ?? .zero))
            sourceEnd = sourceStart! + played * node.speed
          } else {
            sourceStart = .zero
            sourceEnd = t.end - t.start
          }
        }
        node.timelineIndex = items.count
        items.append(
          TimelineItem(
            kind: itemKind, id: node.id, start: t.start, end: t.end, startFrame: grid.frameFloor(at: t.start),
            endFrame: grid.frameFloor(at: t.end), source: node.source, sourceStart: sourceStart, sourceEnd: sourceEnd,
            speed: node.speed, volume: node.volume, muted: node.muted, text: node.text, shape: node.shape,
            textArguments: node.textArguments, modifiers: node.modifiers, animations: node.animations,
            presets: node.presets,
            span: node.statement.span, loops: node.loops && node.passLength != nil, reverses: node.reverses,
            freeze: node.freeze))
      }
      if kind == .main {
        for (i, node) in track.items.enumerated() {
          guard case .transition(let tk) = node.kind, i > 0, i + 1 < track.items.count,
            let from = track.items[i - 1].timelineIndex,
            let to = track.items[i + 1].timelineIndex
          else { continue }
          var direction: Transition.Direction? = nil
          if let d = node.arguments.labelled["direction"],
            case .word(let w)? = evaluate(d.value, expected: .enumeration(Enumerations.direction))
          {
            direction = Transition.Direction(rawValue: w)
          } else if tk.takesDirection {
            direction = .left
          }
          let start = items[to].start
          let stop = items[from].end
          transitions.append(
            Transition(
              kind: tk, fromItem: from, toItem: to, start: start, end: stop, startFrame: grid.frameFloor(at: start),
              endFrame: grid.frameFloor(at: stop), direction: direction, easing: node.transitionEasing))
        }
      }
      irTracks.append(Track(kind: kind, name: track.name, items: items))
    }
    return Timeline(
      canvas: canvas, frameCount: grid.frameFloor(at: end), sources: sources, tracks: irTracks,
      transitions: transitions,
      captions: captions, exports: exports, parameters: parameterValues)
  }
}
