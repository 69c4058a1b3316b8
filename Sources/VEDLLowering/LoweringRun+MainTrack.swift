import VEDLSema
import VEDLTime

extension LoweringRun {
  /// The main track's items (clips and gaps), in order.
  var mainItems: [TimelineItem] {
    timeline.tracks.first { $0.kind == .main }?.items ?? []
  }

  /// The picture under every overlay: the main track's clips and gaps back to back, joined
  /// by `concat` at cuts and by `xfade` at transitions, renumbered `0…n−1` on the canvas
  /// grid after each join — or the canvas background when there is no main track.
  mutating func mainVideo() throws(LoweringError) -> String {
    let items = mainItems
    guard !items.isEmpty else {
      let label = builder.label("background")
      builder.add(
        [], colorSource(background, size: canvas, frames: frameCount) + [Filter("format", ["pix_fmts": "rgba"])],
        [label])
      return label
    }
    var pieces: [String] = []
    for (index, item) in items.enumerated() {
      pieces.append(try mainItemVideo(item, index: index))
    }
    return joinMain(pieces, items: items, isAudio: false)
  }

  /// One main-track item's picture: exactly its frames, at canvas size.
  mutating func mainItemVideo(_ item: TimelineItem, index: Int) throws(LoweringError) -> String {
    let count = item.endFrame - item.startFrame
    let stem = "main\(index)"
    guard item.kind == .clip else {
      // A gap is black, whatever the canvas background.
      let label = builder.label(stem)
      builder.add(
        [], colorSource(0x0000_00FF, size: canvas, frames: count) + [Filter("format", ["pix_fmts": "rgba"])], [label])
      return label
    }
    return try lowerPicture(item, count: count, target: .main, stem: stem).label
  }

  /// The transition that starts main-track item `index`, if any.
  func transition(into index: Int) -> Transition? {
    timeline.transitions.first { $0.toItem == index }
  }

  /// Joins the main track's pieces (pictures or sounds): runs of items separated by cuts go
  /// through one `concat`, and each transition crossfades the track so far with the run it
  /// leads into. Every join is followed by renumbering: `xfade` in FFmpeg 5.1 leaves a
  /// one-frame hole in the timestamps after a transition, and `concat` times a one-frame
  /// segment as lasting no time at all.
  mutating func joinMain(_ pieces: [String], items: [TimelineItem], isAudio: Bool) -> String {
    var track: String? = nil
    var run: [String] = []
    for (index, piece) in pieces.enumerated() {
      guard index > 0, let t = transition(into: index) else {
        run.append(piece)
        continue
      }
      let before = concatenate(run, previous: track, isAudio: isAudio)
      let previous = items[index - 1]
      let next = items[index]
      let out = builder.label(isAudio ? "mainmix\(index)" : "mainjoin\(index)")
      if isAudio {
        let overlap = samples.sampleFloor(at: previous.end) - samples.sampleFloor(at: next.start)
        builder.add(
          [before, piece],
          [
            Filter("acrossfade", ["nb_samples": String(max(1, overlap)), "curve1": "tri", "curve2": "tri"]),
            Filter("asetpts", ["expr": "N"]),
          ], [out])
      } else {
        let frames = previous.endFrame - next.startFrame
        builder.add(
          [before, piece],
          [
            Filter(
              "xfade",
              [
                "transition": xfadeName(t), "duration": OptionText.seconds(grid.time(ofFrame: max(1, frames))),
                "offset": OptionText.seconds(grid.time(ofFrame: next.startFrame)),
              ]),
            Filter("setpts", ["expr": "N"]),
          ], [out])
      }
      track = out
      run = []
    }
    return concatenate(run, previous: track, isAudio: isAudio)
  }

  /// `concat`s the track so far (if any) with a run of pieces and renumbers the result.
  private mutating func concatenate(_ run: [String], previous: String?, isAudio: Bool) -> String {
    let parts = (previous.map { [$0] } ?? []) + run
    if parts.count == 1 { return parts[0] }
    let out = builder.label(isAudio ? "mainsound" : "maincut")
    let renumber: [Filter] =
      isAudio
      ? [Filter("aresample", ["out_sample_rate": String(samples.samplesPerSecond)]), Filter("asetpts", ["expr": "N"])]
      : [Filter("settb", ["expr": OptionText.timeBase(rate)]), Filter("setpts", ["expr": "N"])]
    builder.add(
      parts,
      [Filter("concat", ["n": String(parts.count), "v": isAudio ? "0" : "1", "a": isAudio ? "1" : "0"])] + renumber,
      [out])
    return out
  }

  /// The `xfade` transition of a VEDL transition.
  func xfadeName(_ t: Transition) -> String {
    let direction = t.direction ?? "left"
    switch t.kind {
    case .crossfade: return "fade"
    case .fade: return "fadeblack"
    case .wipe: return "wipe" + direction
    case .slide: return "slide" + direction
    }
  }
}
