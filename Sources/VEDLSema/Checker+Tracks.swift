import VEDLDiagnostics
import VEDLSource
import VEDLSyntax
import VEDLTime

extension CheckRun {
  // MARK: Collecting

  /// Reads every track's kind, name and items, and binds item ids.
  func collectTracks() {
    guard let trackEntry = Schema.entry("track", in: .file) else { return }
    let trackSchema = trackEntry.schema
    // Every item may define a name: make room for them at once.
    var itemCount = 0
    for track in tracks { itemCount += track.statement.block?.items.count ?? 0 }
    bindings.reserveCapacity(bindings.count + itemCount)
    for track in tracks {
      let args = bind(track.statement, trackEntry)
      if let e = args.positional.first, case .word(let w)? = evaluate(e, expected: trackSchema.positional[0].type) {
        track.kind = Track.Kind(rawValue: w)
      }
      if args.positional.count > 1, case .string(let name)? = evaluate(args.positional[1], expected: .string) {
        track.name = name
      }
      if track.kind == .main {
        if let first = mainTrack {
          report(
            .repeatedStatement, "there can be only one main track", track.statement.span,
            labels: [Label(span: first.statement.name.span, message: "the main track is declared here")],
            help: "use `track overlay` for pictures over the main track")
          track.kind = nil
          continue
        }
        if args.positional.count > 1 {
          report(.unexpectedArgument, "the main track takes no name", args.positional[1].span, help: "remove the name")
        }
        mainTrack = track
      }
      guard let kind = track.kind else { continue }
      guard let block = track.statement.block else {
        report(
          .unexpectedBlock, "a track needs a block of items", track.statement.span, help: "add `{ … }` with its clips")
        continue
      }
      let context: StatementContext = kind == .main ? .mainTrack : (kind == .overlay ? .overlayTrack : .audioTrack)
      var seen = SeenStatements()
      track.items.reserveCapacity(block.items.count)
      for item in block.items {
        guard case .statement(let s) = item else {
          reportDeclarationInBlock(item)
          continue
        }
        guard let checked = validate(s, in: context, seen: &seen) else { continue }
        let entry = checked.entry
        let kind: ItemNode.Kind
        switch entry.schema.name {
        case "clip": kind = .clip
        case "text": kind = .text
        case "shape": kind = .shape
        case "gap": kind = .gap
        case "crossfade", "fade", "wipe", "slide", "transition":
          // An unknown `transition NAME` is reported and kept as a dissolve, so that the
          // track's timing (and what depends on it) is still checked.
          kind = .transition(transitionKind(s, checked.arguments) ?? .crossfade)
        case "duck":
          track.duck = PendingDuck(s, checked.arguments)
          continue
        default: continue
        }
        let node = ItemNode(
          statement: s, kind: kind, track: track, checker: self, entry: entry, arguments: checked.arguments)
        // `fade` alone, or with an item's `in:`/`out:`, has no length to be a transition with.
        if case .transition = kind, entry.schema.name == "fade", node.arguments.positional.isEmpty {
          report(
            .missingArgument, "a `fade` on the main track is a transition and needs its length", s.span,
            help: "write `fade 1s`; to fade a clip in or out, use `fade in: … out: …` inside the clip's block")
          continue
        }
        if case .transition(let tk) = kind { _ = checkTransitionOptions(node, kind: tk) }
        if track.kind == .main, let at = node.arguments.labelled["at"] {
          report(
            .placementInMainTrack, "clips on the main track cannot be placed with `at:`", at.span,
            notes: ["main-track clips play back to back from 0"],
            help: "remove `at:` (insert `gap D` for a pause), or move the clip to an overlay track")
        }
        if let idArgument = node.arguments.labelled["id"],
          case .word(let name)? = evaluate(idArgument.value, expected: .newIdentifier)
        {
          node.id = name
          define(Identifier(name, idArgument.value.span), .item(node))
        }
        track.items.append(node)
      }
    }
  }

  func reportDeclarationInBlock(_ item: VEDLSyntax.Item) {
    switch item {
    case .let(let d):
      report(
        .unknownStatement, "`let` is only allowed at the top level", d.span,
        help: "move the `let` to the top of the file")
    case .param(let d):
      report(
        .unknownStatement, "`param` is only allowed at the top level", d.span,
        help: "move the `param` to the top of the file")
    case .version(let d):
      report(
        .misplacedVersion, "`vedl` declaration must come first", d.span, help: "move `vedl 1` to the top of the file")
    default:
      break
    }
  }

  // MARK: Resolving

  func resolveTracks() {
    if mainTrack != nil { _ = mainEnd(mainTrack!.statement.name.span) }
    for track in tracks where track.kind != nil && track.kind != .main {
      for item in track.items { _ = item.timing(requestedAt: item.statement.name.span) }
    }
    for track in tracks where track.kind != nil {
      for item in track.items { evaluateModifiers(item) }
    }
    resolveDucking()
    checkOverlaps()
    checkEditHasFrames()
  }

