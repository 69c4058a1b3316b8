import VEDLDiagnostics
import VEDLSource
import VEDLSyntax
import VEDLTime

extension CheckRun {
  /// `animate PROPERTY { key … }` on `item`: the property, its keys in order within the item,
  /// their values as the static modifier takes them, and their easings (ANIMATION.md §1–§2).
  /// `nil` after reporting what is wrong.
  func evaluateAnimation(_ checked: CheckedStatement, _ s: Statement, item: ItemNode, itemLength: Rational?)
    -> Animation?
  {
    let propertyExpr = checked.arguments.positional[0]
    guard case .word(let word)? = evaluate(propertyExpr, expected: .enumeration(Enumerations.animatedProperty)),
      let property = Animation.Property(rawValue: word)
    else { return nil }
    let soundOnly = item.kind == .clip && item.source.map { !sources[$0].hasPicture } ?? false
    if property.isClipPicture && item.kind != .clip {
      report(
        .notForThisItem, "a \(item.kind == .text ? "text" : "shape") has no `\(word)` to animate", propertyExpr.span,
        notes: ["`zoom` and `pan` move a clip's picture inside its box"], help: "remove this `animate`")
      return nil
    }
    if property == .volume ? item.kind != .clip : soundOnly {
      report(
        .notForThisItem,
        property == .volume
          ? "a \(item.kind == .text ? "text" : "shape") has no sound to animate"
          : "a clip of sound has no `\(word)` to animate", propertyExpr.span,
        notes: [
          property == .volume
            ? "`volume` animates the sound of clips" : "a clip of sound takes `fade` and `animate volume`"
        ],
        help: "remove this `animate`")
      return nil
    }
    if item.track.kind == .main && item.kind == .clip && property != .volume && !property.isClipPicture {
      report(
        .notForThisItem, "a main-track clip's `\(word)` cannot be animated", propertyExpr.span,
        notes: [
          property == .opacity
            ? "a main-track clip's opacity can only fade (`fade in:`/`out:`)"
            : property.isTransform
              ? "a main-track clip fills the canvas; `animate zoom` and `animate pan` move its picture"
              : "a main-track clip fills the canvas: it has no position to move"
        ], help: "put the clip on a `track overlay`")
      return nil
    }
    guard let block = s.block else {
      report(
        .missingArgument, "`animate` needs its keys in a block", s.span,
        help: "write e.g. `animate \(word) { key 0s … ; key 1s … }`")
      return nil
    }
    var keys: [Animation.Key] = []
    var previous: (time: Rational, span: Span)? = nil
    var ok = true
    var seen = SeenStatements()
    (inAnimation, animationLength) = (true, itemLength)
    defer { (inAnimation, animationLength) = (false, nil) }
    for blockItem in block.items {
      guard case .statement(let ks) = blockItem else {
        reportDeclarationInBlock(blockItem)
        ok = false
        continue
      }
      guard let key = validate(ks, in: .animation, seen: &seen), key.arguments.hasRequiredArguments else {
        ok = false
        continue
      }
      let args = key.arguments
      let timeExpr = args.positional[0]
      guard case .duration(let time)? = evaluate(timeExpr, expected: .duration) else {
        ok = false
        continue
      }
      if let itemLength, time.isNegative || time > itemLength {
        report(
          .keyOutsideItem, "key at \(time.secondsDescription) is outside the item", timeExpr.span,
          notes: ["the item is \(itemLength.secondsDescription) long; keys go from `0s` to `length`"])
        ok = false
        continue
      }
      if let previous, time <= previous.time {
        report(
          .keysOutOfOrder, "key at \(time.secondsDescription) is not after the key before it", timeExpr.span,
          labels: [Label(span: previous.span, message: "previous key at \(previous.time.secondsDescription)")],
          help: "keys must be in increasing time order; `easing: hold` makes a value jump")
        ok = false
        continue
      }
      previous = (time, timeExpr.span)
      guard let value = keyValue(property, args, ks), let easing = keyEasing(args) else {
        ok = false
        continue
      }
      keys.append(Animation.Key(time: time, value: value, easing: easing, span: ks.span))
    }
    guard ok else { return nil }
    guard !keys.isEmpty else {
      report(
        .missingArgument, "`animate \(word)` has no keys", block.span,
        help: "add keys, e.g. `key 0s …` and `key length …`")
      return nil
    }
    return Animation(property: property, keys: keys, span: s.span)
  }

