import Foundation
import VEDLDiagnostics
import VEDLSema
import VEDLSource
import VEDLSyntax
import VEDLTime

extension OTIOImportRun {
  /// Plans one OTIO track: its items with exact timing, then its transitions.
  func plan(_ track: OTIOTrack, kind: Track.Kind) -> PlannedTrack {
    let owner = "track \(quoted(track.name))"
    var comments = markerComments(track.markers, origin: .zero, sourceStart: .zero, speed: .one)
    comments += effectComments(track.effects, owner: owner)
    if track.sourceRange != nil {
      comments.append("// not imported: the source_range of \(ScriptText.comment(owner)) (a trimmed track)")
      warn(.interchangeNotImported, "the source_range of \(owner) is not imported; the whole track is")
    }
    var entries: [PlannedEntry] = []
    var position = Rational.zero
    for child in track.children {
      switch child {
      case .clip(let c):
        guard let entry = planClip(c, track: kind, at: position) else { continue }
        entries.append(entry)
        switch entry {
        case .clip(let p): position += p.length
        case .gap(let d, _): position += d
        case .transition: break
        }
      case .gap(let g):
        guard let range = g.sourceRange, let d = OTIOExact.seconds(range.duration),
          let s = OTIOExact.seconds(range.startTime)
        else {
          fail("a gap in \(owner) has no `source_range`", locate: nil)
          continue
        }
        var gapComments = markerComments(g.markers, origin: position, sourceStart: s, speed: .one)
        gapComments += effectComments(g.effects, owner: "a gap in \(owner)")
        entries.append(.gap(d, gapComments))
        position += d
      case .transition(let t):
        entries.append(.transition(planTransition(t)))
      case .stack, .track, .other:
        let what = describe(child)
        guard let d = child.duration() else {
          fail("the length of \(what) in \(owner) cannot be told", locate: nil)
          continue
        }
        warn(.interchangeNotImported, "\(what) in \(owner) is not imported; a gap of its length keeps the timing")
        entries.append(.gap(d, [ScriptText.comment("// not imported: \(what), \(text.time(d)) long")]))
        position += d
      }
    }
    resolveTransitions(&entries, track: kind, owner: owner)
    return PlannedTrack(kind: kind, name: nil, comments: comments, entries: entries)
  }

  private func planTransition(_ t: OTIOTransition) -> PlannedTransition {
    let inO = OTIOExact.seconds(t.inOffset) ?? .zero
    let outO = OTIOExact.seconds(t.outOffset) ?? .zero
    var statement = "crossfade"
    var arguments: [String] = []
    if let recorded = vedl(t.metadata)?["statement"]?.stringValue,
      let parsed = Self.parseStatement(recorded),
      ["crossfade", "fade", "wipe", "slide", "transition"].contains(parsed.name.name)
    {
      statement = parsed.name.name
      // `transition NAME D`: the name is kept, the length comes from the offsets.
      if statement == "transition", let name = parsed.arguments.first(where: { $0.label == nil }) {
        statement += " " + Self.metadataText(recorded, name.span)
      }
      arguments = parsed.arguments.filter { $0.label != nil }.map { Self.metadataText(recorded, $0.span) }
    } else if t.transitionType != OTIOTransition.dissolve {
      warn(
        .interchangeNotImported,
        "transition type `\(t.transitionType)` has no VEDL equivalent; imported as a crossfade", locate: t.name)
    }
    let line =
      "// OTIO transition \(quoted(t.name)) (\(t.transitionType)): in \(text.time(inO)), out \(text.time(outO))"
    return PlannedTransition(
      statement: statement, arguments: arguments, inOffset: inO, outOffset: outO, name: t.name, type: t.transitionType,
      comments: t.transitionType == OTIOTransition.dissolve || statement != "crossfade"
        ? [] : [ScriptText.comment(line)])
  }

