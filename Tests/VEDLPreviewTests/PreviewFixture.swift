import Foundation
import Testing
import VEDLPreview
import VEDLTestSupport

@testable import VEDLCLI

/// A script in a folder of its own, previewed by an in-process server on a free port.
final class PreviewFixture {
  let folder: String
  let scriptPath: String
  let server: PreviewServer
  let http: RawHTTP
  let output = CapturedOutput()

  init(script: String, proxies: Bool = false) throws {
    folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("vedl-preview-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    scriptPath = (folder as NSString).appendingPathComponent("edit.vedl")
    try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
    server = try PreviewCommand.start(
      path: "edit.vedl", host: "127.0.0.1", port: 0, io: output.io(currentDirectory: folder), overrides: [],
      proxies: proxies)
    http = RawHTTP(port: server.port)
  }

  deinit {
    server.stop()
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Saves `script` over the previewed one, as an editor does (a new file moved into place).
  func save(_ script: String) throws {
    try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
  }

  /// `vedl still edit.vedl --at Kf -o …`, run in-process: the picture's pixels.
  func still(frame: Int64) throws -> Picture {
    let out = (folder as NSString).appendingPathComponent("still-\(frame).png")
    let captured = CapturedOutput()
    let status = VEDLCommandLine.run(
      arguments: ["still", "edit.vedl", "--at", "\(frame)f", "-o", out], io: captured.io(currentDirectory: folder))
    #expect(status == 0, "vedl still failed: \(captured.stderr)")
    return try Picture(png: Data(contentsOf: URL(fileURLWithPath: out)))
  }

  /// `vedl render edit.vedl -o render.mp4 --backend B`, run in-process once per backend; then
  /// frame `frame` of the encoded file, decoded by the ffmpeg CLI.
  func rendered(frame: Int64, backend: String) throws -> Picture {
    let out = (folder as NSString).appendingPathComponent("render-\(backend).mp4")
    if !FileManager.default.fileExists(atPath: out) {
      let captured = CapturedOutput()
      let status = VEDLCommandLine.run(
        arguments: ["render", "edit.vedl", "-o", out, "--backend", backend, "--quality", "high"],
        io: captured.io(currentDirectory: folder))
      #expect(status == 0, "vedl render failed: \(captured.stderr)")
    }
    let png = try FFmpegCLI.run([
      "-v", "error", "-i", out, "-vf", "select=eq(n\\,\(frame))", "-frames:v", "1", "-f", "image2pipe",
      "-vcodec", "png", "-",
    ])
    return try Picture(png: png.stdout, keepingPNG: true)
  }

  /// The frame as the server draws it.
  func served(frame: Int64, query: String = "", keepingPNG: Bool = false) throws -> Picture {
    let response = try http.get("/frame/\(frame).png\(query)")
    #expect(response.status == 200, "frame \(frame): \(response.text)")
    #expect(response.header("Content-Type") == "image/png")
    return try Picture(png: response.body, keepingPNG: keepingPNG)
  }
}

/// A decoded picture, RGB 8 bits (decoded by the ffmpeg CLI, independent of the code under
/// test).
struct Picture {
  var width: Int
  var height: Int
  var rgb: [UInt8]
  /// The encoded picture, when kept for comparisons through the ffmpeg CLI.
  var png: Data?

  init(png: Data, keepingPNG: Bool = false) throws {
    if keepingPNG { self.png = png }
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    let bytes = [UInt8](png)
    guard bytes.count > 24, bytes[1...3] == [0x50, 0x4E, 0x47] else { throw RawHTTP.Failure(description: "not a PNG") }
    width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
    height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
    let input = (NSTemporaryDirectory() as NSString).appendingPathComponent("vedl-picture-\(UUID().uuidString).png")
    try png.write(to: URL(fileURLWithPath: input))
    defer { try? FileManager.default.removeItem(atPath: input) }
    rgb = [UInt8](try FFmpegCLI.run(["-v", "error", "-i", input, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]).stdout)
    guard rgb.count == width * height * 3 else {
      throw RawHTTP.Failure(description: "ffmpeg decoded \(rgb.count) bytes")
    }
  }

  /// The PSNR against `video`, a frame decoded from a 4:2:0 render, measured by ffmpeg's
  /// `psnr` filter with both pictures in the render's pixel format: a full-colour PNG and a
  /// subsampled video frame are compared as the same picture, not as their chroma layouts.
  func psnr(asVideoFrame video: Picture) throws -> Double {
    let folder = NSTemporaryDirectory() as NSString
    let a = folder.appendingPathComponent("vedl-psnr-\(UUID().uuidString).png")
    let b = folder.appendingPathComponent("vedl-psnr-\(UUID().uuidString).png")
    defer {
      try? FileManager.default.removeItem(atPath: a)
      try? FileManager.default.removeItem(atPath: b)
    }
    guard let mine = png, let theirs = video.png else { throw RawHTTP.Failure(description: "no PNG kept") }
    try mine.write(to: URL(fileURLWithPath: a))
    try theirs.write(to: URL(fileURLWithPath: b))
    return try FFmpegCLI.averagePSNR(a, b, pixelFormat: "yuv420p")
  }

  /// The colour at (`x`, `y`).
  func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
    let i = (y * width + x) * 3
    return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
  }

  /// The peak signal-to-noise ratio against `other` (same size), in dB; infinity when equal.
  func psnr(_ other: Picture) -> Double {
    precondition(width == other.width && height == other.height)
    return PSNR.decibels(rgb, other.rgb)
  }
}
