import VEDLSema
import VEDLTime

extension LoweringRun {
  /// The frames `[first, end)` an overlay item shows, cut at the end of the edit; `nil` when
  /// it shows none.
  func visibleFrames(_ item: TimelineItem) -> (first: Int64, end: Int64)? {
    let end = min(item.endFrame, frameCount)
    guard item.startFrame < end else { return nil }
    return (item.startFrame, end)
  }

  /// Whether timeline frames `frames` meet the frames the graph renders (always, without a
  /// window).
  func isInWindow(_ frames: Range<Int64>) -> Bool {
    renderedFrames.overlaps(frames)
  }

  /// Draws one overlay item onto the composite picture.
  /// `stem` names the item's pads (`t1i0`: track 1, item 0).
  mutating func lowerOverlayItem(_ item: TimelineItem, stem: String, onto composite: inout PendingStream)
    throws(LoweringError)
  {
    guard let frames = visibleFrames(item) else { return }
    guard isInWindow(frames.first..<frames.end) else {
      // Not drawn, but the composite turns RGB for it as it would in the whole edit's graph:
      // the window's frames then go through the same conversions.
      if item.kind != .gap && !(item.kind == .text && (item.text ?? "").isEmpty) { composeInRGB(&composite) }
      return
    }
    // An item that starts before the window is made from the window's first frame on.
    let skipped = max(0, origin - frames.first)
    switch item.kind {
    case .clip:
      let placed = try lowerPicture(
        item, count: frames.end - frames.first, target: .overlay, stem: stem, from: skipped)
      overlay(placed, from: frames.first, onto: &composite)
    case .shape:
      let placed = lowerShape(item, count: frames.end - frames.first, stem: stem, from: skipped)
      overlay(placed, from: frames.first, onto: &composite)
    case .text:
      try lowerText(item, frames: frames, stem: stem, onto: &composite)
    case .gap:
      break
    }
  }

  /// Overlays a picture whose frames are numbered from 0 (item-local: one made from a later
  /// frame on is numbered from that frame) so that its frame 0 lands on
  /// timeline frame `first`: the frames are shifted in time (exact, on the canvas grid) and
  /// `overlay` takes, for every composite frame, the item's frame with the same timestamp —
  /// none before the item starts, none after it ends (`eof_action=pass`).
  mutating func overlay(_ picture: PlacedPicture, from first: Int64, onto composite: inout PendingStream) {
    let motion = picture.motion
    composeInRGB(&composite)
    let base = builder.close(composite, as: "comp")
    var item = picture.label
    // An animated position or offset: the corner of each frame, by the composite's time
    // (`overlay` evaluates `x` and `y` at every frame).
    let x = motion.map { motionTable($0.positionRuns(base: picture.x, horizontal: true), origin: first) }
    let y = motion.map { motionTable($0.positionRuns(base: picture.y, horizontal: false), origin: first) }
    // The RGBA picture goes onto the RGB (or a still's RGBA) composite as it is.
    let filters = first > 0 ? [Filter("setpts", ["expr": "PTS+\(first)"])] : []
    if !filters.isEmpty {
      let shifted = builder.label("\(picture.label)_at")
      builder.add([picture.label], filters, [shifted])
      item = shifted
    }
    let options: [Filter.Option] = [
      .init("x", x ?? String(picture.x)), .init("y", y ?? String(picture.y)), .init("eof_action", "pass"),
      .init("format", compositeSpace.overlayFormat),
    ]
    let out = builder.label("comp")
    builder.add(
      [base, item],
      [Filter("overlay", options)], [out])
    composite = PendingStream(label: out)
  }

  /// What `item`'s animations do over the frames it shows, or `nil` when nothing moves.
  func motion(of item: TimelineItem, frames: (first: Int64, end: Int64)) -> ItemMotion? {
    ItemMotion(item, frameCount: frames.end - frames.first, grid: grid)
  }

