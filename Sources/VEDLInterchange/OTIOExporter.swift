import Foundation
import VEDLDiagnostics
import VEDLSema
import VEDLSource
import VEDLSyntax
import VEDLTime

/// The OTIO file `vedl export` writes and the warnings about what it leaves out.
public struct OTIOExportResult: Sendable {
  public var data: Data
  public var diagnostics: [Diagnostic]
}

/// VEDL → OpenTimelineIO: the resolved timeline's tracks as OTIO tracks at the canvas rate.
/// Every item carries its VEDL statement (without its timing, which the OTIO ranges give) in
/// `metadata["vedl"]`, so that an import restores text, shapes, generated sources and
/// modifiers; a crossfade becomes an `SMPTE_Dissolve` centred on a cut point, with the
/// clips' ranges shortened to meet there.
public enum OTIOExporter {
  /// Exports a checked script; `nil` when it has no timeline (errors).
  public static func export(_ result: CheckResult) -> OTIOExportResult? {
    guard let timeline = result.timeline else { return nil }
    var run = OTIOExportRun(timeline: timeline, parse: result.parse)
    let document = run.document()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding values built here cannot fail: every number is finite.
    let data = (try? encoder.encode(document)) ?? Data()
    return OTIOExportResult(data: data + Data("\n".utf8), diagnostics: run.diagnostics)
  }
}

struct OTIOExportRun {
  let timeline: Timeline
  let parse: ParseResult
  var diagnostics: [Diagnostic] = []
  /// Each item's statement, by the statement's span.
  let statements: [Span: Statement]

  init(timeline: Timeline, parse: ParseResult) {
    self.timeline = timeline
    self.parse = parse
    var table: [Span: Statement] = [:]
    func visit(_ items: [Item]) {
      for case .statement(let s) in items {
        table[s.span] = s
        if let block = s.block, s.name.name == "track" { visit(block.items) }
      }
    }
    visit(parse.syntax.items)
    statements = table
  }

  var rate: FrameRate { timeline.canvas.rate }
  var grid: FrameGrid { timeline.canvas.grid }
  var file: SourceFile { parse.file }

  func time(_ seconds: Rational) -> OTIORationalTime { OTIOExact.time(seconds, rate: rate) }
  func frames(_ n: Int64) -> OTIORationalTime {
    OTIORationalTime(value: Double(n), rate: rate.framesPerSecond.doubleValue)
  }

  mutating func document() -> OTIOTimeline {
    warnAboutWhatIsLeftOut()
    let c = timeline.canvas
    let canvas =
      "canvas \(c.width)x\(c.height) fps: \(ScriptText.rate(c.rate)) background: \(ColorNames.hex(c.background))"
    let fps = c.rate.framesPerSecond
    let metadata: [String: JSON] = [
      "vedl": .object(["canvas": .string(canvas), "fps": .string("\(fps.numerator)/\(fps.denominator)")])
    ]
    var children: [OTIOItem] = []
    for track in timeline.tracks {
      let kind = track.kind == .audio ? OTIOTrack.audio : OTIOTrack.video
      let items = track.kind == .main ? mainTrack(track) : placedTrack(track)
      children.append(
        .track(
          OTIOTrack(
            name: track.name ?? (track.kind == .main ? "main" : ""), kind: kind,
            metadata: ["vedl": .object(["kind": .string(track.kind.rawValue)])], children: items)))
    }
    let name = ((file.path as NSString).lastPathComponent as NSString).deletingPathExtension
    return OTIOTimeline(
      name: name, metadata: metadata, globalStartTime: nil, tracks: OTIOStack(name: "tracks", children: children))
  }

  private mutating func warnAboutWhatIsLeftOut() {
    var left: [String] = []
    if !timeline.captions.cues.isEmpty { left.append("captions") }
    if !timeline.exports.isEmpty { left.append("exports") }
    if parse.syntax.items.contains(where: { if case .statement(let s) = $0 { s.name.name == "editor" } else { false } })
    {
      left.append("the editor block")
    }
    if !timeline.parameters.isEmpty { left.append("parameters (their values are used)") }
    guard !left.isEmpty else { return }
    diagnostics.append(
      Diagnostic(
        .interchangeNotExported, "\(left.joined(separator: ", ")) not carried into OpenTimelineIO", file: file,
        span: .point(0), notes: ["an OTIO timeline holds tracks, clips, gaps and transitions"]))
  }

  /// The main track: items back to back, each crossfade's frames split at a cut point
  /// (half before, the rest after), the clips' ranges ending and starting there.
  private func mainTrack(_ track: Track) -> [OTIOItem] {
    var cutEnd = [Int64](repeating: 0, count: track.items.count)
    var cutStart = [Int64](repeating: 0, count: track.items.count)
    var before: [Int: OTIOTransition] = [:]
    for t in timeline.transitions {
      let length = t.endFrame - t.startFrame
      let inFrames = length / 2
      let outFrames = length - inFrames
      cutEnd[t.fromItem] = outFrames
      cutStart[t.toItem] = inFrames
      var statement = "\(t.kind.rawValue) \(length)f"
      if let d = t.direction { statement += " direction: \(d.rawValue)" }
      before[t.toItem] = OTIOTransition(
        name: "", metadata: ["vedl": .object(["statement": .string(statement)])],
        transitionType: t.kind == .crossfade ? OTIOTransition.dissolve : "Custom_Transition",
        inOffset: frames(inFrames), outOffset: frames(outFrames))
    }
    var children: [OTIOItem] = []
    for (i, item) in track.items.enumerated() {
      if let t = before[i] { children.append(.transition(t)) }
      let length = item.endFrame - item.startFrame - cutEnd[i] - cutStart[i]
      children.append(self.item(item, frames: length, skip: cutStart[i]))
    }
    return children
  }

