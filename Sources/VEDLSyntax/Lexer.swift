import VEDLDiagnostics
import VEDLSource
import VEDLTime

/// The tokens, comments and lexical diagnostics of one source range.
public struct LexResult: Sendable {
  /// Tokens in order, ending with `.endOfFile`. Comments are not in this list.
  public var tokens: [Token]
  /// Comments in source order.
  public var comments: [Comment]
  public var diagnostics: [Diagnostic]
}

/// Turns bytes into tokens (the `token` rules of `Grammar/vedl.ebnf`).
///
/// The lexer never fails: malformed input becomes an `.error` token with a precise span and a
/// diagnostic, and lexing continues after it. It has no global state, so any number of files
/// can be lexed at once. The parser asks for a window of tokens at a time
/// (``fill(_:upTo:)``), so a file's tokens need not all be in memory at once.
public struct Lexer: Sendable {
  private let file: SourceFile
  private let bytes: [UInt8]
  private var i: Int
  private let end: Int
  /// Where lexed tokens go (the caller's buffer, during ``fill(_:upTo:)``).
  private var out: [Token] = []
  /// Whether the last token lexed is a line break (consecutive breaks are one token).
  private var lastWasNewline = false
  /// Whether `.endOfFile` has been produced.
  private(set) var finished = false
  private(set) var comments: [Comment] = []
  private(set) var diagnostics: [Diagnostic] = []
  private var words = WordTable()
  /// Scratch space for the decoded text of a string literal (reused from one string to the next).
  private var stringBytes: [UInt8] = []

  /// Lexes all of `file`.
  public static func lex(_ file: SourceFile) -> LexResult {
    lex(file, range: Span(start: 0, end: file.bytes.count))
  }

  /// Lexes the bytes of `range` only (string interpolations); offsets stay file-absolute.
  public static func lex(_ file: SourceFile, range: Span) -> LexResult {
    var lexer = Lexer(file: file, range: range)
    var tokens: [Token] = []
    tokens.reserveCapacity((lexer.end - lexer.i) / 4)
    lexer.fill(&tokens, upTo: .max)
    return LexResult(tokens: tokens, comments: lexer.comments, diagnostics: lexer.diagnostics)
  }

  /// A lexer of the bytes of `range` of `file`.
  init(file: SourceFile, range: Span) {
    self.file = file
    self.bytes = file.bytes
    self.i = max(0, min(range.start, file.bytes.count))
    self.end = max(i, min(range.end, file.bytes.count))
    // A UTF-8 byte-order mark at the very start (Windows editors add one) is not text.
    if i == 0, end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
  }

  // MARK: Driver

  /// Appends the next tokens to `buffer` until it holds `limit` tokens or the last token,
  /// `.endOfFile`, has been added. The parser lexes a window of tokens at a time, so that a
  /// large file's tokens are never all in memory at once.
  mutating func fill(_ buffer: inout [Token], upTo limit: Int) {
    swap(&out, &buffer)
    while out.count < limit && !finished {
      // Blanks between tokens, here rather than one `step` each.
      while i < end, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
      if i < end {
        step()
      } else {
        out.append(Token(.endOfFile, Span.point(end)))
        finished = true
      }
    }
    swap(&out, &buffer)
  }

  private mutating func emit(_ token: Token) {
    if case .newline = token.kind { lastWasNewline = true } else { lastWasNewline = false }
    out.append(token)
  }

  /// Lexes what starts at `i`: one token, or none (white space, a comment).
  private mutating func step() {
    let c = bytes[i]
    switch c {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
      i += 1
    case UInt8(ascii: "\n"):
      // Consecutive line breaks form one statement terminator.
      if !lastWasNewline { emit(Token(.newline, Span(start: i, end: i + 1))) }
      i += 1
    case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
      lexLineComment()
    case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
      lexBlockComment()
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      lexNumberLike()
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
      lexWord()
    case UInt8(ascii: "\""):
      lexString()
    case UInt8(ascii: "#"):
      lexColor()
    case UInt8(ascii: "."):
      if peek(1) == UInt8(ascii: ".") {
        punct(.dotDot, 2)
      } else {
        punct(.dot, 1)
      }
    case UInt8(ascii: "{"): punct(.leftBrace, 1)
    case UInt8(ascii: "}"): punct(.rightBrace, 1)
    case UInt8(ascii: "("): punct(.leftParen, 1)
    case UInt8(ascii: ")"): punct(.rightParen, 1)
    case UInt8(ascii: ","): punct(.comma, 1)
    case UInt8(ascii: ":"): punct(.colon, 1)
    case UInt8(ascii: ";"): punct(.semicolon, 1)
    case UInt8(ascii: "+"): punct(.plus, 1)
    case UInt8(ascii: "-"): punct(.minus, 1)
    case UInt8(ascii: "*"): punct(.star, 1)
    case UInt8(ascii: "/"): punct(.slash, 1)
    case UInt8(ascii: "="): punct(.equals, 1)
    default:
      lexStray()
    }
  }

