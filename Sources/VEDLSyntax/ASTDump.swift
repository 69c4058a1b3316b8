import VEDLSource
import VEDLTime

/// A stable, readable dump of a syntax tree, one node per line with its byte span — the
/// format of the golden files under `Tests/Fixtures/ast/`.
///
/// With `spans: false` the dump leaves spans out; two trees that differ only in layout
/// (formatting) give equal span-less dumps, which is how the formatter's round-trip tests
/// check that formatting never changes meaning.
public struct ASTDump {
  /// Whether to print `@start..end` after each node.
  public var spans: Bool

  public init(spans: Bool = true) { self.spans = spans }

  /// Dumps a whole file.
  public func dump(_ file: SourceFileSyntax) -> String {
    var out = ""
    line(&out, 0, "file", file.span)
    for item in file.items { dump(item, 1, &out) }
    return out
  }

  private func line(_ out: inout String, _ indent: Int, _ text: String, _ span: Span) {
    out += String(repeating: "  ", count: indent)
    out += text
    if spans { out += " @\(span.start)..\(span.end)" }
    out += "\n"
  }

  private func dump(_ item: Item, _ indent: Int, _ out: inout String) {
    switch item {
    case .version(let v):
      line(&out, indent, "version", v.span)
      dump(v.version, indent + 1, &out)
    case .param(let d):
      line(&out, indent, "param \(d.name.name): \(d.type.name)", d.span)
      if let value = d.defaultValue { dump(value, indent + 1, &out) }
    case .let(let d):
      line(&out, indent, "let \(d.name.name)", d.span)
      dump(d.value, indent + 1, &out)
    case .statement(let s):
      line(&out, indent, "statement \(s.name.name)", s.span)
      for a in s.arguments {
        if let label = a.label {
          line(&out, indent + 1, "\(label.name):", a.span)
          dump(a.value, indent + 2, &out)
        } else {
          dump(a.value, indent + 1, &out)
        }
      }
      if let block = s.block { dump(block, indent + 1, &out) }
    case .error(let span):
      line(&out, indent, "error", span)
    }
  }

  private func dump(_ block: Block, _ indent: Int, _ out: inout String) {
    line(&out, indent, "block", block.span)
    for item in block.items { dump(item, indent + 1, &out) }
  }

  private func dump(_ expr: Expr, _ indent: Int, _ out: inout String) {
    switch expr.kind {
    case .literal(let value):
      line(&out, indent, describe(value), expr.span)
    case .bool(let b):
      line(&out, indent, "bool \(b)", expr.span)
    case .string(let segments):
      line(&out, indent, "string", expr.span)
      for segment in segments {
        switch segment {
        case .text(let text, let span):
          line(&out, indent + 1, "text \(quoted(text))", span)
        case .interpolation(let inner):
          line(&out, indent + 1, "interpolation", inner.span)
          dump(inner, indent + 2, &out)
        }
      }
    case .name(let id):
      line(&out, indent, "name \(id.name)", expr.span)
    case .member(let base, let member):
      line(&out, indent, "member .\(member.name)", expr.span)
      dump(base, indent + 1, &out)
    case .call(let callee, let arguments):
      line(&out, indent, "call \(callee.name)", expr.span)
      for a in arguments {
        if let label = a.label {
          line(&out, indent + 1, "\(label.name):", a.span)
          dump(a.value, indent + 2, &out)
        } else {
          dump(a.value, indent + 1, &out)
        }
      }
    case .binary(let first, let rest):
      // `binary + -` for `a + b - c`: the operators in order, then the operands.
      line(&out, indent, "binary " + rest.map(\.op.rawValue).joined(separator: " "), expr.span)
      dump(first, indent + 1, &out)
      for operation in rest { dump(operation.operand, indent + 1, &out) }
    case .negate(let operand):
      line(&out, indent, "negate", expr.span)
      dump(operand, indent + 1, &out)
    case .parenthesized(let inner):
      line(&out, indent, "paren", expr.span)
      dump(inner, indent + 1, &out)
    case .error:
      line(&out, indent, "error", expr.span)
    }
  }

  private func quoted(_ text: String) -> String {
    var s = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": s += "\\\""
      case "\\": s += "\\\\"
      case "\n": s += "\\n"
      case "\t": s += "\\t"
      default:
        if scalar.value < 0x20 {
          s += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          s.unicodeScalars.append(scalar)
        }
      }
    }
    return s + "\""
  }

  /// Literal values printed exactly (rationals as `n/d`).
  public func describe(_ value: LiteralValue) -> String {
    switch value {
    case .number(let r): "number \(r)"
    case .duration(.seconds(let r)): "duration \(r)s"
    case .duration(.frames(let n)): "duration \(n)f"
    case .duration(.timecode(let s, let f)): "timecode \(s)s+\(f)f"
    case .ratio(let a, let b): "ratio \(a):\(b)"
    case .size(let w, let h): "size \(w)x\(h)"
    case .percent(let r): "percent \(r)"
    case .gain(let r): "gain \(r)dB"
    case .speed(let r): "speed \(r)x"
    case .angle(let r): "angle \(r)deg"
    case .color(let c): "color #" + String(format8: c)
    }
  }
}

extension String {
  /// Eight upper-case hex digits.
  init(format8 value: UInt32) {
    let hex = String(value, radix: 16, uppercase: true)
    self = String(repeating: "0", count: Swift.max(0, 8 - hex.count)) + hex
  }
}
