import Foundation
import VEDLTimelinePicture

/// The preview server's routes (docs/preview.md). Nothing else is answered: a path is
/// matched whole against this fixed set and never mapped onto the file system, so `..`,
/// encoded or not, and absolute paths can only be 404.
public struct PreviewRoutes: Sendable {
  public let session: PreviewSession

  public init(session: PreviewSession) { self.session = session }

  /// The answer to `request`.
  public func respond(to request: HTTPRequest) -> HTTPResponse {
    guard request.method == "GET" || request.method == "HEAD" else {
      return .text("only GET is served\n", status: 405)
    }
    switch request.path {
    case "/":
      return HTTPResponse(
        contentType: "text/html; charset=utf-8", headers: Self.noStore, data: Data(PreviewPage.html.utf8))
    case "/timeline.svg":
      guard let good = session.lastGood else { return Self.noTimeline }
      let scale = TimelineScale(timeline: good.timeline)
      return HTTPResponse(
        contentType: "image/svg+xml",
        headers: Self.noStore + [
          ("X-VEDL-Origin-X", String(scale.originX)), ("X-VEDL-Time-Width", String(scale.width)),
          ("X-VEDL-Extent-Frames", String(scale.extentFrames)), ("X-VEDL-Revision", String(good.number)),
        ], data: Data(good.svg.utf8))
    case "/ir.json":
      guard let good = session.lastGood else { return Self.noTimeline }
      return HTTPResponse(
        contentType: "application/json", headers: Self.noStore + [("X-VEDL-Revision", String(good.number))],
        data: Data((good.ir + "\n").utf8))
    case "/diagnostics.json":
      return HTTPResponse(
        contentType: "application/json", headers: Self.noStore + [("X-VEDL-Revision", String(session.revision))],
        data: Data((session.diagnosticsJSON + "\n").utf8))
    case "/events":
      // The current revision, and the revision of the ready proxy (so a page opened later
      // knows it may play it).
      let proxy = session.proxy?.latest.map { String($0.revision) } ?? "null"
      let greeting = EventHub.message(
        event: "hello", data: "{\"revision\":\(session.revision),\"proxy\":\(proxy)}")
      return HTTPResponse(
        contentType: "text/event-stream", headers: Self.noStore,
        body: .events(session.events.subscribe(greeting: greeting)))
    case "/proxy.mp4":
      return proxy(request)
    default:
      if let frame = Self.frameNumber(in: request.path) { return self.frame(frame, request: request) }
      return .text("not found\n", status: 404)
    }
  }

  private static let noStore = [("Cache-Control", "no-store")]
  private static let noTimeline = HTTPResponse.text(
    "the script has had errors since the preview started: see /diagnostics.json\n", status: 503)

  /// `K` of `/frame/K.png`: decimal digits only (no sign, no spaces).
  static func frameNumber(in path: String) -> Int64? {
    guard path.hasPrefix("/frame/"), path.hasSuffix(".png") else { return nil }
    let digits = path.dropFirst("/frame/".count).dropLast(".png".count)
    guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int64(digits)
  }

  private func frame(_ frame: Int64, request: HTTPRequest) -> HTTPResponse {
    guard let good = session.lastGood else { return Self.noTimeline }
    guard frame < good.timeline.frameCount else {
      return .text("frame \(frame) is outside the edit (\(good.timeline.frameCount) frames)\n", status: 404)
    }
    var width: Int?
    if let text = request.query("width") {
      guard let w = Int(text), w > 0 else { return .text("`width` must be a positive whole number\n", status: 400) }
      width = w
    }
    do throws(PreviewFrameError) {
      let png = try good.png(frame: frame, width: width)
      return HTTPResponse(
        contentType: "image/png",
        headers: Self.noStore + [("X-VEDL-Revision", String(good.number)), ("X-VEDL-Frame", String(frame))],
        data: png)
    } catch {
      return .text(error.message + "\n", status: 500)
    }
  }

  /// The proxy, whole or the one byte range asked for (`Range: bytes=a-b`, `a-`, `-n`).
  private func proxy(_ request: HTTPRequest) -> HTTPResponse {
    guard let proxy = session.proxy, let (revision, data) = proxy.latest else {
      return HTTPResponse(
        status: 503, contentType: "text/plain; charset=utf-8", headers: [("Retry-After", "1")],
        data: Data("the proxy is being made\n".utf8))
    }
    let headers = Self.noStore + [("Accept-Ranges", "bytes"), ("X-VEDL-Revision", String(revision))]
    guard let rangeText = request.header("Range") else {
      return HTTPResponse(contentType: "video/mp4", headers: headers, data: data)
    }
    guard let range = Self.byteRange(rangeText, length: data.count) else {
      return HTTPResponse(
        status: 416, contentType: "text/plain; charset=utf-8", headers: [("Content-Range", "bytes */\(data.count)")],
        data: Data("unsatisfiable range\n".utf8))
    }
    return HTTPResponse(
      status: 206, contentType: "video/mp4",
      headers: headers + [("Content-Range", "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(data.count)")],
      data: data.subdata(in: range))
  }

  /// The bytes one `Range` header asks for in a body of `length` bytes; `nil` when it is
  /// malformed, asks for several ranges, or lies outside the body.
  static func byteRange(_ text: String, length: Int) -> Range<Int>? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("bytes="), !trimmed.contains(",") else { return nil }
    let spec = trimmed.dropFirst("bytes=".count)
    guard let dash = spec.firstIndex(of: "-") else { return nil }
    let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
    let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
    if first.isEmpty {
      guard let suffix = Int(last), suffix > 0, length > 0 else { return nil }
      return max(0, length - suffix)..<length
    }
    guard let start = Int(first), start >= 0, start < length else { return nil }
    if last.isEmpty { return start..<length }
    guard let end = Int(last), end >= start else { return nil }
    return start..<min(end + 1, length)
  }
}
