import VEDLDiagnostics
import VEDLSource
import VEDLSyntax
import VEDLTime

extension ValueType {
  /// Whether a bare word `name` is one of this type's enumeration cases.
  func acceptsWord(_ name: String) -> Bool {
    switch self {
    case .enumeration(let e): e.cases.contains(name)
    case .newIdentifier, .itemIdentifier: true
    case .oneOf(let types): types.contains { $0.acceptsWord(name) }
    default: false
    }
  }

  /// Whether every value of the type is a bare word (an enumeration, or several).
  var isWordsOnly: Bool {
    switch self {
    case .enumeration: true
    case .oneOf(let types): types.allSatisfy { $0.isWordsOnly }
    default: false
    }
  }

  /// Whether the type accepts a colour.
  var acceptsColor: Bool {
    switch self {
    case .color: true
    case .oneOf(let types): types.contains { $0.acceptsColor }
    default: false
    }
  }
}

extension CheckRun {
  /// Evaluates `e` and converts it to `expected`; `nil` after reporting a problem (or when a
  /// value it depends on already failed).
  func evaluate(_ e: Expr, expected: ValueType?) -> Value? {
    guard let value = rawValue(e, hint: expected) else { return nil }
    guard let expected else { return value }
    if let converted = conform(value, to: expected) { return converted }
    reportMismatch(value, expected, e)
    return nil
  }

  /// Converts `value` to `type` without reporting; `nil` when it does not conform.
  func conform(_ value: Value, to type: ValueType) -> Value? {
    switch (type, value) {
    case (.number, .number), (.duration, .duration), (.range, .range), (.ratio, .ratio), (.size, .size),
      (.gain, .gain), (.speed, .speed), (.angle, .angle), (.color, .color), (.string, .string), (.bool, .bool),
      (.source, .source), (.fraction, .number), (.path, .string):
      return value
    case (.time, .duration):
      return value
    case (.integer, .number(let r)):
      return r.isInteger ? value : nil
    case (.enumeration(let e), .word(let w)):
      return e.cases.contains(w) ? value : nil
    case (.newIdentifier, .word), (.itemIdentifier, .word), (.itemIdentifier, .string):
      return value
    case (.call(let shapes), .call(let name, let args)):
      guard let shape = shapes.first(where: { $0.name == name }) else { return nil }
      var converted: [String: Value] = [:]
      for (key, v) in args {
        guard let slot = shape.arguments.indices.first(where: { shape.key($0) == key }),
          let c = conform(v, to: shape.arguments[slot].type)
        else { return nil }
        converted[key] = c
      }
      for i in shape.arguments.indices where shape.arguments[i].isRequired && converted[shape.key(i)] == nil {
        return nil
      }
      return .call(name, converted)
    case (.oneOf(let types), _):
      for t in types {
        if let c = conform(value, to: t) { return c }
      }
      return nil
    default:
      return nil
    }
  }

  private func reportMismatch(_ value: Value, _ expected: ValueType, _ e: Expr) {
    var help: String? = nil
    var fixIts: [FixIt] = []
    var notes: [String] = []
    switch (expected, value) {
    case (.duration, .number), (.time, .number):
      let text = file.text(e.span)
      help = "durations need a unit, e.g. `\(text)s`"
      if case .literal = e.kind {
        fixIts.append(FixIt(span: e.span, replacement: text + "s", message: "write `\(text)s`"))
      }
    case (.enumeration(let en), .word(let w)):
      notes.append("expected one of \(en.cases.map { "`\($0)`" }.joined(separator: ", "))")
      if let s = Suggestion.closest(to: w, in: en.cases) {
        help = "did you mean `\(s)`?"
        fixIts.append(FixIt(span: e.span, replacement: s, message: "replace with `\(s)`"))
      }
      report(.typeMismatch, "`\(w)` is not a valid \(en.name)", e.span, notes: notes, help: help, fixIts: fixIts)
      return
    case (.integer, .number):
      help = "use a whole number"
    case (.call(let shapes), _):
      notes.append("expected \(shapes.map(\.signature).joined(separator: " or "))")
    default:
      break
    }
    report(
      .typeMismatch, "expected \(expected), found \(value.typeName)", e.span, notes: notes, help: help, fixIts: fixIts)
  }

  // MARK: Raw evaluation

