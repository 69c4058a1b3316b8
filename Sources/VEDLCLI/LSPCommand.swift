import Foundation
import VEDLDiagnostics
import VEDLIDE
import VEDLLanguageServer
import VEDLLowering
import VEDLSema

/// `vedl lsp` — the language server over standard input and output (docs/editors.md).
enum LSPCommand {
  static let spec = CommandSpec(
    name: "lsp",
    synopsis: "lsp [--stdio] [--log-level error|info|debug]",
    summary: "Run the language server over standard input and output (LSP 3.17).",
    options: [
      .init("stdio", .flag, help: "Talk over standard input and output (the default and only transport)."),
      .init(
        "log-level", .value(placeholder: "LEVEL"),
        help: "How much to log to standard error: error, info (default) or debug. Also VEDL_LSP_LOG."),
    ],
    positionals: "", minimumPositionals: 0, maximumPositionals: 0)

  static let subcommand = Subcommand(spec: spec) { parsed, io in
    let levelName = parsed.value("log-level") ?? io.environment["VEDL_LSP_LOG"] ?? "info"
    guard let level = ServerLog.Level(name: levelName) else {
      io.err("error: `--log-level` must be error, info or debug, not `\(levelName)`\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    let launcher = Bundle.main.executableURL.map { PreviewLauncher(executable: $0.path) }
    var preview: ServerConfiguration.PreviewLauncher?
    if let launcher { preview = { path in launcher.url(for: path) } }
    let configuration = ServerConfiguration(
      media: MediaFactsCache(prober: ProbedMediaFacts()),
      diagnosticDocsBaseURL: io.environment["VEDL_DOCS_URL"] ?? diagnosticDocsURL(),
      graph: { timeline, export in
        switch Lowering.lower(timeline, export: export) {
        case .success(let graph):
          var result: [String: JSON] = ["filterComplex": .string(FilterGraphPrinter.filterComplex(graph))]
          if let export { result["export"] = .string(export.writtenPath) }
          return .success(.object(result))
        case .failure(let error):
          return .failure(.requestFailed(error.message + (error.help.map { "\nhelp: \($0)" } ?? "")))
        }
      },
      preview: preview,
      workingDirectory: io.currentDirectory, version: VEDLCommandLine.version)
    let status = StdioServer.run(configuration: configuration, log: .standardError(level: level))
    launcher?.stopAll()
    return status
  }

  /// A `file:` URL of the diagnostics pages when `vedl` runs from a checkout or an install
  /// that ships `docs/diagnostics` in a folder above the executable.
  static func diagnosticDocsURL() -> String? {
    guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
    var folder = executable.deletingLastPathComponent()
    for _ in 0..<6 {
      let candidate = folder.appendingPathComponent("docs/diagnostics")
      if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("README.md").path) {
        return DocumentURI.uri(ofPath: candidate.path)
      }
      let share = folder.appendingPathComponent("share/vedl/docs/diagnostics")
      if FileManager.default.fileExists(atPath: share.appendingPathComponent("README.md").path) {
        return DocumentURI.uri(ofPath: share.path)
      }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }
}
