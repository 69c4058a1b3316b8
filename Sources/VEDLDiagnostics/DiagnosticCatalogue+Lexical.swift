extension DiagnosticCode {
  public static let unterminatedString = DiagnosticCode("E0101")
  public static let unterminatedComment = DiagnosticCode("E0102")
  public static let unknownUnit = DiagnosticCode("E0103")
  public static let unexpectedCharacter = DiagnosticCode("E0104")
  public static let invalidUTF8 = DiagnosticCode("E0105")
  public static let invalidEscape = DiagnosticCode("E0106")
  public static let malformedLiteral = DiagnosticCode("E0107")
  public static let invalidColor = DiagnosticCode("E0108")
  public static let literalOverflow = DiagnosticCode("E0109")
}

extension DiagnosticCatalogue {
  /// Codes raised by the lexer (`E01xx`).
  static let lexical: [CatalogueEntry] = [
    CatalogueEntry(
      "E0101", .error, "unterminated string literal",
      explanation: """
        A string literal was opened with `"` but the line (or the file) ended before the \
        closing `"`. Strings cannot span lines; use `\\n` for a line break.

        ```vedl
        text "Hello at: 0s duration: 2s
        ```

        Close the string: `text "Hello" at: 0s duration: 2s`.
        """),
    CatalogueEntry(
      "E0102", .error, "unterminated block comment",
      explanation: """
        A `/*` comment was never closed. Block comments nest, so every `/*` inside one needs \
        its own `*/`.

        ```vedl
        /* outer /* inner */
        canvas 1080x1920
        ```

        Add the missing `*/`.
        """),
    CatalogueEntry(
      "E0103", .error, "unknown unit suffix",
      explanation: """
        A number was followed directly by letters that are not a unit VEDL knows. Units are \
        `s`, `ms`, `m`, `h`, `f` (frames), `dB`, `deg`, `x` (speed), `%`, and `WxH` for sizes.

        ```vedl
        gap 12q
        ```

        Use a known unit (`gap 12s`), or put a space between a number and a name.
        """),
    CatalogueEntry(
      "E0104", .error, "unexpected character",
      explanation: """
        The source contains a character that cannot start any token, such as `@` or `$` \
        outside a string — or a NUL character (U+0000), even inside a string: the \
        backends pass strings to C libraries, where NUL would end the text or font name early.

        ```vedl
        canvas 1080x1920 @ 30
        ```

        Remove the character, or put the text inside a string.
        """),
    CatalogueEntry(
      "E0105", .error, "invalid UTF-8",
      explanation: """
        VEDL files must be UTF-8. The bytes at this position are not a valid UTF-8 sequence, \
        which usually means the file was saved in another encoding (Latin-1, UTF-16).

        Re-save the file as UTF-8.
        """),
    CatalogueEntry(
      "E0106", .error, "invalid escape sequence",
      explanation: """
        Inside a string, `\\` starts an escape. The valid escapes are `\\"`, `\\\\`, `\\n`, \
        `\\t`, `\\u{…}` (1–8 hex digits naming a Unicode scalar) and `\\(…)` (interpolation).

        ```vedl
        text "C:\\path" at: 0s duration: 1s
        ```

        Write `\\\\` for a literal backslash.
        """),
    CatalogueEntry(
      "E0107", .error, "malformed literal",
      explanation: """
        A literal has the right start but the wrong shape: a timecode with a field out of \
        range (`00:61:00:00`), a size with a missing side (`1080x`), a compound duration in \
        the wrong order (`30s1m`), or a decimal point with no digits after it (`1.s`).

        Write the literal in one of the forms of the language reference, §2.
        """),
    CatalogueEntry(
      "E0108", .error, "invalid color literal",
      explanation: """
        A colour literal is `#` followed by 3 (`#RGB`), 6 (`#RRGGBB`) or 8 (`#RRGGBBAA`) \
        hexadecimal digits.

        ```vedl
        canvas 1080x1920 background: #12345
        ```

        Use one of the three forms: `#123456`.
        """),
    CatalogueEntry(
      "E0109", .error, "numeric literal out of range",
      explanation: """
        The literal is too large (or has too many decimal places) to be represented exactly. \
        Times are exact rationals of 64-bit integers.

        ```vedl
        gap 99999999999999999999s
        ```

        Use a smaller value.
        """),
  ]
}
