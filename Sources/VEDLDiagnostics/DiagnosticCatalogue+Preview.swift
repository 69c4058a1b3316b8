extension DiagnosticCode {
  public static let previewCannotListen = DiagnosticCode("E1001")
}

extension DiagnosticCatalogue {
  /// Codes of `vedl preview` (`E10xx`).
  static let preview: [CatalogueEntry] = [
    CatalogueEntry(
      "E1001", .error, "cannot start the preview server",
      explanation: """
        `vedl preview` could not listen on the address asked for: the port is in use (another \
        preview, or another program), the host is not an IP address of this machine, or the \
        port needs privileges.

        ```sh
        vedl preview edit.vedl --port 4747   # while another preview holds 4747
        ```

        Leave out `--port` to take the first free port from 4747, or give another one.
        """)
  ]
}
