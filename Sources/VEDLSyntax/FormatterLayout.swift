import VEDLSource

// The formatter's view of a file: one flat list of tokens and comments in source order,
// annotated with what the printer needs to know (see `Formatter.swift` for the rules).

/// The part a token or comment plays in the canonical layout. Spacing between two neighbours
/// is decided from their roles alone (`FormatRole.needsSpace(after:before:)`).
enum FormatRole: UInt8, Sendable {
  /// An identifier or keyword.
  case word
  /// A literal other than a size.
  case literal
  /// A size literal (`1080x1920`): the lexer would read a `.` glued to it as part of a
  /// malformed literal, so a `.` or `..` after it keeps a space.
  case sizeLiteral
  case string
  case openBrace
  case closeBrace
  /// A `(` that groups an expression (or starts a separate parenthesised argument).
  case openParen
  /// The `(` of a call, glued to its callee: `video(`.
  case callParen
  case closeParen
  case comma
  case colon
  case semicolon
  /// Member access `.`.
  case dot
  /// Range `..`, written without spaces.
  case dotDot
  /// Range `..` after a size literal, written with spaces on both sides.
  case spacedDotDot
  /// Unary minus, glued to its operand.
  case unaryMinus
  /// `+ - * / =` (binary, spaced).
  case binaryOperator
  case lineComment
  case blockComment

  var isComment: Bool { self == .lineComment || self == .blockComment }
  var isOpener: Bool { self == .openParen || self == .callParen || self == .openBrace }
  var isCloser: Bool { self == .closeParen || self == .closeBrace }
  var isParen: Bool { self == .openParen || self == .callParen }

  /// Whether one space separates `previous` and `next` when both are on the same line.
  static func needsSpace(after previous: FormatRole, before next: FormatRole) -> Bool {
    if next.isComment { return !previous.isParen }
    if previous.isComment { return !(next == .comma || next == .closeParen || next == .colon) }
    switch next {
    case .comma, .closeParen, .colon, .callParen, .dotDot: return false
    case .dot: return previous == .sizeLiteral
    case .spacedDotDot: return true
    default: break
    }
    switch previous {
    case .openParen, .callParen, .dot, .dotDot, .unaryMinus: return false
    default: return true
    }
  }
}

/// How a bracketed region (`( … )` or `{ … }`) is laid out; stored on its opener.
struct ContainerShape: OptionSet, Sendable {
  let rawValue: UInt8
  /// A parenthesis group with a line break or line comment directly inside: one argument
  /// per line, the closer on its own line.
  static let expanded = ContainerShape(rawValue: 1)
  /// A block whose source has no line break and no comment between `{` and `}`: it may
  /// stay on one line as `{ a; b }` if it fits.
  static let singleLine = ContainerShape(rawValue: 2)
  /// Nothing but `;` between the brackets: printed `{}` or `()`.
  static let empty = ContainerShape(rawValue: 4)
}

/// One token or comment of the source, as the printer sees it.
struct FormatElement: Sendable {
  var role: FormatRole
  /// Byte span in the source.
  var start: Int
  var end: Int
  /// Line breaks in the source between the previous element and this one, capped at 2
  /// (2 means there was at least one blank line).
  var breaks: Int
  /// For an opener, the index of its closer; for a closer, the index of its opener; else -1.
  var partner: Int = -1
  /// For an opener, how its region is laid out.
  var shape: ContainerShape = []
}

/// Builds the annotated element list from a parse result.
enum FormatLayout {
  /// The elements of `result`, or `nil` when the token stream is not balanced (which a
  /// parse without errors never produces).
  static func elements(of result: ParseResult) -> [FormatElement]? {
    var hints = SyntaxHints()
    hints.collect(result.syntax)
    var elements = merge(result, hints: hints)
    guard matchContainers(&elements) else { return nil }
    hoistCommas(&elements)
    return elements
  }

  /// Merges tokens (without newline and end-of-file tokens) and comments by offset, giving
  /// each its role and the number of line breaks before it.
  private static func merge(_ result: ParseResult, hints: SyntaxHints) -> [FormatElement] {
    let bytes = result.file.bytes
    let tokens = result.tokens
    let comments = result.comments
    var elements: [FormatElement] = []
    elements.reserveCapacity(tokens.count + comments.count)
    var t = 0
    var c = 0
    var previousEnd = 0
    while true {
      while t < tokens.count, tokens[t].kind == .newline || tokens[t].kind == .endOfFile { t += 1 }
      let haveToken = t < tokens.count
      let haveComment = c < comments.count
      if !haveToken && !haveComment { break }
      let role: FormatRole
      let span: Span
      if haveComment && (!haveToken || comments[c].span.start < tokens[t].span.start) {
        span = comments[c].span
        role = comments[c].style == .line ? .lineComment : .blockComment
        c += 1
      } else {
        span = tokens[t].span
        role = tokenRole(tokens[t], hints: hints, previous: elements.last?.role)
        t += 1
      }
      var breaks = 0
      var p = previousEnd
      while p < span.start && breaks < 2 {
        if bytes[p] == UInt8(ascii: "\n") { breaks += 1 }
        p += 1
      }
      elements.append(FormatElement(role: role, start: span.start, end: span.end, breaks: breaks))
      previousEnd = max(previousEnd, span.end)
    }
    return elements
  }

