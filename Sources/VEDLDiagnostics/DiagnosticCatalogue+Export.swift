extension DiagnosticCode {
  public static let unknownExportFormat = DiagnosticCode("E0801")
  public static let exportOverwritesSource = DiagnosticCode("E0802")
  public static let invalidThumbnail = DiagnosticCode("E0803")
  public static let duplicateExport = DiagnosticCode("E0804")
}

extension DiagnosticCatalogue {
  /// Codes about exports (`E08xx`).
  static let exports: [CatalogueEntry] = [
    CatalogueEntry(
      "E0801", .error, "unknown export format",
      explanation: """
        The export's format comes from its extension: `.mp4` and `.mov` (H.264 + AAC), \
        `.webm` (VP9 + Opus), or `.png` for a still of the first frame.

        ```vedl
        export "out/video.avi"
        ```

        Use one of the supported extensions.
        """),
    CatalogueEntry(
      "E0802", .error, "output would overwrite an input",
      explanation: """
        An output is the same file as the script or one of the files it reads: a source, \
        an imported caption file, a font file, or `vedl batch`'s data. Saving never \
        overwrites an original: every output is a new file. The checker reports an export \
        over a source; every command that writes (`render`, `batch`, `still`, `timeline`, \
        `editor-config`, `graph -o`) checks each file it would write (output, thumbnails, \
        sidecars, `OUT.json`) before writing anything. Files are compared as files, so \
        `./a.mp4`, `media/../a.mp4`, a symbolic link or a hard link to `a.mp4` is `a.mp4`.

        ```vedl
        let intro = video("a.mp4")
        export "a.mp4"
        ```

        Export to another path, e.g. `export "a-edited.mp4"`; give `-o` a new file.
        """),
    CatalogueEntry(
      "E0803", .error, "invalid thumbnail",
      explanation: """
        A thumbnail is a JPEG (`.jpg` or `.jpeg`) of the rendered result at a time inside \
        the timeline.

        ```vedl
        export "out/a.mp4" { thumbnail "out/a.png" at: 1s }
        ```

        Use a `.jpg` path and a time before the end.
        """),
    CatalogueEntry(
      "E0804", .error, "two outputs with the same path",
      explanation: """
        Two exports (or an export and a thumbnail) write the same file; one would overwrite \
        the other.

        Give each output its own path.
        """),
  ]
}
