import Foundation
import VEDLSema
import VEDLDiagnostics
import VEDLSource
import VEDLSyntax

/// `vedl check FILE… [--format text|json]` — parse and check; exit 1 when any file has errors.
enum CheckCommand {
  static let spec = CommandSpec(
    name: "check",
    synopsis: "check FILE… [--format text|json] [--set NAME=VALUE]…",
    summary: "Parse and check .vedl files; print diagnostics.",
    options: [
      .init(
        "format", .value(placeholder: "text|json"),
        help: "Diagnostic format (default: text, on stderr; json goes to stdout)."),
      FrontEnd.setOption,
    ],
    positionals: "FILE…", minimumPositionals: 1, maximumPositionals: nil)

  static let subcommand = Subcommand(spec: spec) { parsed, io in
    let format: DiagnosticOutput.Format
    let overrides: [(name: String, value: String)]
    do throws(UsageError) {
      format = DiagnosticOutput.Format(rawValue: try spec.choice(parsed, "format", ["text", "json"], default: "text"))!
      overrides = try FrontEnd.overrides(parsed)
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
        let result = FrontEnd.check(file, io: io, overrides: overrides)
        diagnostics += result.diagnostics
        FrontEnd.keepUntilExit(result)
      }
    }
    DiagnosticOutput(format: format, io: io).emit(diagnostics)
    return diagnostics.contains { $0.severity == .error }
      ? VEDLCommandLine.ExitStatus.failure : VEDLCommandLine.ExitStatus.success
  }
}

/// The analysis every command shares: parse and check, with media facts from libavformat.
enum FrontEnd {
  /// One process-wide cache of probed media.
  static let media = ProbedMediaFacts()

  /// Checks `file`; relative paths in it resolve against its folder.
  static func check(
    _ file: SourceFile, io: CommandIO, overrides: [(name: String, value: String)] = [],
    media: (any MediaFactsProvider)? = FrontEnd.media
  ) -> CheckResult {
    let folder = (io.resolve(file.path) as NSString).deletingLastPathComponent
    return Checker.check(
      file, options: CheckOptions(parameterOverrides: overrides, media: media, baseDirectory: folder))
  }

  /// Results kept alive until the process exits. Tearing down a large syntax tree and
  /// timeline costs about a fifth of `vedl check`'s time on a 100k-clip file, and the
  /// operating system reclaims the memory at exit anyway (as compilers do). Only the
  /// one-shot commands use it; the language server never does.
  nonisolated(unsafe) private static var keptResults: [CheckResult] = []
  private static let keptLock = NSLock()

  static func keepUntilExit(_ result: CheckResult) {
    keptLock.withLock { keptResults.append(result) }
  }

  /// Parses `--set NAME=VALUE` options.
  static func overrides(_ parsed: ParsedArguments) throws(UsageError) -> [(name: String, value: String)] {
    try parsed.all("set").map { (item: String) throws(UsageError) -> (name: String, value: String) in
      guard let eq = item.firstIndex(of: "="), eq != item.startIndex else {
        throw UsageError("`--set` expects NAME=VALUE, found `\(item)`")
      }
      return (String(item[..<eq]), String(item[item.index(after: eq)...]))
    }
  }

  /// The `--set` option, shared by every command that checks a file.
  static let setOption = CommandSpec.Option(
    "set", .value(placeholder: "NAME=VALUE"), repeatable: true, help: "Give a parameter a value (repeatable).")

  /// Loads and checks one file for a command that needs a clean timeline (`ir`, `graph`,
  /// `render`, …); prints diagnostics (warnings too) to stderr. `nil` when it has errors.
  static func load(_ path: String, io: CommandIO, overrides: [(name: String, value: String)]) -> CheckResult? {
    switch SourceLoader.load(path, io: io) {
    case .failure(let d):
      DiagnosticOutput(format: .text, io: io).emit([d])
      return nil
    case .success(let file):
      let result = check(file, io: io, overrides: overrides)
      DiagnosticOutput(format: .text, io: io).emit(result.diagnostics)
      return result.hasErrors ? nil : result
    }
  }
}