  private static func tokenRole(_ token: Token, hints: SyntaxHints, previous: FormatRole?) -> FormatRole {
    switch token.kind {
    case .identifier, .keyword, .error, .comment, .newline, .endOfFile:
      return .word
    case .literal(.size):
      return .sizeLiteral
    case .literal:
      return .literal
    case .string:
      return .string
    case .punctuation(let p):
      switch p {
      case .leftBrace: return .openBrace
      case .rightBrace: return .closeBrace
      case .leftParen: return hints.callParens.contains(token.span.start) ? .callParen : .openParen
      case .rightParen: return .closeParen
      case .comma: return .comma
      case .colon: return .colon
      case .semicolon: return .semicolon
      case .dot: return .dot
      case .dotDot: return previous == .sizeLiteral ? .spacedDotDot : .dotDot
      case .minus: return hints.negations.contains(token.span.start) ? .unaryMinus : .binaryOperator
      case .plus, .star, .slash, .equals: return .binaryOperator
      }
    }
  }

  /// Pairs openers with closers and decides each container's shape. Returns `false` when the
  /// brackets do not balance.
  private static func matchContainers(_ elements: inout [FormatElement]) -> Bool {
    struct Open {
      var index: Int
      var directBreak = false
      var directLineComment = false
      /// A line break or comment anywhere inside, nested containers included.
      var anyBreakOrComment = false
      var directItems = 0
    }
    var stack: [Open] = []
    for i in elements.indices {
      let e = elements[i]
      if e.breaks > 0, !stack.isEmpty {
        stack[stack.count - 1].directBreak = true
        stack[stack.count - 1].anyBreakOrComment = true
      }
      if e.role.isCloser {
        guard let open = stack.popLast() else { return false }
        let opener = elements[open.index].role
        guard (e.role == .closeBrace) == (opener == .openBrace) else { return false }
        elements[open.index].partner = i
        elements[i].partner = open.index
        var shape: ContainerShape = []
        if open.directItems == 0 { shape.insert(.empty) }
        if opener == .openBrace {
          if !open.anyBreakOrComment { shape.insert(.singleLine) }
        } else if open.directBreak || open.directLineComment {
          shape.insert(.expanded)
        }
        elements[open.index].shape = shape
        if open.anyBreakOrComment, !stack.isEmpty { stack[stack.count - 1].anyBreakOrComment = true }
        continue
      }
      if !stack.isEmpty {
        let top = stack.count - 1
        if e.role != .semicolon { stack[top].directItems += 1 }
        if e.role.isComment { stack[top].anyBreakOrComment = true }
        if e.role == .lineComment { stack[top].directLineComment = true }
      }
      if e.role.isOpener { stack.append(Open(index: i)) }
    }
    return stack.isEmpty
  }

  /// Moves every `,` in front of the comments that precede it, so that an argument's comma
  /// stays on the argument's line and a line comment after it never has to be followed by
  /// the comma (`a // note` ⏎ `, b` becomes `a, // note` ⏎ `b`). Only comments move relative
  /// to tokens, so the token sequence — and the meaning — is unchanged.
  private static func hoistCommas(_ elements: inout [FormatElement]) {
    for j in elements.indices where elements[j].role == .comma {
      var k = j
      while k > 0, elements[k - 1].role.isComment { k -= 1 }
      guard k < j else { continue }
      var comma = elements[j]
      comma.breaks = 0
      var m = j
      while m > k {
        elements[m] = elements[m - 1]
        m -= 1
      }
      elements[k] = comma
    }
  }
}

/// Facts about tokens that only the syntax tree knows: which `-` is unary and which `(`
/// opens a call. Both are recorded by the byte offset of the token.
struct SyntaxHints {
  var negations: Set<Int> = []
  var callParens: Set<Int> = []

  mutating func collect(_ file: SourceFileSyntax) {
    for item in file.items { collect(item) }
  }

  private mutating func collect(_ item: Item) {
    switch item {
    case .version(let v): collect(v.version)
    case .param(let p): if let value = p.defaultValue { collect(value) }
    case .let(let l): collect(l.value)
    case .statement(let s):
      for argument in s.arguments { collect(argument.value) }
      if let block = s.block {
        for inner in block.items { collect(inner) }
      }
    case .error: break
    }
  }

  private mutating func collect(_ expr: Expr) {
    switch expr.kind {
    case .negate(let operand):
      negations.insert(expr.span.start)
      collect(operand)
    case .call(let callee, let arguments):
      callParens.insert(callee.span.end)
      for argument in arguments { collect(argument.value) }
    case .member(let base, _):
      collect(base)
    case .binary(let first, let rest):
      collect(first)
      for operation in rest { collect(operation.operand) }
    case .parenthesized(let inner):
      collect(inner)
    case .literal, .bool, .string, .name, .error:
      // String interpolations are printed as their source text, so their tokens need no hints.
      break
    }
  }
}