  /// Overlay and audio tracks: items at their frames, gaps between them.
  private func placedTrack(_ track: Track) -> [OTIOItem] {
    var children: [OTIOItem] = []
    var cursor: Int64 = 0
    for item in track.items.sorted(by: { $0.startFrame < $1.startFrame }) {
      if item.startFrame > cursor {
        children.append(
          .gap(OTIOGap(sourceRange: OTIOTimeRange(startTime: frames(0), duration: frames(item.startFrame - cursor)))))
      }
      children.append(self.item(item, frames: item.endFrame - item.startFrame, skip: 0))
      cursor = max(cursor, item.endFrame)
    }
    return children
  }

  /// One item as an OTIO clip or gap, `frames` long, its source range starting `skip`
  /// frames into the item.
  private func item(_ item: TimelineItem, frames length: Int64, skip: Int64) -> OTIOItem {
    if item.kind == .gap {
      return .gap(OTIOGap(sourceRange: OTIOTimeRange(startTime: frames(0), duration: frames(length))))
    }
    let sourceStart = (item.sourceStart ?? .zero) + grid.time(ofFrame: skip) * item.speed
    let range = OTIOTimeRange(startTime: time(sourceStart), duration: frames(length))
    let statement = portableStatement(item)
    let vedl: [String: JSON] = ["vedl": .object(["statement": .string(statement)])]
    let reference: OTIOMediaReference
    var name = item.id ?? ""
    switch item.kind {
    case .text:
      reference = .generator(name: "text", kind: "VEDLText", parameters: [:], metadata: vedl)
      if name.isEmpty { name = String((item.text ?? "text").prefix(40)) }
    case .shape:
      reference = .generator(name: "shape", kind: "VEDLShape", parameters: [:], metadata: vedl)
      if name.isEmpty { name = item.shape?.rawValue ?? "shape" }
    default:
      let source = item.source.map { timeline.sources[$0] }
      switch source?.kind {
      case .video?, .image?, .audio?:
        let written = source?.writtenPath ?? source?.path ?? ""
        let available = source?.facts?.duration.map { OTIOTimeRange(startTime: frames(0), duration: time($0)) }
        reference = .external(
          name: (written as NSString).lastPathComponent, targetURL: Self.url(written), availableRange: available,
          metadata: [:])
        if name.isEmpty { name = (written as NSString).lastPathComponent }
      default:
        let kind = source?.kind.rawValue ?? "source"
        var parameters: [String: JSON] = [:]
        if let c = source?.color { parameters["color"] = .string(ColorNames.hex(c)) }
        if let f = source?.frequency { parameters["frequency"] = .double(f.doubleValue) }
        reference = .generator(
          name: kind, kind: "VEDL" + kind.prefix(1).uppercased() + kind.dropFirst(), parameters: parameters,
          metadata: vedl)
        if name.isEmpty { name = kind }
      }
    }
    let effects = item.speed == .one ? [] : [OTIOEffect.linearTimeWarp(item.speed.doubleValue)]
    return .clip(OTIOClip(name: name, metadata: vedl, sourceRange: range, effects: effects, mediaReference: reference))
  }

  /// A relative path as it is (OTIO resolves it against the file's folder), an absolute one
  /// as a `file://` URL.
  static func url(_ path: String) -> String {
    guard path.hasPrefix("/") else { return path }
    return URL(fileURLWithPath: path).absoluteString
  }

  /// The item's statement without its timing (`at:`, `duration:`, `until:`, `trim:`,
  /// `speed:`): its source or text as resolved values, its other arguments and its block
  /// as written.
  private func portableStatement(_ item: TimelineItem) -> String {
    var head: String
    switch item.kind {
    case .text: head = "text " + ScriptText.string(item.text ?? "")
    case .shape: head = "shape " + (item.shape?.rawValue ?? "rect")
    default: head = "clip " + sourceExpression(item.source.map { timeline.sources[$0] })
    }
    guard let span = item.span, let statement = statements[span] else { return head }
    let timing: Set<String> = ["at", "duration", "until", "trim", "speed"]
    for argument in statement.arguments {
      guard let label = argument.label?.name, !timing.contains(label) else { continue }
      head += " " + file.text(argument.span)
    }
    if let block = statement.block { head += " " + file.text(block.span) }
    return head
  }

  private func sourceExpression(_ source: SourceInfo?) -> String {
    guard let source else { return "testpattern()" }
    switch source.kind {
    case .video, .image, .audio: return "\(source.kind.rawValue)(\(ScriptText.string(source.writtenPath ?? "")))"
    case .color: return "color(\(ColorNames.hex(source.color ?? 0)))"
    case .testpattern: return "testpattern()"
    case .tone:
      let f = source.frequency ?? Rational(440)
      return "tone(\(f.exactDecimal ?? "\(f.numerator) / \(f.denominator)"))"
    case .waveform:
      let audio = source.waveformAudio.flatMap { timeline.sources.indices.contains($0) ? timeline.sources[$0] : nil }
      return "waveform(audio: \(sourceExpression(audio)), color: \(ColorNames.hex(source.color ?? 0xFFFF_FFFF)), "
        + "style: \((source.waveformStyle ?? .line).rawValue))"
    }
  }
}
