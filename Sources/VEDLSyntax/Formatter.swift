import VEDLSource

/// The canonical formatter behind `vedl fmt`: one layout for every VEDL file, with every
/// comment kept and the meaning never changed.
///
/// It is named `SourceFormatter` rather than `Formatter` so that it does not collide with
/// Foundation's `Formatter` class in files that import both.
///
/// The canonical style (docs/formatting.md has the full description):
/// - 2-space indentation per block level; one statement per line; `;`-separated statements
///   of a multi-line block or of the file go on separate lines.
/// - A block's `{` ends its statement's line; `}` stands alone at the statement's
///   indentation. A non-empty block that the source wrote on one line without comments stays
///   on one line as `{ a; b }` when the line fits in ``maximumLineWidth`` columns. An empty
///   block is `{}`.
/// - One space between a statement's name and its arguments and between arguments;
///   `label: value`; `a + b` for `+ - * / =`; `a..b`, `-x`, `a.b`, `f(a, b: 1)`, `(a + b)`.
/// - Inside `( … )` line breaks are dropped, unless the source broke a line directly inside
///   that pair of parentheses (or put a `//` comment there): then each argument goes on its
///   own line, indented, and `)` on its own line.
/// - Literals, strings and interpolations are copied from the source byte for byte.
/// - At most one blank line between items (kept where the source had one or more); none at
///   the start of the file, after `{` or `(`, or before `}` or `)`. The file ends with one
///   line break and no line has trailing whitespace.
/// - Comments stay where they were: own-line comments on their own line at the indentation
///   of what follows, trailing comments after one space, comments inside a statement in place
///   between single spaces. A comment's text is kept, except whitespace at the end of each of
///   its lines (and the `\r` of CRLF line endings).
///
/// Formatting is idempotent and preserves meaning: the formatted text parses to the same tree
/// (compared with `ASTDump(spans: false)`), with the same comments.
public enum SourceFormatter {
  /// Spaces per indentation level.
  public static let indentWidth = 2
  /// The widest line a one-line block `{ a; b }` may produce; wider ones are split.
  public static let maximumLineWidth = 100

  /// The canonical text of a parsed file, or `nil` when the parse reported errors — a file
  /// with syntax errors is never formatted, because its layout cannot be trusted to keep its
  /// meaning. Runs in time linear in the size of the file.
  public static func format(_ result: ParseResult) -> String? {
    guard !result.hasErrors, let elements = FormatLayout.elements(of: result) else { return nil }
    var printer = FormatPrinter(
      elements: elements, bytes: result.file.bytes, indentWidth: indentWidth, lineWidth: maximumLineWidth)
    let bytes = printer.printFile()
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Parses `file` and returns its canonical text, or `nil` when it has syntax errors (use
  /// ``Parser/parse(_:)`` and ``format(_:)-swift.type.method`` to see the diagnostics).
  public static func format(_ file: SourceFile) -> String? {
    format(Parser.parse(file))
  }
}