  /// The end of the main track (its length), computing the main track on first use.
  func mainEnd(_ span: Span) -> Rational? {
    guard let main = mainTrack else {
      report(
        .noMainTrack, "`end` means the end of the main track, but there is no main track", span,
        help: "add `track main { … }`, or give the item a `duration:`")
      return nil
    }
    return memoised(get: { mainCell }, set: { mainCell = $0 }, .mainTrack, main.statement.name.span) {
      resolveMain(main)
    }
  }

  /// Lays the main track out: clips and gaps back to back, each transition pulling the next
  /// clip back by its length. Returns the end, or `nil` if some length is unknown.
  private func resolveMain(_ main: TrackNode) -> Rational? {
    // `cursor` is nil once some length is unknown; later items are still evaluated (so their
    // own mistakes are reported) but get no timing.
    var cursor: Rational? = .zero
    var pending: [(node: ItemNode, length: Rational, index: Int)] = []
    for (index, item) in main.items.enumerated() {
      switch item.kind {
      case .transition:
        guard let e = transitionLength(item), let d = timeValue(e, expected: .duration) else {
          cursor = nil
          continue
        }
        guard d.isPositive else {
          report(.emptyLength, "a transition must last longer than zero", e.span)
          cursor = nil
          continue
        }
        pending.append((item, d, index))
        // The clip after the transition starts `d` earlier. (A length past any edit's is
        // reported by `finishMain` as longer than its neighbours.)
        cursor = cursor.flatMap { $0.checkedSubtracting(d) }
      default:
        guard let length = intrinsicLength(item, start: cursor) else {
          cursor = nil
          continue
        }
        item.mainLength = length
        checkSourceCoverage(item, start: cursor, length: length)
        if let start = cursor {
          let end = start.checkedAdding(length)
          guard endsWithinLongestEdit(item, end, lengthSpan(item)), let end else {
            cursor = nil  // reported once, at the item that passes the limit
            continue
          }
          item.mainTiming = (start, end)
          cursor = end
        }
      }
    }
    guard finishMain(main, pending), let end = cursor else { return nil }
    return end
  }

  /// Checks each transition against its neighbours; `nil` when the layout is invalid.
  private func finishMain(_ main: TrackNode, _ transitions: [(node: ItemNode, length: Rational, index: Int)]) -> Bool {
    var valid = true
    var used: [Int: Rational] = [:]  // transition time already taken from each clip
    for (node, length, index) in transitions {
      let before = index > 0 ? main.items[index - 1] : nil
      let after = index + 1 < main.items.count ? main.items[index + 1] : nil
      let name = node.schema.name
      guard let before, before.kind == .clip, let after, after.kind == .clip else {
        let neighbour = [before, after].compactMap { $0 }.first { $0.kind != .clip }
        report(
          .invalidTransition, "`\(name)` needs a clip on each side", node.statement.span,
          labels: neighbour.map { [Label(span: $0.statement.span, message: "this is not a clip")] } ?? [],
          notes: ["a transition overlaps the clips before and after it"])
        valid = false
        continue
      }
      guard let lengthA = before.mainLength, let lengthB = after.mainLength else { continue }
      let usedA = used[index - 1] ?? .zero
      if length > lengthA - usedA || length > lengthB {
        let shorter = length > lengthB && !(length > lengthA - usedA) ? (after, lengthB) : (before, lengthA - usedA)
        report(
          .invalidTransition,
          "`\(name) \(length.secondsDescription)` is longer than \(shorter.0.describe) (\(shorter.1.secondsDescription))",
          node.statement.span,
          labels: [
            Label(
              span: before.statement.span,
              message: "lasts \(lengthA.secondsDescription)"
                + (usedA.isZero ? "" : ", \(usedA.secondsDescription) of it already in a transition")),
            Label(span: after.statement.span, message: "lasts \(lengthB.secondsDescription)"),
          ],
          help: "shorten the transition or lengthen the clips")
        valid = false
      }
      used[index + 1] = length
    }
    return valid
  }

  /// Where an overlay or audio item sits: `at:` plus its length.
  func placeAbsolute(_ item: ItemNode) -> (start: Rational, end: Rational)? {
    guard let at = item.arguments.labelled["at"] else {
      report(
        .missingPlacement,
        "\(item.schema.name) on \(item.track.kind == .audio ? "an audio" : "an overlay") track needs `at:`",
        item.statement.span, help: "add `at: 0s` (or another time)")
      return nil
    }
    guard let start = timeValue(at.value, expected: .time) else { return nil }
    if start.isNegative {
      report(.valueOutOfRange, "\(item.describe) starts before 0", at.value.span)
      return nil
    }
    guard let length = intrinsicLength(item, start: start) else { return nil }
    checkSourceCoverage(item, start: start, length: length)
    let end = start.checkedAdding(length)
    let span = start > Self.longestEdit ? at.value.span : lengthSpan(item)
    guard endsWithinLongestEdit(item, end, span), let end else { return nil }
    return (start, end)
  }