  @inline(__always)
  private func peek(_ k: Int) -> UInt8? {
    i + k < end ? bytes[i + k] : nil
  }

  private mutating func punct(_ p: Punctuation, _ length: Int) {
    emit(Token(.punctuation(p), Span(start: i, end: i + length)))
    i += length
  }

  private mutating func report(_ code: DiagnosticCode, _ message: String, _ span: Span, help: String? = nil) {
    diagnostics.append(Diagnostic(code, message, file: file, span: span, help: help))
  }

  private mutating func errorToken(_ start: Int) {
    emit(Token(.error, Span(start: start, end: i)))
  }

  // MARK: Character classes

  @inline(__always)
  private static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

  @inline(__always)
  private static func isLetter(_ c: UInt8) -> Bool {
    (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
  }

  @inline(__always)
  private static func isIdentifierContinue(_ c: UInt8) -> Bool {
    isLetter(c) || isDigit(c) || c == UInt8(ascii: "_")
  }

  @inline(__always)
  private static func hexValue(_ c: UInt8) -> UInt32? {
    switch c {
    case 48...57: UInt32(c - 48)
    case 65...70: UInt32(c - 55)
    case 97...102: UInt32(c - 87)
    default: nil
    }
  }

  /// Length of the valid UTF-8 sequence at `p`, or `nil` when the bytes there are invalid.
  private func validScalarLength(at p: Int) -> Int? {
    UTF8Validation.wellFormedLength(bytes, at: p)
  }

  // MARK: Comments and stray bytes

  private mutating func lexLineComment() {
    let start = i
    while i < end, bytes[i] != UInt8(ascii: "\n") { i += 1 }
    var stop = i
    if stop > start, bytes[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
    comments.append(Comment(style: .line, span: Span(start: start, end: stop)))
    checkUTF8(Span(start: start, end: stop))
  }

  private mutating func lexBlockComment() {
    let start = i
    var depth = 0
    var openings: [Int] = []
    while i < end {
      if bytes[i] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        depth += 1
        openings.append(i)
        i += 2
      } else if bytes[i] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        depth -= 1
        openings.removeLast()
        i += 2
        if depth == 0 { break }
      } else {
        i += 1
      }
    }
    let span = Span(start: start, end: i)
    comments.append(Comment(style: .block, span: span))
    if depth > 0 {
      let inner = openings.last ?? start
      var d = Diagnostic(
        .unterminatedComment, "unterminated block comment", file: file, span: Span(start: start, end: start + 2),
        help: "add `*/` to close the comment")
      if inner != start {
        d.labels.append(
          Label(span: Span(start: inner, end: inner + 2), message: "this nested comment is not closed either"))
      }
      diagnostics.append(d)
    }
    checkUTF8(span)
  }

  /// Reports invalid UTF-8 inside a comment (comments are otherwise free text).
  private mutating func checkUTF8(_ span: Span) {
    var p = span.start
    while p < span.end {
      if bytes[p] < 0x80 {
        p += 1
        continue
      }
      if let n = validScalarLength(at: p) {
        p += n
      } else {
        report(.invalidUTF8, "invalid UTF-8 in comment", Span(start: p, end: p + 1), help: "save the file as UTF-8")
        p += 1
      }
    }
  }

