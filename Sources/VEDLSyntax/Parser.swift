import VEDLDiagnostics
import VEDLSource
import VEDLTime

/// Everything the front end knows about one file after parsing.
public struct ParseResult: Sendable {
  public let file: SourceFile
  public let syntax: SourceFileSyntax
  /// The token stream when the parse kept it (``Parser/parse(_:keepingTokens:)``).
  private let keptTokens: [Token]?
  public let comments: [Comment]
  /// Lexical and syntax diagnostics, in source order.
  public let diagnostics: [Diagnostic]

  init(file: SourceFile, syntax: SourceFileSyntax, tokens: [Token]?, comments: [Comment], diagnostics: [Diagnostic]) {
    self.file = file
    self.syntax = syntax
    self.keptTokens = tokens
    self.comments = comments
    self.diagnostics = diagnostics
  }

  /// The token stream (without comments), ending with `.endOfFile`: as kept by the parse, or
  /// lexed again when the parse did not keep it.
  public var tokens: [Token] { keptTokens ?? Lexer.lex(file).tokens }

  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Recursive-descent parser for `Grammar/vedl.ebnf`.
///
/// It never fails: it always returns a tree plus diagnostics. After a syntax error it skips to
/// the end of the statement (newline, `;` or the enclosing `}`), so one mistake gives one
/// diagnostic. Nesting deeper than ``Parser/maximumDepth`` is reported instead of recursing.
///
/// Tokens come from the lexer a window at a time. The parser needs one token of lookahead at
/// most (consecutive line breaks are a single token), so a window always holds the current
/// token and the next one.
public struct Parser {
  /// Deepest allowed nesting of blocks and expressions together.
  public static let maximumDepth = 200
  /// How many tokens the lexer adds to the window at a time, when the tokens are not kept.
  private static let windowSize = 4096

  /// Files at least this large are lexed on another thread while they are parsed (when the
  /// tokens are not kept).
  private static let pipeThreshold = 1 << 18

  private let file: SourceFile
  private var lexer: Lexer
  /// The lexer's other thread, for a large file (then `lexer` is unused).
  private var pipe: TokenPipe?
  /// The tokens lexed so far that are still needed: `tokens[p]` is the current one.
  private var tokens: [Token] = []
  private var p = 0
  /// The span of the token before the current one (the first token's own span at the start).
  private var previousSpan = Span.point(0)
  /// How many tokens have been consumed (to tell whether a parsing step made progress).
  private var consumed = 0
  private var depth = 0
  /// How many `(` are open around the current token (line breaks are partly insignificant there).
  private var parenDepth = 0
  /// Whether a statement's arguments are being parsed (where a sign-like `-` starts the next
  /// argument); not in a `let` or `param` value, which is one expression.
  private var inArguments = false
  private var diagnostics: [Diagnostic] = []
  /// Set after an error until the statement ends, so one mistake yields one diagnostic.
  private var recovering = false

  /// Parses a whole file, keeping its tokens in the result.
  public static func parse(_ file: SourceFile) -> ParseResult {
    parse(file, keepingTokens: true)
  }

  /// Parses a whole file. Without `keepingTokens` the result's ``ParseResult/tokens`` are lexed
  /// again if asked for, and the parse needs much less memory (the checker does not use them).
  public static func parse(_ file: SourceFile, keepingTokens: Bool) -> ParseResult {
    let lexer = Lexer(file: file, range: Span(start: 0, end: file.bytes.count))
    var parser: Parser
    if !keepingTokens && file.bytes.count >= pipeThreshold {
      parser = Parser(file: file, pipe: TokenPipe(lexer, windowSize: 4 * windowSize, slotCount: 8))
    } else {
      parser = Parser(file: file, lexer: lexer, keepingTokens: keepingTokens)
    }
    let syntax = parser.parseFile()
    let lexed = parser.pipe?.finish() ?? (comments: parser.lexer.comments, diagnostics: parser.lexer.diagnostics)
    var all = lexed.diagnostics + parser.diagnostics
    all.sort { $0.span.start < $1.span.start }
    return ParseResult(
      file: file, syntax: syntax, tokens: keepingTokens ? parser.tokens : nil, comments: lexed.comments,
      diagnostics: all)
  }