  /// `enter KIND …` or `exit KIND …` on `item` (ANIMATION.md §3): the kind, duration,
  /// easing and edge; `nil` after reporting what is wrong.
  func evaluatePreset(_ checked: CheckedStatement, _ s: Statement, item: ItemNode, itemLength: Rational?) -> Preset? {
    let args = checked.arguments
    let phase: Preset.Phase = s.name.name == "enter" ? .enter : .exit
    let kindExpr = args.positional[0]
    guard case .word(let word)? = evaluate(kindExpr, expected: .enumeration(Enumerations.presetKind)),
      let kind = Preset.Kind(rawValue: word)
    else { return nil }
    let soundOnly = item.kind == .clip && item.source.map { !sources[$0].hasPicture } ?? false
    if soundOnly || (item.track.kind == .main && item.kind == .clip) {
      report(
        .notForThisItem,
        soundOnly ? "a clip of sound has no `\(s.name.name)`" : "a main-track clip has no `\(s.name.name)`",
        s.name.span,
        notes: [
          soundOnly
            ? "a clip of sound fades with `fade in:`/`out:`"
            : "a main-track clip fills the canvas; it fades with `fade in:`/`out:` or a transition"
        ], help: soundOnly ? "use `fade`" : "put the clip on a `track overlay`, or use `fade`")
      return nil
    }
    if kind == .typewriter && item.kind != .text {
      report(
        .notForThisItem, "only a text can `\(s.name.name) typewriter`", kindExpr.span,
        notes: ["`typewriter` shows a text's characters one by one"], help: "use `fade`, `slide`, `pop` or `wipe`")
      return nil
    }
    var duration = Rational(1, 2)!
    if let a = args.labelled["duration"] {
      guard case .duration(let d)? = evaluate(a.value, expected: .duration) else { return nil }
      guard d.isPositive else {
        report(
          .valueOutOfRange, "an \(phase == .enter ? "entrance" : "exit") must last longer than 0s", a.value.span,
          notes: ["`duration:` is how long the \(phase == .enter ? "entrance" : "exit") takes"])
        return nil
      }
      duration = d
    }
    if let itemLength, duration > itemLength {
      report(
        .presetsDoNotFit,
        "the \(phase == .enter ? "entrance" : "exit") (\(duration.secondsDescription)) is longer than the item",
        args.labelled["duration"]?.value.span ?? s.span,
        notes: ["the item is \(itemLength.secondsDescription) long"])
      return nil
    }
    let edgeLabel = phase == .enter ? "from" : "to"
    var edge: Preset.Edge? = nil
    if let a = args.labelled[edgeLabel] {
      guard kind == .slide || kind == .wipe else {
        report(
          .unexpectedArgument, "`\(edgeLabel):` is for `slide` and `wipe`, not `\(word)`", a.span,
          help: "remove `\(edgeLabel):`")
        return nil
      }
      guard case .word(let w)? = evaluate(a.value, expected: .enumeration(Enumerations.edge)) else { return nil }
      edge = Preset.Edge(rawValue: w)
    }
    var easing: Easing? = nil
    if args.labelled["easing"] != nil {
      guard let e = keyEasing(args) else { return nil }
      easing = e
    }
    return Preset(kind: kind, phase: phase, duration: duration, easing: easing, edge: edge, span: s.span)
  }

  /// An entrance and an exit must fit in the item together (ANIMATION.md §3).
  func checkPresetsFit(_ presets: [Preset], itemLength: Rational?) {
    guard let itemLength, let enter = presets.first(where: { $0.phase == .enter }),
      let exit = presets.first(where: { $0.phase == .exit }), enter.duration + exit.duration > itemLength,
      let span = exit.span
    else { return }
    report(
      .presetsDoNotFit,
      "the entrance (\(enter.duration.secondsDescription)) and the exit (\(exit.duration.secondsDescription)) do not fit in the item",
      span, labels: enter.span.map { [Label(span: $0, message: "entrance")] } ?? [],
      notes: ["the item is \(itemLength.secondsDescription) long; the exit would start before the entrance ends"],
      help: "shorten one of them, or make the item longer")
  }