  private mutating func lexStray() {
    let start = i
    if bytes[i] >= 0x80 {
      if let n = validScalarLength(at: i) {
        i += n
        let text = file.text(Span(start: start, end: i))
        report(
          .unexpectedCharacter, "unexpected character `\(text)`", Span(start: start, end: i),
          help: "identifiers are ASCII; put other text inside a string")
      } else {
        // Swallow the whole run of invalid bytes as one error.
        i += 1
        while i < end, bytes[i] >= 0x80, validScalarLength(at: i) == nil { i += 1 }
        report(.invalidUTF8, "invalid UTF-8 byte sequence", Span(start: start, end: i), help: "save the file as UTF-8")
      }
    } else {
      i += 1
      let c = bytes[start]
      let shown = c < 0x20 || c == 0x7F ? "\\u{\(String(c, radix: 16))}" : String(UnicodeScalar(c))
      report(.unexpectedCharacter, "unexpected character `\(shown)`", Span(start: start, end: i))
    }
    errorToken(start)
  }

  // MARK: Words

  private mutating func lexWord() {
    let start = i
    var hash = WordTable.seed
    repeat {
      hash = WordTable.mix(hash, bytes[i])
      i += 1
    } while i < end && Lexer.isIdentifierContinue(bytes[i])
    let span = Span(start: start, end: i)
    // Most words repeat (`clip`, `duration`, ids): the table hands out the kind decoded at the
    // word's first occurrence instead of building a new `String` each time.
    emit(Token(words.kind(hash: hash, span: span, in: bytes), span))
  }

  // MARK: Colours

  private mutating func lexColor() {
    let start = i
    i += 1
    while i < end, Lexer.isIdentifierContinue(bytes[i]) { i += 1 }
    let digits = bytes[(start + 1)..<i]
    let span = Span(start: start, end: i)
    var value: UInt32 = 0
    var valid = [3, 6, 8].contains(digits.count)
    if valid {
      for d in digits {
        guard let h = Lexer.hexValue(d) else {
          valid = false
          break
        }
        if digits.count == 3 {
          value = (value << 8) | (h << 4 | h)
        } else {
          value = (value << 4) | h
        }
      }
    }
    guard valid else {
      report(
        .invalidColor, "invalid color literal `\(file.text(span))`", span,
        help: "write `#RGB`, `#RRGGBB` or `#RRGGBBAA` with hexadecimal digits")
      errorToken(start)
      return
    }
    if digits.count != 8 { value = (value << 8) | 0xFF }
    emit(Token(.literal(.color(value)), span))
  }

  // MARK: Numbers and unit literals

  /// Reads a run of ASCII digits starting at `i`; returns the end offset.
  private func digitRun(from p: Int) -> Int {
    var q = p
    while q < end, Lexer.isDigit(bytes[q]) { q += 1 }
    return q
  }

  /// Parses the ASCII digits in `[a, b)` as an Int64, `nil` on overflow.
  private func integer(_ a: Int, _ b: Int) -> Int64? {
    var v: Int64 = 0
    for p in a..<b {
      let (m, o1) = v.multipliedReportingOverflow(by: 10)
      let (s, o2) = m.addingReportingOverflow(Int64(bytes[p] - 48))
      if o1 || o2 { return nil }
      v = s
    }
    return v
  }

  /// The exact value of the ASCII decimal `digits ( '.' digits )?` in `[a, b)`, read straight
  /// from the bytes (this is on the lexer's hot path); `nil` when it does not fit.
  private func decimal(_ a: Int, _ b: Int) -> Rational? {
    var numerator: Int64 = 0
    var denominator: Int64 = 1
    var fraction = false
    for p in a..<b {
      let c = bytes[p]
      if c == UInt8(ascii: ".") {
        fraction = true
        continue
      }
      let (m, o1) = numerator.multipliedReportingOverflow(by: 10)
      let (s, o2) = m.addingReportingOverflow(Int64(c &- 48))
      if o1 || o2 { return nil }
      numerator = s
      if fraction {
        let (d, o3) = denominator.multipliedReportingOverflow(by: 10)
        if o3 { return nil }
        denominator = d
      }
    }
    return denominator == 1 ? Rational(numerator) : Rational(numerator, denominator)
  }

  /// Consumes the rest of a malformed literal (letters, digits, `.`, `:`) so that one
  /// mistake is one error token.
  private mutating func skipLiteralTail() {
    while i < end {
      let c = bytes[i]
      if Lexer.isIdentifierContinue(c) || c == UInt8(ascii: "%") {
        i += 1
      } else if c == UInt8(ascii: "."), let n = peek(1), Lexer.isDigit(n) {
        i += 1
      } else {
        break
      }
    }
  }

