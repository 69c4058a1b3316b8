import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal HTTP/1.1 client over a socket, so tests send paths exactly as written (URL
/// libraries remove `..` segments before sending, which would hide a traversal bug).
struct RawHTTP {
  struct Response {
    var status: Int
    var headers: [String: String]
    var body: Data

    func header(_ name: String) -> String? { headers[name.lowercased()] }
    var text: String { String(decoding: body, as: UTF8.self) }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let port: Int

  /// Connects to 127.0.0.1:`port` with a receive timeout of `timeout` seconds.
  static func connect(port: Int, timeout: Double) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "socket failed") }
    var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(fd)
      throw Failure(description: "cannot connect to port \(port)")
    }
    return fd
  }

  static func send(_ fd: Int32, method: String, path: String, headers: [String: String], version: String = "1.1") {
    var request = "\(method) \(path) HTTP/\(version)\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    request += "\r\n"
    let bytes = Array(request.utf8)
    _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, 0) }
  }

  /// Sends one request and reads the whole answer (the server closes the connection).
  func get(_ path: String, method: String = "GET", headers: [String: String] = [:], timeout: Double = 60) throws
    -> Response
  {
    let fd = try Self.connect(port: port, timeout: timeout)
    defer { close(fd) }
    Self.send(fd, method: method, path: path, headers: headers)
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = recv(fd, &buffer, buffer.count, 0)
      if n < 0 { throw Failure(description: "timed out reading \(path)") }
      if n == 0 { break }
      data.append(contentsOf: buffer[0..<n])
    }
    return try Self.parse(data, path: path)
  }

  static func parse(_ data: Data, path: String) throws -> Response {
    guard let end = data.firstRange(of: Data("\r\n\r\n".utf8)) else {
      throw Failure(description: "no header in the answer to \(path)")
    }
    let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = head[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw Failure(description: "bad status line \(head[0])")
    }
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var body = Data(data[end.upperBound...])
    if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
    return Response(status: status, headers: headers, body: body)
  }

  static func dechunk(_ data: Data) -> Data {
    var out = Data()
    var index = data.startIndex
    while let lineEnd = data[index...].firstRange(of: Data("\r\n".utf8)) {
      let sizeText = String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self)
      guard let size = Int(sizeText.split(separator: ";")[0], radix: 16), size > 0 else { break }
      let start = lineEnd.upperBound
      out.append(data[start..<min(start + size, data.endIndex)])
      index = min(start + size + 2, data.endIndex)
    }
    return out
  }
}

/// An open `/events` stream, read line by line.
final class EventReader {
  private let fd: Int32
  private var buffer = Data()

  init(port: Int) throws {
    fd = try RawHTTP.connect(port: port, timeout: 0.05)
    // HTTP/1.0: the stream comes without chunked framing.
    RawHTTP.send(fd, method: "GET", path: "/events", headers: [:], version: "1.0")
  }

  deinit { close(fd) }

  /// The data of the next event named `name` within `seconds`, or `nil`.
  func next(_ name: String, within seconds: Double) -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if let event = takeEvent(named: name) { return event }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let n = recv(fd, &chunk, chunk.count, 0)
      if n > 0 { buffer.append(contentsOf: chunk[0..<n]) }
      if n == 0 { return nil }
    }
    return takeEvent(named: name)
  }

  private func takeEvent(named name: String) -> String? {
    while let end = buffer.firstRange(of: Data("\n\n".utf8)) {
      let block = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
      buffer = Data(buffer[end.upperBound...])
      let lines = block.split(whereSeparator: \.isNewline)
      // Chunked framing puts size lines between events; only `event:` and `data:` count.
      let event = lines.first { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) }
      let data = lines.first { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) }
      if event == name, let data { return data }
    }
    return nil
  }
}
