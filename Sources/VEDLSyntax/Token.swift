import VEDLSource
import VEDLTime

/// Reserved words. Everything else that looks like a word — statement names (`clip`,
/// `track`), enum values (`horizontal`), `end` — is an ordinary identifier whose meaning
/// comes from the statement schema. Keywords may still be used as argument labels.
/// `Grammar/vedl.ebnf` lists the same words; a test keeps the two in step.
public enum Keyword: String, CaseIterable, Sendable, Hashable {
  case vedl
  case param
  case `let`
  case `true`
  case `false`
}

/// Punctuation and operators.
public enum Punctuation: String, CaseIterable, Sendable, Hashable {
  case leftBrace = "{"
  case rightBrace = "}"
  case leftParen = "("
  case rightParen = ")"
  case comma = ","
  case colon = ":"
  case semicolon = ";"
  case dot = "."
  case dotDot = ".."
  case plus = "+"
  case minus = "-"
  case star = "*"
  case slash = "/"
  case equals = "="
}

/// One piece of a string literal: literal text, or an interpolated expression `\(…)` whose
/// source the parser reads again (the span covers what is between the parentheses).
public enum StringPiece: Hashable, Sendable {
  /// Text with escapes already decoded; `span` covers the source bytes (escapes included).
  case text(String, span: Span)
  /// The source span of the expression inside `\( … )`.
  case interpolation(span: Span)
}

/// The value of a duration literal. Frames and frame-based timecodes are kept symbolic,
/// because their length depends on the canvas rate, which only the checker knows.
public enum DurationValue: Hashable, Sendable {
  /// An exact number of seconds: `2s`, `250ms`, `1m30s`, `00:01:02.500`.
  case seconds(Rational)
  /// A frame count at the canvas rate: `48f`.
  case frames(Int64)
  /// `HH:MM:SS:FF` at the canvas rate: whole seconds plus frames.
  case timecode(seconds: Int64, frames: Int64)
}

/// The value of a literal token.
public enum LiteralValue: Hashable, Sendable {
  /// `3`, `0.5` — exact.
  case number(Rational)
  case duration(DurationValue)
  /// `9:16`.
  case ratio(Int64, Int64)
  /// `1080x1920`.
  case size(width: Int64, height: Int64)
  /// `80%`, stored as the fraction (`0.8`).
  case percent(Rational)
  /// `-12dB` (the sign comes from a unary minus in the expression).
  case gain(Rational)
  /// `2x`.
  case speed(Rational)
  /// `90deg`.
  case angle(Rational)
  /// `#RRGGBBAA` as 0xRRGGBBAA (short forms expanded, alpha defaults to FF).
  case color(UInt32)
}

/// What kind of token.
public enum TokenKind: Hashable, Sendable {
  case identifier(String)
  case keyword(Keyword)
  case literal(LiteralValue)
  case string([StringPiece])
  case punctuation(Punctuation)
  /// A line break that ends a statement (consecutive breaks are one token).
  case newline
  /// `// …` or `/* … */`; the lexer keeps comments in a side list, not in the token stream.
  case comment
  /// Bytes that could not be lexed; a diagnostic has been reported for them.
  case error
  case endOfFile
}

/// A token: its kind and where it is. The source text is recovered from the span.
public struct Token: Hashable, Sendable {
  public var kind: TokenKind
  public var span: Span

  public init(_ kind: TokenKind, _ span: Span) {
    self.kind = kind
    self.span = span
  }

  /// Whether this is the punctuation `p`.
  public func `is`(_ p: Punctuation) -> Bool { kind == .punctuation(p) }
}

/// A comment, kept beside the token stream so the formatter can put it back.
public struct Comment: Hashable, Sendable {
  public enum Style: Hashable, Sendable {
    /// `// …` (the span excludes the line break).
    case line
    /// `/* … */`, possibly nested and multi-line.
    case block
  }

  public var style: Style
  public var span: Span

  public init(style: Style, span: Span) {
    self.style = style
    self.span = span
  }
}