  private mutating func lexNumberLike() {
    let start = i
    let intEnd = digitRun(from: i)
    // Ratio or timecode: digits ':' digits …
    if intEnd < end, bytes[intEnd] == UInt8(ascii: ":"), intEnd + 1 < end, Lexer.isDigit(bytes[intEnd + 1]) {
      lexColonGroups(start: start)
      return
    }
    // Size: digits 'x' digits.
    if intEnd + 1 < end, bytes[intEnd] == UInt8(ascii: "x"), Lexer.isDigit(bytes[intEnd + 1]) {
      let hEnd = digitRun(from: intEnd + 1)
      i = hEnd
      if i < end,
        Lexer.isIdentifierContinue(bytes[i]) || (bytes[i] == UInt8(ascii: ".") && peek(1).map(Lexer.isDigit) == true)
      {
        skipLiteralTail()
        malformed(
          start, "malformed size literal `\(file.text(Span(start: start, end: i)))`",
          help: "a size is `WIDTHxHEIGHT` in whole pixels, e.g. `1080x1920`")
        return
      }
      guard let w = integer(start, intEnd), let h = integer(intEnd + 1, hEnd) else {
        overflow(start)
        return
      }
      emit(Token(.literal(.size(width: w, height: h)), Span(start: start, end: i)))
      return
    }
    lexNumberWithUnit(start: start)
  }

  private mutating func malformed(_ start: Int, _ message: String, help: String? = nil) {
    report(.malformedLiteral, message, Span(start: start, end: i), help: help)
    errorToken(start)
  }

  private mutating func overflow(_ start: Int) {
    let span = Span(start: start, end: i)
    report(
      .literalOverflow, "literal `\(file.text(span))` is out of range", span,
      help: "numbers must fit exactly in 64-bit integers")
    errorToken(start)
  }

  /// `9:16` (ratio), `HH:MM:SS:FF`, `HH:MM:SS` and `HH:MM:SS.fff` (timecodes).
  private mutating func lexColonGroups(start: Int) {
    var groups: [(Int, Int)] = []
    var p = start
    while true {
      let q = digitRun(from: p)
      groups.append((p, q))
      if q + 1 < end, bytes[q] == UInt8(ascii: ":"), Lexer.isDigit(bytes[q + 1]) {
        p = q + 1
      } else {
        p = q
        break
      }
    }
    i = p
    var fraction: (Int, Int)? = nil
    if i + 1 < end, bytes[i] == UInt8(ascii: "."), Lexer.isDigit(bytes[i + 1]) {
      let fEnd = digitRun(from: i + 1)
      fraction = (i + 1, fEnd)
      i = fEnd
    }
    if i < end, Lexer.isIdentifierContinue(bytes[i]) {
      skipLiteralTail()
      malformed(
        start, "malformed literal `\(file.text(Span(start: start, end: i)))`",
        help: "a ratio is `W:H`; a timecode is `HH:MM:SS:FF` or `HH:MM:SS.mmm`")
      return
    }
    var values: [Int64] = []
    for (a, b) in groups {
      guard let v = integer(a, b) else {
        overflow(start)
        return
      }
      values.append(v)
    }
    let span = Span(start: start, end: i)
    switch (values.count, fraction) {
    case (2, nil):
      emit(Token(.literal(.ratio(values[0], values[1])), span))
    case (3, _), (4, nil):
      let (h, m, s) = (values[0], values[1], values[2])
      if m >= 60 || s >= 60 {
        malformed(
          start, "timecode `\(file.text(span))` has \(m >= 60 ? "minutes" : "seconds") out of range",
          help: "minutes and seconds must be below 60")
        return
      }
      let (hm, o1) = h.multipliedReportingOverflow(by: 3600)
      let (total, o2) = hm.addingReportingOverflow(m * 60 + s)
      if o1 || o2 {
        overflow(start)
        return
      }
      if values.count == 4 {
        emit(Token(.literal(.duration(.timecode(seconds: total, frames: values[3]))), span))
      } else {
        var seconds = Rational(total)
        if let (a, b) = fraction {
          guard let f = decimal(a - 1, b), let sum = seconds.checkedAdding(f) else {
            overflow(start)
            return
          }
          seconds = sum
        }
        emit(Token(.literal(.duration(.seconds(seconds))), span))
      }
    default:
      malformed(
        start, "malformed literal `\(file.text(span))`",
        help: "a ratio has two groups (`9:16`); a timecode has three (`HH:MM:SS.mmm`) or four (`HH:MM:SS:FF`)")
    }
  }

