import VEDLSource
import VEDLSyntax

/// Shrinks a script that shows a failure to a smaller one that still shows it (delta
/// debugging, one piece at a time): it tries removing whole statements and declarations
/// (top-level ones first, so a whole track goes in one step), then blocks, then single
/// arguments, and keeps each removal after which `isInteresting` still holds — the caller's
/// test that the script still checks and still fails the same way. It stops when no single
/// removal keeps the failure.
public enum ScriptMinimiser {
  /// The smallest script found, and how many candidates were tried.
  public static func minimise(_ script: String, isInteresting: (String) -> Bool) -> (script: String, trials: Int) {
    var current = script
    var tried: Set<String> = [script]
    var trials = 0
    var progress = true
    while progress {
      progress = false
      var index = 0
      while true {
        let candidates = removals(of: current)
        guard index < candidates.count else { break }
        let trial = candidates[index]
        if tried.insert(trial).inserted {
          trials += 1
          if isInteresting(trial) {
            current = trial
            progress = true
            // The same index now names the next piece of the smaller script.
            continue
          }
        }
        index += 1
      }
    }
    return (current, trials)
  }

  /// Every script one removal away from `script`, the largest removals first.
  public static func removals(of script: String) -> [String] {
    let file = SourceFile(path: "minimise.vedl", text: script)
    let parse = Parser.parse(file)
    let bytes = Array(script.utf8)
    var items: [(depth: Int, span: Span)] = []
    var blocks: [Span] = []
    var arguments: [Span] = []

    func visit(_ list: [Item], depth: Int) {
      for item in list {
        if case .version = item { continue }
        // The canvas stays: without it the edit is drawn at the default 1080x1920, and each
        // trial render of a minimisation takes minutes instead of a second.
        if case .statement(let statement) = item, depth == 0, statement.name.name == "canvas" { continue }
        items.append((depth, item.span))
        guard case .statement(let statement) = item else { continue }
        // Every argument but a statement's first positional one (its subject).
        for (i, argument) in statement.arguments.enumerated() where argument.label != nil || i > 0 {
          arguments.append(argument.span)
        }
        if let block = statement.block {
          blocks.append(block.span)
          visit(block.items, depth: depth + 1)
        }
      }
    }
    visit(parse.syntax.items, depth: 0)
    var results: [String] = []
    for item in items.sorted(by: { $0.depth < $1.depth }) { results.append(removing(item.span, from: bytes)) }
    for span in blocks { results.append(removing(span, from: bytes)) }
    for span in arguments { results.append(removing(span, from: bytes)) }
    return results
  }

  /// `bytes` without `span`, the blanks before it, and its line if nothing else is left on it.
  static func removing(_ span: Span, from bytes: [UInt8]) -> String {
    var start = span.start
    while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
    var end = span.end
    let lineStart = bytes[..<start].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    var lineEnd = end
    while lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: " ") || bytes[lineEnd] == UInt8(ascii: "\t") {
      lineEnd += 1
    }
    if start == lineStart, lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: "\n") {
      end = lineEnd + 1
    } else if start == lineStart, lineEnd == bytes.count {
      end = lineEnd
    }
    return String(decoding: bytes[..<start] + bytes[end...], as: UTF8.self)
  }
}
