import VEDLDiagnostics
import VEDLSource
import VEDLSyntax

/// `vedl check FILE… [--format text|json]` — parse and check; exit 1 when any file has errors.
enum CheckCommand {
  static let spec = CommandSpec(
    name: "check",
    synopsis: "check FILE… [--format text|json]",
    summary: "Parse and check .vedl files; print diagnostics.",
    options: [
      .init("format", .value(placeholder: "text|json"), help: "Diagnostic format (default: text, on stderr; json goes to stdout)."),
    ],
    positionals: "FILE…", minimumPositionals: 1, maximumPositionals: nil)

  static let subcommand = Subcommand(spec: spec) { parsed, io in
    let format: DiagnosticOutput.Format
    do {
      format = DiagnosticOutput.Format(rawValue: try spec.choice(parsed, "format", ["text", "json"], default: "text"))!
    } catch {
      io.err("error: \(error.message)\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    var diagnostics: [Diagnostic] = []
    for path in parsed.positionals {
      switch SourceLoader.load(path, io: io) {
      case .failure(let d):
        diagnostics.append(d)
      case .success(let file):
        diagnostics += FrontEnd.check(file)
      }
    }
    DiagnosticOutput(format: format, io: io).emit(diagnostics)
    return diagnostics.contains { $0.severity == .error } ? VEDLCommandLine.ExitStatus.failure : VEDLCommandLine.ExitStatus.success
  }
}

/// The analysis every command shares: parse, then (as the checker grows) check.
enum FrontEnd {
  /// Every diagnostic for `file`, in source order.
  static func check(_ file: SourceFile) -> [Diagnostic] {
    Parser.parse(file).diagnostics
  }
}
