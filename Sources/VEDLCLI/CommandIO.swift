import Foundation

/// Where a command reads and writes: the real process streams, or buffers in tests.
/// Commands never touch `FileHandle.standardOutput` directly, so the whole CLI runs in-process
/// under test.
public final class CommandIO: @unchecked Sendable {
  /// Writes to standard output.
  public let out: (String) -> Void
  /// Writes to standard error.
  public let err: (String) -> Void
  /// Whether standard output / standard error are terminals (colour, progress bars).
  public let stdoutIsTerminal: Bool
  public let stderrIsTerminal: Bool
  /// The environment (`NO_COLOR`, `TERM`, …).
  public let environment: [String: String]
  /// Directory against which relative paths are resolved.
  public let currentDirectory: String

  public init(
    out: @escaping (String) -> Void, err: @escaping (String) -> Void, stdoutIsTerminal: Bool,
    stderrIsTerminal: Bool, environment: [String: String], currentDirectory: String
  ) {
    self.out = out
    self.err = err
    self.stdoutIsTerminal = stdoutIsTerminal
    self.stderrIsTerminal = stderrIsTerminal
    self.environment = environment
    self.currentDirectory = currentDirectory
  }

  /// The real process streams.
  public static func standard() -> CommandIO {
    CommandIO(
      out: { FileHandle.standardOutput.write(Data($0.utf8)) },
      err: { FileHandle.standardError.write(Data($0.utf8)) },
      stdoutIsTerminal: isatty(STDOUT_FILENO) != 0,
      stderrIsTerminal: isatty(STDERR_FILENO) != 0,
      environment: ProcessInfo.processInfo.environment,
      currentDirectory: FileManager.default.currentDirectoryPath)
  }

  /// Resolves `path` against ``currentDirectory``.
  public func resolve(_ path: String) -> String {
    path.hasPrefix("/") ? path : (currentDirectory as NSString).appendingPathComponent(path)
  }
}

/// A buffer that captures a command's output (tests).
public final class CapturedOutput: @unchecked Sendable {
  private let lock = NSLock()
  private var outText = ""
  private var errText = ""

  public init() {}

  public var stdout: String { lock.withLock { outText } }
  public var stderr: String { lock.withLock { errText } }

  /// An IO that writes into this buffer, as if neither stream were a terminal.
  public func io(
    environment: [String: String] = [:], currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> CommandIO {
    CommandIO(
      out: { [self] s in lock.withLock { outText += s } },
      err: { [self] s in lock.withLock { errText += s } },
      stdoutIsTerminal: false, stderrIsTerminal: false, environment: environment, currentDirectory: currentDirectory)
  }
}