  /// A per-frame table of values (``ItemMotion/expression(_:variable:origin:rate:)``) in the
  /// time `t` of a stream whose frame `origin` is the item's first.
  func motionTable(_ runs: [(start: Int, value: String)], origin: Int64) -> String {
    ItemMotion.expression(runs, variable: "t", origin: origin, rate: rate)
  }

  /// An animated opacity, applied after the fades to the item's own frames (numbered from 0):
  /// one `colorchannelmixer` per distinct value, enabled on the frames that have it.
  func opacityFilters(_ motion: ItemMotion?) -> [Filter] {
    guard let opacities = motion?.opacities else { return [] }
    let runs = ItemMotion.runs(opacities)
    var filters: [Filter] = []
    var done: Set<Rational> = [.one]
    for run in runs where !done.contains(run.value) {
      done.insert(run.value)
      var spans: [String] = []
      for (i, r) in runs.enumerated() where r.value == run.value {
        let end = i + 1 < runs.count ? runs[i + 1].start : opacities.count
        let (from, to) = (Int64(r.start), Int64(end))
        spans.append(
          "between(t,\(ItemMotion.halfFrameBefore(from, rate: rate)),\(ItemMotion.halfFrameBefore(to, rate: rate)))")
      }
      filters.append(
        Filter("colorchannelmixer", ["aa": OptionText.number(run.value), "enable": ItemMotion.sum(spans)]))
    }
    return filters
  }

  /// A shape: its box (`size`, default 100×100, times `scale`) filled and stroked once, as a
  /// transparent picture, turned, made translucent, then repeated for the item's frames
  /// (from item-local frame `from` on, ``lowerPicture``).
  mutating func lowerShape(_ item: TimelineItem, count: Int64, stem: String, from: Int64 = 0) -> PlacedPicture {
    let mods = ItemMotion.baseModifiers(item, grid: grid)
    let mask = ShapeMask(item: item, modifiers: mods)
    let box = mask.size
    var stream = PendingStream(label: nil)
    stream.append(contentsOf: mask.filters(rate: rate))
    let bounds = PictureLayout.rotatedBounds(box, degrees: mods.rotation)
    let motion = ItemMotion(
      item, frameCount: count, grid: grid,
      layout: ItemMotion.Layout(
        box: box, picture: bounds, canvas: canvas, unscaledBox: ShapeMask.unscaledBox(mods), turn: mods.rotation))
    if !mods.rotation.isZero {
      if PictureLayout.isQuarterTurn(mods.rotation) {
        stream.append(contentsOf: quarterTurnFilters(PictureLayout.quarterTurns(mods.rotation)))
      } else {
        stream.append(contentsOf: premultipliedRotation(mods.rotation, size: bounds, fill: 0))
      }
    }
    if mods.opacity != .one { stream.append(Filter("colorchannelmixer", ["aa": OptionText.number(mods.opacity)])) }
    stream.append(contentsOf: loopFilters(count: count, from: from))
    stream.append(contentsOf: turnFilters(motion))
    stream.append(contentsOf: fadeFilters(item, mods, count: count, target: .overlay))
    stream.append(contentsOf: opacityFilters(motion))
    stream = wipe(
      stream, motion: motion, frame: motion?.transform?.turnedSize ?? bounds, count: count, from: from, stem: stem)
    stream.append(contentsOf: resizeFilters(motion))
    let label = builder.close(stream, as: stem)
    let corner =
      motion?.origin.map { ($0.x, $0.y) }
      ?? PictureLayout.turnedCorner(box: box, bounds: bounds, on: canvas, position: mods.position, offset: mods.offset)
    return PlacedPicture(label: label, x: corner.0, y: corner.1, motion: motion)
  }