  /// Evaluates a timeline time and checks it against the frame grid (W0401), returning the
  /// value snapped down to the grid.
  func timeValue(_ e: Expr, expected: ValueType) -> Rational? {
    guard case .duration(let t)? = evaluate(e, expected: expected) else { return nil }
    return snapped(t, e)
  }

  func snapped(_ t: Rational, _ e: Expr) -> Rational {
    guard !grid.isOnGrid(t), let snapped = grid.checkedSnapDown(t) else { return t }
    let frame = grid.frameFloor(at: t)
    let replacement = Self.timeLiteral(snapped, frame: frame)
    var fixIts: [FixIt] = []
    if case .literal = e.kind {
      fixIts.append(FixIt(span: e.span, replacement: replacement, message: "snap to `\(replacement)`"))
    }
    let written = file.text(e.span)
    report(
      .offFrameGrid,
      "`\(written)`\(written == t.secondsDescription ? "" : " (\(t.secondsDescription))") is not on the \(canvas.rate) fps frame grid",
      e.span, notes: ["it is rounded down to frame \(frame), at \(snapped.secondsDescription)"],
      help: fixIts.isEmpty ? "write `\(replacement)`" : nil, fixIts: fixIts)
    return snapped
  }

  /// A literal for an exact time: seconds when they are a short decimal, frames otherwise.
  static func timeLiteral(_ t: Rational, frame: Int64) -> String {
    if let d = t.exactDecimal, !d.contains(".") || d.split(separator: ".")[1].count <= 3 {
      return d + "s"
    }
    return "\(frame)f"
  }

  /// The item's length on the timeline from `duration:`, `until:` (relative to `start`),
  /// or its source (trim ÷ speed, or the media's length), with a freeze's hold added.
  /// Evaluates the clip's source, trim, speed, volume and time operations on the way.
  func intrinsicLength(_ item: ItemNode, start: Rational?) -> Rational? {
    guard let base = baseLength(item, start: start) else { return nil }
    return lengthWithTimeOperations(item, base: base)
  }

  /// ``intrinsicLength(_:start:)`` before time operations.
  private func baseLength(_ item: ItemNode, start: Rational?) -> Rational? {
    let args = item.arguments
    switch item.kind {
    case .gap:
      guard let e = args.positional.first, let d = timeValue(e, expected: .duration) else { return nil }
      guard d.isPositive else {
        report(.emptyLength, "a gap must last longer than zero", e.span)
        return nil
      }
      return d
    case .transition:
      return nil
    case .clip, .text, .shape:
      break
    }
    let ok = evaluateItemContent(item)
    guard frameClipHasLength(item) else { return nil }
    let duration = args.labelled["duration"]
    let until = args.labelled["until"]
    if let duration, let until {
      report(
        .missingLength, "\(item.describe) has both `duration:` and `until:`", until.span,
        labels: [Label(span: duration.span, message: "duration given here")], help: "keep one of them")
      return nil
    }
    if let duration {
      guard let d = timeValue(duration.value, expected: .duration), ok else { return nil }
      guard d.isPositive else {
        report(.emptyLength, "\(item.describe) must last longer than zero", duration.value.span)
        return nil
      }
      return d
    }
    if let until {
      guard let end = timeValue(until.value, expected: .time), let start, ok else { return nil }
      guard end > start else {
        report(
          .emptyLength,
          "\(item.describe) ends at \(end.secondsDescription), not after its start at \(start.secondsDescription)",
          until.value.span, help: "`until:` must be later than the item's start")
        return nil
      }
      return end - start
    }
    guard item.kind == .clip else {
      report(
        .missingLength, "\(item.schema.name) items need `duration:` or `until:`", item.statement.span,
        help: "add `duration: 2s` or `until: end`")
      return nil
    }
    guard let sourceIndex = item.source else { return nil }
    let source = sources[sourceIndex]
    if let trim = item.trim {
      return trimmedLength(item, trim)
    }
    guard source.hasIntrinsicLength else {
      report(
        .missingLength, "a clip of \(Self.describeSource(source)) needs `duration:` or `until:`", item.statement.span,
        notes: ["\(source.kind.rawValue) sources have no length of their own"], help: "add `duration: 2s`")
      return nil
    }
    return untrimmedLength(item, source)
  }

  /// Where an item's length is written, for diagnostics about it: `duration:`, `until:`,
  /// `trim:`, else the statement's name.
  func lengthSpan(_ item: ItemNode) -> Span {
    let args = item.arguments
    let argument = args.labelled["duration"] ?? args.labelled["until"] ?? args.labelled["trim"]
    return argument?.value.span ?? item.statement.name.span
  }

  static func describeSource(_ s: SourceInfo) -> String {
    switch s.kind {
    case .image: "an image"
    case .color: "a colour"
    case .testpattern: "`testpattern()`"
    case .tone: "`tone(…)`"
    case .video: "a video"
    case .waveform: "`waveform(…)`"
    case .audio: "an audio file"
    }
  }

