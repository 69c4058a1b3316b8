import VEDLDiagnostics
import VEDLSource
import VEDLSyntax
import VEDLTime

/// The lengths that come from sources rather than from written times, and the limits every
/// length must keep (docs/language.md §4.6.4, §4.7, §5.3):
/// - a length computed from `trim:` ÷ `speed:` is snapped down to the frame grid, with W0401
///   at the trim (or the speed) when it was off the grid; one taken from the file's own
///   length is snapped silently; either is E0407 when nothing of a frame is left;
/// - a clip may not ask for more of its file than the file has (E0406);
/// - no item, and no edit, may end later than ``CheckRun/longestEdit`` (E0411);
/// - an edit must have at least one frame (E0407).
extension CheckRun {
  /// The longest edit VEDL renders, 12 hours **(choice)**: at every rate up to the largest
  /// canvas rate (1000 fps) its frame indices, and at 48 kHz its sample indices, fit in a
  /// signed 32-bit integer, as FFmpeg's integer filter options need; the native renderer's
  /// per-frame bookkeeping stays small; and far longer than any edit made with VEDL.
  static let longestEdit = Rational(12 * 3600)

  // MARK: Lengths from the source

  /// The length of a clip from its trim and speed: `(end − start) ÷ speed`, snapped down to
  /// the frame grid. W0401 when that is off the grid, E0407 (and `nil`) when it is shorter
  /// than a frame, E0411 (and `nil`) when it does not fit.
  func trimmedLength(_ item: ItemNode, _ trim: (start: Rational, end: Rational)) -> Rational? {
    let args = item.arguments
    let trimArgument = args.labelled["trim"]
    let speedArgument = args.labelled["speed"]
    let trimLength = trim.end - trim.start
    // The warning points at what makes the length fall between frames: the trim when its own
    // length does, the speed otherwise.
    let culprit =
      (item.speed == .one || !grid.isOnGrid(trimLength) ? trimArgument?.value : speedArgument?.value)
      ?? trimArgument?.value
    let span = culprit?.span ?? item.statement.name.span
    let how =
      item.speed == .one
      ? "trim `\(trimArgument.map { file.text($0.value.span) } ?? "")`"
      : "\(trimLength.secondsDescription) of source at `\(speedArgument.map { file.text($0.value.span) } ?? "")`"
    guard let length = trimLength.checkedDividing(by: item.speed), length <= Self.longestEdit else {
      reportTooLong(item, "\(item.describe) would last longer than 12 hours (\(how))", span)
      return nil
    }
    guard let snapped = grid.checkedSnapDown(length), snapped.isPositive else {
      report(
        .emptyLength,
        "\(item.describe) lasts less than one frame: \(how) is \(length.secondsDescription) long", span,
        notes: ["at \(canvas.rate) fps a frame lasts \(grid.frameDuration.secondsDescription)"],
        help: item.speed == .one ? "trim a longer part of the source" : "use a slower speed or trim a longer part")
      return nil
    }
    if snapped != length {
      let frame = grid.frameFloor(at: snapped)
      var fixIts: [FixIt] = []
      var help: String? = nil
      // The trim end that gives the snapped length, offered when it can be written exactly.
      let end = trim.start + snapped * item.speed
      if let literal = Self.sourceTimeLiteral(end, grid: grid) {
        if case .binary(_, let operations)? = trimArgument?.value.kind, operations.count == 1,
          operations[0].op == .range, case .literal = operations[0].operand.kind
        {
          let endExpr = operations[0].operand
          fixIts.append(FixIt(span: endExpr.span, replacement: literal, message: "end the trim at `\(literal)`"))
        } else {
          help = "end the trim at `\(literal)` for a whole number of frames"
        }
      }
      report(
        .offFrameGrid,
        "clip length \(how) = \(length.secondsDescription) is not on the \(canvas.rate) fps frame grid", span,
        notes: ["it is rounded down to \(frame) frames (\(snapped.secondsDescription))"], help: help, fixIts: fixIts)
    }
    return snapped
  }