  /// Parses a single expression from `range` of `file` (used for string interpolations, and by
  /// tools that evaluate `--set` values). Diagnostics include the lexer's.
  public static func parseExpression(_ file: SourceFile, range: Span, depth: Int = 0) -> (Expr, [Diagnostic]) {
    let lexed = Lexer.lex(file, range: range)
    var parser = Parser(file: file, tokens: lexed.tokens.filter { $0.kind != .newline })
    parser.depth = depth
    let expr = parser.parseExpression()
    if !parser.atEndOfFile, !parser.recovering, !lexed.diagnostics.contains(where: { $0.severity == .error }) {
      parser.error(
        .unexpectedToken, "expected end of interpolation, found \(parser.describe(parser.current))", parser.current.span
      )
    }
    if case .error = expr.kind, parser.diagnostics.isEmpty, lexed.diagnostics.isEmpty {
      parser.error(.expectedExpression, "expected expression", range)
    }
    return (expr, lexed.diagnostics + parser.diagnostics)
  }

  /// A parser of the tokens `lexer` makes; with `keepingTokens` it lexes them all at once
  /// (they stay in ``tokens``), otherwise a window at a time.
  private init(file: SourceFile, lexer: Lexer, keepingTokens: Bool) {
    self.file = file
    self.lexer = lexer
    if keepingTokens {
      tokens.reserveCapacity(file.bytes.count / 4)
      self.lexer.fill(&tokens, upTo: .max)
    } else {
      tokens.reserveCapacity(Parser.windowSize + 1)
      self.lexer.fill(&tokens, upTo: Parser.windowSize)
    }
    previousSpan = tokens[0].span
  }

  /// A parser of the tokens `pipe` delivers.
  private init(file: SourceFile, pipe: TokenPipe) {
    self.file = file
    self.lexer = Lexer(file: file, range: Span.point(0))
    self.pipe = pipe
    pipe.next(swappingWith: &tokens)
    previousSpan = tokens[0].span
  }

  /// A parser of `tokens`, already lexed (ending with `.endOfFile`).
  private init(file: SourceFile, tokens: [Token]) {
    self.file = file
    self.lexer = Lexer(file: file, range: Span.point(0))
    self.tokens = tokens
    previousSpan = tokens[0].span
  }

  // MARK: Token helpers

  private var current: Token { tokens[p] }

  /// The token after the current one (`.endOfFile` at the end).
  private func peekToken() -> Token { tokens[min(p + 1, tokens.count - 1)] }

  private func at(_ punct: Punctuation) -> Bool {
    if case .punctuation(let q) = tokens[p].kind { return q == punct }
    return false
  }

  private var atNewline: Bool {
    if case .newline = tokens[p].kind { return true }
    return false
  }

  private var atEndOfFile: Bool {
    if case .endOfFile = tokens[p].kind { return true }
    return false
  }

  /// Moves to the next token (staying on `.endOfFile` at the end).
  private mutating func advance() {
    guard p < tokens.count - 1 else { return }
    previousSpan = tokens[p].span
    consumed += 1
    p += 1
    if p == tokens.count - 1, !atEndOfFile {
      // Only the current token is left: the next window starts with it.
      if let pipe {
        pipe.next(swappingWith: &tokens)
      } else {
        let last = tokens[p]
        tokens.removeAll(keepingCapacity: true)
        tokens.append(last)
        lexer.fill(&tokens, upTo: Parser.windowSize)
      }
      p = 0
    }
  }

  /// Whether the current token ends a statement (without consuming it).
  private var atStatementEnd: Bool {
    switch current.kind {
    case .newline, .endOfFile, .punctuation(.semicolon), .punctuation(.rightBrace): true
    default: false
    }
  }

  private mutating func error(
    _ code: DiagnosticCode, _ message: String, _ span: Span, labels: [Label] = [], help: String? = nil
  ) {
    guard !recovering else { return }
    diagnostics.append(Diagnostic(code, message, file: file, span: span, labels: labels, help: help))
    recovering = true
  }