  /// Evaluates a clip's source, trim, speed, volume and flags, or a text's string and a
  /// shape's kind. Returns `false` when something failed (already reported).
  @discardableResult
  func evaluateItemContent(_ item: ItemNode) -> Bool {
    let args = item.arguments
    var ok = true
    switch item.kind {
    case .clip:
      if item.source == nil, let e = args.positional.first {
        if case .source(let index)? = evaluate(e, expected: .source) {
          item.source = index
          let kind = sources[index].kind
          if item.track.kind == .audio, sources[index].hasPicture, kind != .video {
            report(
              .mediaWrongKind, "an audio track cannot play \(Self.describeSource(sources[index]))", e.span,
              help: "put the clip on an overlay track")
            ok = false
          }
          if item.track.kind == .overlay || item.track.kind == .main, kind == .audio || kind == .tone {
            // Sound on a picture track is allowed on main (it is mixed), not on overlays.
            if item.track.kind == .overlay {
              report(
                .mediaWrongKind, "an overlay track cannot show \(Self.describeSource(sources[index]))", e.span,
                help: "put the clip on an audio track")
              ok = false
            }
          }
        } else {
          ok = false
        }
      } else if item.source == nil {
        ok = false
      }
      if let a = args.labelled["speed"] {
        if case .speed(let v)? = evaluate(a.value, expected: .speed) {
          if checkSpeed(v, a.value) { item.speed = v } else { ok = false }
        } else {
          ok = false
        }
      }
      if let a = args.labelled["volume"], case .gain(let g)? = evaluate(a.value, expected: .gain) {
        // The range of animated volumes: beyond it a sample overflows a float or is inaudible.
        if g < Self.quietestKey || g > Self.loudestKey {
          report(
            .valueOutOfRange, "volume \(g.exactDecimal ?? g.description)dB is out of range", a.value.span,
            notes: ["volumes go from \(Self.quietestKey)dB to +\(Self.loudestKey)dB"])
        } else {
          item.volume = g
        }
      }
      item.muted = args.hasFlag("muted")
      if let a = args.labelled["muted"], case .bool(let b)? = evaluate(a.value, expected: .bool) { item.muted = b }
      if let a = args.labelled["trim"] {
        if case .range(let s, let e)? = evaluate(a.value, expected: .range) {
          ok = checkTrim(item, s, e, a.value) && ok
        } else {
          ok = false
        }
      }
      ok = evaluateTimeOperations(item) && ok
    case .text:
      if item.text == nil, let e = args.positional.first {
        if case .string(let t)? = evaluate(e, expected: .string) { item.text = t } else { ok = false }
      }
      if let a = args.labelled["box"], case .color(let c)? = evaluate(a.value, expected: .color) {
        item.textArguments.box = c
      }
      if let a = args.labelled["outline"], case .color(let c)? = evaluate(a.value, expected: .color) {
        item.textArguments.outline = c
      }
      if let a = args.labelled["outlineWidth"], case .number(let w)? = evaluate(a.value, expected: .number) {
        // The same bounds as `outline … width:`.
        if !w.isPositive || w > Self.widestOutline {
          report(
            .valueOutOfRange, "outline width \(w.exactDecimal ?? w.description) is out of range", a.value.span,
            notes: ["widths are in pixels, more than 0 and at most \(Self.widestOutline)"])
          ok = false
        } else {
          item.textArguments.outlineWidth = w
        }
      }
    case .shape:
      if item.shape == nil, let e = args.positional.first,
        case .word(let w)? = evaluate(e, expected: item.schema.positional[0].type)
      {
        item.shape = ShapeKind(rawValue: w)
      }
    default:
      break
    }
    return ok
  }

  private func checkTrim(_ item: ItemNode, _ s: Rational, _ e: Rational, _ expr: Expr) -> Bool {
    guard s < e else {
      report(
        .emptyLength, "trim `\(file.text(expr.span))` is empty or reversed", expr.span,
        notes: ["trims are half-open ranges `start..end` of source time, with start before end"])
      return false
    }
    if s.isNegative {
      report(.trimOutsideSource, "trim starts before the beginning of the source", expr.span)
      return false
    }
    if let index = item.source {
      let source = sources[index]
      if !source.hasIntrinsicLength {
        report(
          .trimOutsideSource, "\(Self.describeSource(source)) has no length to trim", expr.span,
          help: "use `duration:` instead of `trim:`")
        return false
      }
      if let length = source.facts?.duration, e > length {
        report(
          .trimOutsideSource,
          "trim ends at \(e.secondsDescription), but `\(source.writtenPath ?? "the source")` is only \(length.secondsDescription) long",
          expr.span,
          labels: sourceSpans[index].map {
            [Label(span: $0, message: "this source lasts \(length.secondsDescription)")]
          } ?? [],
          help: "trim within the source, e.g. `\(s.secondsDescription)..\(length.secondsDescription)`")
        return false
      }
    }
    item.trim = (s, e)
    return true
  }

