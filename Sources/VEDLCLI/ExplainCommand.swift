import VEDLDiagnostics

/// `vedl explain CODE` — print the catalogue page of a diagnostic code.
enum ExplainCommand {
  static let spec = CommandSpec(
    name: "explain",
    synopsis: "explain CODE",
    summary: "Explain a diagnostic code (e.g. E0101).",
    options: [],
    positionals: "CODE", minimumPositionals: 1, maximumPositionals: 1)

  static let subcommand = Subcommand(spec: spec) { parsed, io in
    guard let entry = DiagnosticExplanation.entry(matching: parsed.positionals[0]) else {
      io.err(
        "error: no diagnostic code `\(parsed.positionals[0])`\nhelp: codes look like `E0101`; `docs/diagnostics/README.md` lists them all\n"
      )
      return VEDLCommandLine.ExitStatus.failure
    }
    io.out(DiagnosticExplanation.page(for: entry))
    return VEDLCommandLine.ExitStatus.success
  }
}