  /// A short description of a token for messages: "`{`", "identifier `clip`", "end of line".
  private func describe(_ token: Token) -> String {
    switch token.kind {
    case .identifier(let name): "identifier `\(name)`"
    case .keyword(let k): "keyword `\(k.rawValue)`"
    case .literal: "literal `\(file.text(token.span))`"
    case .string: "string literal"
    case .punctuation(let p): "`\(p.rawValue)`"
    case .newline: "end of line"
    case .endOfFile: "end of file"
    case .comment: "comment"
    case .error: "`\(file.text(token.span))`"
    }
  }

  /// Skips to the end of the current statement, stepping over balanced blocks, without
  /// consuming the terminator. Iterative, so it is safe on any nesting depth.
  private mutating func synchronize() {
    var braces = 0
    while true {
      switch current.kind {
      case .endOfFile:
        return
      case .newline, .punctuation(.semicolon):
        if braces == 0 { return }
      case .punctuation(.leftBrace):
        braces += 1
      case .punctuation(.rightBrace):
        if braces == 0 { return }
        braces -= 1
      default:
        break
      }
      advance()
    }
  }

  private mutating func skipNewlines() {
    while atNewline { advance() }
  }

  /// Inside parentheses, skips a line break when what follows it continues the expression:
  /// `)`, `,` or a binary operator (rule S6 of the grammar). Elsewhere a line break ends the
  /// statement, so an unclosed `(` never swallows the following lines.
  private mutating func skipNewlinesIfContinued() {
    guard parenDepth > 0, atNewline else { return }
    // Consecutive line breaks are one token (the lexer merges them): the one after decides.
    switch peekToken().kind {
    case .punctuation(.rightParen), .punctuation(.comma), .punctuation(.plus), .punctuation(.minus),
      .punctuation(.star), .punctuation(.slash), .punctuation(.dotDot):
      advance()
    default:
      break
    }
  }

  /// Inside parentheses, skips line breaks after something that cannot end an expression
  /// (`(`, `,`, a label's `:`, an operator).
  private mutating func skipNewlinesInParentheses() {
    if parenDepth > 0 { skipNewlines() }
  }

  // MARK: file, item, block

  /// `file := item*`
  private mutating func parseFile() -> SourceFileSyntax {
    var items: [Item] = []
    var sawItem = false
    while true {
      while atNewline || at(.semicolon) { advance() }
      if atEndOfFile { break }
      if at(.rightBrace) {
        error(.unmatchedClosingBrace, "unmatched closing brace `}`", current.span, help: "remove this `}`")
        recovering = false
        advance()
        continue
      }
      let item = parseItem()
      if case .version(let v) = item, sawItem {
        diagnostics.append(
          Diagnostic(
            .misplacedVersion, "`vedl` declaration must come first", file: file, span: v.span,
            help: "move `vedl 1` to the top of the file"))
      }
      items.append(item)
      sawItem = true
      endItem()
    }
    return SourceFileSyntax(items: items, span: Span(start: 0, end: file.bytes.count))
  }

  /// After an item: require a terminator (newline, `;`, `}` or end of file).
  private mutating func endItem() {
    if !atStatementEnd {
      error(
        .unexpectedToken, "expected end of statement, found \(describe(current))", current.span,
        help: "put each statement on its own line, or separate statements with `;`")
      synchronize()
    }
    recovering = false
  }

  /// `block := '{' item* '}'` — called with the current token `{`.
  private mutating func parseBlock() -> Block {
    let open = current.span
    advance()
    depth += 1
    defer { depth -= 1 }
    if depth > Parser.maximumDepth {
      error(.nestingTooDeep, "blocks nested more than \(Parser.maximumDepth) levels deep", open)
      let close = skipBalancedBlock()
      return Block(items: [], span: open.merged(with: close))
    }
    var items: [Item] = []
    while true {
      while atNewline || at(.semicolon) { advance() }
      if at(.rightBrace) {
        let close = current.span
        advance()
        return Block(items: items, span: open.merged(with: close))
      }
      if atEndOfFile {
        recovering = false
        error(
          .unclosedDelimiter, "unclosed `{`", open,
          labels: [Label(span: current.span, message: "file ends here")], help: "add the matching `}`")
        return Block(items: items, span: open.merged(with: current.span))
      }
      let item = parseItem()
      if case .version(let v) = item {
        diagnostics.append(
          Diagnostic(
            .misplacedVersion, "`vedl` declaration must come first", file: file, span: v.span,
            help: "move `vedl 1` to the top of the file"))
      }
      items.append(item)
      endItem()
    }
  }

