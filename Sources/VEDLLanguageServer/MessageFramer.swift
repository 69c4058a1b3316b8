/// The base protocol's framing: each message is a header block (`Content-Length: N`, an
/// optional `Content-Type`, each line ended by `\r\n`, the block by an empty line) followed by
/// exactly N bytes of JSON. Bytes are appended as they arrive; complete bodies come out in
/// order. A malformed header block is reported and skipped, so one bad frame never stops the
/// server.
public struct MessageFramer: Sendable {
  /// What the framer found next in the input.
  public enum Event: Sendable, Hashable {
    /// A complete message body.
    case message([UInt8])
    /// A header block that could not be used; it has been skipped.
    case malformedHeader(String)
  }

  /// Largest body accepted (a 5,000-line document is about 150 KB; 64 MB leaves room).
  public static let maximumContentLength = 64 << 20
  /// Largest header block accepted before the input is considered garbage.
  public static let maximumHeaderLength = 8192

  private var buffer: [UInt8] = []
  private var start = 0

  public init() {}

  /// Adds bytes read from the input.
  public mutating func append(_ bytes: some Sequence<UInt8>) {
    if start > 0, start >= buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// Bytes received but not yet part of a complete message.
  public var pendingByteCount: Int { buffer.count - start }

  /// The next complete message or header error, or `nil` when more input is needed.
  public mutating func next() -> Event? {
    guard let (headerEnd, bodyStart) = findHeaderEnd() else {
      if buffer.count - start > Self.maximumHeaderLength {
        // No header terminator in sight: skip to the next `Content-Length` if there is one.
        let skipped = buffer.count - start
        if let next = find(Array("Content-Length".utf8), from: start + 1) {
          start = next
        } else {
          start = buffer.count
        }
        return .malformedHeader("no header terminator in \(skipped) bytes")
      }
      return nil
    }
    // Bytes before a `Content-Length` header that do not form header lines are garbage
    // (a client writing to the wrong stream): skip to the header.
    if let next = find(Array("Content-Length".utf8), from: start, before: headerEnd), next > start,
      !buffer[start..<next].contains(0x0A)
    {
      let skipped = next - start
      start = next
      return .malformedHeader("skipped \(skipped) bytes before a header")
    }
    let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
    var length: Int? = nil
    var problem: String? = nil
    for line in header.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
      guard let colon = line.firstIndex(of: ":") else {
        problem = "header line without `:`: \(line.prefix(80))"
        continue
      }
      let name = line[..<colon].trimmingCharacters(in: " \t").lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
      if name == "content-length" {
        if let n = Int(value), n >= 0, n <= Self.maximumContentLength {
          length = n
        } else {
          problem = "invalid Content-Length `\(value.prefix(40))`"
        }
      }
    }
    guard let length, problem == nil || problem!.hasPrefix("header line") else {
      start = bodyStart
      return .malformedHeader(problem ?? "missing Content-Length header")
    }
    guard buffer.count - bodyStart >= length else { return nil }
    let body = Array(buffer[bodyStart..<(bodyStart + length)])
    start = bodyStart + length
    return .message(body)
  }

  /// The end of the header block (exclusive) and the start of the body.
  private func findHeaderEnd() -> (Int, Int)? {
    var i = start
    while i < buffer.count {
      if buffer[i] == 0x0A {
        // `\n\n` or `\n\r\n` ends the block (the first `\n` ends the last header line).
        if i + 1 < buffer.count, buffer[i + 1] == 0x0A { return (i, i + 2) }
        if i + 2 < buffer.count, buffer[i + 1] == 0x0D, buffer[i + 2] == 0x0A { return (i, i + 3) }
      }
      i += 1
    }
    return nil
  }

  private func find(_ needle: [UInt8], from: Int, before limit: Int? = nil) -> Int? {
    let limit = min(limit ?? buffer.count, buffer.count)
    guard needle.count > 0, limit >= needle.count else { return nil }
    var i = max(from, start)
    while i + needle.count <= limit {
      if buffer[i] == needle[0], Array(buffer[i..<(i + needle.count)]) == needle { return i }
      i += 1
    }
    return nil
  }

  /// A complete frame for `body`.
  public static func frame(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }
}

extension StringProtocol {
  /// The text without leading and trailing characters from `set`.
  fileprivate func trimmingCharacters(in set: String) -> String {
    var s = Substring(self)
    while let first = s.first, set.contains(first) { s = s.dropFirst() }
    while let last = s.last, set.contains(last) { s = s.dropLast() }
    return String(s)
  }
}
