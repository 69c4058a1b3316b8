extension DiagnosticCode {
  public static let expectedExpression = DiagnosticCode("E0201")
  public static let unexpectedToken = DiagnosticCode("E0202")
  public static let unclosedDelimiter = DiagnosticCode("E0203")
  public static let nestingTooDeep = DiagnosticCode("E0204")
  public static let misplacedVersion = DiagnosticCode("E0205")
  public static let unsupportedVersion = DiagnosticCode("E0206")
  public static let unmatchedClosingBrace = DiagnosticCode("E0207")
}

extension DiagnosticCatalogue {
  /// Codes raised by the parser (`E02xx`).
  static let syntax: [CatalogueEntry] = [
    CatalogueEntry(
      "E0201", .error, "expected expression",
      explanation: """
        A value was expected here — after a label's `:`, after an operator, or inside \
        parentheses — but the line ended or another token came first.

        ```vedl
        clip intro trim:
        ```

        Give the value: `clip intro trim: 2s..6s`.
        """),
    CatalogueEntry(
      "E0202", .error, "unexpected token",
      explanation: """
        The parser found a token that cannot appear here. The message says what it \
        expected. A statement is `NAME argument* block?` and ends at a newline or `;`.

        ```vedl
        let = video("a.mp4")
        ```

        Write what was expected: `let intro = video("a.mp4")`.
        """),
    CatalogueEntry(
      "E0203", .error, "unclosed delimiter",
      explanation: """
        A `{` or `(` was opened and the file (or the enclosing block) ended before its \
        matching `}` or `)`. The label points at the opening delimiter.

        ```vedl
        track main {
          clip intro
        ```

        Add the closing `}`.
        """),
    CatalogueEntry(
      "E0204", .error, "nesting too deep",
      explanation: """
        Blocks or expressions are nested more than 200 levels deep. VEDL stops there rather \
        than risk running out of stack; no real edit needs that depth. Parentheses, calls, \
        unary minus and member accesses (`a.b.c`) each count as a level; a run of operators \
        (`1 + 1 + … + 1`, however long) counts as one. The checker reports the same code \
        for more than 256 values that each wait on the next (`let`s used before they are \
        defined, items placed `at:` an item further down).

        Flatten the expression, or move parts of it into `let` declarations.
        """),
    CatalogueEntry(
      "E0205", .error, "`vedl` declaration must come first",
      explanation: """
        `vedl N` declares the language version and may appear only once, before any other \
        declaration or statement (comments may precede it).

        ```vedl
        canvas 1080x1920
        vedl 1
        ```

        Move `vedl 1` to the top of the file.
        """),
    CatalogueEntry(
      "E0206", .error, "unsupported language version",
      explanation: """
        This compiler understands VEDL version 1. A file declaring another version was \
        written for a different compiler.

        ```vedl
        vedl 2
        ```

        Declare `vedl 1`, or use a compiler that supports the newer version.
        """),
    CatalogueEntry(
      "E0207", .error, "unmatched closing brace",
      explanation: """
        A `}` appeared with no open block to close.

        ```vedl
        canvas 1080x1920 }
        ```

        Remove the extra `}`, or add the `{` it was meant to close.
        """),
  ]
}