  /// The export's watermark: the image (or video) at its own pixel size in the output
  /// frame, at a corner, `margin` pixels in from its two edges, clipped by the frame's edges.
  ///
  /// The margin is transparent padding on the corner's sides of the picture, which is then
  /// put flush in the corner.
  ///
  /// `frames` are the timeline frames drawn: the whole edit, or a still's one frame, which
  /// shows a video watermark as the video export shows it at that frame.
  mutating func lowerWatermark(
    _ watermark: Export.Watermark, onto composite: inout PendingStream, frames: Range<Int64>
  ) throws(LoweringError) {
    guard timeline.sources.indices.contains(watermark.source) else {
      throw LoweringError("the watermark refers to a source the timeline does not have")
    }
    composeInRGB(&composite)
    let source = timeline.sources[watermark.source]
    var stream: PendingStream
    switch source.kind {
    case .image:
      let treatment = SourcePictureTreatment(source.facts)
      let input = addFileInput(
        try path(of: source), first: .zero, last: .zero, loopStill: true, lastUse: nil, treatment: treatment)
      stream = PendingStream(label: "\(input):v")
      stream.append(Filter("trim", ["end_frame": "1"]))
      stream.append(contentsOf: treatment.filters)
      stream.append(Filter("format", ["pix_fmts": "rgba"]))
      stream.append(contentsOf: loopFilters(count: Int64(frames.count)))
    case .video:
      // Shown from its first frame at the timeline's start, at its own speed.
      let sampling = ClipTiming(timelineStart: .zero, sourceStart: .zero).map {
        SourceSampling(timing: $0, grid: grid, frames: frames)
      }
      let treatment = SourcePictureTreatment(source.facts)
      let input = addFileInput(
        try path(of: source), first: grid.time(ofFrame: frames.lowerBound),
        last: grid.time(ofFrame: frames.upperBound), lastUse: nil, sampling: sampling, treatment: treatment)
      stream = PendingStream(label: "\(input):v")
      stream.append(Filter("setpts", ["expr": "floor(PTS+0.5)"]))
      stream.append(Filter("fps", ["fps": OptionText.rate(rate), "round": "up", "start_time": "0"]))
      if frames.lowerBound == 0 {
        stream.append(Filter("trim", ["end_frame": String(frames.upperBound)]))
      } else {
        stream.append(
          Filter("trim", ["start_frame": String(frames.lowerBound), "end_frame": String(frames.upperBound)]))
        stream.append(Filter("setpts", ["expr": "PTS-STARTPTS"]))
      }
      stream.append(contentsOf: treatment.filters)
      stream.append(Filter("format", ["pix_fmts": "rgba"]))
    default:
      throw LoweringError("a watermark must be an image or a video, not \(source.kind.rawValue)")
    }
    let corner = ItemModifiers.anchorFractions(watermark.position)
    let margin = max(0, watermark.margin.rounded)
    if margin > 0 {
      // The picture's offset in the padded frame: `margin` from the corner's edge.
      func offset(atStart: Bool, outer: String, own: String) -> String {
        atStart ? String(margin) : "\(outer)-\(own)-\(margin)"
      }
      stream.filters.insert(
        Filter(
          "pad",
          [
            "w": "iw+\(margin)", "h": "ih+\(margin)", "x": offset(atStart: corner.x.isZero, outer: "ow", own: "iw"),
            "y": offset(atStart: corner.y.isZero, outer: "oh", own: "ih"), "color": OptionText.color(0),
          ]), at: stream.filters.firstIndex { $0.name == "scale" } ?? stream.filters.count)
    }
    let label = builder.close(stream, as: "watermark")
    let base = builder.close(composite, as: "marked")
    let out = builder.label("withmark")
    builder.add(
      [base, label],
      [
        Filter(
          "overlay",
          [
            "x": corner.x.isZero ? "0" : "main_w-overlay_w", "y": corner.y.isZero ? "0" : "main_h-overlay_h",
            "eof_action": "pass", "format": compositeSpace.overlayFormat,
          ])
      ], [out])
    composite = PendingStream(label: out)
  }
}
