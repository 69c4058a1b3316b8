import Foundation
import VEDLDiagnostics
import VEDLRender
import VEDLSema
import VEDLSource

/// Writes the file a command is asked for with `-o` (`editor-config`, `timeline`, `still`):
/// refused with E0802 when it is the script or a file the script reads (the check every
/// writing command shares, `ProtectedFiles`), written with `AtomicFile` otherwise, E0502 when
/// that fails. Diagnostics about the output point at the `-o` argument.
enum OutputWriter {
  /// The files a command run on the script at `scriptPath` (as typed) must not write over:
  /// the script and every file its checked timeline reads.
  static func protectedFiles(of result: CheckResult, scriptPath: String, io: CommandIO) -> ProtectedFiles {
    ProtectedFiles(command: io.resolve(scriptPath), scriptName: scriptPath, timeline: result.timeline)
  }

  /// Whether writing `name` (typed as the value of `option`) is refused: it would write over
  /// one of `protected`; the E0802 diagnostic is then printed.
  static func refuses(
    _ name: String, option: String = "-o", protecting protected: ProtectedFiles, script: SourceFile, io: CommandIO
  ) -> Bool {
    guard
      let diagnostic = protected.refusal(
        writing: [io.resolve(name)], origin: .argument(option: option, value: name), script: script)
    else { return false }
    DiagnosticOutput(format: .text, io: io).emit([diagnostic])
    return true
  }

  /// Writes `data` to `name` atomically; `false` after printing the E0502 diagnostic when it
  /// cannot be written.
  static func write(_ data: Data, to name: String, option: String = "-o", io: CommandIO) -> Bool {
    do throws(AtomicFileError) {
      try AtomicFile.write(data, to: io.resolve(name))
      return true
    } catch {
      DiagnosticOutput(format: .text, io: io).emit([cannotWrite(name, option: option, reason: error.reason)])
      return false
    }
  }

  /// E0502 for `name`, at the `option` argument that names it.
  static func cannotWrite(_ name: String, option: String = "-o", reason: String, help: String? = nil) -> Diagnostic {
    AtomicFileError(reason: reason).diagnostic(name: name, option: option, help: help)
  }

  /// A command's text output: to stdout, or to `-o PATH` unless that is refused.
  static func write(
    _ text: String, to path: String?, checked result: CheckResult, scriptPath: String, io: CommandIO
  ) -> Int32 {
    guard let path else {
      io.out(text)
      return VEDLCommandLine.ExitStatus.success
    }
    let protected = protectedFiles(of: result, scriptPath: scriptPath, io: io)
    guard !refuses(path, protecting: protected, script: result.parse.file, io: io),
      write(Data(text.utf8), to: path, io: io)
    else {
      return VEDLCommandLine.ExitStatus.failure
    }
    return VEDLCommandLine.ExitStatus.success
  }
}
