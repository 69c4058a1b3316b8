import Foundation
import VEDLDiagnostics
import VEDLSema
import VEDLSource
import VEDLSyntax
import VEDLTime

/// One import: plans every track from the decoded OTIO timeline, then writes the script.
final class OTIOImportRun {
  let file: SourceFile
  let options: OTIOImportOptions
  let timeline: OTIOTimeline
  var diagnostics: [Diagnostic] = []
  var rate: FrameRate = FrameRate(24)!
  var text: ScriptText { ScriptText(rate: rate) }
  /// Ids already taken, so that each clip name is used once.
  var usedIDs: Set<String> = []
  private var factsCache: [String: MediaFacts?] = [:]
  /// Set when a clip cannot be timed: the import then fails.
  var fatal = false

  init(file: SourceFile, options: OTIOImportOptions, timeline: OTIOTimeline) {
    self.file = file
    self.options = options
    self.timeline = timeline
  }

  func run() -> OTIOImportResult {
    rate = options.frameRate ?? timelineRate()
    var header: [String] = ["// Imported from \(ScriptText.comment(displayName)) by `vedl import`."]
    if let start = timeline.globalStartTime, let s = OTIOExact.seconds(start), !s.isZero {
      header.append("// OTIO global start time: \(text.time(s)) (\(start.value) at \(start.rate) fps).")
    }
    let stack = timeline.tracks
    header += markerComments(stack.markers, origin: .zero, sourceStart: .zero, speed: .one)
    header += effectComments(stack.effects, owner: "the timeline")

    var tracks: [PlannedTrack] = []
    var sawVideo = false
    var usedTrackNames: Set<String> = []
    for (index, child) in stack.children.enumerated() {
      guard case .track(let track) = child else {
        let what = describe(child)
        header.append("// not imported: \(what) at the top of the timeline")
        warn(.interchangeNotImported, "\(what) at the top of the timeline is not a track; kept in a comment")
        continue
      }
      let vedlKind = vedl(track.metadata)?["kind"]?.stringValue.flatMap(Track.Kind.init(rawValue:))
      let kind: Track.Kind
      if let vedlKind {
        kind = vedlKind
      } else if track.kind == OTIOTrack.audio {
        kind = .audio
      } else {
        kind = sawVideo ? .overlay : .main
      }
      if track.kind != OTIOTrack.audio { sawVideo = true }
      if !track.enabled {
        header.append("// not imported: disabled \(track.kind) track \(quoted(track.name)) (track \(index + 1))")
        warn(.interchangeNotImported, "disabled track \(quoted(track.name)) is kept in a comment")
        continue
      }
      var planned = plan(track, kind: kind)
      if kind != .main, !track.name.isEmpty {
        var name = track.name
        var n = 2
        while usedTrackNames.contains(name) {
          name = "\(track.name) \(n)"
          n += 1
        }
        usedTrackNames.insert(name)
        planned.name = name
      } else if kind == .main, !track.name.isEmpty, vedlKind == nil {
        planned.comments.insert("// OTIO track \(ScriptText.comment(quoted(track.name)))", at: 0)
      }
      tracks.append(planned)
    }
    if fatal { return OTIOImportResult(script: nil, diagnostics: diagnostics) }
    let script = write(header: header, tracks: tracks)
    let formatted = SourceFormatter.format(SourceFile(path: "imported.vedl", text: script)) ?? script
    return OTIOImportResult(script: formatted, diagnostics: diagnostics)
  }

  var displayName: String {
    let base = (file.path as NSString).lastPathComponent
    return timeline.name.isEmpty ? base : "\"\(timeline.name)\" (\(base))"
  }

  // MARK: - Rate and canvas

