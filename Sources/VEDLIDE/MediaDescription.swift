import Foundation
import VEDLSema
import VEDLSource
import VEDLSyntax
import VEDLTime

/// Describes the source written at a `video(…)`, `image(…)`, `audio(…)`, `color(…)`,
/// `testpattern()` or `tone(…)` call, with the media facts of file sources — from the
/// resolved timeline when there is one, else from the media cache (never by probing).
enum MediaDescription {
  /// The source call `expr` stands for: the call itself, or the value of the `let` it names.
  /// Follows at most `depth` `let`s, so that a cycle of `let`s ends.
  static func sourceCall(_ expr: Expr, in syntax: SyntaxAnalysis, depth: Int = 8) -> (
    callee: Identifier, arguments: [Argument]
  )? {
    guard depth > 0 else { return nil }
    switch expr.kind {
    case .call(let callee, let arguments) where SourceCalls.all.contains(where: { $0.name == callee.name }):
      return (callee, arguments)
    case .parenthesized(let inner):
      return sourceCall(inner, in: syntax, depth: depth - 1)
    case .name(let id):
      guard let d = syntax.statements.lets.first(where: { $0.name.name == id.name }) else { return nil }
      return sourceCall(d.value, in: syntax, depth: depth - 1)
    default:
      return nil
    }
  }

  /// The literal text of a string expression without interpolations.
  static func literalString(_ expr: Expr) -> String? {
    guard case .string(let segments) = expr.kind else { return nil }
    var text = ""
    for segment in segments {
      guard case .text(let t, _) = segment else { return nil }
      text += t
    }
    return text
  }

  /// The path a script's `written` path resolves to, as the checker resolves it.
  static func resolve(_ written: String, baseDirectory: String) -> String {
    Checker.resolvePath(written, baseDirectory: baseDirectory)
  }

  /// Markdown describing the source of `callee(arguments)`.
  static func describe(callee: Identifier, arguments: [Argument], in analysis: DocumentAnalysis) -> String {
    let doc = SourceCalls.all.first { $0.name == callee.name }
    var out = "```vedl\n\(callee.name)(\(doc?.arguments ?? ""))\n```\n\n\(doc?.documentation ?? "")\n"
    guard SourceCalls.pathCallees.contains(callee.name), let first = arguments.first,
      let written = literalString(first.value)
    else { return out }
    let path = resolve(written, baseDirectory: analysis.options.baseDirectory)
    out += "\n`\(path)`\n"
    let kind = SourceInfo.Kind(rawValue: callee.name)
    if let source = analysis.timeline?.sources.first(where: { $0.writtenPath == written && $0.kind == kind }),
      let facts = source.facts
    {
      out += "\n" + describe(facts) + "\n"
    } else if let cached = analysis.options.media?.cachedFacts(forPath: path) {
      switch cached {
      case .success(let facts): out += "\n" + describe(facts) + "\n"
      case .failure(let error): out += "\n*\(error.kind.rawValue):* \(error.message)\n"
      }
    } else if analysis.options.media == nil {
      out += "\n*Media facts are not available (media checks are off).*\n"
    } else {
      out += "\n*Probing the file…*\n"
    }
    return out
  }

  /// One line of facts: `video 1920×1080 · 30 fps · 10s (300 frames) · with audio`.
  static func describe(_ facts: MediaFacts) -> String {
    var parts: [String] = []
    if facts.isStillImage {
      parts.append("still image")
    } else if facts.hasVideo {
      parts.append("video")
    } else if facts.hasAudio {
      parts.append("audio")
    }
    if let w = facts.width, let h = facts.height { parts.append("\(w)×\(h)") }
    if let r = facts.frameRate, !facts.isStillImage {
      parts.append((FrameRate(r)?.displayName ?? r.description) + " fps")
    }
    if let d = facts.duration, !facts.isStillImage {
      var text = d.secondsDescription
      if let n = facts.frameCount { text += " (\(n) frames)" }
      parts.append(text)
    }
    if facts.hasVideo, !facts.isStillImage { parts.append(facts.hasAudio ? "with audio" : "no audio") }
    return parts.joined(separator: " · ")
  }
}
