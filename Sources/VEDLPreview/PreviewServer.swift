import Foundation
import VEDLSema
import VEDLSource

/// `vedl preview`'s server: a `PreviewSession` watching the script, answered over HTTP by
/// `PreviewRoutes`.
public final class PreviewServer: @unchecked Sendable {
  public let session: PreviewSession
  private let http: HTTPServer

  /// The port tried first when none is given, and how many after it are tried.
  public static let defaultPort = 4747
  public static let portsTried = 20

  /// Checks the script, starts watching it and listens on `host`:`port`, or, when `port` is
  /// `nil`, on the first free port from 4747.
  public init(
    scriptName: String, scriptPath: String, host: String, port: Int?, proxies: Bool = true,
    watchInterval: TimeInterval = 0.1, check: @escaping @Sendable (SourceFile) -> CheckResult
  ) throws(HTTPServerError) {
    session = PreviewSession(scriptName: scriptName, scriptPath: scriptPath, proxies: proxies, check: check)
    let routes = PreviewRoutes(session: session)
    let handler: (HTTPRequest) -> HTTPResponse = { routes.respond(to: $0) }
    if let port {
      http = try HTTPServer(host: host, port: port, handler: handler)
    } else {
      var started: HTTPServer?
      var lastError = HTTPServerError("no port tried")
      for candidate in Self.defaultPort..<(Self.defaultPort + Self.portsTried) {
        do throws(HTTPServerError) {
          started = try HTTPServer(host: host, port: candidate, handler: handler)
          break
        } catch {
          lastError = error
        }
      }
      guard let started else {
        session.stop()
        throw HTTPServerError(
          "no free port from \(Self.defaultPort) to \(Self.defaultPort + Self.portsTried - 1): \(lastError.message)")
      }
      http = started
    }
    session.startWatching(interval: watchInterval)
  }

  /// `http://127.0.0.1:4747/`.
  public var url: String { http.url }
  /// The port listened on.
  public var port: Int { http.port }

  /// Stops watching, closes the event streams and stops listening.
  public func stop() {
    session.stop()
    http.stop()
  }
}