  /// The timeline's rate: its start time's, else the first time found in its tracks', else 24.
  func timelineRate() -> FrameRate {
    if let metadataRate = canvasMetadata?.rate { return metadataRate }
    var rates: [Double] = []
    if let g = timeline.globalStartTime { rates.append(g.rate) }
    func collect(_ items: [OTIOItem]) {
      for item in items where rates.count < 1 {
        switch item {
        case .clip(let c): if let r = c.sourceRange { rates.append(r.duration.rate) }
        case .gap(let g): if let r = g.sourceRange { rates.append(r.duration.rate) }
        case .track(let t): collect(t.children)
        case .stack(let s): collect(s.children)
        default: break
        }
      }
    }
    collect(timeline.tracks.children)
    return rates.first.flatMap(OTIOExact.rate).flatMap { FrameRate($0) } ?? FrameRate(24)!
  }

  /// The canvas a VEDL export recorded (`metadata.vedl.canvas`), parsed for its rate.
  lazy var canvasMetadata: (statement: String, rate: FrameRate?)? = {
    guard let statement = vedl(timeline.metadata)?["canvas"]?.stringValue, statement.hasPrefix("canvas") else {
      return nil
    }
    let rate = vedl(timeline.metadata)?["fps"]?.stringValue.flatMap { text -> FrameRate? in
      let parts = text.split(separator: "/")
      guard let n = Int64(parts[0]) else { return nil }
      return FrameRate(n, parts.count > 1 ? Int64(parts[1]) ?? 1 : 1)
    }
    return (statement, rate)
  }()

  func canvasLine(firstVideoSize: (Int64, Int64)?) -> String {
    if options.canvasWidth == nil, options.frameRate == nil, let recorded = canvasMetadata {
      return recorded.statement
    }
    let size =
      options.canvasWidth.flatMap { w in options.canvasHeight.map { (w, $0) } } ?? firstVideoSize ?? (1920, 1080)
    return "canvas \(size.0)x\(size.1) fps: \(ScriptText.rate(rate))"
  }

  // MARK: - Media

  func facts(_ absolute: String) -> MediaFacts? {
    if let cached = factsCache[absolute] { return cached }
    var found: MediaFacts?
    if let media = options.media, case .success(let f) = media.facts(forPath: absolute) { found = f }
    factsCache[absolute] = found
    return found
  }

  /// The path to write for an OTIO `target_url`, with its absolute form; `nil` for a URL
  /// that is not a file.
  func mediaPath(_ url: String) -> (written: String, absolute: String)? {
    if url.hasPrefix("file:") {
      guard let u = URL(string: url), u.isFileURL else {
        // `file:` with characters a URL may not hold: take the rest as a path.
        let rest = String(url.dropFirst(5).drop { $0 == "/" })
        return placed("/" + rest)
      }
      return placed(u.path)
    }
    if url.contains("://") || url.isEmpty { return nil }
    return placed(url)
  }

  /// An absolute path stays absolute (relative to the script when it is inside the
  /// script's folder and was relative in the OTIO file); a relative one is rebased from the
  /// OTIO file's folder onto the script's.
  private func placed(_ path: String) -> (written: String, absolute: String) {
    if path.hasPrefix("/") { return (path, (path as NSString).standardizingPath) }
    let absolute = ((options.otioDirectory as NSString).appendingPathComponent(path) as NSString).standardizingPath
    if options.otioDirectory == options.outputDirectory { return (path, absolute) }
    let folder = options.outputDirectory.hasSuffix("/") ? options.outputDirectory : options.outputDirectory + "/"
    if absolute.hasPrefix(folder) { return (String(absolute.dropFirst(folder.count)), absolute) }
    return (absolute, absolute)
  }

  /// A file's kind: from its facts when it can be probed, else from its extension; `nil`
  /// when neither tells.
  func kind(ofFile absolute: String) -> SourceInfo.Kind? {
    if let f = facts(absolute) {
      if f.isStillImage { return .image }
      if f.hasVideo { return .video }
      if f.hasAudio { return .audio }
    }
    return MediaKindGuess.kind(ofPath: absolute)
  }

  // MARK: - Diagnostics

