import VEDLSema
import VEDLTime

extension LoweringRun {
  /// The main track's items (clips and gaps), in order.
  var mainItems: [TimelineItem] {
    timeline.tracks.first { $0.kind == .main }?.items ?? []
  }

  /// The picture under every overlay: the main track's clips and gaps back to back, joined
  /// by `concat` with their transitions between them (``joinMainPicture(_:items:chainsOfItem:)``),
  /// renumbered on the canvas grid (frame `n` stamped `origin + n`) — or the canvas
  /// background when there is no main track. With a window, only the items with a part in
  /// it are lowered (``mainParts(of:items:)``), each from its first frame the window needs.
  mutating func mainVideo() throws(LoweringError) -> String {
    let items = mainItems
    guard !items.isEmpty else {
      let label = builder.label("background")
      builder.add([], solidPicture(background, frames: renderedFrames), [label])
      return label
    }
    var pieces: [String?] = []
    var chainsOfItem: [Range<Int>] = []
    for (index, item) in items.enumerated() {
      let (incoming, outgoing) = overlaps(of: index, items: items)
      guard incoming + outgoing <= item.endFrame - item.startFrame else {
        throw LoweringError("the transitions around main-track item \(index + 1) overlap each other")
      }
      let first = builder.chains.count
      if let from = mainParts(of: index, items: items).first?.frames.lowerBound {
        pieces.append(try mainItemVideo(item, index: index, from: from))
      } else {
        pieces.append(nil)
      }
      chainsOfItem.append(first..<builder.chains.count)
    }
    return joinMainPicture(pieces, items: items, chainsOfItem: chainsOfItem)
  }

  /// One main-track item's picture at canvas size: its frames from item-local frame `from`
  /// on, numbered from 0.
  mutating func mainItemVideo(_ item: TimelineItem, index: Int, from: Int64 = 0) throws(LoweringError) -> String {
    let count = item.endFrame - item.startFrame
    let stem = "main\(index)"
    // A gap is black, whatever the canvas background.
    guard item.kind == .clip else {
      let label = builder.label(stem)
      builder.add([], solidPicture(0x0000_00FF, frames: 0..<(count - from)), [label])
      return label
    }
    return try lowerPicture(item, count: count, target: .main, stem: stem, from: from).label
  }

  /// Frames `frames` of an opaque colour at canvas size (each stamped with its number), in
  /// the picture space, pinned like a main-track piece. In Y′CbCr the colour is converted
  /// once and the frame repeated.
  func solidPicture(_ color: UInt32, frames: Range<Int64>) -> [Filter] {
    guard space != .rgba else {
      return colorSource(color, size: canvas, frames: frames) + [Filter("format", ["pix_fmts": "rgba"])]
    }
    return colorSource(color, size: canvas, frames: 1) + [Filter("format", ["pix_fmts": "rgba"])]
      + space.fromRGBA() + loopFilters(count: frames.upperBound, from: frames.lowerBound)
      + [Filter("format", ["pix_fmts": space.pieceFormat])]
  }

  /// Frames of main-track items that a transition shows: `incoming` at the start of item
  /// `index` (shared with the item before), `outgoing` at its end.
  func overlaps(of index: Int, items: [TimelineItem]) -> (incoming: Int64, outgoing: Int64) {
    let incoming = index > 0 && transition(into: index) != nil ? items[index - 1].endFrame - items[index].startFrame : 0
    let outgoing =
      index + 1 < items.count && transition(into: index + 1) != nil
      ? items[index].endFrame - items[index + 1].startFrame : 0
    return (max(0, incoming), max(0, outgoing))
  }