  // MARK: Modifiers

  func evaluateModifiers(_ item: ItemNode) {
    guard let block = item.statement.block else { return }
    let context: StatementContext
    switch item.kind {
    case .clip: context = .clip
    case .text: context = .text
    case .shape: context = .shape
    default: return
    }
    var seen = SeenStatements()
    var animations: [Animation] = []
    var presets: [Preset] = []
    // The first key kept: a clip takes one.
    var firstKey: (name: String, span: Span)?
    let length = (item.track.kind == .main ? item.mainTiming : (item.timing(requestedAt: item.statement.name.span))).map
    { $0.end - $0.start }
    item.modifiers.reserveCapacity(block.items.count)
    // The run's scratch values, taken out for the loop (a local is cheaper to update).
    var values = ModifierValues()
    swap(&values, &modifierValues)
    defer { swap(&values, &modifierValues) }
    // Read through the kind alone: reading `hasPicture` off the whole `SourceInfo` copies it.
    let soundOnly = item.kind == .clip && item.source.map { !sources[$0].kind.hasPicture } ?? false
    for blockItem in block.items {
      guard case .statement(let s) = blockItem else {
        reportDeclarationInBlock(blockItem)
        continue
      }
      // A modifier without a required value (`zoom` alone) has been reported by `validate`.
      guard let checked = validate(s, in: context, seen: &seen), checked.arguments.hasRequiredArguments else {
        continue
      }
      let (entry, args) = (checked.entry, checked.arguments)
      // Read through the entry (a class): copying the schema out costs retains per statement.
      let role = entry.role
      if role == .animate {
        if let animation = evaluateAnimation(checked, s, item: item, itemLength: length) {
          if let first = animations.first(where: { $0.property == animation.property }) {
            report(
              .repeatedStatement, "`animate \(animation.property.rawValue)` appears more than once",
              args.positional[0].span, labels: first.span.map { [Label(span: $0, message: "first given here")] } ?? [],
              help: "give all the keys in one `animate` block")
          } else {
            animations.append(animation)
          }
        }
        continue
      }
      // Read with the clip's length (``evaluateFreeze``).
      if role == .freeze { continue }
      if role == .preset {
        if let preset = evaluatePreset(checked, s, item: item, itemLength: length) { presets.append(preset) }
        continue
      }
      if role == .duck {
        item.duck = PendingDuck(s, args)  // needs every item's timing: `resolveDucking`
        continue
      }
      if soundOnly, role != .fade {
        report(
          .notForThisItem, "`\(entry.schema.name)` does not apply to a clip of sound", s.name.span,
          notes: ["a clip of sound takes `fade` and `animate volume`"], help: "remove it",
          fixIts: [FixIt(span: removalSpan(s.span), replacement: "", message: "remove `\(file.text(s.span))`")])
        continue
      }
      if item.track.kind == .main && item.kind == .clip && role == .placement {
        report(
          .notForThisItem, "`\(entry.schema.name)` does not apply to a main-track clip", s.name.span,
          notes: ["a main-track clip fills the canvas; frame it with `fit`, `zoom` and `pan`"],
          help: "remove it, or put the clip on a `track overlay`",
          fixIts: [FixIt(span: removalSpan(s.span), replacement: "", message: "remove `\(file.text(s.span))`")])
        continue
      }
      if item.track.kind == .main && item.kind == .clip && role == .key {
        report(
          .notForThisItem, "`\(entry.schema.name)` does not apply to a main-track clip", s.name.span,
          notes: ["a key makes pixels transparent, and the main track has nothing under it to show"],
          help: "put the keyed clip on a `track overlay`, over the main track",
          fixIts: [FixIt(span: removalSpan(s.span), replacement: "", message: "remove `\(file.text(s.span))`")])
        continue
      }
      if role == .key, let other = firstKey {
        report(
          .secondKey, "a clip takes one key, and this one already has `\(other.name)`", s.name.span,
          labels: [Label(span: other.span, message: "the first key")],
          notes: ["`chromakey` and `colorkey` both set the clip's transparency; the second would replace the first"],
          help: "keep one of them")
        continue
      }
      values.removeAll()
      var ok = true
      for (i, e) in args.positional.enumerated() {
        if let v = evaluate(e, expected: entry.schema.positional[i].type) { values.append(v) } else { ok = false }
      }
      args.forEachLabelled(source: file.bytes) { slot, a in
        let parameter = entry.schema.labelled[slot]
        if let v = evaluate(a.value, expected: parameter.type) {
          values.append(parameter.label!, v)
        } else {
          ok = false
        }
      }
      guard ok else { continue }
      // Every statement a block keeps as a modifier has a ``Modifier/Name`` and checked values
      // of its types (`ModifierTests` holds the schema to that).
      if let name = entry.modifier, checkModifier(name, values, args, s, itemLength: length),
        let kind = Modifier.Kind(name, values)
      {
        item.modifiers.append(Modifier(kind, span: s.span))
        if role == .key { firstKey = (entry.schema.name, s.name.span) }
      }
    }
    // A property is either animated or static (ANIMATION.md §1); a clip's static volume is
    // its `volume:` argument.
    if let animation = animations.first(where: { $0.property == .volume }),
      let a = item.arguments.labelled["volume"]
    {
      report(
        .animatedAndStatic, "`volume` is both static and animated", a.span,
        labels: animation.span.map { [Label(span: $0, message: "animated here")] } ?? [],
        help: "remove `volume:` and give its value as a key",
        fixIts: [
          FixIt(
            span: Span(start: a.span.start - 1, end: a.span.end), replacement: "",
            message: "remove `\(file.text(a.span))`")
        ])
    }
    // Where a static modifier kept in `item.modifiers` is written. Looked for only on these
    // rare paths, so that the common item keeps no list of its statements.
    func keptStatement(_ name: String) -> (name: Span, span: Span)? {
      guard item.modifiers.contains(where: { $0.name.rawValue == name }) else { return nil }
      for case .statement(let s) in block.items where s.name.name == name { return (s.name.span, s.span) }
      return nil
    }
    let typewriterTurn = presets.contains { $0.kind == .typewriter } ? keptStatement("rotate")?.span : nil
    for animation in animations {
      let name = animation.property.rawValue
      guard let (nameSpan, span) = keptStatement(name) else { continue }
      report(
        .animatedAndStatic, "`\(name)` is both static and animated", nameSpan,
        labels: animation.span.map { [Label(span: $0, message: "animated here")] } ?? [],
        help: "remove the static `\(name)` and give its value as a key",
        fixIts: [FixIt(span: removalSpan(span), replacement: "", message: "remove `\(file.text(span))`")])
      item.modifiers.removeAll { $0.name.rawValue == name }
    }
    item.animations = animations
    checkPresetsFit(presets, itemLength: length)
    // A typewriter draws a text's characters straight onto the picture: its text cannot
    // also be drawn on a layer (turned, scaled over time, wiped).
    if let writer = presets.first(where: { $0.kind == .typewriter }), let span = writer.span,
      let other = typewriterTurn
        ?? animations.first(where: { $0.property.isTransform })?.span
        ?? presets.first(where: { $0.kind == .pop || $0.kind == .wipe })?.span
    {
      report(
        .notForThisItem, "a typewriter text cannot also be turned, scaled over time or wiped", span,
        labels: [Label(span: other, message: "this draws the text on a layer")],
        notes: ["`typewriter` draws the characters straight onto the picture, one by one"],
        help: "remove one of them")
      presets.removeAll { $0.kind == .typewriter }
    }
    item.presets = presets
  }

