import VEDLSema
import VEDLTime

/// The frames of one visual source, before the picture modifiers: either exactly the item's
/// frames (a moving source), or one frame that is looped after the picture stages (a still:
/// images, colours, shapes — processed once instead of once per frame).
struct SourceFrames {
  var stream: PendingStream
  var isStill: Bool
  var size: PixelSize
  /// Whether the pictures may carry transparency (images, translucent colours).
  var mayHaveAlpha: Bool
  /// A file's video frames are left in the file's own pixel format (the caller converts
  /// them, ``PictureSpace``); this says what their colours are. `nil`: the frames are RGBA.
  var colour: SourceColour? = nil
}

extension LoweringRun {
  /// How much earlier than the first needed source time an input is opened, so that the
  /// frame shown at the clip's first instant (which may precede it) is decoded even by an
  /// accurate seek that drops earlier frames, and how much longer it is read.
  static let seekMargin = Rational(1)

  /// The source table entry of a clip.
  func source(of item: TimelineItem) throws(LoweringError) -> SourceInfo {
    guard let index = item.source, timeline.sources.indices.contains(index) else {
      throw LoweringError("a clip refers to a source the timeline does not have")
    }
    return timeline.sources[index]
  }

  /// `t0 − startFrame/F`: how far the item's exact start lies after the instant of its first
  /// frame (zero for items on the grid).
  func gridDelay(_ item: TimelineItem) -> Rational {
    item.start - grid.time(ofFrame: item.startFrame)
  }

  /// Adds the input of a media file covering source times `[first, last]` (plus margins),
  /// seeking before it when it does not start at 0; `lastUse` is the end of the item reading
  /// it on the timeline (`nil`: read to the end); `sampling` the instants its `[k:v]` chain's
  /// selection shows (``selectionFilters``), when it has one; `treatment` what its pictures
  /// need (its decoder; when the chain turns them itself, the CLI's autorotation is off).
  mutating func addFileInput(
    _ path: String, first: Rational, last: Rational, loopStill: Bool = false, lastUse: Rational?,
    sampling: SourceSampling? = nil, treatment: SourcePictureTreatment? = nil, demuxer: String? = nil
  ) -> Int {
    // The last use on the graph's clock; an item read from before the window's first frame
    // is done with its earlier frames before the first output frame.
    let lastUse = lastUse.map { max(.zero, outputTime($0)) }
    let wanted = first - Self.seekMargin
    let seek = wanted.isPositive ? Rational((wanted * Rational(1000)).floor, 1000)! : Rational.zero
    let end = last + Self.seekMargin
    let duration = Rational(((end - seek) * Rational(1000)).ceiling, 1000)!
    return builder.addInput(
      GraphInput(
        path: path, seek: seek.isZero ? nil : seek, duration: duration, loopStill: loopStill, lastUse: lastUse,
        pictureSampling: sampling, videoDecoder: treatment?.decoder, turn: treatment?.orientation ?? [],
        demuxer: demuxer))
  }

  /// The source time the clip shows at its frame `j` (§5): `s0 + (j/F − d)·v`.
  func sourceTime(_ item: TimelineItem, frame j: Int64) -> Rational {
    (item.sourceStart ?? .zero) + (grid.time(ofFrame: j) - gridDelay(item)) * item.speed
  }

  /// The instants the filters of ``selectionFilters`` sample: the clip's frames `0..<count`
  /// are timeline frames `startFrame…`, each showing the source at `s0 + (k/F − t0)·v`, which
  /// is `s0 + (j/F − d)·v` for clip frame `j`. Its time base is the one the selection
  /// converts a source stamped in `sourceTimeBase` to, if any (§3 of docs/graph.md).
  func sampling(_ item: TimelineItem, count: Int64, sourceTimeBase: Rational?) -> SourceSampling? {
    guard let timing = ClipTiming(timelineStart: item.start, sourceStart: item.sourceStart ?? .zero, speed: item.speed)
    else { return nil }
    var sampling = SourceSampling(timing: timing, grid: grid, frames: item.startFrame..<(item.startFrame + count))
    sampling.timeBase = sourceTimeBase.flatMap(sampling.selectionTimeBase)
    return sampling
  }