  func rawValue(_ e: Expr, hint: ValueType?) -> Value? {
    switch e.kind {
    case .error:
      return nil
    case .literal(let literal):
      return literalValue(literal, e.span)
    case .bool(let b):
      return .bool(b)
    case .string(let segments):
      var text = ""
      var ok = true
      for segment in segments {
        switch segment {
        case .text(let t, _): text += t
        case .interpolation(let inner):
          if let v = rawValue(inner, hint: nil) { text += v.interpolationText } else { ok = false }
        }
      }
      return ok ? .string(text) : nil
    case .name(let id):
      return nameValue(id, hint: hint)
    case .parenthesized(let inner):
      return rawValue(inner, hint: hint)
    case .negate(let inner):
      guard let v = rawValue(inner, hint: nil) else { return nil }
      return negate(v, e)
    case .binary(let first, let rest):
      return binary(first, rest)
    case .member(let base, let member):
      return memberValue(base, member, e)
    case .call(let callee, let arguments):
      return callValue(callee, arguments, e, hint: hint)
    }
  }

  func literalValue(_ literal: LiteralValue, _ span: Span) -> Value? {
    switch literal {
    case .number(let r): return .number(r)
    case .duration(.seconds(let r)): return .duration(r)
    case .duration(.frames(let n)):
      guard let t = grid.checkedTime(ofFrame: n) else {
        report(.arithmeticError, "`\(file.text(span))` is too long to represent exactly", span)
        return nil
      }
      return .duration(t)
    case .duration(.timecode(let seconds, let frames)):
      switch Timecode.frameIndex(wholeSeconds: seconds, frames: frames, rate: canvas.rate) {
      case .success(let index):
        return .duration(grid.time(ofFrame: index))
      case .failure:
        report(
          .valueOutOfRange,
          "timecode `\(file.text(span))` has \(frames) frames, but the canvas has \(canvas.rate.nominalFramesPerSecond) per second",
          span, help: "the frames field counts 0..<\(canvas.rate.nominalFramesPerSecond) at \(canvas.rate) fps")
        return nil
      }
    case .ratio(let a, let b): return .ratio(a, b)
    case .size(let w, let h): return .size(w, h)
    case .percent(let r): return .number(r)
    case .gain(let r): return .gain(r)
    case .speed(let r): return .speed(r)
    case .angle(let r): return .angle(r)
    case .color(let c): return .color(c)
    }
  }

  func nameValue(_ id: Identifier, hint: ValueType?) -> Value? {
    if let hint, hint.acceptsWord(id.name) { return .word(id.name) }
    // (An unknown length has been reported with the item's timing.)
    if id.name == "length", inAnimation { return animationLength.map(Value.duration) }
    if let binding = binding(of: id) {
      switch binding {
      case .let(let index): return letValue(index)
      case .param(let index): return parameterValue(params[index])
      case .item:
        report(
          .typeMismatch, "`\(id.name)` names an item, not a value", id.span,
          help: "use `\(id.name).start`, `\(id.name).end` or `\(id.name).duration`")
        return nil
      }
    }
    if id.name == "end" {
      guard let end = mainEnd(id.span) else { return nil }
      return .duration(end)
    }
    if hint?.acceptsColor ?? true, let c = ColorNames.table[id.name] { return .color(c) }
    // Where only certain words are allowed, an unknown word is a wrong value (E0304, with
    // the allowed words), not an unknown name.
    if let hint, hint.isWordsOnly { return .word(id.name) }
    var candidates = bindings.names + ["end"]
    if hint?.acceptsColor ?? false { candidates += ColorNames.table.keys }
    if case .enumeration(let e)? = hint { candidates += e.cases }
    if case .oneOf(let ts)? = hint { for case .enumeration(let e) in ts { candidates += e.cases } }
    let suggestion = Suggestion.closest(to: id.name, in: candidates)
    var notes: [String] = []
    if case .enumeration(let e)? = hint {
      notes.append("expected one of \(e.cases.map { "`\($0)`" }.joined(separator: ", "))")
    }
    report(
      .unknownName, "cannot find `\(id.name)` in scope", id.span, notes: notes,
      help: suggestion.map { "did you mean `\($0)`?" } ?? "define it with `let \(id.name) = …`",
      fixIts: suggestion.map { [FixIt(span: id.span, replacement: $0, message: "replace with `\($0)`")] } ?? [])
    return nil
  }

  private func negate(_ v: Value, _ e: Expr) -> Value? {
    func neg(_ r: Rational) -> Rational? {
      let n = r.checkedNegated()
      if n == nil { report(.arithmeticError, "arithmetic overflow", e.span) }
      return n
    }
    switch v {
    case .number(let r): return neg(r).map(Value.number)
    case .duration(let r): return neg(r).map(Value.duration)
    case .gain(let r): return neg(r).map(Value.gain)
    case .angle(let r): return neg(r).map(Value.angle)
    case .speed(let r): return neg(r).map(Value.speed)
    default:
      report(.invalidOperands, "cannot negate \(v.typeName)", e.span)
      return nil
    }
  }

