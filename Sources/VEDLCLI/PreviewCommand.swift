import Foundation
import VEDLDiagnostics
import VEDLMedia
import VEDLPreview
import VEDLRender
import VEDLSource

/// `vedl preview FILE [--port P] [--host H] [--no-open] [--set NAME=VALUE]…` — serves the
/// live preview page (docs/preview.md) until Ctrl-C. The server, the watching and the
/// frames are VEDLPreview's; this command reads the options, prints the address first,
/// opens the browser and waits.
enum PreviewCommand {
  static let spec = CommandSpec(
    name: "preview",
    synopsis: "preview FILE [--port P] [--host H] [--no-open] [--set NAME=VALUE]…",
    summary: "Serve a live preview page of the edit that follows every save.",
    options: [
      .init("port", .value(placeholder: "P"), help: "The port (default: 4747, or the next free one; 0: any free one)."),
      .init("host", .value(placeholder: "H"), help: "The address to listen on (default: 127.0.0.1)."),
      .init("no-open", .flag, help: "Do not open the page in a browser."),
      FrontEnd.setOption,
    ],
    positionals: "FILE", minimumPositionals: 1, maximumPositionals: 1)

  static let subcommand = Subcommand(spec: spec) { parsed, io in run(parsed, io: io) }

  static func run(_ parsed: ParsedArguments, io: CommandIO, stop: CancellationFlag? = nil) -> Int32 {
    let overrides: [(name: String, value: String)]
    var port: Int?
    do throws(UsageError) {
      overrides = try FrontEnd.overrides(parsed)
      if let text = parsed.value("port") {
        guard let p = Int(text), (0...65535).contains(p) else {
          throw UsageError("`--port` expects a number from 0 to 65535, found `\(text)`")
        }
        port = p
      }
    } catch {
      io.err("error: \(error.message)\nUSAGE: vedl \(spec.synopsis)\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    let path = parsed.positionals[0]
    if case .failure(let d) = SourceLoader.load(path, io: io) {
      DiagnosticOutput(format: .text, io: io).emit([d])
      return VEDLCommandLine.ExitStatus.failure
    }
    let host = parsed.value("host") ?? "127.0.0.1"
    let server: PreviewServer
    do throws(HTTPServerError) {
      server = try start(path: path, host: host, port: port, io: io, overrides: overrides)
    } catch {
      let option = port.map { "--port \($0)" } ?? "--host \(host)"
      let argument = SourceFile(path: "command line", text: option)
      DiagnosticOutput(format: .text, io: io).emit([
        Diagnostic(
          .previewCannotListen, "cannot start the preview server: \(error.message)", file: argument,
          span: Span(start: 0, end: argument.bytes.count),
          help: port == nil ? "give a free port with `--port P`" : "leave out `--port` to take the first free one")
      ])
      return VEDLCommandLine.ExitStatus.failure
    }
    io.out(server.url + "\n")
    io.out("previewing \(path); Ctrl-C stops\n")
    if !parsed.flag("no-open") { openBrowser(server.url, environment: io.environment) }

    let flag = stop ?? CancellationFlag()
    let signal = stop == nil ? InterruptSignal(raising: flag) : nil
    while !flag.isCancelled { Thread.sleep(forTimeInterval: 0.1) }
    signal?.stop()
    server.stop()
    return VEDLCommandLine.ExitStatus.success
  }

  /// The server for the script at `path` (as typed), checked like `vedl check` with the
  /// process-wide media cache; it reports each check on stderr.
  static func start(
    path: String, host: String, port: Int?, io: CommandIO, overrides: [(name: String, value: String)],
    proxies: Bool = true
  ) throws(HTTPServerError) -> PreviewServer {
    let checkIO = io
    return try PreviewServer(
      scriptName: path, scriptPath: io.resolve(path), host: host, port: port, proxies: proxies
    ) { file in
      let result = FrontEnd.check(file, io: checkIO, overrides: overrides)
      let errors = result.diagnostics.filter { $0.severity == .error }.count
      checkIO.err(
        errors == 0
          ? "checked \(path): ok\n"
          : "checked \(path): \(errors) error\(errors == 1 ? "" : "s") (serving the last good revision)\n"
      )
      return result
    }
  }

  /// Opens `url` with the desktop's opener when there is a display to show it on.
  static func openBrowser(_ url: String, environment: [String: String]) {
    #if os(macOS)
      let opener = "/usr/bin/open"
    #else
      guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else { return }
      let opener = "/usr/bin/xdg-open"
    #endif
    guard FileManager.default.isExecutableFile(atPath: opener) else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: opener)
    process.arguments = [url]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try? process.run()
  }
}
