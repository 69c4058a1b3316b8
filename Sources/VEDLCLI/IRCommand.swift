import VEDLSema

/// `vedl ir FILE` — the resolved timeline as JSON (docs/ir.md).
enum IRCommand {
  static let spec = CommandSpec(
    name: "ir",
    synopsis: "ir FILE [--set NAME=VALUE]…",
    summary: "Print the resolved timeline (every item with exact frames) as JSON.",
    options: [FrontEnd.setOption],
    positionals: "FILE", minimumPositionals: 1, maximumPositionals: 1)

  static let subcommand = Subcommand(spec: spec) { parsed, io in
    let overrides: [(name: String, value: String)]
    do throws(UsageError) { overrides = try FrontEnd.overrides(parsed) } catch {
      io.err("error: \(error.message)\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    guard let result = FrontEnd.load(parsed.positionals[0], io: io, overrides: overrides),
      let timeline = result.timeline
    else {
      return VEDLCommandLine.ExitStatus.failure
    }
    io.out(timeline.jsonText + "\n")
    return VEDLCommandLine.ExitStatus.success
  }
}

/// `vedl editor-config FILE [-o OUT.json]` — the editor's timeline configuration.
enum EditorConfigCommand {
  static let spec = CommandSpec(
    name: "editor-config",
    synopsis: "editor-config FILE [-o OUT.json]",
    summary: "Print the editor's timeline configuration as JSON (docs/editor-config.md).",
    options: [.init("output", short: "o", .value(placeholder: "OUT.json"), help: "Write to a file instead of stdout.")],
    positionals: "FILE", minimumPositionals: 1, maximumPositionals: 1)

  static let subcommand = Subcommand(spec: spec) { parsed, io in
    let path = parsed.positionals[0]
    guard let result = FrontEnd.load(path, io: io, overrides: []) else {
      return VEDLCommandLine.ExitStatus.failure
    }
    let text = result.editor.jsonText() + "\n"
    return OutputWriter.write(text, to: parsed.value("output"), checked: result, scriptPath: path, io: io)
  }
}
