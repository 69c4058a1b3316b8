import VEDLSema
import VEDLSource
import VEDLSyntax

/// What is being typed at a cursor, read from the tokens rather than the tree, so that it is
/// right in the half-written lines that completion is asked for (`clip intro trim:`, an
/// unclosed `{`). The enclosing block's context comes from the statements that opened the
/// `{`s before the cursor, read through the schema.
struct CompletionSite {
  /// A string argument that names a file.
  enum PathKind: Equatable {
    case video, image, audio, captions, thumbnail, export, look
  }

  enum Kind {
    /// A statement name at the start of a statement in `context` (`nil`: unknown block).
    case statementName(StatementContext?)
    /// A new argument of a known statement.
    case argument(StatementSchema, state: ArgumentState)
    /// The value of `label:`.
    case labelValue(StatementSchema, ArgumentSchema)
    /// Inside an expression (after an operator, or the value of a `let`), of a type when known.
    case expression(ValueType?)
    /// Inside the parentheses of `callee(`.
    case callArgument(callee: String, used: Set<String>, afterColon: String?)
    /// After `base.`.
    case member(base: String)
    /// Inside a path string; `typed` is the text between the opening quote and the cursor.
    case path(PathKind, typed: String)
    /// After `param NAME:`.
    case parameterType
    /// Nothing sensible to propose (in a comment, a number, a name being defined).
    case nothing
  }

  /// The arguments already written in the statement being typed.
  struct ArgumentState {
    var labels: Set<String> = []
    var flags: Set<String> = []
    var positionalCount = 0
  }

  var kind: Kind
  /// The span of the word already typed, which a proposal replaces.
  var replacing: Span
  /// Inside an `animate PROPERTY` block: the property, whose keys take only some arguments
  /// and whose times may use `length`.
  var animatedProperty: Animation.Property? = nil
  /// The block the statement is in (`animate ‸` proposes what its item can animate).
  var context: StatementContext? = nil