  /// The parts of main-track item `index` the graph joins, in item-local frames and in
  /// order: `head` (the frames the transition into it shows), `body` (the frames no
  /// transition shows) and `tail` (the frames the transition out of it shows) — each only
  /// when it has frames and, with a window, when its frames meet the window. A body that
  /// starts before the window is cut at the window's first frame; a transition cannot start
  /// mid-way (`xfade` times its blend from its first frame), so the head and tail of one
  /// that meets the window are whole. No parts: the item is not lowered.
  func mainParts(of index: Int, items: [TimelineItem]) -> [(name: String, frames: Range<Int64>)] {
    let item = items[index]
    let count = item.endFrame - item.startFrame
    let (incoming, outgoing) = overlaps(of: index, items: items)
    let window = renderedFrames
    func meetsWindow(_ frames: Range<Int64>) -> Bool {
      !frames.isEmpty && window.overlaps((item.startFrame + frames.lowerBound)..<(item.startFrame + frames.upperBound))
    }
    var parts: [(name: String, frames: Range<Int64>)] = []
    if incoming > 0, meetsWindow(0..<incoming) { parts.append(("head", 0..<incoming)) }
    if count - outgoing > incoming, meetsWindow(incoming..<(count - outgoing)) {
      parts.append(("body", max(incoming, window.lowerBound - item.startFrame)..<(count - outgoing)))
    }
    if outgoing > 0, meetsWindow((count - outgoing)..<count) { parts.append(("tail", (count - outgoing)..<count)) }
    return parts
  }

  /// Joins the main track's pictures into one `concat` of segments: each item's frames that
  /// no transition shows, and each transition on its own — `xfade` (offset 0) of the last
  /// frames of the item before and the first frames of the item after, cut from the pieces
  /// with `split` and `trim`. So a transition converts and blends only the frames it shows
  /// (not, as `xfade` of the whole track so far would, every frame before it), and every
  /// piece's frames pass one `concat`. The result is renumbered on the canvas grid, from
  /// the origin.
  ///
  /// `pieces` are the items' pictures from their first part on (``mainParts(of:items:)``;
  /// `nil`: the item is left out); a transition that starts before the window is cut at its
  /// first frame.
  ///
  /// An item of a run joined by transitions — its piece and the parts cut from it — is one
  /// group (`FilterChain.group`), and so is each transition: the in-process runner runs each
  /// group in a graph of its own, fed by the groups before it, and frees it when it ends,
  /// so a run holds only the item and transitions playing, however many items it joins.
  /// Every part ends in the track's pinned format for that.
  mutating func joinMainPicture(_ pieces: [String?], items: [TimelineItem], chainsOfItem: [Range<Int>]) -> String {
    var segments: [String] = []
    var pendingTail: String? = nil
    for (index, piece) in pieces.enumerated() {
      guard let piece else { continue }
      let item = items[index]
      let (incoming, outgoing) = overlaps(of: index, items: items)
      if incoming == 0 && outgoing == 0 {
        segments.append(piece)
        continue
      }
      // The piece's parts, in the piece's frames (it starts at the first part's first).
      let itemParts = mainParts(of: index, items: items)
      let from = itemParts[0].frames.lowerBound
      let count = item.endFrame - item.startFrame - from
      let parts = itemParts.map {
        (name: $0.name, start: $0.frames.lowerBound - from, end: $0.frames.upperBound - from)
      }
      // Groups: 2·index for the item, 2·index + 1 for the transition into it.
      builder.setGroup(2 * index, of: chainsOfItem[index])
      let joins = builder.chains.count
      let labels = parts.map { builder.label("\(piece)_\($0.name)") }
      let copies = parts.count == 1 ? [piece] : parts.map { builder.label("\(piece)_\($0.name)in") }
      if parts.count > 1 { builder.add([piece], [Filter("split", ["outputs": String(parts.count)])], copies) }
      for (i, part) in parts.enumerated() {
        var cut: [Filter] = []
        if part.start > 0 {
          cut.append(Filter("trim", ["start_frame": String(part.start), "end_frame": String(part.end)]))
        } else if part.end < count {
          cut.append(Filter("trim", ["end_frame": String(part.end)]))
        }
        if part.start > 0 { cut.append(Filter("setpts", ["expr": "PTS-STARTPTS"])) }
        cut.append(Filter("format", ["pix_fmts": space.pieceFormat]))
        builder.add([copies[i]], cut, [labels[i]])
      }
      builder.setGroup(2 * index, of: joins..<builder.chains.count)
      for (i, part) in parts.enumerated() {
        switch part.name {
        case "head":
          guard let tail = pendingTail, let t = transition(into: index) else { break }
          let first = builder.chains.count
          segments.append(
            lowerTransition(
              t, from: tail, to: labels[i], frames: incoming, index: index,
              from: max(0, origin - item.startFrame)))
          builder.setGroup(2 * index + 1, of: first..<builder.chains.count)
        case "body":
          segments.append(labels[i])
        default:
          pendingTail = labels[i]
        }
      }
    }
    // Stamped with the timeline's times: frame `n` of the track is timeline frame origin + n.
    guard segments.count > 1 || origin > 0 else { return segments[0] }
    let out = builder.label("maincut")
    builder.add(
      segments,
      [
        Filter("concat", ["n": String(segments.count), "v": "1", "a": "0"]),
        Filter("settb", ["expr": OptionText.timeBase(rate)]),
        Filter("setpts", ["expr": origin > 0 ? "N+\(origin)" : "N"]),
      ], [out])
    return out
  }

