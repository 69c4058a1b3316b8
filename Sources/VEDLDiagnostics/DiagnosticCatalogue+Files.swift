extension DiagnosticCode {
  public static let cannotReadFile = DiagnosticCode("E0501")
  public static let cannotWriteFile = DiagnosticCode("E0502")
}

extension DiagnosticCatalogue {
  /// Codes about reading and writing files (`E050x`); media facts follow from `E0510`.
  static let files: [CatalogueEntry] = [
    CatalogueEntry(
      "E0501", .error, "cannot read file",
      explanation: """
        A file named on the command line (or by the script) does not exist, is a directory, \
        or cannot be read with the current permissions.

        ```sh
        vedl check missing.vedl
        ```

        Check the path (relative paths in a script resolve against the script's folder) \
        and the file's permissions.
        """),
    CatalogueEntry(
      "E0502", .error, "cannot write file",
      explanation: """
        An output (a formatted file, a rendered video, a sidecar) could not be written: the \
        folder does not exist or is not writable, or the disk is full. Outputs are written to \
        a temporary file first and moved into place only when complete, so nothing partial \
        is left behind.

        Check that the output folder exists and is writable.
        """),
  ]
}