  /// Reads the site at byte `offset` of a parsed file.
  static func at(_ offset: Int, in parse: ParseResult) -> CompletionSite {
    let bytes = parse.file.bytes
    let offset = max(0, min(offset, bytes.count))
    let here = Span.point(offset)
    for c in parse.comments {
      let inside =
        c.style == .line
        ? (c.span.start < offset && offset <= c.span.end) : (c.span.start < offset && offset < c.span.end)
      if inside { return CompletionSite(kind: .nothing, replacing: here) }
    }
    let tokens = parse.tokens
    // The last token starting before the cursor.
    var lo = 0
    var hi = tokens.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if tokens[mid].span.start < offset { lo = mid + 1 } else { hi = mid }
    }
    let last = lo - 1
    var prior = last + 1  // tokens[..<prior] come before the word being typed
    var replacing = here
    var stringToken: Token? = nil
    if last >= 0 {
      let t = tokens[last]
      switch t.kind {
      case .identifier, .keyword:
        if t.span.end >= offset {
          replacing = Span(start: t.span.start, end: offset)
          prior = last
        }
      case .string:
        if offset < t.span.end { stringToken = t }
      case .error:
        // An unterminated string runs to the end of its line.
        if t.span.end >= offset, t.span.start < bytes.count, bytes[t.span.start] == UInt8(ascii: "\"") {
          stringToken = t
        }
      case .literal:
        if t.span.end >= offset { return CompletionSite(kind: .nothing, replacing: here) }
      default:
        break
      }
      if stringToken != nil { prior = last }
    }
    let scan = BlockScan(tokens: tokens, upTo: prior, file: parse.file)
    let statement = Array(tokens[scan.statementStart..<prior])
    if let string = stringToken {
      let typed = String(decoding: bytes[(string.span.start + 1)..<offset], as: UTF8.self)
      guard let kind = pathKind(statement: statement, context: scan.context, file: parse.file) else {
        return CompletionSite(kind: .nothing, replacing: here)
      }
      // Counted in the file's bytes: `typed` repairs invalid UTF-8, which changes its length.
      let written = bytes[(string.span.start + 1)..<offset]
      let slash = written.lastIndex(of: UInt8(ascii: "/")).map { $0 - written.startIndex + 1 } ?? 0
      return CompletionSite(
        kind: .path(kind, typed: typed), replacing: Span(start: string.span.start + 1 + slash, end: offset))
    }
    var site = CompletionSite(kind: classify(statement, context: scan.context, file: parse.file), replacing: replacing)
    site.context = scan.context
    if scan.context == .animation {
      site.animatedProperty = scan.blockKind.flatMap { Animation.Property(rawValue: $0) }
    }
    return site
  }

  // MARK: Classification

  private static func name(_ token: Token) -> String? {
    if case .identifier(let n) = token.kind { return n }
    return nil
  }

  private static func isOperator(_ token: Token) -> Bool {
    switch token.kind {
    case .punctuation(.plus), .punctuation(.minus), .punctuation(.star), .punctuation(.slash), .punctuation(.dotDot):
      return true
    default:
      return false
    }
  }

  private static func classify(_ s: [Token], context: StatementContext?, file: SourceFile) -> Kind {
    guard let first = s.first else { return .statementName(context) }
    let lastToken = s[s.count - 1]
    if lastToken.is(.dot), s.count >= 2, let base = name(s[s.count - 2]) { return .member(base: base) }
    switch first.kind {
    case .keyword(.let):
      if let eq = s.firstIndex(where: { $0.is(.equals) }) {
        return eq == s.count - 1 || isOperator(lastToken) || lastToken.is(.leftParen) ? .expression(nil) : .nothing
      }
      return .nothing
    case .keyword(.param):
      if s.count == 3, lastToken.is(.colon) { return .parameterType }
      if let eq = s.firstIndex(where: { $0.is(.equals) }), eq == s.count - 1, s.count >= 4, let type = name(s[3]) {
        return .expression(ParameterTypes.table[type])
      }
      return .nothing
    case .keyword:
      return .nothing
    case .identifier(let statementName):
      let schema =
        context.flatMap { Schema.statement(statementName, in: $0) }
        ?? (context == nil ? Schema.statements.first { $0.name == statementName } : nil)
      guard let schema else { return .nothing }
      if let call = openCall(s) { return call }
      if lastToken.is(.colon), s.count >= 2, let label = name(s[s.count - 2]) {
        guard let argument = schema.labelled(label) else { return .nothing }
        return .labelValue(schema, argument)
      }
      let state = argumentState(s, schema: schema)
      if isOperator(lastToken) {
        return .expression(currentType(s, schema: schema, state: state))
      }
      return .argument(schema, state: state)
    default:
      return .nothing
    }
  }

  /// Inside `callee( … ` with the parenthesis still open: the call's argument site.
  private static func openCall(_ s: [Token]) -> Kind? {
    var depth = 0
    var index = s.count - 1
    while index >= 1 {
      let t = s[index]
      if t.is(.rightParen) { depth += 1 }
      if t.is(.leftParen) {
        if depth == 0 {
          guard let callee = name(s[index - 1]) else { return .nothing }
          var used = Set<String>()
          var i = index + 1
          while i + 1 < s.count {
            if let label = name(s[i]), s[i + 1].is(.colon) { used.insert(label) }
            i += 1
          }
          let lastToken = s[s.count - 1]
          var afterColon: String? = nil
          if lastToken.is(.colon), s.count - 2 > index, let label = name(s[s.count - 2]) { afterColon = label }
          if !(lastToken.is(.leftParen) || lastToken.is(.comma) || afterColon != nil) { return .nothing }
          return .callArgument(callee: callee, used: used, afterColon: afterColon)
        }
        depth -= 1
      }
      index -= 1
    }
    return nil
  }

  /// Reads the arguments written so far: labels used, flags given and how many positionals.
  /// Operands juxtaposed after a complete operand start a new argument, as in the parser.
  static func argumentState(_ s: [Token], schema: StatementSchema) -> ArgumentState {
    enum Position { case argumentStart, afterOperator, afterOperand }
    var state = ArgumentState()
    var position = Position.argumentStart
    var pendingLabel = false
    func operand(_ t: Token) {
      switch position {
      case .afterOperator:
        break
      case .argumentStart where pendingLabel:
        pendingLabel = false
      case .argumentStart, .afterOperand:
        if let word = name(t), schema.flags.contains(word) {
          state.flags.insert(word)
        } else {
          state.positionalCount += 1
        }
      }
      position = .afterOperand
    }
    var index = 1
    while index < s.count {
      let t = s[index]
      if let word = name(t), index + 1 < s.count, s[index + 1].is(.colon) {
        state.labels.insert(word)
        pendingLabel = true
        position = .argumentStart
        index += 2
        continue
      }
      if t.is(.minus), position != .afterOperand {
        index += 1  // a sign: the operand follows
        continue
      }
      if isOperator(t) || t.is(.dot) {
        position = .afterOperator
        index += 1
        continue
      }
      if t.is(.leftParen) {
        // A call's arguments (after its name) or a parenthesised operand: skip to the `)`.
        if position != .afterOperand { operand(t) }
        var depth = 0
        while index < s.count {
          if s[index].is(.leftParen) { depth += 1 }
          if s[index].is(.rightParen) {
            depth -= 1
            if depth == 0 { break }
          }
          index += 1
        }
        index += 1
        continue
      }
      operand(t)
      index += 1
    }
    return state
  }

  /// The type of the argument an operator at the end of `s` continues.
  private static func currentType(_ s: [Token], schema: StatementSchema, state: ArgumentState) -> ValueType? {
    // The argument is labelled when a `label:` comes after the last juxtaposition; looking
    // back for the nearest `label :` at depth 0 is close enough for completion.
    var index = s.count - 1
    while index >= 2 {
      if s[index].is(.colon), let label = name(s[index - 1]) { return schema.labelled(label)?.type }
      index -= 1
    }
    let position = max(0, state.positionalCount - 1)
    return position < schema.positional.count ? schema.positional[position].type : nil
  }

  /// The kind of file a string at the end of statement `s` names, if it names one.
  private static func pathKind(statement s: [Token], context: StatementContext?, file: SourceFile) -> PathKind? {
    if let lastToken = s.last, lastToken.is(.leftParen), s.count >= 2, let callee = name(s[s.count - 2]) {
      switch callee {
      case "video": return .video
      case "image": return .image
      case "audio": return .audio
      default: return nil
      }
    }
    guard let first = s.first, let statementName = name(first), let context,
      let schema = Schema.statement(statementName, in: context)
    else { return nil }
    if let lastToken = s.last, lastToken.is(.colon) { return nil }
    let state = argumentState(s, schema: schema)
    guard state.positionalCount < schema.positional.count, schema.positional[state.positionalCount].type == .path else {
      return nil
    }
    switch statementName {
    case "import", "sidecar": return .captions
    case "thumbnail": return .thumbnail
    case "export": return .export
    case "lut": return .look
    default: return nil
    }
  }
}