  /// Skips a block whose `{` has been consumed, up to and including its `}`; returns the
  /// span of the `}` (or the end of file).
  private mutating func skipBalancedBlock() -> Span {
    var braces = 1
    while !atEndOfFile {
      if at(.leftBrace) { braces += 1 }
      if at(.rightBrace) {
        braces -= 1
        if braces == 0 {
          let span = current.span
          advance()
          return span
        }
      }
      advance()
    }
    return current.span
  }

  /// `item := version_decl | param_decl | let_decl | statement`
  private mutating func parseItem() -> Item {
    let start = current.span
    switch current.kind {
    case .keyword(.vedl):
      return .version(parseVersion())
    case .keyword(.param):
      return parseParam()
    case .keyword(.let):
      return parseLet()
    case .identifier(let name):
      return .statement(parseStatement(name: Identifier(name, current.span)))
    case .error:
      // Already reported by the lexer.
      recovering = true
      synchronize()
      return .error(start.merged(with: previousSpan))
    default:
      error(
        .unexpectedToken, "expected a statement, found \(describe(current))", current.span,
        help: "a statement starts with a name, e.g. `clip intro`")
      synchronize()
      return .error(start.merged(with: previousSpan))
    }
  }

  /// `version_decl := 'vedl' NUMBER`
  private mutating func parseVersion() -> VersionDecl {
    let start = current.span
    advance()
    let value = parseExpression()
    if case .literal(.number(let n)) = value.kind {
      if n != Rational(1) {
        diagnostics.append(
          Diagnostic(
            .unsupportedVersion, "unsupported language version `\(file.text(value.span))`",
            file: file, span: value.span, notes: ["this compiler understands VEDL version 1"],
            help: "declare `vedl 1`"))
      }
    } else if case .error = value.kind {
      // reported
    } else {
      error(.unexpectedToken, "expected a version number after `vedl`", value.span, help: "write `vedl 1`")
    }
    return VersionDecl(version: value, span: start.merged(with: value.span))
  }

  /// Expects an identifier (or keyword used as a name); reports and returns `nil` otherwise.
  private mutating func expectIdentifier(_ what: String) -> Identifier? {
    if case .identifier(let name) = current.kind {
      let id = Identifier(name, current.span)
      advance()
      return id
    }
    error(.unexpectedToken, "expected \(what), found \(describe(current))", current.span)
    return nil
  }

  private mutating func expect(_ punct: Punctuation, _ context: String) -> Bool {
    if at(punct) {
      advance()
      return true
    }
    error(.unexpectedToken, "expected `\(punct.rawValue)` \(context), found \(describe(current))", current.span)
    return false
  }

  /// `param_decl := 'param' IDENT ':' IDENT ( '=' expression )?`
  private mutating func parseParam() -> Item {
    let start = current.span
    advance()
    guard let name = expectIdentifier("a parameter name"),
      expect(.colon, "after the parameter name"),
      let type = expectIdentifier("a type name (`String`, `Number`, `Duration`, `Color`, …)")
    else {
      synchronize()
      return .error(start.merged(with: previousSpan))
    }
    var defaultValue: Expr? = nil
    var span = start.merged(with: type.span)
    if at(.equals) {
      advance()
      let value = parseExpression()
      defaultValue = value
      span = span.merged(with: value.span)
    }
    return .param(ParamDecl(name: name, type: type, defaultValue: defaultValue, span: span))
  }

  /// `let_decl := 'let' IDENT '=' expression`
  private mutating func parseLet() -> Item {
    let start = current.span
    advance()
    guard let name = expectIdentifier("a name after `let`"),
      expect(.equals, "after the name")
    else {
      synchronize()
      return .error(start.merged(with: previousSpan))
    }
    let value = parseExpression()
    return .let(LetDecl(name: name, value: value, span: start.merged(with: value.span)))
  }

