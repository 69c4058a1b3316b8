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

  /// `lut "…"`: the `.cube` file is read and must be a 3D table both backends apply alike;
  /// its own errors point into it, with the modifier (`statement`) labelled.
  func checkLookFile(_ written: String, _ span: Span, _ statement: Span) -> Bool {
    guard options.media != nil else { return true }
    let path = resolvePath(written)
    switch CubeLUT.load(path: path) {
    case .success:
      return true
    case .failure(.unreadable):
      report(
        .cannotReadFile, "cannot read LUT file `\(written)`", span,
        notes: ["looked for \(path)", "relative paths resolve against the script's folder"])
    case .failure(.malformed(var diagnostic)):
      // Named as written, as a caption file is.
      diagnostic.file = SourceFile(path: written, bytes: diagnostic.file.bytes)
      diagnostic.labels = diagnostic.labels.map { Label(span: $0.span, message: $0.message, file: diagnostic.file) }
      diagnostic.labels.append(Label(span: statement, message: "read here", file: file))
      diagnostics.append(diagnostic)
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
    case .waveform:
      guard let waveform = waveformArguments(callee, arguments, e) else { return nil }
      info.waveformAudio = waveform.audio
      info.color = waveform.color
      info.waveformStyle = waveform.style
      key = "waveform:\(waveform.audio):\(waveform.color):\(waveform.style.rawValue)"
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

extension CheckRun {
  /// `waveform(audio: SOURCE color: COLOR style: line|bars)`: the sound source it draws
  /// (E0448 when it has no sound), its colour (white by default) and style (`line` by
  /// default); a missing `audio:`, an unknown label, a value that is not a colour or an
  /// unknown style is E0449. `nil` when reported.
  func waveformArguments(_ callee: Identifier, _ arguments: [Argument], _ e: Expr)
    -> (audio: Int, color: UInt32, style: WaveformStyle)?
  {
    var audio: Int?
    var color: UInt32 = 0xFFFF_FFFF
    var style = WaveformStyle.line
    var ok = true
    let labels = ["audio", "color", "style"]
    var seen: Set<String> = []
    for argument in arguments {
      guard let label = argument.label else {
        report(
          .waveformBadValue, "`waveform(…)` takes labelled arguments", argument.value.span,
          notes: ["expected `waveform(audio: SOURCE, color: COLOR, style: line|bars)`"],
          help: "write `audio: \(file.text(argument.value.span))`")
        ok = false
        continue
      }
      guard labels.contains(label.name) else {
        let suggestion = Suggestion.closest(to: label.name, in: labels)
        report(
          .waveformBadValue, "`waveform(…)` has no argument `\(label.name):`", label.span,
          notes: ["its arguments are `audio:`, `color:` and `style:`"],
          help: suggestion.map { "did you mean `\($0):`?" },
          fixIts: suggestion.map { [FixIt(span: label.span, replacement: $0, message: "replace with `\($0)`")] } ?? [])
        ok = false
        continue
      }
      guard seen.insert(label.name).inserted else {
        report(.waveformBadValue, "`\(label.name):` is given twice", label.span)
        ok = false
        continue
      }
      let span = argument.value.span
      switch label.name {
      case "audio":
        guard let value = rawValue(argument.value, hint: .source) else {
          ok = false
          continue
        }
        guard case .source(let index) = value, sources.indices.contains(index),
          sources[index].kind == .audio
            || sources[index].kind == .tone
        else {
          var notes = ["`audio:` takes `audio(\"…\")`, `tone(…)` or a `let` name bound to one"]
          if case .source(let index) = value, sources.indices.contains(index) {
            notes.insert("this is a \(sources[index].kind.rawValue) source", at: 0)
          } else {
            notes.insert("this is \(value.typeName)", at: 0)
          }
          report(
            .waveformAudioNotSound, "a waveform draws a sound, and this is not one", span, notes: notes,
            help: "name a sound, e.g. `audio: tone(440)`")
          ok = false
          continue
        }
        audio = index
      case "color":
        guard let value = rawValue(argument.value, hint: .color) else {
          ok = false
          continue
        }
        guard case .color(let c) = value else {
          report(
            .waveformBadValue, "expected a colour for `color:`, found \(value.typeName)", span,
            notes: ["colours are names (`white`), `#RRGGBB` or `#RRGGBBAA`"])
          ok = false
          continue
        }
        color = c
      default:
        let names = WaveformStyle.allCases.map(\.rawValue)
        let word: String
        if case .name(let id) = argument.value.kind {
          word = id.name
        } else {
          word = file.text(span)
        }
        guard let chosen = WaveformStyle(rawValue: word) else {
          let suggestion = Suggestion.closest(to: word, in: names)
          report(
            .waveformBadValue, "unknown waveform style `\(word)`", span,
            notes: ["styles are \(names.map { "`\($0)`" }.joined(separator: " and "))"],
            help: suggestion.map { "did you mean `\($0)`?" },
            fixIts: suggestion.map { [FixIt(span: span, replacement: $0, message: "replace with `\($0)`")] } ?? [])
          ok = false
          continue
        }
        style = chosen
      }
    }
    guard ok else { return nil }
    guard let audio else {
      report(
        .waveformBadValue, "`waveform(…)` needs `audio:`, the sound it draws", e.span,
        help: "e.g. `waveform(audio: tone(440))`")
      return nil
    }
    return (audio, color, style)
  }
}
