import Foundation
import VEDLDiagnostics
import VEDLRender
import VEDLSource
import VEDLSyntax

/// `vedl fmt FILE… [--check|--write]` — canonical formatting.
///
/// Prints the formatted text by default; `--check` lists files whose layout differs and exits
/// 1; `--write` rewrites them atomically (a temporary file beside the original, then a
/// rename; `AtomicFile` says how links and modes are kept). A file with syntax errors is
/// never changed: its diagnostics are printed instead.
enum FormatCommand {
  static let spec = CommandSpec(
    name: "fmt",
    synopsis: "fmt FILE… [--check | --write]",
    summary: "Format .vedl files canonically (prints to stdout by default).",
    options: [
      .init("check", .flag, help: "Exit 1 if any file is not formatted; change nothing."),
      .init("write", .flag, help: "Rewrite files in place (atomically)."),
    ],
    positionals: "FILE…", minimumPositionals: 1, maximumPositionals: nil)

  static let subcommand = Subcommand(spec: spec) { parsed, io in
    let check = parsed.flag("check")
    let write = parsed.flag("write")
    if check && write {
      io.err("error: `--check` and `--write` cannot be combined\nUSAGE: vedl \(spec.synopsis)\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    var status = VEDLCommandLine.ExitStatus.success
    var diagnostics: [Diagnostic] = []
    var unformatted: [String] = []
    for path in parsed.positionals {
      let file: SourceFile
      switch SourceLoader.load(path, io: io) {
      case .failure(let d):
        diagnostics.append(d)
        continue
      case .success(let f):
        file = f
      }
      let result = Parser.parse(file)
      guard let formatted = SourceFormatter.format(result) else {
        diagnostics += result.diagnostics
        continue
      }
      let changed = Array(formatted.utf8) != file.bytes
      if check {
        if changed { unformatted.append(path) }
      } else if write {
        if changed {
          // Through a symbolic link to its target, keeping the file's mode and hard links
          // (`AtomicFile`). `fmt` writes only the files it is given: no other file is at risk.
          do throws(AtomicFileError) {
            try AtomicFile.write(Data(formatted.utf8), to: io.resolve(path))
          } catch {
            diagnostics.append(
              Diagnostic(.cannotWriteFile, "cannot write `\(path)`: \(error.reason)", file: file, span: .point(0)))
          }
        }
      } else {
        io.out(formatted)
      }
    }
    if !diagnostics.isEmpty {
      DiagnosticOutput(format: .text, io: io).emit(diagnostics)
      status = VEDLCommandLine.ExitStatus.failure
    }
    if !unformatted.isEmpty {
      for path in unformatted { io.err("not formatted: \(path)\n") }
      io.err(
        "\(unformatted.count) file\(unformatted.count == 1 ? "" : "s") would be reformatted; run `vedl fmt --write`\n")
      status = VEDLCommandLine.ExitStatus.failure
    }
    return status
  }
}