  /// `statement := IDENT argument* block?`
  private mutating func parseStatement(name: Identifier) -> Statement {
    advance()
    var arguments: [Argument] = []
    var span = name.span
    while !atStatementEnd && !at(.leftBrace) {
      let before = consumed
      guard let argumentSpan = parseArgument(into: &arguments) else {
        synchronize()
        break
      }
      span = span.merged(with: argumentSpan)
      if consumed == before {
        synchronize()
        break
      }
    }
    var block: Block? = nil
    if at(.leftBrace) {
      let b = parseBlock()
      block = b
      span = span.merged(with: b.span)
    }
    return Statement(name: name, arguments: arguments, block: block, span: span)
  }

  /// Whether the current token is a word directly followed by `:` (an argument label).
  private var atLabel: Bool {
    switch current.kind {
    case .identifier, .keyword:
      if case .punctuation(.colon) = peekToken().kind { return true }
      return false
    default:
      return false
    }
  }

  /// `argument := ( label ':' )? expression` — appended to `arguments` (built in place, as
  /// arguments are the most numerous nodes); returns its span, or `nil` when there is none.
  private mutating func parseArgument(into arguments: inout [Argument]) -> Span? {
    inArguments = true
    defer { inArguments = false }
    if atLabel {
      let word: String
      switch current.kind {
      case .keyword(let k): word = k.rawValue
      case .identifier(let name): word = name
      default: word = file.text(current.span)
      }
      let label = Identifier(word, current.span)
      advance()
      advance()  // ':'
      skipNewlinesInParentheses()
      let value = parseExpression()
      let span = label.span.merged(with: value.span)
      arguments.append(Argument(label: label, value: value, span: span))
      return span
    }
    let value = parseExpression()
    if case .error = value.kind, value.span.length == 0 { return nil }
    let span = value.span
    arguments.append(Argument(label: nil, value: value, span: span))
    return span
  }

  // MARK: Expressions

  /// `expression := range_expr`
  mutating func parseExpression() -> Expr {
    depth += 1
    defer { depth -= 1 }
    if depth > Parser.maximumDepth {
      error(
        .nestingTooDeep, "expression nested more than \(Parser.maximumDepth) levels deep", current.span,
        help: "split the expression with `let` declarations")
      return Expr(.error, Span.point(current.span.start))
    }
    if let single = parseSingleTokenExpression() { return single }
    return parseRange()
  }

  /// A literal, `true`, `false` or a name that nothing after it continues (no operator,
  /// member, call or range): most arguments are one, and they skip the precedence chain.
  /// Returns `nil`, having consumed nothing, for anything else.
  private mutating func parseSingleTokenExpression() -> Expr? {
    let token = current
    let kind: ExprKind
    var isName = false
    switch token.kind {
    case .literal(let value): kind = .literal(value)
    case .keyword(.true): kind = .bool(true)
    case .keyword(.false): kind = .bool(false)
    case .identifier(let name):
      kind = .name(Identifier(name, token.span))
      isName = true
    default: return nil
    }
    let next = peekToken()
    switch next.kind {
    case .punctuation(.dot), .punctuation(.dotDot), .punctuation(.plus), .punctuation(.minus), .punctuation(.star),
      .punctuation(.slash):
      // (A spaced `-` may start the next argument instead: `parseBinary` decides.)
      return nil
    case .punctuation(.colon) where isName:
      return nil  // a label where a value should be: reported by `parsePrimary`
    case .punctuation(.leftParen) where isName && next.span.start == token.span.end:
      return nil  // a call
    case .newline where parenDepth > 0:
      return nil  // the next line may continue the expression
    default:
      break
    }
    advance()
    return Expr(kind, token.span)
  }

  /// `range_expr := additive ( '..' additive )?`
  private mutating func parseRange() -> Expr {
    let lhs = parseBinary(minimumPrecedence: 2)
    skipNewlinesIfContinued()
    guard at(.dotDot) else { return lhs }
    advance()
    skipNewlinesInParentheses()
    let rhs = parseBinary(minimumPrecedence: 2)
    return Expr(.binary(lhs, [BinaryOperation(.range, rhs)]), lhs.span.merged(with: rhs.span))
  }

  private func binaryOperator(_ token: Token) -> BinaryOperator? {
    switch token.kind {
    case .punctuation(.plus): .add
    case .punctuation(.minus): .subtract
    case .punctuation(.star): .multiply
    case .punctuation(.slash): .divide
    default: nil
    }
  }