  /// What to delete to remove the statement at `span`: its whole line (with the line break)
  /// when nothing else is on it, else just the statement.
  func removalSpan(_ span: Span) -> Span {
    let lines = file.lines
    let index = lines.lineIndex(of: span.start)
    let line = lines.lineSpan(index)
    guard lines.lineIndex(of: span.end) == index,
      file.text(Span(start: line.start, end: span.start)).allSatisfy({ $0 == " " || $0 == "\t" }),
      file.text(Span(start: span.end, end: line.end)).allSatisfy({ $0 == " " || $0 == "\t" })
    else { return span }
    let next = index + 1 < lines.count ? lines.lineSpan(index + 1).start : line.end
    return Span(start: line.start, end: next)
  }

  /// Range checks of modifier values.
  private func checkModifier(
    _ name: Modifier.Name, _ values: ModifierValues, _ args: BoundArguments, _ s: Statement, itemLength: Rational?
  ) -> Bool {
    let positional = values.positional
    func outOfRange(_ span: Span, _ message: String, _ note: String) -> Bool {
      report(.valueOutOfRange, message, span, notes: [note])
      return false
    }
    switch name {
    case .opacity:
      if case .number(let v)? = positional.first, v.isNegative || v > .one {
        return outOfRange(
          args.positional[0].span, "opacity must be between 0 and 100%", "`0` is transparent, `1` (or `100%`) opaque")
      }
    case .scale, .zoom:
      if case .number(let v)? = positional.first, !v.isPositive {
        return outOfRange(
          args.positional[0].span, "`\(name.rawValue)` must be greater than zero", "`1` leaves the size unchanged")
      }
    case .crop:
      if !positional.isEmpty, !values.hasNoLabels, values.labels.contains(where: { $0 != "anchor" }) {
        report(.unexpectedArgument, "`crop` takes either a ratio or `x:`/`y:`/`width:`/`height:`, not both", s.span)
        return false
      }
      if positional.isEmpty, values.hasNoLabels {
        report(
          .missingArgument, "`crop` needs a ratio (`crop 9:16`) or a rectangle (`crop x: y: width: height:`)", s.span)
        return false
      }
      if positional.isEmpty, let anchor = args.labelled["anchor"] {
        return reportIgnoredArgument(
          anchor.span, "`anchor:` places a ratio crop (`crop 9:16 anchor: top`), not a rectangle",
          note: "a rectangle's `x:` and `y:` already say where it is")
      }
      if case .ratio(let a, let b)? = positional.first, a <= 0 || b <= 0 {
        return outOfRange(args.positional[0].span, "crop ratio must be positive", "write e.g. `9:16`")
      }
      for key in ["x", "y", "width", "height"] {
        if case .number(let v)? = values[key], v.isNegative || v > .one {
          return outOfRange(
            args.labelled[key]!.value.span, "crop `\(key):` must be a fraction between 0 and 1",
            "crop rectangles are fractions of the source")
        }
      }
      for (origin, extent) in [("x", "width"), ("y", "height")] {
        if case .number(let o)? = values[origin], case .number(let e)? = values[extent], o + e > .one {
          return outOfRange(
            args.labelled[extent]!.value.span, "crop `\(origin):` + `\(extent):` goes past the source's edge",
            "the sum must be at most 1")
        }
        if case .number(let e)? = values[extent], e.isZero {
          return outOfRange(
            args.labelled[extent]!.value.span, "crop `\(extent):` must be greater than zero",
            "crop rectangles are fractions of the source")
        }
      }
    case .size:
      for key in ["width", "height"] {
        if case .number(let v)? = values[key], !v.isPositive {
          return outOfRange(
            args.labelled[key]!.value.span, "`size \(key):` must be greater than zero", "sizes are in canvas pixels")
        }
      }
      if values.hasNoLabels {
        report(.missingArgument, "`size` needs `width:`, `height:` or both", s.span)
        return false
      }
    case .position:
      let hasAnchor = !positional.isEmpty
      let hasXY = values["x"] != nil || values["y"] != nil
      if hasAnchor && hasXY {
        report(.unexpectedArgument, "`position` takes an anchor or `x:`/`y:`, not both", s.span)
        return false
      }
      if hasXY, let margin = args.labelled["margin"] {
        return reportIgnoredArgument(
          margin.span, "`margin:` keeps an anchored item off the canvas's edges, not one placed at `x:`/`y:`",
          note: "with `x:` and `y:` the item's top-left corner is exactly there")
      }
      if !hasAnchor && !hasXY {
        report(
          .missingArgument, "`position` needs an anchor (`position bottom`) or coordinates (`position x: 10 y: 20`)",
          s.span)
        return false
      }
    case .fade:
      if !reportEasingOnItemFade(args) { return false }
      var total = Rational.zero
      for key in ["in", "out"] {
        if case .duration(let d)? = values[key] {
          if d.isNegative {
            return outOfRange(
              args.labelled[key]!.value.span, "fade length must not be negative", "write e.g. `fade in: 250ms`")
          }
          total = total + d
        }
      }
      if values.hasNoLabels {
        report(.missingArgument, "`fade` on an item needs `in:`, `out:` or both", s.span)
        return false
      }
      if let length = args.positional.first {
        return reportIgnoredArgument(
          length.span, "a length is for a `fade` transition on the main track, not for an item's `fade`",
          note: "`fade D` between two main-track clips fades through black; an item fades with `in:` and `out:`")
      }
      if let itemLength, total > itemLength {
        report(
          .valueOutOfRange,
          "fades (\(total.secondsDescription)) are longer than the item (\(itemLength.secondsDescription))", s.span)
        return false
      }
    case .adjust:
      if values.hasNoLabels {
        report(.missingArgument, "`adjust` needs `brightness:`, `contrast:` or `saturation:`", s.span)
        return false
      }
      for (key, (lo, hi)) in Self.adjustRanges {
        if case .number(let v)? = values[key], v < lo || v > hi {
          return outOfRange(
            args.labelled[key]!.value.span, "`\(key):` is out of range", "\(key) ranges from \(lo) to \(hi)")
        }
      }
    case .lut:
      if case .string(let written)? = positional.first, !checkLookFile(written, args.positional[0].span, s.span) {
        return false
      }
    case .blur:
      if case .number(let v)? = values["radius"], !v.isPositive || v > Self.widestBlur {
        report(
          .lookOutOfRange, "blur radius \(v.exactDecimal ?? v.description) is out of range",
          args.labelled["radius"]!.value.span,
          notes: ["the radius is a standard deviation in pixels, like CSS's `blur()`"],
          help: "use a radius more than 0 and at most \(Self.widestBlur)")
        return false
      }
    case .sharpen:
      if case .number(let v)? = values["amount"], v < Self.sharpenStep || v > Self.strongestSharpen {
        report(
          .lookOutOfRange, "sharpen amount \(v.exactDecimal ?? v.description) is out of range",
          args.labelled["amount"]!.value.span,
          notes: ["the amount is how much of the picture's detail is added again, in sixteenths"],
          help: "use an amount from 0.0625 (1/16) to \(Self.strongestSharpen)")
        return false
      }
    case .vignette:
      if case .angle(let v)? = values["angle"], !v.isPositive || v > Rational(90) {
        report(
          .lookOutOfRange, "vignette angle \(v.exactDecimal ?? v.description)deg is out of range",
          args.labelled["angle"]!.value.span,
          notes: ["the angle is the lens's: 0 leaves the picture alone, 90deg darkens the corners to black"],
          help: "use an angle more than 0 and at most 90deg (the default is 36deg)")
        return false
      }
    case .chromakey, .colorkey:
      for (key, low) in [("similarity", Rational(1, 100)!), ("blend", Rational.zero)] {
        if case .number(let v)? = values[key], v < low || v > .one {
          report(
            .keyOutOfRange, "\(name.rawValue) \(key) \(v.exactDecimal ?? v.description) is out of range",
            args.labelled[key]!.value.span,
            notes: [
              key == "similarity"
                ? "similarity is the distance from the key colour (0 same … 1 farthest) that becomes transparent"
                : "blend is the distance over which keyed pixels fade back to opaque"
            ],
            help: "use a \(key) from \(low.exactDecimal ?? low.description) to 1")
          return false
        }
      }
    case .font:
      if case .string(let font) = positional[0], !checkFontFile(font, args.positional[0].span) { return false }
      if case .number(let v)? = values["size"], !v.isPositive || v > Self.largestFontSize {
        return outOfRange(
          args.labelled["size"]!.value.span,
          v.isPositive
            ? "font size \(v.exactDecimal ?? v.description) is too large" : "font size must be greater than zero",
          "sizes are in pixels, from just above 0 to \(Self.largestFontSize)")
      }
    case .outline, .stroke:
      // The backends draw at least one pixel, so 0 would not mean "none".
      if case .number(let v)? = values["width"], !v.isPositive || v > Self.widestOutline {
        return outOfRange(
          args.labelled["width"]!.value.span,
          "\(name.rawValue) width \(v.exactDecimal ?? v.description) is out of range",
          "widths are in pixels, more than 0 and at most \(Self.widestOutline)")
      }
    default:
      break
    }
    return true
  }

