import Foundation

/// The server's log. Standard output carries the protocol, so the log goes to standard error
/// only (editors show it in their language-server log), one line per entry.
public struct ServerLog: Sendable {
  /// How much to write.
  public enum Level: Int, Sendable, Comparable {
    case error = 0
    case info = 1
    case debug = 2

    public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }

    /// Reads `error`, `info` or `debug` (the `VEDL_LSP_LOG` environment variable).
    public init?(name: String) {
      switch name.lowercased() {
      case "error": self = .error
      case "info": self = .info
      case "debug": self = .debug
      default: return nil
      }
    }
  }

  public let level: Level
  private let sink: @Sendable (String) -> Void

  /// A log writing lines at or above `level` to `sink`.
  public init(level: Level, sink: @escaping @Sendable (String) -> Void) {
    self.level = level
    self.sink = sink
  }

  /// A log to standard error.
  public static func standardError(level: Level) -> ServerLog {
    ServerLog(level: level) { line in
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
  }

  /// A log that writes nothing (tests).
  public static let silent = ServerLog(level: .error) { _ in }

  public func error(_ message: @autoclosure () -> String) { write(.error, message) }
  public func info(_ message: @autoclosure () -> String) { write(.info, message) }
  public func debug(_ message: @autoclosure () -> String) { write(.debug, message) }

  private func write(_ at: Level, _ message: () -> String) {
    guard at <= level else { return }
    let tag =
      switch at {
      case .error: "error"
      case .info: "info"
      case .debug: "debug"
      }
    sink("[vedl lsp] \(tag): \(message())")
  }
}