  /// Duration units in strictly decreasing order of size (their rank), with their length in seconds.
  private static let durationUnits: [Rational] = [Rational(3600), Rational(60), Rational(1), Rational(1, 1000)!]

  /// The unit written in `[a, b)` after a number, read from the bytes (no `String`).
  private enum Unit {
    /// `h`, `m`, `s` or `ms`: its rank in ``durationUnits``.
    case duration(rank: Int)
    /// No unit: a plain number.
    case none
    case frames, decibels, speed, degrees
    /// Letters that are not a unit.
    case unknown
  }

  private func unit(_ a: Int, _ b: Int) -> Unit {
    switch b - a {
    case 0:
      return .none
    case 1:
      switch bytes[a] {
      case UInt8(ascii: "h"): return .duration(rank: 0)
      case UInt8(ascii: "m"): return .duration(rank: 1)
      case UInt8(ascii: "s"): return .duration(rank: 2)
      case UInt8(ascii: "f"): return .frames
      case UInt8(ascii: "x"): return .speed
      default: return .unknown
      }
    case 2:
      if bytes[a] == UInt8(ascii: "m"), bytes[a + 1] == UInt8(ascii: "s") { return .duration(rank: 3) }
      if bytes[a] == UInt8(ascii: "d"), bytes[a + 1] == UInt8(ascii: "B") { return .decibels }
      return .unknown
    case 3:
      if bytes[a] == UInt8(ascii: "d"), bytes[a + 1] == UInt8(ascii: "e"), bytes[a + 2] == UInt8(ascii: "g") {
        return .degrees
      }
      return .unknown
    default:
      return .unknown
    }
  }

  /// A number, optionally followed by a unit; duration units may be compounded (`1m30s`).
  private mutating func lexNumberWithUnit(start: Int) {
    var total = Rational.zero
    var lastUnitRank = -1
    var componentStart = start
    while true {
      let intEnd = digitRun(from: componentStart)
      var numEnd = intEnd
      var isDecimal = false
      if intEnd + 1 < end, bytes[intEnd] == UInt8(ascii: "."), Lexer.isDigit(bytes[intEnd + 1]) {
        numEnd = digitRun(from: intEnd + 1)
        isDecimal = true
      }
      i = numEnd
      guard let value = decimal(componentStart, numEnd) else {
        skipLiteralTail()
        overflow(start)
        return
      }
      // Percent.
      if i < end, bytes[i] == UInt8(ascii: "%") {
        i += 1
        if lastUnitRank >= 0 || (i < end && Lexer.isIdentifierContinue(bytes[i])) {
          skipLiteralTail()
          malformed(start, "malformed literal `\(file.text(Span(start: start, end: i)))`")
          return
        }
        emit(Token(.literal(.percent(value / Rational(100))), Span(start: start, end: i)))
        return
      }
      let unitStart = i
      while i < end, Lexer.isLetter(bytes[i]) { i += 1 }
      let unit = unit(unitStart, i)
      let followedByIdentifierChar = i < end && (bytes[i] == UInt8(ascii: "_") || Lexer.isIdentifierContinue(bytes[i]))
      let followedByDigit = i < end && Lexer.isDigit(bytes[i])

      if case .duration(let rank) = unit {
        if lastUnitRank >= 0 && rank <= lastUnitRank {
          skipLiteralTail()
          malformed(
            start, "malformed duration `\(file.text(Span(start: start, end: i)))`: units must decrease (h, m, s, ms)",
            help: "write the larger unit first, e.g. `1m30s`")
          return
        }
        if lastUnitRank >= 0 && isDecimal && followedByDigit {
          // only the last component may be fractional; checked below
        }
        // Seconds need no scaling, and the first component no addition (the common `2s`).
        let scaled = rank == 2 ? value : value.checkedMultiplying(Lexer.durationUnits[rank])
        guard let scaled, let sum = lastUnitRank < 0 ? scaled : total.checkedAdding(scaled) else {
          skipLiteralTail()
          overflow(start)
          return
        }
        total = sum
        lastUnitRank = rank
        if followedByDigit {
          if isDecimal {
            skipLiteralTail()
            malformed(
              start,
              "malformed duration `\(file.text(Span(start: start, end: i)))`: only the last component may have a fraction",
              help: "write e.g. `1m30.5s`")
            return
          }
          componentStart = i
          continue
        }
        if followedByIdentifierChar {
          skipLiteralTail()
          unknownUnit(start, unitStart)
          return
        }
        emit(Token(.literal(.duration(.seconds(total))), Span(start: start, end: i)))
        return
      }

      // Any other unit ends the literal and cannot be compounded.
      if lastUnitRank >= 0 {
        skipLiteralTail()
        malformed(
          start, "malformed duration `\(file.text(Span(start: start, end: i)))`",
          help: "compound durations use h, m, s and ms in decreasing order, e.g. `1m30s`")
        return
      }
      if followedByIdentifierChar || followedByDigit {
        skipLiteralTail()
        unknownUnit(start, unitStart)
        return
      }
      let span = Span(start: start, end: i)
      switch unit {
      case .none:
        emit(Token(.literal(.number(value)), span))
      case .frames:
        guard !isDecimal, value.isInteger else {
          malformed(start, "frame count `\(file.text(span))` must be a whole number", help: "write e.g. `48f`")
          return
        }
        emit(Token(.literal(.duration(.frames(value.numerator))), span))
      case .decibels:
        emit(Token(.literal(.gain(value)), span))
      case .speed:
        emit(Token(.literal(.speed(value)), span))
      case .degrees:
        emit(Token(.literal(.angle(value)), span))
      case .duration, .unknown:
        unknownUnit(start, unitStart)
      }
      return
    }
  }

