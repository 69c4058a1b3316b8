import VEDLSource

/// One structure-aware change to a script: a byte range replaced by new text. Mutations are
/// what a user does to a valid file while typing (cut a statement short, put a value of the
/// wrong kind, drop an argument, move or copy a line), so the front end meets them in the
/// editor all the time and must answer each with diagnostics, never a crash.
public struct ScriptMutation: Hashable, Sendable, CustomStringConvertible {
  /// The kinds of change, each applied where the syntax tree has a place for it.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// A statement (or `let`/`param`) cut to its name: `clip a duration: 3s { … }` → `clip`.
    case cutToName
    /// A value replaced by one of another type (number, string, time, colour, identifier,
    /// list, ratio, …).
    case swapValue
    /// A `label: value` argument removed.
    case dropLabelledArgument
    /// An argument without a label removed.
    case dropPositionalArgument
    /// A line moved before another line.
    case moveLine
    /// A line repeated after itself.
    case duplicateLine
  }

  public var kind: Kind
  /// The bytes replaced, in the original file.
  public var span: Span
  /// What replaces them.
  public var replacement: String

  public init(kind: Kind, span: Span, replacement: String) {
    self.kind = kind
    self.span = span
    self.replacement = replacement
  }

  /// `bytes` with the mutation applied.
  public func applied(to bytes: [UInt8]) -> [UInt8] {
    var result = bytes
    let start = min(max(span.start, 0), bytes.count)
    let end = min(max(span.end, start), bytes.count)
    result.replaceSubrange(start..<end, with: Array(replacement.utf8))
    return result
  }

  public var description: String {
    "\(kind.rawValue) at \(span.start)..<\(span.end) → \(replacement.debugDescription)"
  }
}