  /// The filters selecting a clip's `count` frames from a source whose frames carry their
  /// source times as timestamps (§5): each frame is moved to its clip time
  /// `(p − s0)/v + d` — exactly, in `timeBase` (``SourceSampling/timeBase``) when one is given, else
  /// rounded to the nearest tick of the source's —, then `fps` with `round=up` fills every
  /// slot `j/F` with the latest frame at or before it, and `trim` keeps exactly `count`.
  /// `from` > 0 keeps frames `from…count−1` only, stamped as they are (`fps` fills the
  /// slots before the first frame read — a later seek's — with copies of it, which `trim`
  /// drops).
  func selectionFilters(
    _ item: TimelineItem, count: Int64, sourceAtCanvasRate: Bool, timeBase: Rational? = nil, from: Int64 = 0
  ) -> [Filter] {
    let s0 = item.sourceStart ?? .zero
    let v = item.speed
    let d = gridDelay(item)
    let trim =
      from > 0
      ? Filter("trim", ["start_frame": String(from), "end_frame": String(count)])
      : Filter("trim", ["end_frame": String(count)])
    if sourceAtCanvasRate && s0.isZero && v == .one && d.isZero { return [trim] }
    var expression = s0.isZero ? "PTS" : "PTS-\(OptionText.expression(s0))/TB"
    if v != .one { expression = "(\(expression))*\(OptionText.expression(Rational.one / v))" }
    if !d.isZero { expression += "+\(OptionText.expression(d))/TB" }
    var filters: [Filter] = []
    if let timeBase { filters.append(Filter("settb", ["expr": "\(timeBase.numerator)/\(timeBase.denominator)"])) }
    return filters + [
      Filter("setpts", ["expr": "floor(\(expression)+0.5)"]),
      Filter("fps", ["fps": OptionText.rate(rate), "round": "up", "start_time": "0"]),
      trim,
    ]
  }

  /// The frames of a clip's picture: `count` frames from its source (or one, for a still).
  /// `key` names the clip's input, shared with its sound. `from` > 0: only frames
  /// `from…count−1`, stamped with their item-local times — a video is read from the source
  /// time of frame `from` on; a generated or time-operated source is made from its start
  /// and cut where it cannot start later (a still's one frame is repeated later on).
  mutating func sourceFrames(_ item: TimelineItem, count: Int64, key: String, from: Int64 = 0)
    throws(LoweringError) -> SourceFrames
  {
    let source = try source(of: item)
    switch source.kind {
    case .video where item.hasTimeOperations:
      return try timeOperationFrames(item, source: source, count: count, stem: key, from: from)
    case .video:
      let size = try mediaSize(source)
      let sampling = sampling(item, count: count, sourceTimeBase: source.facts?.timeBase)
      let treatment = SourcePictureTreatment(source.facts)
      let input = addFileInput(
        try path(of: source), first: sourceTime(item, frame: from),
        last: max(sourceTime(item, frame: count - 1), item.sourceEnd ?? .zero), lastUse: item.end,
        sampling: sampling, treatment: treatment)
      clipInputs[key] = input
      var stream = PendingStream(label: "\(input):v")
      stream.append(
        contentsOf: selectionFilters(
          item, count: count, sourceAtCanvasRate: false, timeBase: sampling?.timeBase, from: from))
      // Tone mapping and the turn after the selection: only the frames shown go through them.
      stream.append(contentsOf: treatment.filters)
      let colour = SourceColour(source.facts)
      return SourceFrames(stream: stream, isStill: false, size: size, mayHaveAlpha: colour.hasAlpha, colour: colour)
    case .image:
      let size = try mediaSize(source)
      let treatment = SourcePictureTreatment(source.facts)
      let input = addFileInput(
        try path(of: source), first: .zero, last: .zero, loopStill: true, lastUse: item.end, treatment: treatment)
      var stream = PendingStream(label: "\(input):v")
      stream.append(Filter("trim", ["end_frame": "1"]))
      stream.append(contentsOf: treatment.filters)
      stream.append(Filter("format", ["pix_fmts": "rgba"]))
      return SourceFrames(stream: stream, isStill: true, size: size, mayHaveAlpha: true)
    case .color:
      let color = source.color ?? 0x0000_00FF
      var stream = PendingStream(label: nil)
      stream.append(contentsOf: colorSource(color, size: canvas, frames: 1))
      stream.append(Filter("format", ["pix_fmts": "rgba"]))
      return SourceFrames(stream: stream, isStill: true, size: canvas, mayHaveAlpha: color & 0xFF != 0xFF)
    case .testpattern:
      var stream = PendingStream(label: nil)
      stream.append(Filter("testsrc2", ["size": canvas.description, "rate": OptionText.rate(rate)]))
      stream.append(contentsOf: selectionFilters(item, count: count, sourceAtCanvasRate: true, from: from))
      stream.append(Filter("format", ["pix_fmts": "rgba"]))
      return SourceFrames(stream: stream, isStill: false, size: canvas, mayHaveAlpha: false)
    case .waveform:
      var stream = PendingStream(label: try waveformPicture(source, item: item))
      stream.append(contentsOf: selectionFilters(item, count: count, sourceAtCanvasRate: true, from: from))
      return SourceFrames(stream: stream, isStill: false, size: canvas, mayHaveAlpha: true)
    case .audio, .tone:
      throw LoweringError("a clip of \(source.kind.rawValue) has no picture")
    }
  }