  /// A run of operators, folded left to right in a loop (a run may have thousands of
  /// operands). As with nested pairs, the first operand that fails stops the evaluation.
  private func binary(_ first: Expr, _ rest: [BinaryOperation]) -> Value? {
    guard var value = rawValue(first, hint: nil) else { return nil }
    var lhs = first.span
    for operation in rest {
      guard let r = rawValue(operation.operand, hint: nil) else { return nil }
      let span = first.span.merged(with: operation.operand.span)
      guard let next = binary(operation.op, value, r, lhs: lhs, rhs: operation.operand.span, span) else { return nil }
      value = next
      lhs = span
    }
    return value
  }

  /// `l op r`, where `l` was written at `lhs`, `r` at `rhs`, and the whole at `span`.
  private func binary(_ op: BinaryOperator, _ l: Value, _ r: Value, lhs: Span, rhs: Span, _ span: Span) -> Value? {
    func checked(_ value: Rational?) -> Rational? {
      if value == nil {
        report(.arithmeticError, "arithmetic overflow or division by zero in `\(file.text(span))`", span)
      }
      return value
    }
    func arith(_ a: Rational, _ b: Rational) -> Rational? {
      switch op {
      case .add: checked(a.checkedAdding(b))
      case .subtract: checked(a.checkedSubtracting(b))
      case .multiply: checked(a.checkedMultiplying(b))
      case .divide: checked(a.checkedDividing(by: b))
      case .range: nil
      }
    }
    switch (op, l, r) {
    case (.range, .duration(let a), .duration(let b)):
      return .range(a, b)
    case (.add, .number(let a), .number(let b)), (.subtract, .number(let a), .number(let b)),
      (.multiply, .number(let a), .number(let b)), (.divide, .number(let a), .number(let b)):
      return arith(a, b).map(Value.number)
    case (.add, .duration(let a), .duration(let b)), (.subtract, .duration(let a), .duration(let b)),
      (.multiply, .duration(let a), .number(let b)), (.divide, .duration(let a), .number(let b)):
      return arith(a, b).map(Value.duration)
    case (.multiply, .number(let a), .duration(let b)):
      return arith(a, b).map(Value.duration)
    case (.divide, .duration(let a), .duration(let b)):
      return arith(a, b).map(Value.number)
    case (.add, .gain(let a), .gain(let b)), (.subtract, .gain(let a), .gain(let b)),
      (.multiply, .gain(let a), .number(let b)), (.divide, .gain(let a), .number(let b)):
      return arith(a, b).map(Value.gain)
    case (.add, .angle(let a), .angle(let b)), (.subtract, .angle(let a), .angle(let b)),
      (.multiply, .angle(let a), .number(let b)), (.divide, .angle(let a), .number(let b)):
      return arith(a, b).map(Value.angle)
    case (.multiply, .speed(let a), .number(let b)), (.divide, .speed(let a), .number(let b)):
      return arith(a, b).map(Value.speed)
    case (.add, .string(let a), .string(let b)):
      return .string(a + b)
    default:
      var help: String? = nil
      if case .number = r, case .duration = l { help = "give the number a unit, e.g. `\(file.text(rhs))s`" }
      if case .number = l, case .duration = r { help = "give the number a unit, e.g. `\(file.text(lhs))s`" }
      report(
        .invalidOperands, "cannot apply `\(op.rawValue)` to \(l.typeName) and \(r.typeName)", span,
        labels: [Label(span: lhs, message: l.typeName), Label(span: rhs, message: r.typeName)], help: help)
      return nil
    }
  }

  /// The members of an item and of the main track.
  private static let timingMembers = ["start", "end", "duration"]

