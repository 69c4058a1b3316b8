import CMicroHTTPD
import Foundation

/// One GET request, as the server's handler sees it. Query arguments and headers are read
/// from libmicrohttpd while the handler runs; the request does not outlive the call.
public struct HTTPRequest {
  /// `GET`, `HEAD`, …
  public var method: String
  /// The path as libmicrohttpd hands it over: percent-escapes decoded, no query string.
  public var path: String
  private let lookup: (String, Bool) -> String?

  /// A request whose query arguments and headers come from `lookup(name, isHeader)` (tests
  /// build requests without a connection).
  public init(method: String, path: String, lookup: @escaping (String, Bool) -> String? = { _, _ in nil }) {
    self.method = method
    self.path = path
    self.lookup = lookup
  }

  /// The query argument `name` (`?width=320`).
  public func query(_ name: String) -> String? { lookup(name, false) }
  /// The request header `name` (case-insensitive).
  public func header(_ name: String) -> String? { lookup(name, true) }
}

/// What the handler answers: a body in memory or an endless event stream.
public struct HTTPResponse: @unchecked Sendable {
  public enum Body {
    case bytes(Data)
    /// Server-Sent Events: the connection stays open and writes what the stream yields.
    case events(EventStream)
  }

  public var status: Int
  public var contentType: String
  public var headers: [(String, String)]
  public var body: Body

  public init(status: Int = 200, contentType: String, headers: [(String, String)] = [], body: Body) {
    self.status = status
    self.contentType = contentType
    self.headers = headers
    self.body = body
  }

  /// A body in memory.
  public init(status: Int = 200, contentType: String, headers: [(String, String)] = [], data: Data) {
    self.init(status: status, contentType: contentType, headers: headers, body: .bytes(data))
  }

  /// Plain text (errors, 404).
  public static func text(_ text: String, status: Int) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", data: Data(text.utf8))
  }

  /// The body's bytes, when it is not a stream (tests).
  public var data: Data? {
    if case .bytes(let data) = body { return data }
    return nil
  }
}

/// Why the server did not start.
public struct HTTPServerError: Error, Sendable, Equatable {
  public var message: String
  public init(_ message: String) { self.message = message }
}

/// A small HTTP/1.1 server over GNU libmicrohttpd: one thread per connection (an event
/// stream blocks only its own), every request answered by `handler`. The only code that
/// touches libmicrohttpd; everything above it works with `HTTPRequest` and `HTTPResponse`.
public final class HTTPServer: @unchecked Sendable {
  /// The address it listens on, and the port (the chosen one when 0 was asked for).
  public let host: String
  public private(set) var port: Int = 0
  fileprivate let handler: (HTTPRequest) -> HTTPResponse
  private var daemon: OpaquePointer?
  private let lock = NSLock()

  /// Starts listening on `host` (an IP literal; `localhost` means 127.0.0.1) and `port`.
  public init(host: String, port: Int, handler: @escaping (HTTPRequest) -> HTTPResponse) throws(HTTPServerError) {
    let address = host == "localhost" ? "127.0.0.1" : host
    self.host = address
    self.handler = handler
    guard (0...65535).contains(port) else { throw HTTPServerError("port \(port) is not between 0 and 65535") }
    let context = Unmanaged.passUnretained(self).toOpaque()
    guard let started = vedl_mhd_start(address, UInt16(port), accessHandler, context) else {
      throw HTTPServerError("cannot listen on \(address):\(port) (in use, not allowed, or not an IP address)")
    }
    daemon = started
    self.port = Int(vedl_mhd_port(started))
  }

  /// Stops listening and waits for the connection threads; streams must have been closed
  /// first (`EventHub.close()`), or their threads would keep it waiting.
  public func stop() {
    let d: OpaquePointer? = lock.withLock {
      defer { daemon = nil }
      return daemon
    }
    if let d { MHD_stop_daemon(d) }
  }

  deinit { stop() }

  /// The base address, `http://127.0.0.1:4747/`.
  public var url: String {
    host.contains(":") ? "http://[\(host)]:\(port)/" : "http://\(host):\(port)/"
  }
}

/// libmicrohttpd's request callback: builds the `HTTPRequest`, asks the handler and queues
/// its answer. A GET has no body, so it is answered on the first call.
private let accessHandler: MHD_AccessHandlerCallback = {
  context, connection, url, method, _, _, _, _ in
  guard let context, let connection else { return VEDL_MHD_NO }
  let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
  let request = HTTPRequest(
    method: method.map { String(cString: $0) } ?? "GET", path: url.map { String(cString: $0) } ?? "/"
  ) { name, isHeader in
    guard
      let value = MHD_lookup_connection_value(
        connection, isHeader ? VEDL_MHD_HEADER_KIND : VEDL_MHD_GET_ARGUMENT_KIND, name)
    else { return nil }
    return String(cString: value)
  }
  let answer = server.handler(request)
  let response: OpaquePointer?
  switch answer.body {
  case .bytes(let data):
    response = data.withUnsafeBytes { raw in
      MHD_create_response_from_buffer(
        raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), VEDL_MHD_RESPMEM_MUST_COPY)
    }
  case .events(let stream):
    let retained = Unmanaged.passRetained(stream).toOpaque()
    response = MHD_create_response_from_callback(VEDL_MHD_SIZE_UNKNOWN, 4096, eventReader, retained, eventRelease)
  }
  guard let response else { return VEDL_MHD_NO }
  defer { MHD_destroy_response(response) }
  MHD_add_response_header(response, "Content-Type", answer.contentType)
  for (name, value) in answer.headers { MHD_add_response_header(response, name, value) }
  return MHD_queue_response(connection, UInt32(answer.status), response)
}

/// Copies the stream's next bytes; blocks (on this connection's own thread) until there
/// are some, and ends the response when the stream is closed.
private let eventReader: MHD_ContentReaderCallback = { context, _, buffer, capacity in
  guard let context, let buffer else { return VEDL_MHD_END_OF_STREAM }
  let stream = Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
  guard let bytes = stream.next(maximum: capacity) else { return VEDL_MHD_END_OF_STREAM }
  bytes.withUnsafeBytes { raw in
    if let base = raw.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: raw.count) }
  }
  return bytes.count
}

private let eventRelease: MHD_ContentReaderFreeCallback = { context in
  guard let context else { return }
  let stream = Unmanaged<EventStream>.fromOpaque(context).takeRetainedValue()
  stream.detach()
}