  /// The length of an untrimmed clip of a file: what the clip can use of the file (§4.7: the
  /// picture's length for a clip showing it, the sound's otherwise) ÷ speed, snapped down to
  /// the frame grid without a warning. `nil` when the facts are unknown (already reported,
  /// or media is not checked), with E0407 when less than a frame is left, E0411 when it is
  /// too long.
  func untrimmedLength(_ item: ItemNode, _ source: SourceInfo) -> Rational? {
    guard let facts = source.facts, let usable = facts.usableLength(showingPicture: showsPicture(item, source))
    else { return nil }
    let span = item.arguments.labelled["speed"]?.value.span ?? item.statement.name.span
    guard let length = usable.checkedDividing(by: item.speed), length <= Self.longestEdit else {
      reportTooLong(item, "\(item.describe) would last longer than 12 hours", span)
      return nil
    }
    guard let snapped = grid.checkedSnapDown(length), snapped.isPositive else {
      report(
        .emptyLength,
        "\(item.describe) lasts less than one frame: `\(source.writtenPath ?? "the source")` is \(usable.secondsDescription) long"
          + (item.speed == .one ? "" : ", \(length.secondsDescription) at `\(file.text(span))`"),
        span, notes: ["at \(canvas.rate) fps a frame lasts \(grid.frameDuration.secondsDescription)"],
        help: "give the clip a `duration:`, or a slower speed")
      return nil
    }
    return snapped
  }

  /// Whether a clip shows its source's picture (rather than only playing its sound).
  func showsPicture(_ item: ItemNode, _ source: SourceInfo) -> Bool {
    source.kind == .video && item.track.kind != .audio
  }

  /// `t` as a literal that means exactly `t`: seconds when they are a short decimal, frames
  /// when `t` is on the grid; `nil` otherwise.
  static func sourceTimeLiteral(_ t: Rational, grid: FrameGrid) -> String? {
    if let d = t.exactDecimal, !d.contains(".") || d.split(separator: ".")[1].count <= 3 { return d + "s" }
    guard grid.isOnGrid(t), let frame = grid.checkedFrameFloor(at: t) else { return nil }
    return "\(frame)f"
  }

  // MARK: What the source has

  /// E0406 when a clip of a file asks for source time the file does not have (§4.7). A clip
  /// at `start` (unknown: taken as on the grid) lasting `length` plays source time
  /// `[s0, s0 + length·v)`. A clip showing a picture needs, for each of its frames, a picture
  /// by the §5.4 rule: the source time of its last frame must come before the picture stream
  /// ends — exactly what the renderers can show. A clip playing only sound must end no later
  /// than the sound does. Sources without a length (images, generators) have no limit; with
  /// unknown facts nothing is checked (a missing file is reported already).
  func checkSourceCoverage(_ item: ItemNode, start: Rational?, length: Rational) {
    guard item.kind == .clip, let index = item.source else { return }
    let source = sources[index]
    guard source.hasIntrinsicLength, let facts = source.facts else { return }
    let picture = showsPicture(item, source)
    guard let available = facts.usableLength(showingPicture: picture) else { return }
    let s0 = item.trim?.start ?? item.frameAt ?? .zero
    let v = item.speed
    // What of the source the clip plays (§4.15): one frame for a `frame:` clip, one pass for
    // a loop, the clip less its hold otherwise.
    var length = length
    if item.frameAt != nil {
      length = grid.frameDuration
    } else if item.loops, let pass = item.passLength {
      length = pass
    } else if let hold = item.freeze?.duration {
      length = length - hold
    }
    guard let playedEnd = length.checkedMultiplying(v).flatMap({ s0.checkedAdding($0) }) else { return }
    let fits: Bool
    if picture {
      let t0 = start ?? .zero
      guard let first = grid.checkedFrameFloor(at: t0), let endTime = t0.checkedAdding(length),
        let end = grid.checkedFrameFloor(at: endTime), end > first,
        let lastTime = grid.checkedTime(ofFrame: end - 1),
        let lastSource = lastTime.checkedSubtracting(t0).flatMap({ $0.checkedMultiplying(v) })
          .flatMap({ s0.checkedAdding($0) })
      else { return }
      fits = lastSource < available
    } else {
      fits = playedEnd <= available
    }
    guard !fits else { return }
    // An overlay or audio clip outlasting its source holds its last picture or is silent
    // (W0460, W0461), when the source has something from the trim start on.
    if item.track.kind != .main, item.frameAt == nil, !item.loops, available > s0,
      let room = available.checkedSubtracting(s0),
      let covered = picture ? longestLength(room, speed: v, picture: true) : room.checkedDividing(by: v),
      covered.isPositive, covered < length
    {
      item.passLength = covered
      warnSourceRunsOut(
        item, picture: picture, length: length, covered: covered, path: "`\(source.writtenPath ?? "the source")`")
      return
    }
    let args = item.arguments
    let span = lengthSpan(item)
    let path = "`\(source.writtenPath ?? "the source")`"
    let streamDiffers = (picture ? facts.videoDuration : facts.audioDuration).map { $0 != facts.duration } ?? false
    let what = streamDiffers ? "\(path)'s \(picture ? "picture" : "sound")" : path
    let asked = playedEnd - s0
    var notes: [String] = []
    if v != .one {
      notes.append(
        "at \(v.exactDecimal ?? v.description)x its \(length.secondsDescription) play \(asked.secondsDescription) of source"
      )
    }
    if streamDiffers, let total = facts.duration {
      notes.append(
        "the file lasts \(total.secondsDescription), but its \(picture ? "picture" : "sound") only \(available.secondsDescription)"
      )
    }
    var help = "trim within the source, or shorten the clip"
    let lengthFromTrim = args.labelled["duration"] == nil && args.labelled["until"] == nil
    if !(available > s0) {
      help = "start the trim before \(available.secondsDescription)"
    } else if lengthFromTrim {
      help = "end the trim at \(available.secondsDescription) at the latest"
    } else if let room = available.checkedSubtracting(s0),
      let longest = longestLength(room, speed: v, picture: picture), longest.isPositive
    {
      help = "make the clip at most \(longest.secondsDescription) long"
      // Only a main-track clip gets here without `loop:` (the others warn instead).
      if item.frameAt == nil { help += ", or repeat it with `loop: true`" }
    }
    report(
      .trimOutsideSource,
      "\(item.describe) asks for \(asked.secondsDescription) of \(path) (source time \(s0.secondsDescription)..\(playedEnd.secondsDescription)), but \(what) is only \(available.secondsDescription) long",
      span,
      labels: sourceSpans[index].map { [Label(span: $0, message: "\(what) lasts \(available.secondsDescription)")] }
        ?? [],
      notes: notes, help: help)
  }

