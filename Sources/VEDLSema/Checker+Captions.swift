import Foundation
import VEDLCaptions
import VEDLDiagnostics
import VEDLSource
import VEDLSyntax
import VEDLTime

extension CheckRun {
  /// The length of the output: the main track's end, or the last item's end without one.
  var timelineEnd: Rational? {
    if mainTrack != nil {
      if case .done(let e) = mainCell { return e }
      return nil
    }
    var end = Rational.zero
    for track in tracks {
      for item in track.items {
        if case .done(let t?) = item.timingCell, t.end > end { end = t.end }
      }
    }
    return end
  }

  /// Reads `captions burnIn: BOOL { … }`: whether the lane is burnt in, imported files and
  /// inline cues (checked for overlaps), and the style with its canvas-relative defaults.
  func checkCaptions() -> Captions {
    var result = Captions(cues: [], style: Captions.Style(canvas: canvas))
    guard let statement = captionsStatement else { return result }
    if let entry = Schema.entry("captions", in: .file), let burnIn = bind(statement, entry).labelled["burnIn"],
      case .bool(let b)? = evaluate(burnIn.value, expected: .bool)
    {
      result.burnIn = b
    }
    guard let block = statement.block else { return result }
    struct Placed {
      var cue: Captions.Cue
      var file: SourceFile
      var span: Span
    }
    var placed: [Placed] = []
    var seen = SeenStatements()
    for entry in block.items {
      guard case .statement(let s) = entry else {
        reportDeclarationInBlock(entry)
        continue
      }
      guard let checked = validate(s, in: .captions, seen: &seen) else { continue }
      let (schema, args) = (checked.schema, checked.arguments)
      switch schema.name {
      case "import":
        guard let e = args.positional.first, case .string(let written)? = evaluate(e, expected: .path) else { continue }
        let path = resolvePath(written)
        guard let data = FileManager.default.contents(atPath: path) else {
          report(.cannotReadFile, "cannot read caption file `\(written)`", e.span, notes: ["looked for \(path)"])
          continue
        }
        result.imports.append(Captions.Import(writtenPath: written, path: path, pathSpan: e.span))
        let captionFile = SourceFile(path: written, bytes: [UInt8](data))
        let (cues, diags) = CaptionParser.parse(file: captionFile)
        for var d in diags {
          d.labels.append(Label(span: s.span, message: "imported here", file: file))
          diagnostics.append(d)
        }
        for cue in cues {
          guard cue.end <= Self.longestEdit else {
            diagnostics.append(cueTooLate(cue.end, file: captionFile, span: cue.span))
            continue
          }
          let start = grid.snapDown(cue.start)
          let end = grid.snapDown(cue.end)
          placed.append(
            Placed(
              cue: Captions.Cue(
                start: cue.start, end: cue.end, startFrame: grid.frameFloor(at: start),
                endFrame: grid.frameFloor(at: end),
                text: cue.text, file: written, path: path, timestamps: cue.timestamps),
              file: captionFile, span: cue.span))
        }
      case "cue":
        guard args.positional.count == 2,
          case .range(let a, let b)? = evaluate(args.positional[0], expected: .range),
          case .string(let text)? = evaluate(args.positional[1], expected: .string)
        else { continue }
        let start = snapped(a, args.positional[0])
        let end = snapped(b, args.positional[0])
        guard start < end, !start.isNegative else {
          report(
            .emptyLength, "cue `\(file.text(args.positional[0].span))` is empty, reversed or before 0",
            args.positional[0].span)
          continue
        }
        guard end <= Self.longestEdit else {
          diagnostics.append(cueTooLate(end, file: file, span: args.positional[0].span))
          continue
        }
        placed.append(
          Placed(
            cue: Captions.Cue(
              start: start, end: end, startFrame: grid.frameFloor(at: start), endFrame: grid.frameFloor(at: end),
              text: text, file: nil, path: nil),
            file: file, span: s.span))
      case "style":
        var style = Captions.Style(canvas: canvas)
        for (label, a) in args.labelled {
          guard let type = schema.labelled(label)?.type, let v = evaluate(a.value, expected: type) else { continue }
          switch (label, v) {
          case ("font", .string(let f)):
            if checkFontFile(f, a.value.span) { (style.font, style.fontSpan) = (f, a.value.span) }
          case ("size", .number(let n)):
            if n.isPositive && n <= Self.largestFontSize {
              style.size = n
            } else {
              report(
                .valueOutOfRange,
                n.isPositive
                  ? "caption size \(n.exactDecimal ?? n.description) is too large"
                  : "caption size must be greater than zero", a.value.span,
                notes: ["sizes are in pixels, from just above 0 to \(Self.largestFontSize)"])
            }
          case ("color", .color(let c)): style.color = c
          case ("box", .color(let c)): style.box = c
          case ("outline", .color(let c)): style.outline = c
          case ("position", .word(let w)): style.position = Captions.Style.Position(rawValue: w) ?? style.position
          case ("margin", .number(let n)): style.margin = n
          case ("highlight", .color(let c)): style.highlight = c
          default: break
          }
        }
        result.style = style
      default:
        break
      }
    }
    placed.sort { $0.cue.start < $1.cue.start }
    for (a, b) in zip(placed, placed.dropFirst()) where b.cue.start < a.cue.end {
      diagnostics.append(
        Diagnostic(
          .cuesOverlap,
          "caption cue at \(b.cue.start.secondsDescription) overlaps the cue running \(a.cue.start.secondsDescription)..\(a.cue.end.secondsDescription)",
          file: b.file, span: b.span,
          labels: [
            Label(
              span: a.span, message: "this cue runs until \(a.cue.end.secondsDescription)",
              file: a.file === b.file ? nil : a.file)
          ],
          help: "start the later cue at \(a.cue.end.secondsDescription) or end the earlier one sooner"))
    }
    if let end = timelineEnd {
      for p in placed where p.cue.end > end {
        diagnostics.append(
          Diagnostic(
            .cuePastEnd,
            "caption cue \(p.cue.start.secondsDescription)..\(p.cue.end.secondsDescription) runs past the end of the timeline (\(end.secondsDescription))",
            file: p.file, span: p.span, notes: [p.cue.start >= end ? "it never shows" : "it is cut at the end"]))
      }
    }
    result.cues = placed.map(\.cue)
    return result
  }

  /// E0411 for a cue (inline, or in an imported file) ending later than any edit may last.
  private func cueTooLate(_ end: Rational, file: SourceFile, span: Span) -> Diagnostic {
    Diagnostic(
      .editTooLong, "caption cue ends at \(end.secondsDescription), past the 12-hour limit of an edit", file: file,
      span: span, notes: ["an edit may last at most 12 hours; every cue must end within them"])
  }
}