  /// One OTIO clip as a planned clip, or as a gap when it cannot be shown (kept in a
  /// comment); `nil` when it cannot be timed (the import then fails).
  private func planClip(_ c: OTIOClip, track: Track.Kind, at position: Rational) -> PlannedEntry? {
    var availableRange: OTIOTimeRange?
    if case .external(_, _, let r, _) = c.mediaReference { availableRange = r }
    guard let range = c.sourceRange ?? availableRange, let start = OTIOExact.seconds(range.startTime),
      let length = OTIOExact.seconds(range.duration)
    else {
      fail("clip \(quoted(c.name)) has no `source_range` and its media no `available_range`", locate: c.name)
      return nil
    }
    let owner = "clip \(quoted(c.name))"
    var comments: [String] = []
    var speed = Rational.one
    for e in c.effects {
      if e.isLinearTimeWarp, let scalar = e.timeScalar, scalar >= 0.01, scalar <= 100,
        let v = OTIOExact.number(scalar), ScriptText.speed(v) != nil
      {
        speed = v
        continue
      }
      let name = e.effectName.isEmpty ? e.schema : e.effectName
      let detail = e.timeScalar.map { " with time_scalar \($0)" } ?? ""
      comments.append(ScriptText.comment("// not imported: effect `\(name)`\(detail) (\(e.schema))"))
      warn(
        .interchangeNotImported, "effect `\(name)`\(detail) on \(owner) has no VEDL equivalent; kept in a comment",
        locate: c.name)
    }
    comments += markerComments(c.markers, origin: position, sourceStart: start, speed: speed)
    guard c.enabled else {
      warn(.interchangeNotImported, "disabled \(owner) is kept in a comment; a gap keeps the timing", locate: c.name)
      return .gap(length, comments + ["// not imported: disabled \(ScriptText.comment(owner))"])
    }
    var planned = PlannedClip(
      source: .inline(""), length: length, speed: speed, trimmable: false, comments: comments, otioName: c.name)
    planned.start = position
    var recorded = vedl(c.metadata)?["statement"]?.stringValue
    if recorded == nil, case .generator(_, _, _, let metadata) = c.mediaReference {
      recorded = vedl(metadata)?["statement"]?.stringValue
    }
    let parsed = recorded.flatMap(Self.parseStatement)

    switch c.mediaReference {
    case .external(_, let url, let available, _):
      guard let path = mediaPath(url) else {
        return placeholder(planned, track: track, reason: "its media is `\(url)`, not a file")
      }
      let fileFacts = facts(path.absolute)
      var kind = kind(ofFile: path.absolute) ?? (track == .audio ? .audio : .video)
      if track == .audio, kind == .image {
        return placeholder(planned, track: track, reason: "the image `\(path.written)` on an audio track")
      }
      if track != .audio, kind == .audio {
        warn(
          .interchangeNotImported,
          "\(owner) plays the audio file `\(path.written)` on a video track; kept in a comment",
          locate: c.name)
        return .gap(length, comments + [ScriptText.comment("// not imported: \(owner), audio on a video track")])
      }
      if let parsed, parsed.name.name == "clip", let head = parsed.positional.first {
        // A VEDL export says which function it called (a video's sound on an audio track).
        let callee = Self.metadataText(recorded!, head.value.span).prefix { $0 != "(" }
        if let k = SourceInfo.Kind(rawValue: String(callee)), [.video, .image, .audio].contains(k) { kind = k }
      }
      planned.source = .file(kind: kind, written: path.written)
      planned.trimmable = kind == .video || kind == .audio
      let origin = available.flatMap { OTIOExact.seconds($0.startTime) } ?? .zero
      planned.sourceStart = start - origin
      if let f = fileFacts {
        planned.availableEnd = (track == .audio ? f.audioDuration : f.videoDuration) ?? f.duration
      } else if let a = available, let d = OTIOExact.seconds(a.duration) {
        planned.availableEnd = d
      }
      if planned.trimmable, planned.sourceStart.isNegative {
        fail("\(owner) starts before its media's `available_range`", locate: c.name)
        return nil
      }
      if let parsed {
        restore(parsed, recorded!, into: &planned, keepSource: true)
      } else {
        name(&planned, c.name)
        if track != .audio, kind == .video, fileFacts?.hasAudio ?? true {
          // An OTIO video track carries pictures only; the sound is on the audio tracks.
          planned.arguments.append("muted: true")
        }
      }
      return .clip(planned)
    case .generator(_, let generatorKind, _, _):
      guard let parsed else {
        return placeholder(planned, track: track, reason: "generator `\(generatorKind)`")
      }
      restore(parsed, recorded!, into: &planned, keepSource: false)
      return .clip(planned)
    case .missing, nil:
      return placeholder(planned, track: track, reason: "no media (MissingReference)")
    case .other(let schema, _, _):
      return placeholder(planned, track: track, reason: "`\(schema)`")
    }
  }

  /// A placeholder of the clip's length: a test pattern, or a muted tone on audio tracks.
  private func placeholder(_ clip: PlannedClip, track: Track.Kind, reason: String) -> PlannedEntry {
    var p = clip
    p.source = .inline(track == .audio ? "tone(440)" : "testpattern()")
    p.trimmable = false
    p.speed = .one
    if track == .audio { p.arguments.append("muted: true") }
    name(&p, clip.otioName)
    p.comments.append(ScriptText.comment("// missing media: clip \(quoted(clip.otioName)) has \(reason)"))
    warn(
      .interchangeMissingMedia, "clip \(quoted(clip.otioName)) has \(reason); imported as a placeholder",
      locate: clip.otioName)
    return .clip(p)
  }

