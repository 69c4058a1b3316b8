import Foundation
import VEDLDiagnostics

/// One subcommand: its spec (options, help) and what it does.
struct Subcommand: Sendable {
  var spec: CommandSpec
  var run: @Sendable (ParsedArguments, CommandIO) -> Int32
}

/// The `vedl` command line. `run` is the whole program; `main.swift` only calls it.
public enum VEDLCommandLine {
  /// Exit statuses shared by every command.
  public enum ExitStatus {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 2
  }

  static let subcommands: [Subcommand] = [
    CheckCommand.subcommand,
    FormatCommand.subcommand,
    IRCommand.subcommand,
    RenderCommand.subcommand,
    StillCommand.subcommand,
    BatchCommand.subcommand,
    JobCommand.subcommand,
    GraphCommand.subcommand,
    EditorConfigCommand.subcommand,
    TimelineCommand.subcommand,
    PreviewCommand.subcommand,
    ImportCommand.subcommand,
    ExportCommand.subcommand,
    ProbeCommand.subcommand,
    ExplainCommand.subcommand,
    LSPCommand.subcommand,
  ]

  static var overview: String {
    var s = """
      USAGE: vedl COMMAND [OPTIONS] [ARGUMENTS]

      VEDL compiles video edit scripts (.vedl).

      COMMANDS:

      """
    // One column for the summaries, two spaces past the longest name (`editor-config`).
    let column = (subcommands.map(\.spec.name.count).max() ?? 0) + 2
    for c in subcommands {
      s += "  " + c.spec.name.padding(toLength: column, withPad: " ", startingAt: 0) + c.spec.summary + "\n"
    }
    s += "\nRun `vedl COMMAND --help` for a command's options.\n"
    return s
  }

  /// Runs the program with `arguments` (without the executable name); returns the exit status.
  public static func run(arguments: [String], io: CommandIO = .standard()) -> Int32 {
    guard let first = arguments.first else {
      io.err(overview)
      return ExitStatus.usage
    }
    if first == "--help" || first == "-h" || first == "help" {
      io.out(overview)
      return ExitStatus.success
    }
    if first == "--version" {
      io.out("vedl \(version)\n")
      return ExitStatus.success
    }
    guard let command = subcommands.first(where: { $0.spec.name == first }) else {
      io.err("error: unknown command `\(first)`\n\n" + overview)
      return ExitStatus.usage
    }
    let parsed: ParsedArguments
    do throws(UsageError) {
      parsed = try command.spec.parse(Array(arguments.dropFirst()))
    } catch {
      io.err(
        "error: \(error.message)\nUSAGE: vedl \(command.spec.synopsis)\nRun `vedl \(command.spec.name) --help` for more.\n"
      )
      return ExitStatus.usage
    }
    if parsed.wantsHelp {
      io.out(command.spec.helpText)
      return ExitStatus.success
    }
    return command.run(parsed, io)
  }

  /// The compiler's version.
  public static let version = "0.1.0"
}

/// Writes diagnostics in the form a command was asked for.
struct DiagnosticOutput {
  enum Format: String { case text, json }

  var format: Format
  var io: CommandIO

  /// Text goes to stderr (with a summary line), JSON to stdout as one array.
  func emit(_ diagnostics: [Diagnostic]) {
    switch format {
    case .json:
      io.out(JSONRenderer().render(diagnostics) + "\n")
    case .text:
      guard !diagnostics.isEmpty else { return }
      let coloring = ColorMode.auto.coloring(isTerminal: io.stderrIsTerminal, environment: io.environment)
      let renderer = TextRenderer(coloring: coloring)
      // One write per diagnostic: thousands of them appear as they are rendered, and the
      // whole text is never held at once.
      for diagnostic in diagnostics { io.err(renderer.render(diagnostic) + "\n") }
      if let summary = renderer.summary(of: diagnostics) { io.err(summary) }
    }
  }
}
