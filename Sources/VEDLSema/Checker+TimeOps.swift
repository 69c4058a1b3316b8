import VEDLDiagnostics
import VEDLSource
import VEDLSyntax
import VEDLTime

/// The time operations of clips (docs/language.md §4.15): `loop:`, `reverse`, `freeze` and
/// one-frame clips (`frame:`), checked here; what they show is ``ClipTimeMap``.
extension CheckRun {
  /// Reads a clip's `loop:`, `reverse`, `frame:` and its block's `freeze` (E0460, E0461,
  /// E0463). Returns `false` when something failed (already reported).
  func evaluateTimeOperations(_ item: ItemNode) -> Bool {
    let args = item.arguments
    // Most clips have none: one look at the arguments and the block says so.
    guard Self.mentionsTimeOperation(args) || freezeStatement(item) != nil else { return true }
    item.reverses = args.hasFlag("reverse")
    if let a = args.labelled["reverse"], case .bool(let b)? = evaluate(a.value, expected: .bool) { item.reverses = b }
    if let a = args.labelled["loop"], case .bool(let b)? = evaluate(a.value, expected: .bool) { item.loops = b }
    var ok = true
    if let a = args.labelled["frame"] {
      if case .duration(let t)? = evaluate(a.value, expected: .time) {
        if t.isNegative {
          report(.trimOutsideSource, "`frame:` is before the beginning of the source", a.value.span)
          ok = false
        } else {
          item.frameAt = t
        }
      } else {
        ok = false
      }
    }
    let freeze = freezeStatement(item)
    guard let index = item.source else { return ok }
    let source = sources[index]
    // Where each operation is written, for the messages.
    let reverseSpan = args.labelled["reverse"]?.span ?? flagSpan(args, "reverse")
    let loopSpan = args.labelled["loop"]?.span
    let frameSpan = args.labelled["frame"]?.span
    func needsMedia(_ what: String, _ span: Span, picture: Bool) {
      report(
        .timeOperationNeedsMedia, "\(what) needs a clip of a \(picture ? "video" : "video or audio file")", span,
        notes: [
          "\(Self.describeSource(source)) has no \(picture ? "pictures in time" : "time") to \(what == "`loop:`" ? "repeat" : "play")"
        ],
        help: "remove it")
      ok = false
    }
    if item.reverses, let reverseSpan, !source.hasIntrinsicLength {
      needsMedia("`reverse`", reverseSpan, picture: false)
      item.reverses = false
    }
    if item.loops, let loopSpan, !source.hasIntrinsicLength {
      needsMedia("`loop:`", loopSpan, picture: false)
      item.loops = false
    }
    if item.frameAt != nil, let frameSpan, source.kind != .video || item.track.kind == .audio {
      needsMedia("`frame:`", frameSpan, picture: true)
      item.frameAt = nil
    }
    if let freeze, source.kind != .video || item.track.kind == .audio {
      needsMedia("`freeze`", freeze.name.span, picture: true)
    }
    if let freeze, item.track.kind != .main {
      report(
        .timeOperationNotOnThisTrack, "`freeze` is for main-track clips", freeze.name.span,
        notes: ["a freeze makes the clip longer and pushes the clips after it"],
        help: "freeze the frame in a clip of the main track, or use a `frame:` clip here")
      ok = false
    }
    if let frameSpan, item.frameAt != nil {
      let others: [(String, Span?)] = [
        ("trim:", args.labelled["trim"]?.span), ("speed:", args.labelled["speed"]?.span), ("loop:", loopSpan),
        ("reverse", item.reverses ? reverseSpan : nil), ("freeze", freeze?.name.span),
      ]
      for case (let name, let span?) in others {
        report(
          .conflictingTimeOperations, "a `frame:` clip shows one picture: it takes no `\(name)`", span,
          labels: [Label(span: frameSpan, message: "one picture, chosen here")], help: "remove `\(name)`")
        ok = false
      }
    }
    return ok
  }

  /// Whether an argument is `reverse`, `loop:` or `frame:` (the schema decides later whether
  /// it takes them).
  private static func mentionsTimeOperation(_ args: BoundArguments) -> Bool {
    for a in args.all {
      if let label = a.label {
        if label.name == "loop" || label.name == "frame" || label.name == "reverse" { return true }
      } else if case .name(let word) = a.value.kind, word.name == "reverse" {
        return true
      }
    }
    return false
  }

  /// The span of a bare flag argument (`reverse`), if written.
  private func flagSpan(_ args: BoundArguments, _ name: String) -> Span? {
    guard args.hasFlag(name) else { return nil }
    for a in args.all where a.label == nil {
      if case .name(let word) = a.value.kind, word.name == name { return a.value.span }
    }
    return nil
  }