  /// `id:` from the OTIO clip's name when it is a usable identifier not taken yet.
  private func name(_ clip: inout PlannedClip, _ otioName: String) {
    guard ScriptText.isUsableName(otioName), !usedIDs.contains(otioName) else { return }
    usedIDs.insert(otioName)
    clip.arguments.append("id: \(otioName)")
  }

  /// Fills `clip` from the statement a VEDL export recorded: its head (for text, shapes and
  /// generated sources), its arguments other than timing, and its block.
  private func restore(_ statement: Statement, _ text: String, into clip: inout PlannedClip, keepSource: Bool) {
    let timing: Set<String> = ["at", "duration", "until", "trim", "speed"]
    if statement.name.name == "clip" {
      if !keepSource, let source = statement.positional.first {
        clip.source = .inline(Self.metadataText(text, source.value.span))
      }
    } else {
      clip.head = ([statement.name.name] + statement.positional.map { Self.metadataText(text, $0.span) })
        .joined(separator: " ")
    }
    for argument in statement.arguments {
      guard let label = argument.label?.name, !timing.contains(label) else { continue }
      if label == "id", case .name(let id) = argument.value.kind {
        guard !usedIDs.contains(id.name) else { continue }
        usedIDs.insert(id.name)
      }
      clip.arguments.append(Self.metadataText(text, argument.span))
    }
    if let block = statement.block { clip.block = Self.metadataText(text, block.span) }
  }

  /// Main track: an OTIO dissolve between two clips becomes a VEDL transition, with the
  /// clips lengthened by the media OTIO's offsets use, so that the cut point and the track's
  /// length stay. At a track's ends (or next to a gap) it becomes a fade; on other tracks,
  /// fades on both sides.
  private func resolveTransitions(_ entries: inout [PlannedEntry], track: Track.Kind, owner: String) {
    func clip(_ i: Int) -> PlannedClip? {
      guard entries.indices.contains(i), case .clip(let c) = entries[i] else { return nil }
      return c
    }
    let grid = FrameGrid(rate: rate)
    for i in entries.indices {
      guard case .transition(var t) = entries[i] else { continue }
      let previous = clip(i - 1)
      let next = clip(i + 1)
      if track == .main, var a = previous, var b = next {
        var outO = t.outOffset
        var inO = t.inOffset
        if a.trimmable, let end = a.availableEnd, outO > (end - a.sourceEnd) / a.speed {
          outO = max(.zero, grid.snapDown((end - a.sourceEnd) / a.speed))
          warn(
            .interchangeNotImported,
            "transition \(quoted(t.name)) in \(owner) needs media after clip \(quoted(a.otioName)) ends; shortened to \(text.time(outO)) after the cut",
            locate: t.name)
        }
        if b.trimmable, inO > (b.sourceStart - b.availableStart) / b.speed {
          inO = max(.zero, grid.snapDown((b.sourceStart - b.availableStart) / b.speed))
          warn(
            .interchangeNotImported,
            "transition \(quoted(t.name)) in \(owner) needs media before clip \(quoted(b.otioName)) starts; shortened to \(text.time(inO)) before the cut",
            locate: t.name)
        }
        a.length += outO
        b.length += inO
        b.sourceStart -= inO * b.speed
        t.inOffset = inO
        t.outOffset = outO
        entries[i - 1] = .clip(a)
        entries[i + 1] = .clip(b)
        entries[i] = .transition(t)
        continue
      }
      // No VEDL transition here: fades keep the look and the timing.
      if var a = previous {
        a.fadeOut = t.inOffset.isPositive ? t.inOffset : t.outOffset
        entries[i - 1] = .clip(a)
      }
      if var b = next {
        b.fadeIn = t.outOffset.isPositive ? t.outOffset : t.inOffset
        entries[i + 1] = .clip(b)
      }
      if track != .main {
        warn(
          .interchangeNotImported,
          "transition \(quoted(t.name)) in \(owner) becomes fades: VEDL has transitions only on the main track",
          locate: t.name)
      }
      t.statement = ""
      t.comments.append(
        ScriptText.comment(
          "// OTIO transition \(quoted(t.name)) (\(t.type)), in \(text.time(t.inOffset)), out \(text.time(t.outOffset)): written as fades"
        ))
      entries[i] = .transition(t)
    }
  }

  /// Parses a statement a VEDL export recorded; `nil` when it is not one statement.
  static func parseStatement(_ text: String) -> Statement? {
    let source = SourceFile(path: "metadata", text: text)
    let result = Parser.parse(source)
    guard result.diagnostics.isEmpty, result.syntax.items.count == 1, case .statement(let s) = result.syntax.items[0]
    else { return nil }
    return s
  }

  /// The text of `span` in a recorded statement.
  static func metadataText(_ text: String, _ span: Span) -> String {
    let bytes = Array(text.utf8)
    return String(decoding: bytes[max(0, span.start)..<min(bytes.count, span.end)], as: UTF8.self)
  }
}
