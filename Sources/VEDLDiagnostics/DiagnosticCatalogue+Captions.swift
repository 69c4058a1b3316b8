extension DiagnosticCode {
  public static let captionInvalidUTF8 = DiagnosticCode("E0601")
  public static let captionMissingHeader = DiagnosticCode("E0602")
  public static let captionExpectedTiming = DiagnosticCode("E0603")
  public static let captionMalformedTiming = DiagnosticCode("E0604")
  public static let captionTimestampOutOfRange = DiagnosticCode("E0605")
  public static let captionEndsBeforeStart = DiagnosticCode("E0606")
  public static let captionCueNumber = DiagnosticCode("W0601")
  public static let captionNonStandardTimestamp = DiagnosticCode("W0602")
  public static let captionEmptyText = DiagnosticCode("W0603")
  public static let captionIgnoredTimingText = DiagnosticCode("W0604")
  public static let captionMissingBlankLine = DiagnosticCode("W0605")
  public static let captionUnknownExtension = DiagnosticCode("W0606")
  public static let captionNoCues = DiagnosticCode("W0607")
}

extension DiagnosticCatalogue {
  /// Codes raised while importing SRT and WebVTT caption files (`E06xx`, `W06xx`). Their
  /// primary span points into the caption file; the checker adds a label at the `import`.
  static let captions: [CatalogueEntry] = [
    CatalogueEntry(
      "E0601", .error, "caption file is not valid UTF-8",
      explanation: """
        Caption files must be UTF-8 (a leading byte-order mark is allowed). The bytes at \
        this position are not a valid UTF-8 sequence, which usually means the file was saved \
        as Latin-1, Windows-1252 or UTF-16. The diagnostic points at the first bad sequence \
        and a note counts the others; the cues are still read, with `�` in place of the bad \
        bytes.

        ```srt
        1
        00:00:01,000 --> 00:00:02,000
        Caf\\xE9
        ```

        (`\\xE9` is a single Latin-1 byte for `é`.) Re-save the file as UTF-8.

        A NUL character (U+0000) is refused the same way, although UTF-8 allows it: the \
        text would end there in the FFmpeg backend. A file with NUL bytes is often UTF-16 \
        saved without a byte-order mark.
        """),
    CatalogueEntry(
      "E0602", .error, "missing `WEBVTT` header",
      explanation: """
        A WebVTT file must start with the line `WEBVTT`, optionally followed by a space or \
        tab and any text. Browsers reject a file without it. The cues after it are still \
        read so that their own problems are reported too.

        ```vtt
        00:00:01.000 --> 00:00:02.000
        Hello
        ```

        Add `WEBVTT` and a blank line at the top, or, if the file is really SubRip, give it \
        the `.srt` extension.
        """),
    CatalogueEntry(
      "E0603", .error, "expected a cue timing line",
      explanation: """
        Every cue block needs a timing line `START --> END`, either as its first line or \
        right after the cue number (SRT) or identifier (WebVTT). This block has neither, so \
        it is skipped. Stray text between cues and garbage at the end of a file cause this; \
        so does a cue whose text contains a blank line.

        ```srt
        1
        00:00:01,000 --> 00:00:02,000
        First line

        a second paragraph that belongs to no cue
        ```

        Remove the stray text, or join it to the cue above without the blank line.
        """),
    CatalogueEntry(
      "E0604", .error, "malformed cue timing",
      explanation: """
        The timing line is not `START --> END`. Common causes: a single-dash arrow `->`, a \
        missing end time, an SRT timestamp without hours (`00:01,000`), or text glued to a \
        timestamp. SRT timestamps are `HH:MM:SS,mmm`; WebVTT timestamps are `HH:MM:SS.mmm` \
        or `MM:SS.mmm`. The cue is skipped.

        ```srt
        1
        00:00:01,000 -> 00:00:02,000
        Hello
        ```

        Write the arrow as `-->`: `00:00:01,000 --> 00:00:02,000`.
        """),
    CatalogueEntry(
      "E0605", .error, "timestamp field out of range",
      explanation: """
        A timestamp's minutes or seconds are 60 or more, or the timestamp is too large (or \
        has too many decimal places) to be represented exactly. The cue is skipped.

        ```vtt
        WEBVTT

        00:00:59.000 --> 00:00:75.000
        Hello
        ```

        Carry into the next field: `00:01:15.000`.
        """),
    CatalogueEntry(
      "E0606", .error, "cue ends before it starts",
      explanation: """
        A cue's end time must be later than its start time; a cue that ends at or before \
        its start would never be shown. The message names both times, and labels point at \
        them. The cue is skipped.

        ```srt
        1
        00:00:05,000 --> 00:00:03,000
        Hello
        ```

        Swap or correct the times: `00:00:03,000 --> 00:00:05,000`.
        """),
    CatalogueEntry(
      "W0601", .warning, "SRT cue number missing or not a number",
      explanation: """
        In SRT each cue starts with its number on a line of its own. Players accept a cue \
        without one, or with a label instead of a number, so the cue is kept (a non-numeric \
        label becomes the cue's identifier), but other tools may reject the file.

        ```srt
        00:00:01,000 --> 00:00:02,000
        Hello
        ```

        Number the cues from 1: add the line `1` above the timing line.
        """),
    CatalogueEntry(
      "W0602", .warning, "non-standard caption timestamp",
      explanation: """
        The timestamp is readable but not in the form its format's specification requires: \
        a `.` before the milliseconds in SRT or a `,` in WebVTT, fewer or more than three \
        fraction digits, no fraction at all, or a one-digit hour, minute or second field. \
        VEDL reads the fraction as a decimal (`,5` is half a second, not 5 ms — some players \
        disagree) and keeps extra digits exactly. Browsers drop WebVTT cues with a `,`. The \
        first such timestamp is reported; a note counts the rest.

        ```srt
        1
        00:00:01.5 --> 00:00:02.000
        Hello
        ```

        Write `HH:MM:SS,mmm` in SRT and `HH:MM:SS.mmm` in WebVTT: `00:00:01,500`.
        """),
    CatalogueEntry(
      "W0603", .warning, "cue has no text",
      explanation: """
        The cue has a timing line but no text (or only markup tags), so nothing would be \
        shown. The cue is kept with empty text.

        ```vtt
        WEBVTT

        00:00:01.000 --> 00:00:02.000

        00:00:02.000 --> 00:00:03.000
        Hello
        ```

        Add the text, or delete the cue.
        """),
    CatalogueEntry(
      "W0604", .warning, "text after the SRT end time is ignored",
      explanation: """
        SRT has no cue settings, but some tools write display coordinates (`X1:… X2:… Y1:… \
        Y2:…`) or other text after the end time. VEDL ignores it: caption placement comes \
        from the `style` statement. The first occurrence is reported; a note counts the rest.

        ```srt
        1
        00:00:01,000 --> 00:00:02,000 X1:100 X2:600 Y1:50 Y2:80
        Hello
        ```

        Delete the text after the end time.
        """),
    CatalogueEntry(
      "W0605", .warning, "missing blank line between cues",
      explanation: """
        A new timing line started before the previous cue's text was ended by a blank line. \
        The previous cue ends there and a new cue begins (in SRT, a number on the line just \
        before the timing line is taken as the new cue's number).

        ```srt
        1
        00:00:01,000 --> 00:00:02,000
        Hello
        2
        00:00:02,000 --> 00:00:03,000
        World
        ```

        Put a blank line before each cue.
        """),
    CatalogueEntry(
      "W0606", .warning, "unknown caption file extension",
      explanation: """
        Captions are imported from `.srt` (SubRip) or `.vtt` (WebVTT) files, and the \
        extension decides how the file is read. For any other extension VEDL guesses: a file \
        that starts with `WEBVTT` is read as WebVTT, anything else as SRT.

        ```vedl
        captions {
          import "media/subs.txt"
        }
        ```

        Rename the file to `.srt` or `.vtt`.
        """),
    CatalogueEntry(
      "W0607", .warning, "caption file has no cues",
      explanation: """
        The caption file was read without errors but contains no cues: it is empty, or (for \
        WebVTT) holds only the header, comments and style blocks. Importing it adds nothing.

        ```vtt
        WEBVTT

        NOTE captions to follow
        ```

        Add cues, or remove the `import`.
        """),
  ]
}
