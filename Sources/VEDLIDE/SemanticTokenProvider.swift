import VEDLSema
import VEDLSource
import VEDLSyntax

/// One classified stretch of source for semantic highlighting. It may span lines (block
/// comments); the language server splits it where the protocol needs single-line tokens.
public struct SemanticToken: Sendable, Hashable {
  /// What the text is. The order is the legend the language server announces.
  public enum Kind: Int, Sendable, Hashable, CaseIterable {
    /// `vedl`, `param`, `let`, `true`, `false`.
    case keyword
    /// A statement name: `clip`, `track`, `crop`.
    case statement
    /// An argument label: `trim` in `trim: 2s..6s`.
    case label
    /// An enumeration case or switch word: `bottomTrailing`, `muted`, `white`.
    case enumMember
    /// A `let` name.
    case variable
    /// A `param` name.
    case parameter
    /// An item id: `opening`.
    case item
    /// A member after `.`: `end` in `opening.end`.
    case member
    /// A called name: `video`, `dynamic`.
    case function
    /// A type after `param NAME:`.
    case type
    case string
    /// Numbers and every literal with a unit (`2s`, `9:16`, `#FF0000`).
    case number
    case comment
    /// `+ - * / .. =`.
    case `operator`
  }

  /// Modifiers, as bits (`1 << rawValue`), in the legend's order.
  public struct Modifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Where a name is defined.
    public static let declaration = Modifiers(rawValue: 1 << 0)
    /// Names that cannot be reassigned (every VEDL name).
    public static let readonly = Modifiers(rawValue: 1 << 1)
    /// Built into the language: `end`, `main`, `canvas`, colour names, source constructors.
    public static let defaultLibrary = Modifiers(rawValue: 1 << 2)
    /// The modifier names, in bit order.
    public static let legend = ["declaration", "readonly", "defaultLibrary"]
  }

  public var span: Span
  public var kind: Kind
  public var modifiers: Modifiers
}

/// Semantic highlighting: every token classified with what the schema and the names say —
/// statements, labels, enumeration cases, `let`s, `param`s, item ids, members, calls, types,
/// literals, strings (with their interpolations), comments and operators.
public enum SemanticTokenProvider {
  /// The tokens of a document in source order, without overlaps.
  public static func tokens(in syntax: SyntaxAnalysis) -> [SemanticToken] {
    var roles: [Int: (SemanticToken.Kind, SemanticToken.Modifiers)] = [:]
    let symbols = syntax.symbols
    for d in symbols.definitions {
      switch d.kind {
      case .let: roles[d.nameSpan.start] = (.variable, [.declaration, .readonly])
      case .param: roles[d.nameSpan.start] = (.parameter, [.declaration, .readonly])
      case .item: roles[d.nameSpan.start] = (.item, [.declaration, .readonly])
      }
    }
    func classify(_ expr: Expr, _ expected: ValueType?) {
      ExpressionWalk.visit(expr, expected: expected) { e, type in
        switch e.kind {
        case .name(let id):
          guard roles[id.span.start] == nil else { return }
          if let type, type.admitsWord(id.name) {
            roles[id.span.start] = (.enumMember, [])
          } else if let d = symbols.definition(named: id.name) {
            switch d.kind {
            case .let: roles[id.span.start] = (.variable, .readonly)
            case .param: roles[id.span.start] = (.parameter, .readonly)
            case .item: roles[id.span.start] = (.item, .readonly)
            }
          } else if id.name == "end" || id.name == "main" || id.name == "canvas" {
            roles[id.span.start] = (.variable, [.readonly, .defaultLibrary])
          } else if ColorNames.table[id.name] != nil {
            roles[id.span.start] = (.enumMember, .defaultLibrary)
          }
        case .member(_, let member):
          roles[member.span.start] = (.member, [])
        case .call(let callee, _):
          roles[callee.span.start] = (.function, .defaultLibrary)
        default:
          break
        }
      }
    }
    for entry in syntax.statements.entries {
      roles[entry.statement.name.span.start] = (.statement, [])
      for bound in entry.arguments {
        if let label = bound.argument.label { roles[label.span.start] = (.label, []) }
        if bound.role == .flag { roles[bound.argument.value.span.start] = (.enumMember, []) }
        classify(bound.argument.value, bound.schema?.type)
      }
    }
    for item in syntax.parse.syntax.items {
      switch item {
      case .let(let d):
        classify(d.value, nil)
      case .param(let d):
        roles[d.type.span.start] = (.type, ParameterTypes.table[d.type.name] != nil ? .defaultLibrary : [])
        if let value = d.defaultValue { classify(value, ParameterTypes.table[d.type.name]) }
      default:
        break
      }
    }

    var out: [SemanticToken] = []
    out.reserveCapacity(syntax.parse.tokens.count + syntax.parse.comments.count)
    func emit(_ token: Token) {
      switch token.kind {
      case .keyword:
        out.append(SemanticToken(span: token.span, kind: .keyword, modifiers: []))
      case .literal:
        out.append(SemanticToken(span: token.span, kind: .number, modifiers: []))
      case .identifier:
        if let (kind, modifiers) = roles[token.span.start] {
          out.append(SemanticToken(span: token.span, kind: kind, modifiers: modifiers))
        }
      case .punctuation(let p):
        switch p {
        case .plus, .minus, .star, .slash, .dotDot, .equals:
          out.append(SemanticToken(span: token.span, kind: .operator, modifiers: []))
        default:
          break
        }
      case .string(let pieces):
        var cursor = token.span.start
        for case .interpolation(let inner) in pieces {
          // `\(` belongs to the string, the expression is highlighted as code, `)` closes it.
          if inner.start > cursor {
            out.append(SemanticToken(span: Span(start: cursor, end: inner.start), kind: .string, modifiers: []))
          }
          let lexed = Lexer.lex(syntax.file, range: inner)
          for t in lexed.tokens { emit(t) }
          cursor = inner.end
        }
        if token.span.end > cursor {
          out.append(SemanticToken(span: Span(start: cursor, end: token.span.end), kind: .string, modifiers: []))
        }
      default:
        break
      }
    }
    for token in syntax.parse.tokens { emit(token) }
    for comment in syntax.parse.comments {
      out.append(SemanticToken(span: comment.span, kind: .comment, modifiers: []))
    }
    out.sort { $0.span < $1.span }
    // Drop anything overlapping its predecessor (an interpolation re-lexed inside a string
    // never overlaps, but malformed input must not produce overlapping tokens).
    var result: [SemanticToken] = []
    result.reserveCapacity(out.count)
    for token in out where token.span.length > 0 {
      if let last = result.last, token.span.start < last.span.end { continue }
      result.append(token)
    }
    return result
  }
}