  /// The frames of a `waveform(…)` source at the canvas rate, frame `n` presented at `n/F`
  /// (``WaveformPicture``), as RGBA; returns the label of the stream. The envelope image is
  /// read as a looped still, and frame `n` cuts its rows `2n` and `2n+1` out (`crop`
  /// evaluates `y` per frame), stretches each over the picture's height (the column's
  /// `top + 1` and `bottom + 1` in every row) and compares them with a ramp holding `y + 1`
  /// in row `y`: `threshold` keeps the rows at or below the top, then those above the
  /// bottom, giving a mask of 0 and 65535 — exactly the spans, in integers. The mask is the
  /// alpha of the colour (docs/graph.md, Waveforms).
  mutating func waveformPicture(_ source: SourceInfo, item: TimelineItem) throws(LoweringError) -> String {
    guard let index = item.source, let envelope = options.waveformEnvelopes[index] else {
      throw LoweringError(
        "the waveform's sound was not measured",
        help: "`vedl render` and `vedl graph` measure it; the lowering reads no media")
    }
    let w = canvas.width
    let h = canvas.height
    // The demuxer is named: other demuxers' probes (libopenmpt's) claim some 16-bit PGMs.
    // `pgm_pipe` reads the one picture (the graph repeats it: `loop`), and unlike `image2` it
    // takes no `%` in the cache folder's path for a pattern.
    let input = addFileInput(envelope.path, first: .zero, last: .zero, lastUse: item.end, demuxer: "pgm_pipe")
    let stem = builder.label("wave")
    func pad(_ name: String) -> String { "\(stem)\(name)" }
    let stretch = Filter("scale", ["width": String(w), "height": String(h), "flags": "neighbor"])
    builder.add(
      ["\(input):v"],
      [Filter("trim", ["end_frame": "1"]), Filter("format", ["pix_fmts": "gray16le"])]
        + loopFilters(count: max(1, envelope.frames)) + [Filter("split", [Filter.Option(nil, "2")])],
      [pad("e0"), pad("e1")])
    for row in 0..<2 {
      builder.add(
        [pad("e\(row)")],
        [Filter("crop", ["w": String(w), "h": "1", "x": "0", "y": row == 0 ? "2*n" : "2*n+1"]), stretch],
        [pad(row == 0 ? "top" : "bottom")])
    }
    // Column 0: the ramp y + 1; column 1: 65535; column 2: 0 — each stretched over the width
    // once and repeated (`loop`), since they are the same in every picture.
    builder.add(
      [],
      [
        Filter("nullsrc", ["size": "3x\(h)", "rate": OptionText.rate(rate)]),
        Filter("format", ["pix_fmts": "gray16le"]),
        Filter("trim", ["end_frame": "1"]),
        Filter("geq", ["lum": "if(eq(X,0),Y+1,if(eq(X,1),65535,0))"]),
        Filter("split", [Filter.Option(nil, "5")]),
      ], (0..<5).map { pad("k\($0)") })
    let columns = [("ramp0", 0), ("ramp1", 0), ("full", 1), ("zero0", 2), ("zero1", 2)]
    for (i, (name, x)) in columns.enumerated() {
      builder.add(
        [pad("k\(i)")],
        [Filter("crop", ["w": "1", "h": String(h), "x": String(x), "y": "0"]), stretch]
          + loopFilters(count: max(1, envelope.frames)), [pad(name)])
    }
    builder.add([pad("ramp0"), pad("top"), pad("zero0"), pad("full")], [Filter("threshold")], [pad("below")])
    // `format=gray16le` before `gray`: otherwise the negotiation would make `threshold`
    // compare 8-bit pictures.
    builder.add(
      [pad("ramp1"), pad("bottom"), pad("below"), pad("zero1")],
      [Filter("threshold"), Filter("format", ["pix_fmts": "gray16le"]), Filter("format", ["pix_fmts": "gray"])],
      [pad("mask")])
    let color = source.color ?? 0xFFFF_FFFF
    var paint = colorSource(color | 0xFF, size: canvas, frames: max(1, envelope.frames))
    paint.append(Filter("format", ["pix_fmts": "rgba"]))
    builder.add([], paint, [pad("paint")])
    var merged: [Filter] = [Filter("alphamerge")]
    if color & 0xFF != 0xFF {
      merged.append(Filter("colorchannelmixer", ["aa": OptionText.number(Rational(Int64(color & 0xFF), 255)!)]))
    }
    merged += [Filter("settb", ["expr": OptionText.timeBase(rate)]), Filter("setpts", ["expr": "N"])]
    builder.add([pad("paint"), pad("mask")], merged, [pad("")])
    return pad("")
  }