/// A forward scan of the tokens before the cursor: the context of the innermost open block
/// (from the statements whose `{` is still open) and where the current statement starts.
struct BlockScan {
  /// The context at the cursor; `nil` inside a block of an unknown statement.
  var context: StatementContext?
  /// Index of the first token of the statement being typed.
  var statementStart: Int
  /// The word after the name of the statement whose block is innermost (`offset` for
  /// `animate offset {`), if it is a word.
  var blockKind: String?

  init(tokens: [Token], upTo end: Int, file: SourceFile) {
    var stack: [(context: StatementContext?, kind: String?)] = [(.file, nil)]
    var start = 0
    var parenDepth = 0
    var index = 0
    while index < end {
      let t = tokens[index]
      switch t.kind {
      case .punctuation(.leftParen):
        parenDepth += 1
      case .punctuation(.rightParen):
        parenDepth = max(0, parenDepth - 1)
      case .newline:
        if parenDepth == 0 { start = index + 1 }
      case .punctuation(.semicolon):
        parenDepth = 0
        start = index + 1
      case .punctuation(.leftBrace):
        let outer = stack[stack.count - 1].context
        var inner: StatementContext? = nil
        var kind: String? = nil
        if start < index, case .identifier(let statementName) = tokens[start].kind, let outer,
          let schema = Schema.statement(statementName, in: outer)
        {
          if start + 1 < index, case .identifier(let word) = tokens[start + 1].kind { kind = word }
          inner = Schema.blockContext(of: statementName, kind: kind, schema: schema)
        }
        stack.append((inner, kind))
        parenDepth = 0
        start = index + 1
      case .punctuation(.rightBrace):
        if stack.count > 1 { stack.removeLast() }
        parenDepth = 0
        start = index + 1
      default:
        break
      }
      index += 1
    }
    (context, blockKind) = stack[stack.count - 1]
    statementStart = min(start, end)
  }
}
