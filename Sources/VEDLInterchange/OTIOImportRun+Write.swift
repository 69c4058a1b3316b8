import Foundation
import VEDLSema
import VEDLTime

extension OTIOImportRun {
  /// The script's text, before formatting: header comments, canvas, `let`s for sources
  /// used more than once, tracks.
  func write(header: [String], tracks: [PlannedTrack]) -> String {
    var uses: [String: Int] = [:]
    var order: [String] = []
    var firstVideoSize: (Int64, Int64)?
    for track in tracks {
      for case .clip(let c) in track.entries {
        guard case .file(let kind, let written) = c.source, c.head == nil else { continue }
        let expression = "\(kind.rawValue)(\(ScriptText.string(written)))"
        if uses[expression] == nil { order.append(expression) }
        uses[expression, default: 0] += 1
        if firstVideoSize == nil, track.kind != .audio, kind != .audio,
          let f = facts(mediaAbsolutePath(written)), let w = f.width, let h = f.height
        {
          firstVideoSize = (w, h)
        }
      }
    }
    var names: [String: String] = [:]
    var taken = usedIDs
    var lets: [String] = []
    for expression in order where uses[expression, default: 0] > 1 {
      let path = expression.drop { $0 != "\"" }
      let base = ((String(path.dropFirst().dropLast(2)) as NSString).lastPathComponent as NSString)
        .deletingPathExtension
      let stem = ScriptText.identifier(from: base)
      var name = stem
      var n = 2
      while taken.contains(name) {
        name = "\(stem)_\(n)"
        n += 1
      }
      taken.insert(name)
      names[expression] = name
      lets.append("let \(name) = \(expression)")
    }

    var lines = ["vedl 1"] + header
    lines.append(canvasLine(firstVideoSize: firstVideoSize))
    if !lets.isEmpty { lines.append("") }
    lines += lets
    for track in tracks {
      lines.append("")
      lines += track.comments
      let name = track.name.map { " " + ScriptText.string($0) } ?? ""
      lines.append("track \(track.kind.rawValue)\(name) {")
      for entry in track.entries {
        switch entry {
        case .clip(let c):
          lines += c.comments
          lines.append(statement(c, track: track.kind, names: names))
        case .gap(let d, let comments):
          lines += comments
          if track.kind == .main, d.isPositive { lines.append("gap \(text.time(d))") }
        case .transition(let t):
          lines += t.comments
          let length = t.inOffset + t.outOffset
          guard !t.statement.isEmpty else { continue }
          guard length.isPositive else {
            lines.append("// OTIO transition \(ScriptText.comment(quoted(t.name))) of no length")
            continue
          }
          lines.append(([t.statement, text.time(length)] + t.arguments).joined(separator: " "))
        }
      }
      lines.append("}")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The absolute path of a written media path (relative ones are beside the script).
  func mediaAbsolutePath(_ written: String) -> String {
    written.hasPrefix("/")
      ? written : ((options.outputDirectory as NSString).appendingPathComponent(written) as NSString).standardizingPath
  }

  private func statement(_ c: PlannedClip, track: Track.Kind, names: [String: String]) -> String {
    var parts: [String]
    if let head = c.head {
      parts = [head]
    } else {
      switch c.source {
      case .file(let kind, let written):
        let expression = "\(kind.rawValue)(\(ScriptText.string(written)))"
        parts = ["clip " + (names[expression] ?? expression)]
      case .inline(let expression):
        parts = ["clip " + expression]
      }
    }
    if track != .main { parts.append("at: \(text.time(c.start))") }
    if c.trimmable {
      parts.append("trim: \(text.range(c.sourceStart, c.sourceEnd))")
    } else {
      parts.append("duration: \(text.time(c.length))")
    }
    if c.speed != .one, let speed = ScriptText.speed(c.speed) { parts.append("speed: \(speed)") }
    parts += c.arguments
    var block = c.block
    var fades: [String] = []
    if let f = c.fadeIn, f.isPositive { fades.append("in: \(text.time(f))") }
    if let f = c.fadeOut, f.isPositive { fades.append("out: \(text.time(f))") }
    if !fades.isEmpty {
      let fade = "fade " + fades.joined(separator: " ")
      if let b = block {
        if !b.contains("fade"), b.hasSuffix("}") { block = String(b.dropLast()) + "\n" + fade + "\n}" }
      } else {
        block = "{\n" + fade + "\n}"
      }
    }
    return parts.joined(separator: " ") + (block.map { " " + $0 } ?? "")
  }
}
