import VEDLDiagnostics
import VEDLSyntax
import VEDLTime

/// Main-track transitions: which one a statement is (`crossfade`, `fade`, `wipe`, `slide`,
/// or `transition NAME`), its length and its options (`direction:`, `easing:`).
extension CheckRun {
  /// The kind of a transition statement on the main track; for `transition NAME` an unknown
  /// name is reported (E0450, "did you mean") and `nil` returned.
  func transitionKind(_ s: Statement, _ args: BoundArguments) -> Transition.Kind? {
    switch s.name.name {
    case "crossfade": return .crossfade
    case "fade": return .fade
    case "wipe": return .wipe
    case "slide": return .slide
    default: break
    }
    guard let e = args.positional.first else { return nil }
    guard case .name(let id) = e.kind else {
      report(
        .unknownTransition, "a transition is named by a word, such as `dissolve`", e.span,
        notes: [Self.transitionNamesNote])
      return nil
    }
    if let kind = Transition.kind(named: id.name) { return kind }
    let suggestion = Suggestion.closest(to: id.name, in: Transition.catalogue.map(\.name))
    report(
      .unknownTransition, "unknown transition `\(id.name)`", id.span, notes: [Self.transitionNamesNote],
      help: suggestion.map { "did you mean `\($0)`?" },
      fixIts: suggestion.map { [FixIt(span: id.span, replacement: $0, message: "replace with `\($0)`")] } ?? [])
    return nil
  }

  static let transitionNamesNote =
    "transitions are " + Transition.catalogue.map { "`\($0.name)`" }.joined(separator: ", ")

  /// The expression of a transition's length: the first positional argument, or the second
  /// of `transition NAME D`.
  func transitionLength(_ item: ItemNode) -> Expr? {
    let positional = item.arguments.positional
    let index = item.statement.name.name == "transition" ? 1 : 0
    return positional.count > index ? positional[index] : nil
  }

  /// Checks a transition's options: `direction:` only where the kind moves along one
  /// (E0451), `easing:` evaluated with the keys' rules (E0423) and warned when it leaves
  /// 0…1 (W0450: the progress is clamped). Keeps the easing on the node; `false` after an
  /// error.
  func checkTransitionOptions(_ node: ItemNode, kind: Transition.Kind) -> Bool {
    let args = node.arguments
    var ok = true
    if let direction = args.labelled["direction"], !kind.takesDirection {
      report(
        .notForThisTransition, "`\(Self.transitionName(node))` takes no `direction:`", direction.span,
        notes: ["`wipe`, `smoothWipe`, `slide` and `push` move along a direction"],
        help: "remove it",
        fixIts: [FixIt(span: direction.span, replacement: "", message: "remove `\(file.text(direction.span))`")])
      ok = false
    }
    guard args.labelled["easing"] != nil else { return ok }
    guard let easing = keyEasing(args) else { return false }
    if easing != .linear { node.transitionEasing = easing }
    if Self.overshoots(easing), let a = args.labelled["easing"] {
      report(
        .easedTransitionClamped, "`\(easing.scriptText)` leaves 0…1, and a transition's progress is clamped there",
        a.value.span, notes: ["the transition holds its first or last picture while the easing is outside 0…1"],
        help: "use an easing that stays within 0…1, such as `easeInOut`")
    }
    return ok
  }

  /// The name a transition statement is known by in messages.
  static func transitionName(_ node: ItemNode) -> String {
    guard node.statement.name.name == "transition", let e = node.arguments.positional.first,
      case .name(let id) = e.kind
    else { return node.statement.name.name }
    return "transition \(id.name)"
  }

  /// Whether an easing goes below 0 or above 1 somewhere between its ends (`Back`,
  /// `Elastic`, springs): sampled at 256 points.
  static func overshoots(_ easing: Easing) -> Bool {
    (1..<256).contains { i in
      let v = easing.value(at: Double(i) / 256)
      return v < -1e-9 || v > 1 + 1e-9
    }
  }

  /// An item's `fade` with `easing:`: an easing belongs to a main-track transition only.
  func reportEasingOnItemFade(_ args: BoundArguments) -> Bool {
    guard let a = args.labelled["easing"] else { return true }
    report(
      .notForThisTransition, "`easing:` applies to a `fade` transition on the main track, not to an item's fades",
      a.span, notes: ["an item's `fade in:`/`out:` is linear"], help: "remove it",
      fixIts: [FixIt(span: a.span, replacement: "", message: "remove `\(file.text(a.span))`")])
    return false
  }
}
