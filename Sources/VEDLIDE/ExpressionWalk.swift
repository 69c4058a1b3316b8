import VEDLSema
import VEDLSyntax

/// Walks expressions depth-first, handing each sub-expression to a visitor together with the
/// type the schema expects there (known for a whole argument, a parenthesised argument and
/// the arguments of a known call shape; `nil` inside arithmetic).
enum ExpressionWalk {
  /// Visits `expr` and everything inside it, outermost first.
  static func visit(_ expr: Expr, expected: ValueType?, _ body: (Expr, ValueType?) -> Void) {
    body(expr, expected)
    switch expr.kind {
    case .literal, .bool, .name, .error:
      break
    case .string(let segments):
      for case .interpolation(let inner) in segments {
        visit(inner, expected: nil, body)
      }
    case .member(let base, _):
      visit(base, expected: nil, body)
    case .call(let callee, let arguments):
      let shape = expected?.callShapes.first { $0.name == callee.name }
      var positional = 0
      for argument in arguments {
        var type: ValueType? = nil
        if let shape {
          if let label = argument.label {
            type = shape.arguments.first { $0.label == label.name }?.type
          } else {
            let unlabelled = shape.arguments.filter { $0.label == nil }
            if positional < unlabelled.count { type = unlabelled[positional].type }
            positional += 1
          }
        } else if SourceCalls.pathCallees.contains(callee.name) {
          type = .path
        }
        visit(argument.value, expected: type, body)
      }
    case .binary(let first, let rest):
      visit(first, expected: nil, body)
      for operation in rest { visit(operation.operand, expected: nil, body) }
    case .negate(let inner):
      visit(inner, expected: nil, body)
    case .parenthesized(let inner):
      visit(inner, expected: expected, body)
    }
  }
}

/// The source constructors of the language (§4 "Sources").
enum SourceCalls {
  /// Constructors that take a file path.
  static let pathCallees: Set<String> = ["video", "image", "audio"]
  /// Every constructor, with its argument placeholder and documentation.
  static let all: [(name: String, arguments: String, documentation: String)] = [
    ("video", "\"path\"", "A video file (with its sound, unless the clip is `muted`)."),
    ("image", "\"path\"", "A still image; a clip of it needs `duration:` or `until:`."),
    ("audio", "\"path\"", "An audio file."),
    ("color", "COLOR", "A solid colour; a clip of it needs `duration:` or `until:`."),
    ("testpattern", "", "A generated test picture; needs no file."),
    ("tone", "FREQUENCY", "A generated sine tone in hertz; needs no file."),
    (
      "waveform", "audio: SOUND, color: COLOR, style: line|bars",
      "The moving waveform of a sound (`audio(…)`, `tone(…)`), canvas-sized and transparent around it: "
        + "`line` (per pixel column, the lowest to the highest sample; the default) or `bars` (32 peak bars); "
        + "white by default. A clip of it needs `duration:` or `until:`."
    ),
  ]
}
