import Foundation
import VEDLDiagnostics
import VEDLSource
import VEDLSyntax
import VEDLTime

extension CheckRun {
  /// Reads every `export`: format, quality, watermark and thumbnails; no output may be a
  /// source or another output.
  func checkExports() -> [Export] {
    guard let entry = Schema.entry("export", in: .file) else { return [] }
    let schema = entry.schema
    var exports: [Export] = []
    // Compared as files (`FileKey`), as every command compares its outputs with its inputs:
    // a link or another spelling of a source is the source.
    var outputs: [FileKey: Span] = [:]
    var sourcePaths: [FileKey: Int] = [:]
    for (index, source) in sources.enumerated() {
      if let path = source.path { sourcePaths[FileKey(path: path)] = index }
    }
    func claim(_ written: String, _ resolved: String, _ span: Span) -> Bool {
      let key = FileKey(path: resolved)
      if let index = sourcePaths[key] {
        report(
          .exportOverwritesSource, "`\(written)` is a source of this edit; exporting would overwrite the original",
          span,
          labels: sourceSpans[index].map { [Label(span: $0, message: "the source")] } ?? [],
          notes: ["exports always write a new file; originals are never touched"],
          help: "export to another path, e.g. `\(Self.suggestedCopyName(written))`")
        return false
      }
      if let first = outputs[key] {
        report(
          .duplicateExport, "`\(written)` is written twice", span,
          labels: [Label(span: first, message: "also written here")],
          help: "give each output its own path")
        return false
      }
      outputs[key] = span
      return true
    }
    for s in exportStatements {
      let args = bind(s, entry)
      guard let e = args.positional.first, case .string(let written)? = evaluate(e, expected: .path) else { continue }
      let path = resolvePath(written)
      let ext = (written as NSString).pathExtension.lowercased()
      guard let format = Export.Format(rawValue: ext) else {
        report(
          .unknownExportFormat, "unknown export format `.\(ext)`", e.span,
          notes: ["supported: `.mp4`, `.mov`, `.webm`, `.png`"],
          help: "use e.g. `\((written as NSString).deletingPathExtension).mp4`")
        continue
      }
      var ok = claim(written, path, e.span)
      var quality = "high"
      if let q = args.labelled["quality"],
        case .word(let w)? = evaluate(q.value, expected: schema.labelled("quality")!.type)
      {
        quality = w
      }
      var watermark: Export.Watermark?
      var thumbnails: [Export.Thumbnail] = []
      var sidecars: [Export.Sidecar] = []
      var stillTime: Rational? = nil
      if let at = args.labelled["at"] {
        if format != .png {
          report(
            .unexpectedArgument, "`at:` chooses the moment of a `.png` still; `.\(ext)` exports the whole edit",
            at.span,
            help: "remove `at:`, or export a `.png`")
          ok = false
        } else if let t = timeValue(at.value, expected: .time) {
          if let range = outsideTimeline(t) {
            report(
              .valueOutOfRange, "still time \(t.secondsDescription) is outside the timeline\(range)", at.value.span)
            ok = false
          }
          stillTime = t
        }
      } else if format == .png {
        stillTime = .zero
      }
      let loudness = evaluateLoudness(args, format: format)
      if loudness == nil && args.labelled["loudness"] != nil { ok = false }
      var seen = SeenStatements()
      for entry in s.block?.items ?? [] {
        guard case .statement(let inner) = entry else {
          reportDeclarationInBlock(entry)
          continue
        }
        guard let checked = validate(inner, in: .export, seen: &seen) else { continue }
        let (innerSchema, innerArgs) = (checked.schema, checked.arguments)
        switch innerSchema.name {
        case "watermark":
          guard let se = innerArgs.positional.first, case .source(let index)? = evaluate(se, expected: .source) else {
            ok = false; continue
          }
          // Drawn at its own pixel size: sound has no picture, and a generated picture has no
          // size of its own (it takes the canvas's).
          guard sources[index].kind == .image || sources[index].kind == .video else {
            let source = Self.describeSource(sources[index])
            let problem =
              sources[index].hasPicture
              ? "a watermark is drawn at its own pixel size; \(source) has none"
              : "a watermark needs a picture; \(source) has none"
            report(.mediaWrongKind, problem, se.span, notes: ["use an image or a video file"])
            ok = false
            continue
          }
          var position = "bottomTrailing"
          if let p = innerArgs.labelled["position"],
            case .word(let w)? = evaluate(p.value, expected: innerSchema.labelled("position")!.type)
          {
            position = w
          }
          var margin = Rational.zero
          if let m = innerArgs.labelled["margin"], case .number(let n)? = evaluate(m.value, expected: .number) {
            guard !n.isNegative else {
              report(
                .valueOutOfRange, "a watermark's margin must not be negative", m.value.span,
                notes: ["the margin is the distance in pixels from the corner's two edges"])
              ok = false
              continue
            }
            margin = n
          }
          watermark = Export.Watermark(source: index, position: position, margin: margin)
        case "sidecar":
          guard let pe = innerArgs.positional.first, case .string(let written)? = evaluate(pe, expected: .path) else {
            continue
          }
          let ext = (written as NSString).pathExtension.lowercased()
          guard ext == "srt" || ext == "vtt" else {
            report(.unknownExportFormat, "a caption sidecar is `.srt` or `.vtt`, not `.\(ext)`", pe.span)
            ok = false
            continue
          }
          let resolved = resolvePath(written)
          if claim(written, resolved, pe.span) {
            sidecars.append(Export.Sidecar(path: resolved, writtenPath: written, pathSpan: pe.span))
          }
        case "thumbnail":
          guard let pe = innerArgs.positional.first, case .string(let thumbWritten)? = evaluate(pe, expected: .path)
          else { continue }
          let thumbExt = (thumbWritten as NSString).pathExtension.lowercased()
          guard thumbExt == "jpg" || thumbExt == "jpeg" else {
            report(.invalidThumbnail, "a thumbnail is a JPEG; `\(thumbWritten)` is not `.jpg`", pe.span)
            ok = false
            continue
          }
          guard let at = innerArgs.labelled["at"], let t = timeValue(at.value, expected: .time) else { continue }
          if let range = outsideTimeline(t) {
            report(
              .invalidThumbnail, "thumbnail time \(t.secondsDescription) is outside the timeline\(range)", at.value.span
            )
            ok = false
            continue
          }
          let thumbPath = resolvePath(thumbWritten)
          if claim(thumbWritten, thumbPath, pe.span) {
            thumbnails.append(
              Export.Thumbnail(
                path: thumbPath, writtenPath: thumbWritten, pathSpan: pe.span, time: t, frame: grid.frameFloor(at: t)))
          }
        default:
          break
        }
      }
      if ok {
        exports.append(
          Export(
            path: path, writtenPath: written, pathSpan: e.span, format: format, quality: quality, watermark: watermark,
            thumbnails: thumbnails,
            stillTime: stillTime, stillFrame: stillTime.map { grid.frameFloor(at: $0) }, sidecars: sidecars,
            loudness: loudness))
      }
    }
    return exports
  }