  /// One transition of `frames` frames between the last frames of an item (`tail`) and the
  /// first of the next (`head`): both converted to `xfade`'s format, crossed from offset 0,
  /// renumbered and pinned back to the track's format.
  ///
  /// FFmpeg 5.1's `slideup` and `slideleft` read one row (column) past the picture on their
  /// first frame, where the outgoing picture should still be whole. The tail is therefore
  /// given a picture one row (column) larger whose extra row (column) repeats its first, and
  /// cropped back: the data past the picture is then the row (column) the transition should
  /// show, and every frame is `xfade`'s own.
  /// `skipped` (a window that starts inside the transition) drops its first frames: the
  /// blend is made whole, as its timing needs, and cut.
  mutating func lowerTransition(
    _ t: Transition, from tail: String, to head: String, frames: Int64, index: Int, from skipped: Int64 = 0
  ) -> String {
    let name = xfadeName(t)
    let format = space.transitionFormat
    var from = builder.label("trans\(index)_a")
    // FFmpeg 5.1's `xfade` ends the transition as soon as it sees its first input's end,
    // even with that input's last frames still queued: when they and the end arrived before
    // the second input's frame (a longer chain on that side, a decoder's flush), the last
    // frames came out unmixed — in the `ffmpeg` CLI but not in-process (seed 4043, 14.6 dB).
    // The first input is therefore never-ending (its last frame repeated), the second one
    // frame longer so that `xfade` need not wait on the first's end, and `trim` keeps the
    // transition's frames.
    builder.add([tail], format.into + [Filter("tpad", ["stop": "-1", "stop_mode": "clone"])], [from])
    if name == "slideup" || name == "slideleft" {
      let vertical = name == "slideup"
      let whole = builder.label("trans\(index)_whole")
      let edge = builder.label("trans\(index)_edge")
      builder.add([from], [Filter("split", ["outputs": "2"])], [whole, edge])
      let first = builder.label("trans\(index)_first")
      builder.add(
        [edge],
        [
          Filter(
            "crop", ["w": vertical ? "iw" : "1", "h": vertical ? "1" : "ih", "x": "0", "y": "0", "exact": "1"])
        ], [first])
      let padded = builder.label("trans\(index)_padded")
      builder.add(
        [whole, first],
        [
          Filter(vertical ? "vstack" : "hstack", ["inputs": "2"]),
          Filter(
            "crop",
            ["w": vertical ? "iw" : "iw-1", "h": vertical ? "ih-1" : "ih", "x": "0", "y": "0", "exact": "1"]),
        ], [padded])
      from = padded
    }
    // An eased transition retimes its first input (TransitionTiming): both inputs in a time
    // base of microseconds, the first's frames at the eased instants, the track's time base
    // back after the blend.
    var duration = OptionText.seconds(grid.time(ofFrame: max(1, frames)))
    var retimed: (from: [Filter], to: [Filter], back: [Filter]) = ([], [], [])
    if let easing = t.easing {
      let d = TransitionTiming.durationMicroseconds(frames: frames, rate: rate)
      duration = TransitionTiming.microsecondsText(d)
      let microseconds = Filter("settb", ["expr": "1/1000000"])
      retimed.from = [
        microseconds,
        Filter("setpts", ["expr": TransitionTiming.retimingExpression(easing, frames: frames, duration: d)]),
      ]
      retimed.to = [microseconds]
      retimed.back = [Filter("settb", ["expr": OptionText.timeBase(rate)])]
    }
    if !retimed.from.isEmpty {
      let eased = builder.label("trans\(index)_eased")
      builder.add([from], retimed.from, [eased])
      from = eased
    }
    let to = builder.label("trans\(index)_b")
    builder.add([head], format.into + [Filter("tpad", ["stop": "1", "stop_mode": "clone"])] + retimed.to, [to])
    let out = builder.label("trans\(index)")
    builder.add(
      [from, to],
      [
        Filter("xfade", ["transition": name, "duration": duration, "offset": "0"]),
        skipped > 0
          ? Filter("trim", ["start_frame": String(skipped), "end_frame": String(frames)])
          : Filter("trim", ["end_frame": String(frames)]),
      ] + retimed.back + [Filter("setpts", ["expr": "N"])] + format.back, [out])
    return out
  }