  /// `additive` and `multiplicative`, by precedence climbing (left-associative). A run of
  /// operators of one precedence class becomes one ``ExprKind/binary(_:_:)`` node with a list
  /// of operands, so that `1 + 1 + … + 1` is as shallow as `1 + 1` however long it is.
  private mutating func parseBinary(minimumPrecedence: Int) -> Expr {
    var first = parseUnary()
    var rest: [BinaryOperation] = []
    skipNewlinesIfContinued()
    while let op = binaryOperator(current), op.precedence >= minimumPrecedence {
      if op == .subtract && minusStartsArgument { break }
      // Only a looser operator can follow a run here (a tighter one went into the operand):
      // the run so far becomes the first operand of the new one.
      if let last = rest.last, last.op.precedence != op.precedence {
        first = Expr(.binary(first, rest), first.span.merged(with: last.operand.span))
        rest = []
      }
      advance()
      skipNewlinesInParentheses()
      let rhs = depthGuarded { $0.parseBinary(minimumPrecedence: op.precedence + 1) }
      rest.append(BinaryOperation(op, rhs))
      skipNewlinesIfContinued()
    }
    guard let last = rest.last else { return first }
    return Expr(.binary(first, rest), first.span.merged(with: last.operand.span))
  }

  /// Whether the current `-` begins the next argument rather than continuing the expression
  /// (grammar note S5): outside parentheses, with a space before it and none after, as in
  /// `key 4s -20dB`. `a - b` and `a-b` stay one expression.
  private var minusStartsArgument: Bool {
    inArguments && parenDepth == 0 && current.span.start > previousSpan.end
      && peekToken().span.start == current.span.end
  }

  /// Runs `body` one nesting level deeper, or reports E0204.
  private mutating func depthGuarded(_ body: (inout Parser) -> Expr) -> Expr {
    depth += 1
    defer { depth -= 1 }
    if depth > Parser.maximumDepth {
      error(
        .nestingTooDeep, "expression nested more than \(Parser.maximumDepth) levels deep", current.span,
        help: "split the expression with `let` declarations")
      return Expr(.error, Span.point(current.span.start))
    }
    return body(&self)
  }

  /// `unary := '-' unary | postfix`
  private mutating func parseUnary() -> Expr {
    if at(.minus) {
      let start = current.span
      advance()
      let operand = depthGuarded { $0.parseUnary() }
      return Expr(.negate(operand), start.merged(with: operand.span))
    }
    return parsePostfix()
  }

  /// `postfix := primary ( '.' IDENT )*`
  private mutating func parsePostfix() -> Expr {
    var expr = parsePrimary()
    var members = 0
    while at(.dot) {
      // `a.b.c` is `(a.b).c`: each member is one level of nesting, counted like the others so
      // that no chain makes the tree deeper than the limit.
      members += 1
      if depth + members > Parser.maximumDepth {
        error(
          .nestingTooDeep, "expression nested more than \(Parser.maximumDepth) levels deep", current.span,
          help: "split the expression with `let` declarations")
        return expr
      }
      advance()
      guard let member = expectMemberName() else { return expr }
      expr = Expr(.member(expr, member), expr.span.merged(with: member.span))
    }
    return expr
  }

  private mutating func expectMemberName() -> Identifier? {
    switch current.kind {
    case .identifier(let name):
      let id = Identifier(name, current.span)
      advance()
      return id
    case .keyword(let k):
      let id = Identifier(k.rawValue, current.span)
      advance()
      return id
    default:
      error(
        .unexpectedToken, "expected a member name after `.`, found \(describe(current))", current.span,
        help: "write e.g. `opening.end`")
      return nil
    }
  }