  /// `a.mp4` → `a-edited.mp4`.
  static func suggestedCopyName(_ written: String) -> String {
    let ns = written as NSString
    let ext = ns.pathExtension
    return ns.deletingPathExtension + "-edited" + (ext.isEmpty ? "" : "." + ext)
  }

  // MARK: Editor

  func checkEditor() -> EditorConfiguration {
    guard let statement = editorStatement else { return EditorConfiguration() }
    let (configuration, diags) = EditorChecker.check(statement, file: file) { [self] e in
      if case .string(let s)? = evaluate(e, expected: .string) { return s }
      return nil
    }
    diagnostics += diags
    // Validate the editor's statements against the schema (names, labels), recursively.
    validateTree(statement.block, context: .editor)
    return configuration
  }

  /// Schema validation of a block and its nested blocks, for blocks whose meaning is
  /// checked elsewhere (the editor).
  func validateTree(_ block: Block?, context: StatementContext) {
    guard let block else { return }
    var seen = SeenStatements()
    for entry in block.items {
      guard case .statement(let s) = entry else {
        reportDeclarationInBlock(entry)
        continue
      }
      guard let checked = validate(s, in: context, seen: &seen) else { continue }
      if let inner = checked.schema.block { validateTree(s.block, context: inner) }
    }
  }

  /// For a time `t` outside the edit, the edit's range as messages show it (` (0..5s)`, or
  /// empty when the end is unknown); `nil` when `t` is inside. Past the longest edit, `t` is
  /// outside whether or not the end is known.
  func outsideTimeline(_ t: Rational) -> String? {
    let end = timelineEnd
    guard t.isNegative || t > Self.longestEdit || end.map({ t >= $0 }) == true else { return nil }
    return end.map { " (0..\($0.secondsDescription))" } ?? ""
  }
}
