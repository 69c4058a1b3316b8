import VEDLSource

// The syntax tree: immutable values with byte-offset spans and no semantic information.
// Rule names in the comments are those of Grammar/vedl.ebnf.

/// A name as written, with its span.
public struct Identifier: Hashable, Sendable {
  public var name: String
  public var span: Span

  public init(_ name: String, _ span: Span) {
    self.name = name
    self.span = span
  }
}

/// Binary operators, in the precedence classes of `Grammar/vedl.ebnf` (`range_expr`,
/// `additive`, `multiplicative`).
public enum BinaryOperator: String, Hashable, Sendable, CaseIterable {
  case range = ".."
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"

  /// Higher binds tighter.
  public var precedence: Int {
    switch self {
    case .range: 1
    case .add, .subtract: 2
    case .multiply, .divide: 3
    }
  }
}

/// A piece of a string expression: decoded text or a parsed interpolation.
public enum StringSegment: Hashable, Sendable {
  case text(String, span: Span)
  case interpolation(Expr)
}

/// `expression` — the value forms of §3 of the language.
///
/// Only the cases that contain another expression are `indirect` (boxed on the heap): the
/// leaves — literals, names, strings — are stored inline, so most arguments cost no
/// allocation of their own (files have hundreds of thousands of them).
public enum ExprKind: Hashable, Sendable {
  case literal(LiteralValue)
  case bool(Bool)
  case string([StringSegment])
  /// A bare name: `intro`, `end`, `horizontal`.
  case name(Identifier)
  /// `base.member`: `opening.end`, `main.duration`.
  indirect case member(Expr, Identifier)
  /// `callee(arguments)`: `video("a.mp4")`, `dynamic(maximumTracks: 2)`.
  indirect case call(Identifier, [Argument])
  /// `first op operand op operand …`: operators of one precedence class, applied left to
  /// right (`a - b + c` is `(a - b) + c`); `a..b` is one with the operator `..`. A run of
  /// operators is one node with a list, not nested pairs, so that a long sum (`1 + 1 + …`,
  /// thousands of terms) is no deeper than a short one: every walk over the tree, and freeing
  /// it, stays shallow.
  indirect case binary(Expr, [BinaryOperation])
  /// `-operand`.
  indirect case negate(Expr)
  /// `( inner )` — kept so the formatter can print what the user wrote.
  indirect case parenthesized(Expr)
  /// Missing or malformed expression; a diagnostic has been reported.
  case error
}

/// One operator of a ``ExprKind/binary(_:_:)`` run and the operand after it.
public struct BinaryOperation: Hashable, Sendable {
  public var op: BinaryOperator
  public var operand: Expr

  public init(_ op: BinaryOperator, _ operand: Expr) {
    self.op = op
    self.operand = operand
  }
}

/// An expression with its span.
public struct Expr: Hashable, Sendable {
  public var kind: ExprKind
  public var span: Span

  public init(_ kind: ExprKind, _ span: Span) {
    self.kind = kind
    self.span = span
  }
}

/// `argument` — a positional value or `label: value`.
public struct Argument: Hashable, Sendable {
  public var label: Identifier?
  public var value: Expr
  public var span: Span

  public init(label: Identifier?, value: Expr, span: Span) {
    self.label = label
    self.value = value
    self.span = span
  }
}

/// `block` — `{ item* }`.
public struct Block: Hashable, Sendable {
  public var items: [Item]
  /// From `{` to `}` inclusive.
  public var span: Span

  public init(items: [Item], span: Span) {
    self.items = items
    self.span = span
  }
}

/// `statement` — `NAME argument* block?`.
public struct Statement: Hashable, Sendable {
  public var name: Identifier
  public var arguments: [Argument]
  public var block: Block?
  public var span: Span

  public init(name: Identifier, arguments: [Argument], block: Block?, span: Span) {
    self.name = name
    self.arguments = arguments
    self.block = block
    self.span = span
  }

  /// The argument labelled `label`, if any (the first, when repeated).
  public func argument(_ label: String) -> Argument? {
    arguments.first { $0.label?.name == label }
  }

  /// Arguments without a label, in order.
  public var positional: [Argument] { arguments.filter { $0.label == nil } }
}

/// `version_decl` — `vedl N`.
public struct VersionDecl: Hashable, Sendable {
  public var version: Expr
  public var span: Span

  public init(version: Expr, span: Span) {
    self.version = version
    self.span = span
  }
}

/// `param_decl` — `param NAME: Type (= default)?`.
public struct ParamDecl: Hashable, Sendable {
  public var name: Identifier
  public var type: Identifier
  public var defaultValue: Expr?
  public var span: Span

  public init(name: Identifier, type: Identifier, defaultValue: Expr?, span: Span) {
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.span = span
  }
}

/// `let_decl` — `let NAME = expression`.
public struct LetDecl: Hashable, Sendable {
  public var name: Identifier
  public var value: Expr
  public var span: Span

  public init(name: Identifier, value: Expr, span: Span) {
    self.name = name
    self.value = value
    self.span = span
  }
}

/// `item` — one line of a file or block.
///
/// Declarations are boxed (`indirect`), so that an item is the size of a statement: blocks
/// hold hundreds of thousands of items, and declarations are few.
public enum Item: Hashable, Sendable {
  indirect case version(VersionDecl)
  indirect case param(ParamDecl)
  indirect case `let`(LetDecl)
  case statement(Statement)
  /// A line that could not be parsed; a diagnostic has been reported.
  case error(Span)

  public var span: Span {
    switch self {
    case .version(let d): d.span
    case .param(let d): d.span
    case .let(let d): d.span
    case .statement(let s): s.span
    case .error(let s): s
    }
  }
}

/// `file` — the root of the tree.
public struct SourceFileSyntax: Hashable, Sendable {
  public var items: [Item]
  public var span: Span

  public init(items: [Item], span: Span) {
    self.items = items
    self.span = span
  }
}