  /// The longest on-grid length of a clip starting on the grid that `room` of source (after
  /// its trim start) supplies at speed `v`: `n` frames with `(n − 1)/F · v < room` for a
  /// picture, `n/F · v ≤ room` for sound.
  private func longestLength(_ room: Rational, speed v: Rational, picture: Bool) -> Rational? {
    guard let timeline = room.checkedDividing(by: v) else { return nil }
    if picture {
      guard let n = grid.checkedFrameCeiling(at: timeline) else { return nil }
      return grid.checkedTime(ofFrame: n)
    }
    return grid.checkedSnapDown(timeline)
  }

  // MARK: The edit's length

  /// E0411 for `item`, which would end later than ``longestEdit``.
  func reportTooLong(_ item: ItemNode, _ message: String, _ span: Span) {
    report(
      .editTooLong, message, span,
      notes: ["an edit may last at most 12 hours; every item must end within them"],
      help: "shorten the item")
  }

  /// Whether an item ending at `end` (`nil`: beyond what a time can hold) ends within
  /// ``longestEdit``; reports E0411 at `span` when it does not.
  func endsWithinLongestEdit(_ item: ItemNode, _ end: Rational?, _ span: Span) -> Bool {
    if let end, end <= Self.longestEdit { return true }
    reportTooLong(
      item,
      "\(item.describe) ends \(end.map { "at \($0.secondsDescription)" } ?? "too late"), past the 12-hour limit of an edit",
      span)
    return false
  }

  /// E0407 when the edit has no frame: a main track with nothing in it, or — without one —
  /// tracks or exports but no item anywhere (§4.6.4). A file with neither tracks nor exports
  /// is a fragment (a library of `let`s, an editor configuration) and is left alone.
  func checkEditHasFrames() {
    guard let end = timelineEnd, grid.checkedFrameFloor(at: end) == 0 else { return }
    if let main = mainTrack {
      // A main track whose layout failed has no end and is not reported here.
      report(
        .emptyLength, "the main track is empty: the edit would have no frames", main.statement.span,
        help: "add a clip to the main track")
      return
    }
    let hasItems = tracks.contains { $0.kind != nil && !$0.items.isEmpty }
    guard !hasItems else { return }  // items whose timing failed: reported already
    if let track = tracks.first(where: { $0.kind != nil }) {
      report(
        .emptyLength, "the edit is empty: no track has an item, so it would have no frames", track.statement.span,
        help: "add a clip, or a `track main { … }`")
    } else if let export = exportStatements.first {
      report(
        .emptyLength, "nothing to export: the file has no tracks", export.span,
        help: "add a `track main { … }` with a clip")
    }
  }
}