  private mutating func unknownUnit(_ start: Int, _ unitStart: Int) {
    let unit = file.text(Span(start: unitStart, end: i))
    let span = Span(start: start, end: i)
    report(
      .unknownUnit, "unknown unit `\(unit)` in `\(file.text(span))`", span,
      help: "known units are s, ms, m, h, f, dB, deg, x and %; put a space between a number and a name")
    errorToken(start)
  }

  // MARK: Strings

  private mutating func lexString() {
    let start = i
    i += 1
    var pieces: [StringPiece] = []
    // The decoded text is gathered as UTF-8 bytes and made a `String` once per piece.
    stringBytes.removeAll(keepingCapacity: true)
    var textStart = i
    var ok = true

    func flush(_ upTo: Int) {
      if !stringBytes.isEmpty {
        pieces.append(
          .text(String(decoding: stringBytes, as: UTF8.self), span: Span(start: textStart, end: upTo)))
      }
      stringBytes.removeAll(keepingCapacity: true)
    }

    while true {
      guard i < end, bytes[i] != UInt8(ascii: "\n") else {
        var stop = i
        if stop > start, stop <= bytes.count, bytes[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
        i = stop
        report(
          .unterminatedString, "unterminated string literal", Span(start: start, end: stop),
          help: "close the string with `\"` (strings cannot span lines; use `\\n`)")
        errorToken(start)
        if i < end, bytes[i] == UInt8(ascii: "\r") { i += 1 }
        return
      }
      let c = bytes[i]
      if c == UInt8(ascii: "\"") {
        flush(i)
        i += 1
        break
      }
      if c == UInt8(ascii: "\\") {
        let escStart = i
        guard let n = peek(1), n != UInt8(ascii: "\n") else {
          i += 1
          continue  // reported as unterminated by the loop head
        }
        switch n {
        case UInt8(ascii: "\""): stringBytes.append(UInt8(ascii: "\"")); i += 2
        case UInt8(ascii: "\\"): stringBytes.append(UInt8(ascii: "\\")); i += 2
        case UInt8(ascii: "n"): stringBytes.append(UInt8(ascii: "\n")); i += 2
        case UInt8(ascii: "t"): stringBytes.append(UInt8(ascii: "\t")); i += 2
        case UInt8(ascii: "u"):
          i += 2
          if let scalar = lexUnicodeEscape(escStart) {
            stringBytes.append(contentsOf: String(scalar).utf8)
          } else {
            ok = false
          }
        case UInt8(ascii: "("):
          flush(escStart)
          i += 2
          let innerStart = i
          guard let close = matchingParen(from: i) else {
            // Unterminated interpolation: the whole string is unterminated.
            while i < end, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            var stop = i
            if stop > start, bytes[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
            report(
              .unterminatedString, "unterminated string interpolation", Span(start: escStart, end: stop),
              help: "close the interpolation with `)` and the string with `\"`")
            i = stop
            errorToken(start)
            return
          }
          pieces.append(.interpolation(span: Span(start: innerStart, end: close)))
          i = close + 1
          textStart = i
        default:
          let len = validScalarLength(at: i + 1) ?? 1
          let span = Span(start: escStart, end: i + 1 + len)
          report(
            .invalidEscape, "invalid escape sequence `\(file.text(span))` in string", span,
            help: "write `\\\\` for a backslash")
          ok = false
          i += 1 + len
        }
        continue
      }
      if c == 0 {
        // Strings reach C libraries (libavfilter, FreeType, Fontconfig), where NUL ends a
        // string: the backends would read a shorter text or name than the script says.
        // One report for a run of them.
        var stop = i + 1
        while stop < end, bytes[stop] == 0 { stop += 1 }
        report(
          .unexpectedCharacter, "a NUL character (U+0000) cannot appear in a string", Span(start: i, end: stop),
          help: "remove it")
        ok = false
        i = stop
      } else if c < 0x80 {
        stringBytes.append(c)
        i += 1
      } else if let n = validScalarLength(at: i) {
        stringBytes.append(contentsOf: bytes[i..<(i + n)])
        i += n
      } else {
        report(
          .invalidUTF8, "invalid UTF-8 in string literal", Span(start: i, end: i + 1), help: "save the file as UTF-8")
        ok = false
        i += 1
      }
    }
    if ok {
      emit(Token(.string(pieces), Span(start: start, end: i)))
    } else {
      errorToken(start)
    }
  }

  /// `\u{1F600}`: called with `i` just after `\u`.
  private mutating func lexUnicodeEscape(_ escStart: Int) -> UnicodeScalar? {
    guard i < end, bytes[i] == UInt8(ascii: "{") else {
      report(
        .invalidEscape, "invalid unicode escape: expected `{` after `\\u`", Span(start: escStart, end: i),
        help: "write `\\u{` hex digits `}`, e.g. `\\u{1F600}`")
      return nil
    }
    i += 1
    var value: UInt32 = 0
    var count = 0
    while i < end, let h = Lexer.hexValue(bytes[i]) {
      if count < 8 { value = value << 4 | h }
      count += 1
      i += 1
    }
    let closed = i < end && bytes[i] == UInt8(ascii: "}")
    if closed { i += 1 }
    let span = Span(start: escStart, end: i)
    guard closed, (1...8).contains(count), let scalar = UnicodeScalar(value) else {
      report(
        .invalidEscape, "invalid unicode escape `\(file.text(span))`", span,
        help: "write 1 to 8 hex digits naming a Unicode scalar, e.g. `\\u{E9}`")
      return nil
    }
    guard value != 0 else {
      // As a raw NUL (``lexString()``): C libraries would end the string there.
      report(.invalidEscape, "`\(file.text(span))` (NUL) cannot appear in a string", span, help: "remove it")
      return nil
    }
    return scalar
  }

  /// Offset of the `)` that closes an interpolation opened just before `p`, skipping nested
  /// parentheses and strings; `nil` if the line ends first.
  private func matchingParen(from p: Int) -> Int? {
    var depth = 0
    var q = p
    var inString = false
    while q < end, bytes[q] != UInt8(ascii: "\n") {
      let c = bytes[q]
      if inString {
        if c == UInt8(ascii: "\\") {
          q += 2
          continue
        }
        if c == UInt8(ascii: "\"") { inString = false }
      } else if c == UInt8(ascii: "\"") {
        inString = true
      } else if c == UInt8(ascii: "(") {
        depth += 1
      } else if c == UInt8(ascii: ")") {
        if depth == 0 { return q }
        depth -= 1
      }
      q += 1
    }
    return nil
  }
}