  /// The transition that starts main-track item `index`, if any.
  func transition(into index: Int) -> Transition? {
    timeline.transitions.first { $0.toItem == index }
  }

  /// Joins the main track's sounds: runs of items separated by cuts go through one
  /// `concat`, and each transition crossfades the track so far with the run it leads into
  /// (`acrossfade` holds back only its overlap, so the sound so far is not copied). Every
  /// join is followed by renumbering, as `concat` times a one-frame segment as lasting no
  /// time at all.
  mutating func joinMainSound(_ pieces: [String], items: [TimelineItem]) -> String {
    var track: String? = nil
    var run: [String] = []
    for (index, piece) in pieces.enumerated() {
      guard index > 0, transition(into: index) != nil else {
        run.append(piece)
        continue
      }
      let before = concatenateSound(run, previous: track)
      let overlap = samples.sampleFloor(at: items[index - 1].end) - samples.sampleFloor(at: items[index].start)
      let out = builder.label("mainmix\(index)")
      builder.add(
        [before, piece],
        [
          Filter("acrossfade", ["nb_samples": String(max(1, overlap)), "curve1": "tri", "curve2": "tri"]),
          Filter("asetpts", ["expr": "N"]),
        ], [out])
      track = out
      run = []
    }
    return concatenateSound(run, previous: track)
  }

  /// `concat`s the sound so far (if any) with a run of pieces and renumbers the result.
  private mutating func concatenateSound(_ run: [String], previous: String?) -> String {
    let parts = (previous.map { [$0] } ?? []) + run
    if parts.count == 1 { return parts[0] }
    let out = builder.label("mainsound")
    builder.add(
      parts,
      [
        Filter("concat", ["n": String(parts.count), "v": "0", "a": "1"]),
        Filter("aresample", ["out_sample_rate": String(samples.samplesPerSecond)]), Filter("asetpts", ["expr": "N"]),
      ], [out])
    return out
  }

  /// The `xfade` transition of a VEDL transition.
  func xfadeName(_ t: Transition) -> String { TransitionTiming.xfadeName(t) }
}