  private func memberValue(_ base: Expr, _ member: Identifier, _ e: Expr) -> Value? {
    let members = Self.timingMembers
    if case .name(let id) = base.kind {
      let binding = binding(of: id)
      if case .item(let item)? = binding {
        guard members.contains(member.name) else {
          unknownMember(member, of: "item `\(id.name)`", members)
          return nil
        }
        guard let t = item.timing(requestedAt: e.span) else { return nil }
        switch member.name {
        case "start": return .duration(t.start)
        case "end": return .duration(t.end)
        default: return .duration(t.end - t.start)
        }
      }
      if binding == nil, id.name == "canvas" {
        switch member.name {
        case "width": return .number(Rational(canvas.width))
        case "height": return .number(Rational(canvas.height))
        case "fps": return .number(canvas.rate.framesPerSecond)
        default:
          unknownMember(member, of: "the canvas", ["width", "height", "fps"])
          return nil
        }
      }
      if binding == nil, id.name == "main" {
        guard mainTrack != nil else {
          report(
            .noMainTrack, "`main` refers to the main track, but there is none", id.span, help: "add `track main { … }`")
          return nil
        }
        guard members.contains(member.name) else {
          unknownMember(member, of: "the main track", members)
          return nil
        }
        guard let end = mainEnd(e.span) else { return nil }
        return .duration(member.name == "start" ? .zero : end)
      }
    }
    guard let value = rawValue(base, hint: nil) else { return nil }
    if case .source(let index) = value {
      guard member.name == "duration" else {
        unknownMember(member, of: "a source", ["duration"])
        return nil
      }
      guard let d = sources[index].facts?.duration else {
        report(
          .unknownMember, "the length of this source is not known", member.span,
          notes: sources[index].hasIntrinsicLength
            ? ["its media facts are not available"]
            : ["\(sources[index].kind.rawValue) sources have no length of their own"])
        return nil
      }
      return .duration(d)
    }
    unknownMember(member, of: value.typeName, [])
    return nil
  }

  private func unknownMember(_ member: Identifier, of what: String, _ members: [String]) {
    let suggestion = Suggestion.closest(to: member.name, in: members)
    report(
      .unknownMember, "\(what) has no member `\(member.name)`", member.span,
      notes: members.isEmpty ? [] : ["members: \(members.map { "`.\($0)`" }.joined(separator: ", "))"],
      help: suggestion.map { "did you mean `.\($0)`?" },
      fixIts: suggestion.map { [FixIt(span: member.span, replacement: $0, message: "replace with `.\($0)`")] } ?? [])
  }

  /// Source constructors and call-shaped values (`dynamic(maximumTracks: 2)`).
  /// The source constructors.
  private static let sourceKinds: [String: SourceInfo.Kind] = [
    "video": .video, "image": .image, "audio": .audio, "color": .color, "testpattern": .testpattern, "tone": .tone,
    "waveform": .waveform,
  ]

  private func callValue(_ callee: Identifier, _ arguments: [Argument], _ e: Expr, hint: ValueType?) -> Value? {
    let sourceKinds = Self.sourceKinds
    if let kind = sourceKinds[callee.name] {
      return sourceValue(kind, callee, arguments, e)
    }
    var shapes: [CallShape] = []
    if case .call(let s)? = hint { shapes = s }
    if case .oneOf(let ts)? = hint { for case .call(let s) in ts { shapes += s } }
    guard let shape = shapes.first(where: { $0.name == callee.name }) else {
      let candidates = Array(sourceKinds.keys) + shapes.map(\.name)
      let suggestion = Suggestion.closest(to: callee.name, in: candidates)
      if case .source? = hint {
        report(
          .unknownSourceKind, "unknown source `\(callee.name)(…)`", callee.span,
          notes: [
            "sources are `video(…)`, `image(…)`, `audio(…)`, `color(…)`, `testpattern()`, `tone(…)` and `waveform(…)`"
          ],
          help: suggestion.map { "did you mean `\($0)`?" })
      } else {
        report(
          .unknownName, "unknown function `\(callee.name)`", callee.span,
          notes: shapes.isEmpty ? [] : ["expected \(shapes.map(\.signature).joined(separator: " or "))"],
          help: suggestion.map { "did you mean `\($0)`?" })
      }
      return nil
    }
    var values: [String: Value] = [:]
    var ok = true
    // Unlabelled arguments fill the shape's unlabelled slots in order.
    var positional = shape.arguments.indices.filter { shape.arguments[$0].label == nil }[...]
    for a in arguments {
      let slot =
        a.label.map { label in shape.arguments.firstIndex { $0.label == label.name } }
        ?? positional.popFirst()
      guard let slot else {
        report(
          .unexpectedArgument,
          a.label == nil
            ? "too many arguments to `\(callee.name)(…)`" : "`\(callee.name)(…)` has no argument `\(a.label!.name):`",
          a.span, notes: ["expected \(shape.signature)"])
        ok = false
        continue
      }
      if let v = evaluate(a.value, expected: shape.arguments[slot].type) {
        values[shape.key(slot)] = v
      } else {
        ok = false
      }
    }
    for i in shape.arguments.indices where shape.arguments[i].isRequired && values[shape.key(i)] == nil && ok {
      let a = shape.arguments[i]
      report(
        .missingArgument,
        a.label.map { "`\(callee.name)(…)` needs `\($0):`" } ?? "`\(callee.name)(…)` needs more arguments", e.span,
        notes: ["expected \(shape.signature)"])
      ok = false
    }
    return ok ? .call(callee.name, values) : nil
  }
}