  /// A key's value as `property`'s static modifier takes it: a fraction for `opacity`,
  /// `x:` and `y:` pixels for `offset` (each 0 when left out) and `position` (both needed).
  private func keyValue(_ property: Animation.Property, _ args: BoundArguments, _ s: Statement) -> Animation.Value? {
    let labelled = args.labelled
    if !property.isPoint {
      for label in ["x", "y"] {
        if let a = labelled[label] {
          report(
            .unexpectedArgument, "an `\(property.rawValue)` key takes \(Self.keyExample(property)), not `\(label):`",
            a.span, help: "write e.g. `key 0s \(Self.keyExample(property))`")
          return nil
        }
      }
      guard args.positional.count > 1 else {
        report(
          .missingArgument, "this `\(property.rawValue)` key needs a value", s.span,
          help: "write e.g. `key 0s \(Self.keyExample(property))`")
        return nil
      }
      let e = args.positional[1]
      if property == .zoom {
        guard case .number(let z)? = evaluate(e, expected: .number) else { return nil }
        guard z.isPositive && z <= Self.largestZoom else {
          report(
            .valueOutOfRange, "an animated zoom must be greater than 0 and at most \(Self.largestZoom)", e.span,
            notes: ["`1` is the picture as it fits its box; below 1 it zooms out"])
          return nil
        }
        return .number(z)
      }
      if property == .scale {
        guard case .number(let v)? = evaluate(e, expected: .number) else { return nil }
        guard !v.isNegative && v <= Self.largestZoom else {
          report(
            .valueOutOfRange, "an animated scale must be from 0 to \(Self.largestZoom)", e.span,
            notes: ["`1` is the item's own size; at `0` it is not drawn"])
          return nil
        }
        return .number(v)
      }
      if property == .rotate {
        guard case .angle(let a)? = evaluate(e, expected: .angle) else { return nil }
        guard a <= Self.largestTurn && a >= -Self.largestTurn else {
          report(
            .valueOutOfRange, "an animated rotation must be within ±\(Self.largestTurn)deg", e.span,
            notes: ["\(Self.largestTurn)deg is a hundred turns"])
          return nil
        }
        return .number(a)
      }
      if property == .volume {
        guard case .gain(let g)? = evaluate(e, expected: .gain) else { return nil }
        guard g >= Self.quietestKey && g <= Self.loudestKey else {
          report(
            .valueOutOfRange, "volume \(g.exactDecimal ?? g.description)dB is out of range", e.span,
            notes: ["animated volumes go from \(Self.quietestKey)dB to +\(Self.loudestKey)dB"])
          return nil
        }
        return .number(g)
      }
      guard case .number(let v)? = evaluate(e, expected: .fraction) else { return nil }
      guard !v.isNegative && v <= .one else {
        report(
          .valueOutOfRange, "opacity must be between 0 and 100%", e.span,
          notes: ["`0` is transparent, `1` (or `100%`) opaque"])
        return nil
      }
      return .number(v)
    }
    if args.positional.count > 1 {
      report(
        .unexpectedArgument, "this `\(property.rawValue)` key takes `x:` and `y:`, not a single value",
        args.positional[1].span, help: "write e.g. `key 0s x: 0 y: 40`")
      return nil
    }
    var point: [Rational] = []
    for label in ["x", "y"] {
      guard let a = labelled[label] else {
        if property == .position {
          report(
            .missingArgument, "a `position` key needs `\(label):`", s.span,
            notes: ["an animated position gives the box's top-left corner in canvas pixels"])
          return nil
        }
        point.append(.zero)
        continue
      }
      guard case .number(let v)? = evaluate(a.value, expected: .number) else { return nil }
      guard v <= Self.largestPixelValue && v >= -Self.largestPixelValue else {
        report(
          .valueOutOfRange, "`\(label):` \(v.exactDecimal ?? v.description) is too far", a.value.span,
          notes: ["keys move items by at most \(Self.largestPixelValue) pixels"])
        return nil
      }
      point.append(v)
    }
    return .point(x: point[0], y: point[1])
  }