  /// A warning, located at `locate` (a name as it appears in the file) when that string
  /// occurs once.
  func warn(_ code: DiagnosticCode, _ message: String, locate: String? = nil, notes: [String] = []) {
    var span = Span.point(0)
    if let locate, !locate.isEmpty, !locate.contains("\""), !locate.contains("\\") {
      let needle = Array("\"\(locate)\"".utf8)
      var hits: [Int] = []
      var i = 0
      while i + needle.count <= file.bytes.count, hits.count < 2 {
        if file.bytes[i] == needle[0], Array(file.bytes[i..<(i + needle.count)]) == needle { hits.append(i) }
        i += 1
      }
      if hits.count == 1 { span = Span(start: hits[0], end: hits[0] + needle.count) }
    }
    diagnostics.append(Diagnostic(code, message, file: file, span: span, notes: notes))
  }

  func fail(_ message: String, locate: String?) {
    fatal = true
    var d = Diagnostic(.interchangeMalformed, message, file: file, span: .point(0))
    if let locate {
      let needle = Array("\"\(locate)\"".utf8)
      if let i = (0...max(0, file.bytes.count - needle.count)).first(where: {
        $0 + needle.count <= file.bytes.count && Array(file.bytes[$0..<($0 + needle.count)]) == needle
      }) {
        d.span = Span(start: i, end: i + needle.count)
      }
    }
    diagnostics.append(d)
  }

  // MARK: - Helpers

  func vedl(_ metadata: [String: JSON]) -> [String: JSON]? { metadata["vedl"]?.objectValue }

  func quoted(_ name: String) -> String { name.isEmpty ? "(unnamed)" : "\"\(name)\"" }

  func describe(_ item: OTIOItem) -> String {
    switch item {
    case .clip(let c): "clip \(quoted(c.name))"
    case .gap: "gap"
    case .transition(let t): "transition \(quoted(t.name)) (\(t.transitionType))"
    case .stack(let s): "nested stack \(quoted(s.name))"
    case .track(let t): "nested track \(quoted(t.name))"
    case .other(let schema, let name, _): "`\(schema)` \(quoted(name))"
    }
  }

  func markerComments(_ markers: [OTIOMarker], origin: Rational, sourceStart: Rational, speed: Rational) -> [String] {
    markers.compactMap { m in
      guard let s = OTIOExact.seconds(m.markedRange.startTime), let d = OTIOExact.seconds(m.markedRange.duration)
      else { return nil }
      let at = origin + (s - sourceStart) / speed
      // A comment reads better rounded than as an exact quotient.
      let when = text.time(at).hasPrefix("(") ? "≈" + at.decimalText(fractionDigits: 3) + "s" : text.time(at)
      var line = "// marker \(quoted(m.name)) at \(when)"
      if !d.isZero { line += " for \(text.time(d))" }
      if !m.color.isEmpty { line += " (\(m.color))" }
      if !m.comment.isEmpty { line += ": \(m.comment)" }
      return ScriptText.comment(line)
    }
  }

  func effectComments(_ effects: [OTIOEffect], owner: String) -> [String] {
    effects.map { e in
      let name = e.effectName.isEmpty ? e.schema : e.effectName
      warn(.interchangeNotImported, "effect `\(name)` on \(owner) has no VEDL equivalent; kept in a comment")
      return ScriptText.comment("// not imported: effect `\(name)` (\(e.schema))")
    }
  }
}

/// A file's kind from its extension, for files that cannot be probed.
enum MediaKindGuess {
  static let video: Set<String> = [
    "mp4", "mov", "m4v", "mkv", "webm", "avi", "mxf", "mpg", "mpeg", "ts", "mts", "m2ts", "wmv", "flv", "ogv", "3gp",
    "dv", "y4m", "nut",
  ]
  static let image: Set<String> = [
    "png", "jpg", "jpeg", "tif", "tiff", "bmp", "gif", "webp", "exr", "dpx", "tga", "heic", "psd",
  ]
  static let audio: Set<String> = ["wav", "aif", "aiff", "mp3", "m4a", "aac", "flac", "ogg", "opus", "wma", "caf"]

  static func kind(ofPath path: String) -> SourceInfo.Kind? {
    let ext = (path as NSString).pathExtension.lowercased()
    if video.contains(ext) { return .video }
    if image.contains(ext) { return .image }
    if audio.contains(ext) { return .audio }
    return nil
  }
}
