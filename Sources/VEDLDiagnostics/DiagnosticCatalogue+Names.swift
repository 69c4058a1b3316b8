extension DiagnosticCode {
  public static let unknownStatement = DiagnosticCode("E0301")
  public static let unexpectedArgument = DiagnosticCode("E0302")
  public static let missingArgument = DiagnosticCode("E0303")
  public static let typeMismatch = DiagnosticCode("E0304")
  public static let unknownName = DiagnosticCode("E0305")
  public static let duplicateDefinition = DiagnosticCode("E0306")
  public static let cyclicReference = DiagnosticCode("E0307")
  public static let duplicateArgument = DiagnosticCode("E0308")
  public static let invalidOperands = DiagnosticCode("E0309")
  public static let unknownParameter = DiagnosticCode("E0310")
  public static let invalidParameterValue = DiagnosticCode("E0311")
  public static let repeatedStatement = DiagnosticCode("E0312")
  public static let valueOutOfRange = DiagnosticCode("E0313")
  public static let unknownMember = DiagnosticCode("E0314")
  public static let arithmeticError = DiagnosticCode("E0315")
  public static let unknownType = DiagnosticCode("E0316")
  public static let unexpectedBlock = DiagnosticCode("E0317")
}

extension DiagnosticCatalogue {
  /// Codes of the checker about statements, names and types (`E03xx`).
  static let names: [CatalogueEntry] = [
    CatalogueEntry(
      "E0301", .error, "unknown statement",
      explanation: """
        The statement's name is not one VEDL knows in this place. Each block accepts its own \
        statements: a track holds clips, a clip's block holds modifiers such as `crop` and \
        `fade`, an `export` block holds `watermark` and `thumbnail`. The message suggests a \
        close name and says where the statement is allowed, if anywhere.

        ```vedl
        track main {
          clp intro
        }
        ```

        Fix the spelling (`clip intro`) or move the statement into the block it belongs to.
        """),
    CatalogueEntry(
      "E0302", .error, "unexpected argument",
      explanation: """
        The statement does not take this argument: an unknown label, or more positional \
        values than it accepts.

        ```vedl
        clip intro trim: 1s..2s sped: 2x
        ```

        Remove the argument or fix the label (`speed: 2x`). Hover a statement in an editor to \
        see the arguments it takes.
        """),
    CatalogueEntry(
      "E0303", .error, "missing argument",
      explanation: """
        A required argument was left out: a clip needs its source, an overlay item needs \
        `at:`, `crossfade` needs its length.

        ```vedl
        track main {
          crossfade
        }
        ```

        Add the argument: `crossfade 1s`.
        """),
    CatalogueEntry(
      "E0304", .error, "mismatched types",
      explanation: """
        A value has the wrong type for where it is used: a number where a duration is \
        expected (durations need a unit), a string where a colour is expected, a name that \
        is not one of the allowed words.

        ```vedl
        gap 2
        ```

        Write the value with its unit or type: `gap 2s`.
        """),
    CatalogueEntry(
      "E0305", .error, "unknown name",
      explanation: """
        A name is used that no `let`, `param` or `id:` defines. The message suggests a close \
        name when there is one.

        ```vedl
        let intro = video("a.mp4")
        track main { clip intro_ }
        ```

        Fix the spelling, or define the name with `let`.
        """),
    CatalogueEntry(
      "E0306", .error, "duplicate definition",
      explanation: """
        Two `let`, `param` or `id:` definitions use the same name. Names share one space, \
        so an id cannot reuse a `let` name either. The label points at the first definition.

        ```vedl
        let a = video("a.mp4")
        let a = video("b.mp4")
        ```

        Rename one of them.
        """),
    CatalogueEntry(
      "E0307", .error, "cyclic reference",
      explanation: """
        A value depends on itself: a `let` that refers to itself through other names, or an \
        item whose timing depends on its own (`at: b.end` on item `a` while `b` is placed at \
        `a.end`). The notes list the chain.

        ```vedl
        let a = b + 1s
        let b = a
        ```

        Break the chain by giving one of the values directly.
        """),
    CatalogueEntry(
      "E0308", .error, "argument given twice",
      explanation: """
        The same labelled argument appears twice in one statement. The label points at the \
        first occurrence.

        ```vedl
        clip intro speed: 2x speed: 3x
        ```

        Keep one of them.
        """),
    CatalogueEntry(
      "E0309", .error, "invalid operands",
      explanation: """
        An operator was applied to values it does not combine. Durations add to durations, \
        multiply by numbers, and divide by numbers or durations; a number cannot be added to \
        a duration, strings cannot be subtracted, and so on.

        ```vedl
        let t = 2s + 1
        ```

        Give both sides the same unit: `2s + 1s`.
        """),
    CatalogueEntry(
      "E0310", .error, "unknown parameter",
      explanation: """
        `--set NAME=VALUE` (or a data column in `vedl batch`) names a parameter the file does \
        not declare with `param`.

        ```sh
        vedl check promo.vedl --set titel="Hi"
        ```

        Use a declared name (the note lists them), or add `param NAME: Type` to the file.
        """),
    CatalogueEntry(
      "E0311", .error, "invalid parameter value",
      explanation: """
        A value given with `--set` (or by a data row) does not convert to the parameter's \
        declared type.

        ```sh
        vedl check promo.vedl --set accent=orangey
        ```

        Give a value of the declared type (`--set accent=#FF8800`). String parameters take \
        the text as it is; other types are written as in a script (`2s`, `#FF0000`, `true`).
        """),
    CatalogueEntry(
      "E0312", .error, "statement repeated",
      explanation: """
        This statement may appear only once in its block (or file): `canvas`, `track main`, \
        `captions`, `editor`, and most modifiers of a clip. The label points at the first.

        ```vedl
        canvas 1080x1920
        canvas 1920x1080
        ```

        Keep one.
        """),
    CatalogueEntry(
      "E0313", .error, "value out of range",
      explanation: """
        The value has the right type but is not allowed: a negative size, an opacity above \
        100%, a frame rate of zero, a timecode frame number at or above the frame rate.

        ```vedl
        opacity 150%
        ```

        Use a value in the documented range.
        """),
    CatalogueEntry(
      "E0314", .error, "unknown member",
      explanation: """
        `.member` was used on a value that has no such member. Items with an `id:` and the \
        `main` track have `.start`, `.end` and `.duration`; a media source has `.duration`.

        ```vedl
        text "Hi" at: opening.begin duration: 1s
        ```

        Use `.start`, `.end` or `.duration`.
        """),
    CatalogueEntry(
      "E0315", .error, "arithmetic error",
      explanation: """
        Exact arithmetic failed: division by zero, or a result too large to represent \
        exactly.

        ```vedl
        let t = 2s / 0
        ```

        Change the expression.
        """),
    CatalogueEntry(
      "E0316", .error, "unknown type",
      explanation: """
        A `param` declares a type VEDL does not have. The types are `String`, `Number`, \
        `Int`, `Bool`, `Duration`, `Color`, `Size`, `Ratio`, `Gain`, `Speed`, `Angle` and \
        `Path`.

        ```vedl
        param title: Text = "Hi"
        ```

        Use one of the listed types (`String`).
        """),
    CatalogueEntry(
      "E0317", .error, "unexpected block",
      explanation: """
        A `{ … }` block was given to a statement that takes none (such as `gap` or \
        `crossfade`), or a block is required and missing.

        ```vedl
        track main {
          gap 1s { fade in: 1s }
        }
        ```

        Remove the block, or attach the modifiers to a clip.
        """),
  ]
}