  /// Reports the argument at `span` as one its statement would not use with the others given, with a fix-it
  /// that removes it; returns `false` (the statement is not kept).
  private func reportIgnoredArgument(_ span: Span, _ message: String, note: String) -> Bool {
    report(
      .unexpectedArgument, message, span, notes: [note], help: "remove it",
      fixIts: [FixIt(span: span, replacement: "", message: "remove `\(file.text(span))`")])
    return false
  }

  /// `sharpen amount:` is counted in sixteenths (the kernel's integer weights), up to 5.
  static let sharpenStep = Rational(1, 16)!
  static let strongestSharpen = Rational(5)

  /// `gblur`'s largest sigma.
  static let widestBlur = Rational(1024)

  /// FreeType's stroker takes seconds and hundreds of megabytes for one glyph with a border of
  /// thousands of pixels, and fails past that; a border of 256 px already buries any glyph.
  static let widestOutline = Rational(256)

  /// FreeType and `drawtext` refuse sizes far beyond any canvas; 4096 px is a glyph four
  /// times a 1080p frame's height, so nothing a user means is cut off.
  static let largestFontSize = Rational(4096)

  /// The ranges of `adjust`'s arguments.
  private static let adjustRanges: [(String, (Rational, Rational))] = [
    ("brightness", (Rational(-1), .one)), ("contrast", (.zero, Rational(3))), ("saturation", (.zero, Rational(3))),
  ]

