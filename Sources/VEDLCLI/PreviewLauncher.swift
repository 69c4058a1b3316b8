import Foundation
import VEDLLanguageServer

/// Starts `vedl preview FILE --no-open` servers for the language server's `vedl.preview`
/// command, one per script, and reuses a server while it runs. Each is a child process of
/// this executable (the server watches files and owns threads; the language server stays
/// responsive), stopped when the language server ends.
final class PreviewLauncher: @unchecked Sendable {
  private let executable: String
  private let lock = NSLock()
  private var running: [String: (process: Process, url: String)] = [:]

  init(executable: String) { self.executable = executable }

  /// The base URL of the preview of the script at `path` (absolute).
  func url(for path: String) -> Result<String, ResponseError> {
    lock.lock()
    defer { lock.unlock() }
    if let existing = running[path], existing.process.isRunning { return .success(existing.url) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["preview", path, "--no-open"]
    process.currentDirectoryURL = URL(fileURLWithPath: (path as NSString).deletingLastPathComponent)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch {
      return .failure(.requestFailed("cannot start `vedl preview`: \(error.localizedDescription)"))
    }
    // The first line is the address.
    var line = Data()
    let reader = output.fileHandleForReading
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let url = String(decoding: line, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    guard url.hasPrefix("http://") else {
      process.terminate()
      return .failure(.requestFailed("`vedl preview` did not start (run it in a terminal to see why)"))
    }
    running[path] = (process, url)
    return .success(url)
  }

  /// Stops every server started here.
  func stopAll() {
    let processes = lock.withLock { running.values.map(\.process) }
    for process in processes where process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }
}