  /// `primary := literal | string | 'true' | 'false' | IDENT | call | '(' expression ')'`
  private mutating func parsePrimary() -> Expr {
    let token = current
    switch token.kind {
    case .literal(let value):
      advance()
      return Expr(.literal(value), token.span)
    case .keyword(.true):
      advance()
      return Expr(.bool(true), token.span)
    case .keyword(.false):
      advance()
      return Expr(.bool(false), token.span)
    case .string(let pieces):
      advance()
      return Expr(.string(parseStringPieces(pieces)), token.span)
    case .identifier(let name) where peekToken().kind == .punctuation(.colon):
      // A label can never start an expression: the value before it is missing.
      error(.expectedExpression, "expected expression, found label `\(name):`", token.span)
      return Expr(.error, Span.point(token.span.start))
    case .identifier(let name):
      advance()
      let id = Identifier(name, token.span)
      if at(.leftParen), current.span.start == token.span.end {
        return parseCall(id)
      }
      return Expr(.name(id), token.span)
    case .punctuation(.leftParen):
      advance()
      let inner = parseParenthesizedContent(open: token.span)
      return inner
    case .error:
      advance()
      recovering = true  // the lexer has reported it
      return Expr(.error, token.span)
    default:
      error(.expectedExpression, "expected expression, found \(describe(token))", token.span)
      return Expr(.error, Span.point(token.span.start))
    }
  }

  /// The rest of `( expression )` after the `(`; newlines inside are ignored.
  private mutating func parseParenthesizedContent(open: Span) -> Expr {
    parenDepth += 1
    defer { parenDepth -= 1 }
    skipNewlines()
    let inner = parseExpression()
    skipNewlinesIfContinued()
    if at(.rightParen) {
      let close = current.span
      advance()
      return Expr(.parenthesized(inner), open.merged(with: close))
    }
    if !recovering {
      error(
        .unclosedDelimiter, "unclosed `(`: expected `)`, found \(describe(current))", open,
        labels: [Label(span: current.span, message: "expected `)` here")], help: "add the matching `)`")
    }
    return Expr(.parenthesized(inner), open.merged(with: inner.span))
  }

  /// `call := IDENT '(' ( argument ( ',' argument )* ','? )? ')'`
  private mutating func parseCall(_ callee: Identifier) -> Expr {
    let open = current.span
    advance()
    parenDepth += 1
    defer { parenDepth -= 1 }
    var arguments: [Argument] = []
    skipNewlines()
    while !at(.rightParen) {
      if atEndOfFile || at(.rightBrace) || at(.semicolon) || atNewline {
        error(
          .unclosedDelimiter, "unclosed `(` in call to `\(callee.name)`", open,
          labels: [Label(span: current.span, message: "expected `)` here")], help: "add the matching `)`")
        return Expr(.call(callee, arguments), callee.span.merged(with: previousSpan))
      }
      let before = consumed
      guard depthGuardedArgument(into: &arguments) != nil else {
        if consumed == before { advance() }
        continue
      }
      skipNewlinesIfContinued()
      if at(.comma) {
        advance()
        skipNewlines()
        continue
      }
      if !at(.rightParen) {
        error(
          .unexpectedToken, "expected `,` or `)` in call to `\(callee.name)`, found \(describe(current))", current.span)
        // Skip to the closing parenthesis on this statement, if any.
        while !at(.rightParen) && !atEndOfFile && !at(.rightBrace) && !at(.semicolon) && !atNewline { advance() }
        if !at(.rightParen) {
          return Expr(.call(callee, arguments), callee.span.merged(with: previousSpan))
        }
      }
    }
    let close = current.span
    advance()
    return Expr(.call(callee, arguments), callee.span.merged(with: close))
  }

  private mutating func depthGuardedArgument(into arguments: inout [Argument]) -> Span? {
    depth += 1
    defer { depth -= 1 }
    if depth > Parser.maximumDepth {
      error(.nestingTooDeep, "expression nested more than \(Parser.maximumDepth) levels deep", current.span)
      return nil
    }
    return parseArgument(into: &arguments)
  }

  /// Parses the interpolations of a string token.
  private mutating func parseStringPieces(_ pieces: [StringPiece]) -> [StringSegment] {
    pieces.map { piece in
      switch piece {
      case .text(let text, let span):
        return .text(text, span: span)
      case .interpolation(let span):
        let (expr, diags) = Parser.parseExpression(file, range: span, depth: depth + 1)
        if !recovering { diagnostics.append(contentsOf: diags) }
        if !diags.isEmpty { recovering = true }
        return .interpolation(expr)
      }
    }
  }
}