  /// A `color` source filter: `frames` frames of `color` at the canvas rate.
  func colorSource(_ color: UInt32, size: PixelSize, frames: Int64?) -> [Filter] {
    colorSource(color, size: size, frames: frames.map { 0..<$0 })
  }

  /// A `color` source filter's frames `frames` (`nil`: endless), each stamped with its
  /// number at the canvas rate.
  func colorSource(_ color: UInt32, size: PixelSize, frames: Range<Int64>?) -> [Filter] {
    var filters = [
      Filter("color", ["color": OptionText.color(color), "size": size.description, "rate": OptionText.rate(rate)])
    ]
    if let frames {
      filters.append(
        frames.lowerBound > 0
          ? Filter("trim", ["start_frame": String(frames.lowerBound), "end_frame": String(frames.upperBound)])
          : Filter("trim", ["end_frame": String(frames.upperBound)]))
    }
    return filters
  }

  /// Filters that repeat a single frame `count` times and number the copies `0…count−1` on
  /// the canvas grid — or, `from` > 0, only copies `from…count−1`, numbered so.
  func loopFilters(count: Int64, from: Int64 = 0) -> [Filter] {
    var filters: [Filter] = []
    if count - from > 1 { filters.append(Filter("loop", ["loop": String(count - from - 1), "size": "1"])) }
    filters.append(Filter("settb", ["expr": OptionText.timeBase(rate)]))
    filters.append(Filter("setpts", ["expr": from > 0 ? "N+\(from)" : "N"]))
    return filters
  }

  /// The absolute path of a file source.
  func path(of source: SourceInfo) throws(LoweringError) -> String {
    guard let path = source.path else { throw LoweringError("a \(source.kind.rawValue) source has no path") }
    return path
  }

  /// The pixel size of a file source, from its probed facts.
  func mediaSize(_ source: SourceInfo) throws(LoweringError) -> PixelSize {
    guard let w = source.facts?.width, let h = source.facts?.height, w > 0, h > 0 else {
      throw LoweringError(
        "the picture size of `\(source.writtenPath ?? source.path ?? "?")` is unknown",
        help: "the file could not be probed; check that it exists and is a picture or video")
    }
    return PixelSize(width: w, height: h)
  }
}
