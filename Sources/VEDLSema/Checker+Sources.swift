import Foundation
import VEDLDiagnostics
import VEDLSource
import VEDLSyntax
import VEDLTime

extension Checker {
  /// A path as written in a script, resolved as the checker resolves it: `~` expanded, a
  /// relative path taken against `baseDirectory` (the script's folder), then standardised
  /// lexically (``standardized(_:)``).
  public static func resolvePath(_ written: String, baseDirectory: String) -> String {
    let expanded = (written as NSString).expandingTildeInPath
    let full = expanded.hasPrefix("/") ? expanded : (baseDirectory as NSString).appendingPathComponent(expanded)
    return standardized(full)
  }

  /// `path` without empty and `.` components, each `..` taking away the component before
  /// it — by the text alone, as `NSString.standardizingPath` documents. That method is not
  /// used: on Linux it resolves symbolic links, and a relative link (`media -> ../shared`)
  /// against the process's current folder instead of the link's, so a script whose media
  /// folder is such a link did not check unless run from its own folder.
  public static func standardized(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/") where part != "." {
      if part == ".." {
        if let last = parts.last, last != ".." {
          parts.removeLast()
          continue
        }
        // `/..` is `/`; a relative path keeps its leading `..`.
        if absolute { continue }
      }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }
}

extension CheckRun {
  /// Resolves a path as written in the script against the script's folder.
  func resolvePath(_ written: String) -> String {
    Checker.resolvePath(written, baseDirectory: options.baseDirectory)
  }

  /// A `font "…"` that names a font file (`FontName.isFile`) must exist and be a font that
  /// draws at any size (E0515); a family is not checked (Fontconfig picks the closest installed font). `false` when reported.
  func checkFontFile(_ font: String, _ span: Span) -> Bool {
    guard FontName.isFile(font), let media = options.media else { return true }
    let path = resolvePath(font)
    switch media.fontFile(atPath: path) {
    case .usable:
      return true
    case .missing:
      report(
        .fontFileMissing, "font file `\(font)` not found", span,
        notes: ["looked for \(path)", "relative paths resolve against the script's folder"])
    case .unusable(let reason):
      // FFmpeg's `drawtext` would fall back to another font without a word.
      report(
        .fontFileMissing, "font file `\(font)` cannot draw text: \(reason)", span,
        notes: ["read \(path)"], help: "name a TrueType or OpenType outline font, or an installed family")
    }
    return false
  }

  /// `video(…)`, `image(…)`, `audio(…)`, `color(…)`, `testpattern()`, `tone(…)`: registers the
  /// source (once per distinct source) and checks the file's media facts.
  func sourceValue(_ kind: SourceInfo.Kind, _ callee: Identifier, _ arguments: [Argument], _ e: Expr) -> Value? {
    func expectArguments(_ count: Int, _ signature: String) -> Bool {
      if arguments.count != count || arguments.contains(where: { $0.label != nil }) {
        report(
          .unexpectedArgument, "`\(callee.name)` takes \(count == 0 ? "no arguments" : "one argument without a label")",
          e.span,
          notes: ["expected `\(signature)`"])
        return false
      }
      return true
    }
    var info = SourceInfo(kind: kind)
    let key: String
    switch kind {
    case .video, .image, .audio:
      guard expectArguments(1, "\(callee.name)(\"path\")"),
        case .string(let written)? = evaluate(arguments[0].value, expected: .path)
      else { return nil }
      guard !written.isEmpty else {
        report(.valueOutOfRange, "empty path", arguments[0].value.span)
        return nil
      }
      info.path = resolvePath(written)
      info.writtenPath = written
      info.pathSpan = arguments[0].value.span
      key = "\(kind.rawValue):\(info.path!)"
    case .color:
      guard expectArguments(1, "color(COLOR)"), case .color(let c)? = evaluate(arguments[0].value, expected: .color)
      else { return nil }
      info.color = c
      key = "color:\(c)"
    case .testpattern:
      guard expectArguments(0, "testpattern()") else { return nil }
      key = "testpattern"
    case .tone:
      guard expectArguments(1, "tone(FREQUENCY)"),
        case .number(let f)? = evaluate(arguments[0].value, expected: .number)
      else { return nil }
      guard f.isPositive, f <= Rational(24000) else {
        report(
          .valueOutOfRange, "tone frequency \(f.exactDecimal ?? f.description) Hz is out of range",
          arguments[0].value.span,
          notes: ["the frequency must be above 0 and at most 24000 Hz"])
        return nil
      }
      info.frequency = f
      key = "tone:\(f)"
    }
    if let index = sourceKeys[key] { return .source(index) }
    if let path = info.path, let media = options.media {
      switch media.facts(forPath: path) {
      case .failure(let error):
        let span = arguments[0].value.span
        switch error.kind {
        case .missing:
          report(
            .mediaMissing, "media file `\(info.writtenPath!)` not found", span,
            notes: ["looked for \(path)", "relative paths resolve against the script's folder"])
        case .unreadable:
          report(
            .mediaUnreadable, "cannot read `\(info.writtenPath!)` as media: \(error.message)", span,
            help: "check the file with `vedl probe`")
        case .truncated:
          report(.mediaTruncated, "media file `\(info.writtenPath!)` is truncated or empty: \(error.message)", span)
        }
        return nil
      case .success(let facts):
        info.facts = facts
        let written = info.writtenPath!
        switch kind {
        case .video where !facts.hasVideo:
          report(
            .mediaWrongKind, "`\(written)` has no video stream", e.span,
            notes: [facts.hasAudio ? "it is an audio file" : "it has no video or audio"],
            help: facts.hasAudio ? "use `audio(\"\(written)\")`" : nil,
            fixIts: facts.hasAudio ? [FixIt(span: callee.span, replacement: "audio", message: "use `audio`")] : [])
          return nil
        case .video where facts.isStillImage:
          report(
            .mediaWrongKind, "`\(written)` is a still image, not a video", e.span, help: "use `image(\"\(written)\")`",
            fixIts: [FixIt(span: callee.span, replacement: "image", message: "use `image`")])
          return nil
        case .image where !facts.hasVideo || !facts.isStillImage:
          report(
            .mediaWrongKind, "`\(written)` is not a still image", e.span,
            notes: [facts.hasVideo ? "it is a moving video" : "it has no picture"],
            help: facts.hasVideo ? "use `video(\"\(written)\")`" : nil)
          return nil
        case .audio where !facts.hasAudio:
          report(
            .mediaWrongKind, "`\(written)` has no audio stream", e.span,
            help: facts.hasVideo ? "use `video(\"\(written)\")`" : nil)
          return nil
        default:
          break
        }
      }
    }
    sources.append(info)
    let index = sources.count - 1
    sourceKeys[key] = index
    sourceSpans[index] = e.span
    return .source(index)
  }
}
