import Foundation
import Testing
import VEDLPreview
import VEDLSema

@testable import VEDLCLI

/// An edit of generated sources: a test pattern, then a solid colour, with a title over both.
func editScript(width: Int, height: Int, second: String = "#1E3A8A", title: String = "Hello") -> String {
  """
  vedl 1
  canvas \(width)x\(height) fps: 30 background: #101018
  let bars = testpattern()
  let night = color(\(second))
  track main {
    clip bars duration: 1s
    clip night duration: 1s
  }
  track overlay "titles" {
    text "\(title)" at: 0s until: end {
      font "DejaVu Sans" size: 24 color: white
      position top margin: 8
    }
  }

  """
}

@Suite(.serialized) struct PreviewServerTests {
  @Test func routesAnswerWithTheirContentTypes() throws {
    let fixture = try PreviewFixture(script: editScript(width: 320, height: 180))
    let expected: [(String, Int, String)] = [
      ("/", 200, "text/html; charset=utf-8"),
      ("/frame/0.png", 200, "image/png"),
      ("/frame/59.png", 200, "image/png"),
      ("/timeline.svg", 200, "image/svg+xml"),
      ("/ir.json", 200, "application/json"),
      ("/diagnostics.json", 200, "application/json"),
    ]
    for (path, status, type) in expected {
      let response = try fixture.http.get(path)
      #expect(response.status == status, "\(path)")
      #expect(response.header("Content-Type") == type, "\(path)")
      #expect(!response.body.isEmpty, "\(path)")
    }
    let ir = try JSONDecoder().decode(TimelineDocument.self, from: fixture.http.get("/ir.json").body)
    #expect(ir.frameCount == 60)
    #expect(try fixture.http.get("/diagnostics.json").text.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    #expect(try fixture.http.get("/timeline.svg").text.contains("<svg"))
    let page = try fixture.http.get("/").text
    // No request leaves the server: no absolute URLs in the page.
    #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("//cdn"))
  }

  @Test func everythingElseIsNotFound() throws {
    let fixture = try PreviewFixture(script: editScript(width: 320, height: 180))
    let refused = [
      "/../edit.vedl", "/%2e%2e/edit.vedl", "/%2E%2E/%2E%2E/etc/passwd", "/frame/../edit.vedl",
      "/frame/%2e%2e/edit.vedl", "/edit.vedl", "//etc/passwd", "/etc/passwd", "/frame/60.png", "/frame/-1.png",
      "/frame/1.5.png", "/frame/.png", "/frame/0.png/..", "/frame/0.jpg", "/ir.json/", "/assets/../edit.vedl",
      "/index.html",
    ]
    for path in refused {
      let response = try fixture.http.get(path)
      #expect(response.status == 404, "\(path) answered \(response.status)")
      #expect(!response.text.contains("vedl 1"), "\(path) leaked the script")
    }
    #expect(try fixture.http.get("/", method: "POST").status == 405)
  }

  @Test(arguments: [(320, 180), (180, 320)])
  func framesEqualVedlStill(width: Int, height: Int) throws {
    let fixture = try PreviewFixture(script: editScript(width: width, height: height))
    for frame: Int64 in [0, 17, 31, 59, 3] {
      let served = try fixture.served(frame: frame)
      let still = try fixture.still(frame: frame)
      #expect(served.width == width && served.height == height)
      let db = served.psnr(still)
      #expect(db >= 35, "frame \(frame): \(db) dB")
    }
    // The two clips differ: frame 0 is the test pattern, frame 59 the solid blue.
    let blue = try fixture.served(frame: 59).pixel(width / 2, height - 4)
    #expect(blue.b > 100 && blue.r < 60)
  }

  /// PREVIEW.md §3: the served frame K is the render's frame K, whichever backend renders.
  @Test(arguments: ["ffmpeg", "native"])
  func framesEqualTheRender(backend: String) throws {
    let fixture = try PreviewFixture(script: editScript(width: 320, height: 180))
    for frame: Int64 in [0, 29, 30, 59] {
      let served = try fixture.served(frame: frame, keepingPNG: true)
      let rendered = try fixture.rendered(frame: frame, backend: backend)
      let db = try served.psnr(asVideoFrame: rendered)
      #expect(db >= 35, "frame \(frame) against the \(backend) render: \(db) dB")
    }
    // The cut is where the timeline puts it: frame 29 is still the test pattern, 30 the solid.
    let before = try fixture.rendered(frame: 29, backend: backend).pixel(20, 100)
    let after = try fixture.rendered(frame: 30, backend: backend).pixel(20, 100)
    #expect(!(before.b > 100 && before.r < 60) && after.b > 100 && after.r < 60)
  }

  @Test func widthScalesTheFrameDown() throws {
    let fixture = try PreviewFixture(script: editScript(width: 320, height: 180))
    let small = try fixture.served(frame: 59, query: "?width=160")
    #expect(small.width == 160 && small.height == 90)
    let full = try fixture.served(frame: 59)
    let colour = small.pixel(80, 80)
    let reference = full.pixel(160, 160)
    #expect(abs(colour.b - reference.b) < 8 && abs(colour.r - reference.r) < 8)
    // Never scaled up; a bad width is refused.
    #expect(try fixture.served(frame: 0, query: "?width=4000").width == 320)
    #expect(try fixture.http.get("/frame/0.png?width=abc").status == 400)
    #expect(try fixture.http.get("/frame/0.png?width=0").status == 400)
  }