  /// The `freeze` statement of a clip's block, if any.
  func freezeStatement(_ item: ItemNode) -> Statement? {
    guard item.kind == .clip, let block = item.statement.block else { return nil }
    for case .statement(let s) in block.items where s.name.name == "freeze" { return s }
    return nil
  }

  /// A main-track clip's `freeze at: T duration: D` against its length without the hold
  /// (E0462); sets ``ItemNode/freeze`` and returns the hold's length (zero without one).
  func evaluateFreeze(_ item: ItemNode, playedLength: Rational) -> Rational? {
    guard item.track.kind == .main, let s = freezeStatement(item),
      let entry = Schema.entry("freeze", in: .clip)
    else { return .zero }
    guard let index = item.source, sources[index].kind == .video else { return .zero }
    let args = bind(s, entry)
    // Missing labels are reported when the block is checked.
    guard let atArgument = args.labelled["at"], let durationArgument = args.labelled["duration"] else { return .zero }
    guard let at = timeValue(atArgument.value, expected: .duration),
      let duration = timeValue(durationArgument.value, expected: .duration)
    else { return nil }
    if at.isNegative || at >= playedLength {
      report(
        .freezeOutsideClip,
        "`freeze at: \(at.secondsDescription)` is outside \(item.describe), which plays \(playedLength.secondsDescription)",
        atArgument.value.span,
        labels: [Label(span: lengthSpan(item), message: "plays \(playedLength.secondsDescription)")],
        notes: ["`at:` is clip-local: from `0s` to just before the clip's end"],
        help: "freeze at a moment inside the clip")
      return nil
    }
    guard duration.isPositive else {
      report(
        .freezeOutsideClip, "a freeze must last longer than zero", durationArgument.value.span,
        help: "write e.g. `duration: 1s`")
      return nil
    }
    item.freeze = TimelineItem.Freeze(at: at, duration: duration)
    return duration
  }

  /// The length of an item with its time operations: a `frame:` clip holds its one picture
  /// for its whole length; a looped clip finds its pass; a freeze adds its hold.
  func lengthWithTimeOperations(_ item: ItemNode, base: Rational) -> Rational? {
    guard item.kind == .clip, let index = item.source else { return base }
    if item.frameAt != nil {
      item.passLength = .zero
      item.freeze = TimelineItem.Freeze(at: .zero, duration: base)
      return base
    }
    if item.loops, sources[index].hasIntrinsicLength {
      let source = sources[index]
      let exact = !showsPicture(item, source)
      if let trim = item.trim {
        item.passLength = exact ? (trim.end - trim.start).checkedDividing(by: item.speed) : trimmedLength(item, trim)
      } else if let usable = source.facts?.usableLength(showingPicture: !exact) {
        item.passLength = exact ? usable.checkedDividing(by: item.speed) : untrimmedLength(item, source)
      }
      // Without a length (unknown facts, or a pass under a frame: reported), the clip plays
      // like one without `loop:`.
      if let pass = item.passLength, !pass.isPositive { item.passLength = nil }
    }
    guard let hold = evaluateFreeze(item, playedLength: base) else { return nil }
    return base.checkedAdding(hold)
  }

  /// E0464 for a `frame:` clip without `duration:` or `until:`; `false` then.
  func frameClipHasLength(_ item: ItemNode) -> Bool {
    guard item.frameAt != nil, item.arguments.labelled["duration"] == nil, item.arguments.labelled["until"] == nil
    else { return true }
    report(
      .frameClipNeedsLength, "a `frame:` clip needs `duration:` or `until:`", item.statement.span,
      notes: ["it shows one picture, for as long as you say"], help: "add `duration: 1s`")
    return false
  }

  /// W0460/W0461 for an overlay or audio clip (without `loop:`) longer than its source, saying
  /// what it does after the source ends; `available` is the source time the clip can use
  /// after its trim start, `length` the clip's.
  func warnSourceRunsOut(_ item: ItemNode, picture: Bool, length: Rational, covered: Rational, path: String) {
    let span = lengthSpan(item)
    if picture {
      report(
        .pictureRunsOut,
        "\(item.describe) lasts \(length.secondsDescription), but \(path) only has pictures for \(covered.secondsDescription) of it: its last picture is held for the rest",
        span,
        notes: ["its sound, if any, is silent after the file's sound ends"],
        help: "add `loop: true` to repeat the source, or shorten the clip")
    } else {
      report(
        .soundRunsOut,
        "\(item.describe) lasts \(length.secondsDescription), but \(path) only has sound for \(covered.secondsDescription) of it: the rest is silent",
        span, help: "add `loop: true` to repeat the sound, or shorten the clip")
    }
  }
}
