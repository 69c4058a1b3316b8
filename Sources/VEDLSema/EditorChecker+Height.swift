import VEDLDiagnostics
import VEDLSource
import VEDLSyntax

// `height dynamic(maximumTracks: N)` and `height fixed(tracks: N)`.

extension EditorCheckRun {
  /// The height `s` sets, or `nil` after reporting a value that is not one of the two call
  /// shapes. A negative count is clamped to 0 (`W0701`); `dynamic(maximumTracks: 0)` is
  /// kept but warned about (`W0703`), since 0 does not mean "unlimited".
  mutating func checkHeight(_ s: Statement) -> EditorHeight? {
    guard let written = s.positional.first?.value else { return nil }
    var value = written
    while case .parenthesized(let inner) = value.kind { value = inner }
    let shapes = "`dynamic(maximumTracks: Int)` or `fixed(tracks: Int)`"
    guard case .call(let callee, let arguments) = value.kind else {
      if case .error = value.kind { return nil }
      var help: String? = nil
      var fixIts: [FixIt] = []
      if case .name(let id) = value.kind, let mode = EditorHeightMode(rawValue: id.name) {
        let call = mode == .dynamic ? "dynamic(maximumTracks: 3)" : "fixed(tracks: 1)"
        help = "give the track count: `\(call)`"
        fixIts.append(FixIt(span: value.span, replacement: call, message: "write `\(call)`"))
      } else if case .literal(.number) = value.kind {
        let count = file.text(value.span)
        help = "to always show \(count) tracks, write `fixed(tracks: \(count))`"
        fixIts.append(
          FixIt(span: value.span, replacement: "fixed(tracks: \(count))", message: "write `fixed(tracks: \(count))`"))
      }
      report(
        .typeMismatch, "expected a height, found \(describeFound(value))", value.span,
        notes: ["a height is \(shapes)"], help: help, fixIts: fixIts)
      return nil
    }
    guard let mode = EditorHeightMode(rawValue: callee.name) else {
      let suggestion = Suggestion.closest(to: callee.name, among: EditorHeightMode.allCases.map(\.rawValue))
      report(
        .typeMismatch, "`\(callee.name)(…)` is not a height", callee.span, notes: ["a height is \(shapes)"],
        help: suggestion.map { "did you mean `\($0)`?" },
        fixIts: suggestion.map { [FixIt(span: callee.span, replacement: $0, message: "replace with `\($0)`")] } ?? [])
      return nil
    }
    let label = mode == .dynamic ? "maximumTracks" : "tracks"
    var count: Argument? = nil
    var wellFormed = true
    for argument in arguments {
      guard let argumentLabel = argument.label else {
        report(
          .unexpectedArgument, "`\(mode.rawValue)(…)` needs the label `\(label):`", argument.span,
          notes: ["a height is \(shapes)"],
          fixIts: [FixIt(span: Span.point(argument.span.start), replacement: "\(label): ", message: "add `\(label):`")])
        wellFormed = false
        continue
      }
      if argumentLabel.name == label {
        if let first = count, let firstLabel = first.label {
          report(
            .duplicateArgument, "argument `\(label):` is given twice", argumentLabel.span,
            labels: [Label(span: firstLabel.span, message: "first given here")], help: "keep one of them")
          wellFormed = false
        } else {
          count = argument
        }
        continue
      }
      let suggestion = Suggestion.closest(to: argumentLabel.name, among: [label])
      report(
        .unexpectedArgument, "`\(mode.rawValue)(…)` has no argument `\(argumentLabel.name):`", argumentLabel.span,
        notes: ["`\(mode.rawValue)` takes `\(label):`"], help: suggestion.map { "did you mean `\($0):`?" },
        fixIts: suggestion.map { [FixIt(span: argumentLabel.span, replacement: $0, message: "replace with `\($0):`")] }
          ?? [])
      wellFormed = false
    }
    guard wellFormed else { return nil }
    guard let count else {
      if mode == .dynamic { return .default }
      report(
        .missingArgument, "`fixed(…)` needs `tracks:`", value.span, notes: ["a height is \(shapes)"],
        help: "give the number of overlay tracks to show, e.g. `fixed(tracks: 2)`")
      return nil
    }
    guard let tracks = wholeNumber(count.value) else { return nil }
    if tracks < 0 {
      report(
        .editorNegativeTracks, "`\(label): \(tracks)` is negative; clamped to 0", count.value.span,
        notes: ["the height counts overlay track rows; the main track is always shown and never counted"],
        help: "write the count you mean, or `0` to show only the main track",
        fixIts: [FixIt(span: count.value.span, replacement: "0", message: "write `0`")])
    } else if tracks == 0, mode == .dynamic {
      report(
        .editorZeroMaximumTracks, "`maximumTracks: 0` never shows an overlay track", count.value.span,
        notes: ["0 does not mean unlimited: the timeline stays at the main track, as with `fixed(tracks: 0)`"],
        help: "raise `maximumTracks`, or write `fixed(tracks: 0)` to say that only the main track shows",
        fixIts: [FixIt(span: value.span, replacement: "fixed(tracks: 0)", message: "write `fixed(tracks: 0)`")])
    }
    return EditorHeight(mode: mode, tracks: tracks)
  }
}