  @Test func aSaveIsAnnouncedAndReflectedInTheNextFrame() throws {
    let fixture = try PreviewFixture(script: editScript(width: 320, height: 180))
    let events = try EventReader(port: fixture.server.port)
    let hello = try #require(events.next("hello", within: 5))
    #expect(hello == "{\"revision\":1,\"proxy\":null}")
    let before = try fixture.served(frame: 59).pixel(160, 170)
    #expect(before.b > 100 && before.g < 100)

    let saved = Date()
    try fixture.save(editScript(width: 320, height: 180, second: "#00FF00"))
    let changed = try #require(events.next("changed", within: 2))
    let delay = Date().timeIntervalSince(saved)
    #expect(changed == "{\"revision\":2}")
    #expect(delay < 0.5, "changed arrived after \(delay) s")
    let after = try fixture.served(frame: 59).pixel(160, 170)
    #expect(after.g > 200 && after.b < 60 && after.r < 60)
  }

  @Test func anErroringSaveKeepsTheLastGoodFramesAndShowsTheErrors() throws {
    let fixture = try PreviewFixture(script: editScript(width: 320, height: 180))
    let events = try EventReader(port: fixture.server.port)
    _ = events.next("hello", within: 5)
    let good = try fixture.served(frame: 59)
    try fixture.save(editScript(width: 320, height: 180).replacingOccurrences(of: "clip night", with: "clip nowhere"))
    #expect(events.next("changed", within: 2) == "{\"revision\":2}")
    let diagnostics = try fixture.http.get("/diagnostics.json")
    #expect(diagnostics.status == 200)
    let list = try #require(try JSONSerialization.jsonObject(with: diagnostics.body) as? [[String: Any]])
    let error = try #require(list.first { $0["severity"] as? String == "error" })
    #expect(error["file"] as? String == "edit.vedl")
    #expect((error["message"] as? String ?? "").contains("nowhere"))
    let range = error["range"] as? [String: Any]
    #expect((range?["start"] as? [String: Any])?["line"] as? Int == 7)
    // The last good revision keeps serving.
    #expect(try fixture.served(frame: 59).psnr(good) == .infinity)
    #expect(try fixture.http.get("/ir.json").status == 200)
    // Fixing it serves the new revision.
    try fixture.save(editScript(width: 320, height: 180, second: "#FF0000"))
    #expect(events.next("changed", within: 2) == "{\"revision\":3}")
    #expect(try fixture.http.get("/diagnostics.json").text.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    let red = try fixture.served(frame: 59).pixel(160, 170)
    #expect(red.r > 200 && red.g < 60)
  }

  @Test func aChangedInputIsAnnounced() throws {
    let script = """
      vedl 1
      canvas 160x90 fps: 30
      track main {
        clip color(#000000) duration: 1s
      }
      captions {
        import "subs.srt"
      }

      """
    let fixture = try PreviewFixture(
      script: "vedl 1\ncanvas 160x90 fps: 30\ntrack main {\n  clip color(#000000) duration: 1s\n}\n")
    let srt = (fixture.folder as NSString).appendingPathComponent("subs.srt")
    try "1\n00:00:00,000 --> 00:00:00,500\nOne\n\n".write(toFile: srt, atomically: true, encoding: .utf8)
    let events = try EventReader(port: fixture.server.port)
    _ = events.next("hello", within: 5)
    try fixture.save(script)
    #expect(events.next("changed", within: 2) == "{\"revision\":2}")
    try "1\n00:00:00,000 --> 00:00:00,900\nTwo words\n\n".write(toFile: srt, atomically: true, encoding: .utf8)
    #expect(events.next("changed", within: 2) == "{\"revision\":3}")
  }

  @Test func theProxyIsServedWithRanges() throws {
    let fixture = try PreviewFixture(script: editScript(width: 160, height: 90), proxies: true)
    var whole = try fixture.http.get("/proxy.mp4")
    let deadline = Date().addingTimeInterval(120)
    while whole.status == 503, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.2)
      whole = try fixture.http.get("/proxy.mp4")
    }
    #expect(whole.status == 200)
    #expect(whole.header("Content-Type") == "video/mp4")
    #expect(whole.header("Accept-Ranges") == "bytes")
    #expect(whole.body.count > 1000)
    let part = try fixture.http.get("/proxy.mp4", headers: ["Range": "bytes=4-11"])
    #expect(part.status == 206)
    #expect(part.header("Content-Range") == "bytes 4-11/\(whole.body.count)")
    #expect(part.body == whole.body.subdata(in: 4..<12))
    #expect(String(decoding: part.body, as: UTF8.self).hasPrefix("ftyp"))
    let tail = try fixture.http.get("/proxy.mp4", headers: ["Range": "bytes=-10"])
    #expect(tail.status == 206 && tail.body == whole.body.suffix(10))
    #expect(try fixture.http.get("/proxy.mp4", headers: ["Range": "bytes=\(whole.body.count)-"]).status == 416)
  }

  @Test func aTakenPortIsDiagnosed() throws {
    let fixture = try PreviewFixture(script: editScript(width: 160, height: 90))
    let captured = CapturedOutput()
    let status = VEDLCommandLine.run(
      arguments: ["preview", "edit.vedl", "--no-open", "--port", "\(fixture.server.port)"],
      io: captured.io(currentDirectory: fixture.folder))
    #expect(status == 1)
    #expect(captured.stderr.contains("E1001"))
  }
}