  /// An example value of a key of `property`.
  static func keyExample(_ property: Animation.Property) -> String {
    switch property {
    case .opacity: "50%"
    case .volume: "-6dB"
    case .zoom: "1.25"
    case .scale: "1.2"
    case .rotate: "15deg"
    case .offset, .position, .pan: "x: 0 y: 40"
    }
  }

  /// Volumes, static or animated, from silence for any ear (−100 dB, below 24-bit noise) to
  /// +40 dB.
  static let quietestKey = Rational(-100)
  static let loudestKey = Rational(40)

  /// The largest animated rotation either way: a hundred turns.
  static let largestTurn = Rational(36_000)

  /// The largest animated zoom: a 1080p picture 20 times over is 38400 pixels wide.
  static let largestZoom = Rational(20)

  /// Positions and offsets within a million pixels: far past any canvas, and exact in the
  /// doubles both backends interpolate in.
  static let largestPixelValue = Rational(1_000_000)

  /// A key's `easing:` (`linear` when absent): a name, `cubicBezier(…)` or `spring(…)`.
  func keyEasing(_ args: BoundArguments) -> Easing? {
    guard let a = args.labelled["easing"] else { return .linear }
    let e = a.value
    if case .name(let id) = e.kind {
      if let easing = Easing(name: id.name) { return easing }
      let suggestion = Suggestion.closest(to: id.name, in: Easing.names)
      report(
        .unknownEasing, "unknown easing `\(id.name)`", id.span,
        notes: [
          "easings are `linear`, `hold`, `easeIn`/`easeOut`/`easeInOut` (+ `Sine` … `Bounce`), `cubicBezier(…)` and `spring(…)`"
        ],
        help: suggestion.map { "did you mean `\($0)`?" },
        fixIts: suggestion.map { [FixIt(span: id.span, replacement: $0, message: "replace with `\($0)`")] } ?? [])
      return nil
    }
    if case .call(let callee, _) = e.kind, callee.name != "cubicBezier" && callee.name != "spring" {
      let suggestion = Suggestion.closest(to: callee.name, in: ["cubicBezier", "spring"])
      report(
        .unknownEasing, "unknown easing `\(callee.name)(…)`", callee.span,
        notes: ["the easings with arguments are `cubicBezier(x1, y1, x2, y2)` and `spring(mass:stiffness:damping:)`"],
        help: suggestion.map { "did you mean `\($0)`?" },
        fixIts: suggestion.map { [FixIt(span: callee.span, replacement: $0, message: "replace with `\($0)`")] } ?? [])
      return nil
    }
    guard let type = args.entry.labelled("easing")?.type,
      case .call(let name, let values)? = evaluate(e, expected: type)
    else { return nil }
    func number(_ key: String) -> Double? {
      if case .number(let v)? = values[key] { return v.doubleValue }
      return nil
    }
    if name == "cubicBezier" {
      let (x1, y1, x2, y2) = (number("0") ?? 0, number("1") ?? 0, number("2") ?? 1, number("3") ?? 1)
      guard (0...1).contains(x1) && (0...1).contains(x2) else {
        report(
          .valueOutOfRange, "`cubicBezier` needs x1 and x2 between 0 and 1", e.span,
          notes: ["as in CSS: the curve's time must only go forward"])
        return nil
      }
      return .cubicBezier(x1, y1, x2, y2)
    }
    guard
      let spring = Easing.Spring(
        mass: number("mass") ?? 1, stiffness: number("stiffness") ?? 100, damping: number("damping") ?? 10)
    else {
      report(
        .valueOutOfRange, "`spring` needs a positive mass, stiffness and damping", e.span,
        notes: ["without damping a spring never settles"])
      return nil
    }
    return .spring(spring)
  }
}