  // MARK: Lanes

  /// Items of one overlay or audio track must not overlap; items past the end are warned.
  func checkOverlaps() {
    let end: Rational? = mainTrack.flatMap { _ in if case .done(let e) = mainCell { return e } else { return nil } }
    for track in tracks where track.kind == .overlay || track.kind == .audio {
      var placed: [(ItemNode, Rational, Rational)] = []
      for item in track.items {
        if case .done(let t?) = item.timingCell { placed.append((item, t.start, t.end)) }
      }
      placed.sort { $0.1 < $1.1 }
      for (a, b) in zip(placed, placed.dropFirst()) where grid.frameFloor(at: b.1) < grid.frameFloor(at: a.2) {
        report(
          .itemsOverlap,
          "\(b.0.describe) overlaps \(a.0.describe) on track \(track.name.map { "\"\($0)\"" } ?? track.kind!.rawValue)",
          b.0.statement.span,
          labels: [
            Label(span: a.0.statement.span, message: "runs \(a.1.secondsDescription)..\(a.2.secondsDescription)"),
            Label(span: b.0.statement.name.span, message: "starts at \(b.1.secondsDescription)"),
          ],
          help: "move one of them, or put it on its own track")
      }
      if let end {
        for (item, start, stop) in placed where stop > end {
          report(
            .pastEnd,
            "\(item.describe) ends at \(stop.secondsDescription), after the main track ends at \(end.secondsDescription)",
            item.statement.span, notes: [start >= end ? "it starts after the end and never shows" : "the rest is cut"],
            help: "use `until: end` to stop at the end of the main track")
        }
      }
    }
  }
}
