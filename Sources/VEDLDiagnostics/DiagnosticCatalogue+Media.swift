extension DiagnosticCode {
  public static let mediaMissing = DiagnosticCode("E0510")
  public static let mediaUnreadable = DiagnosticCode("E0511")
  public static let mediaWrongKind = DiagnosticCode("E0512")
  public static let mediaTruncated = DiagnosticCode("E0513")
  public static let unknownSourceKind = DiagnosticCode("E0514")
  public static let fontFileMissing = DiagnosticCode("E0515")
}

extension DiagnosticCatalogue {
  /// Codes about media sources (`E051x`).
  static let media: [CatalogueEntry] = [
    CatalogueEntry(
      "E0510", .error, "media file not found",
      explanation: """
        A source names a file that does not exist. Relative paths resolve against the folder \
        of the `.vedl` file, not the current directory.

        ```vedl
        let intro = video("media/intro.mp4")
        ```

        Fix the path, or move the file there.
        """),
    CatalogueEntry(
      "E0511", .error, "unreadable media file",
      explanation: """
        The file exists but FFmpeg cannot read it as media: it is not a video, audio or \
        image file, it is damaged, or its permissions forbid reading. The message carries \
        FFmpeg's own explanation.

        Check the file with `vedl probe FILE`.
        """),
    CatalogueEntry(
      "E0512", .error, "wrong kind of media",
      explanation: """
        The file is media, but not of the kind the source asks for: `video(…)` of a file \
        with no video stream, `audio(…)` of a file with no sound, `image(…)` of a moving \
        video.

        ```vedl
        let music = video("music.wav")
        ```

        Use the matching source: `audio("music.wav")`.
        """),
    CatalogueEntry(
      "E0513", .error, "truncated media file",
      explanation: """
        The file is cut short or has no usable streams (an interrupted download or copy, \
        a zero-length file).

        Re-create or re-download the file, and check it with `vedl probe FILE`.
        """),
    CatalogueEntry(
      "E0514", .error, "unknown source",
      explanation: """
        A source must be one of `video(PATH)`, `image(PATH)`, `audio(PATH)`, `color(COLOR)`, \
        `testpattern()` and `tone(FREQUENCY)` — or a `let` name bound to one.

        ```vedl
        clip movie("a.mp4")
        ```

        Use `video("a.mp4")`.
        """),
    CatalogueEntry(
      "E0515", .error, "font file not found or unusable",
      explanation: """
        A `font` of a text item or of the caption style names a font file (the name contains \
        `/` or ends in `.ttf`, `.otf` or `.ttc`) that does not exist, or that text cannot be \
        drawn with: a file FreeType cannot open as a font, a folder, or a bitmap-only font such \
        as a colour emoji font, which has fixed sizes. FFmpeg's `drawtext` would quietly draw \
        such text in another font. Relative paths resolve against the folder of the `.vedl` \
        file. A font family name (`"DejaVu Sans:style=Bold"`) is not checked: Fontconfig \
        always picks its closest installed font.

        ```vedl
        text "Hello" at: 0s duration: 2s { font "fonts/missing.ttf" size: 48 }
        ```

        Fix the path, or name a TrueType or OpenType outline font or an installed family \
        instead.
        """),
  ]
}
