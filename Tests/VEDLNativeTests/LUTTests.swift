import Foundation
import Testing
import VEDLNative
import VEDLRaster
import VEDLSema
import VEDLSource
import VEDLTestSupport

/// `lut "look.cube"`: the native `applyingLUT` is byte-exact with FFmpeg 5.1's `lut3d`
/// (trilinear) on every channel level and on random colours, and the two backends agree
/// (≥ 35 dB) on a main-track clip and a translucent overlay, which the look clearly changes.
@Suite struct LUTTests {
  /// A 5³ look that mixes the channels, bends them and leaves 0…1 at the ends (so the
  /// clipping to 0…255 is exercised), as a `.cube` file's text.
  static func cubeText(size n: Int = 5) -> String {
    var lines = ["TITLE \"test look\"", "# a comment", "LUT_3D_SIZE \(n)", ""]
    for b in 0..<n {
      for g in 0..<n {
        for r in 0..<n {
          let (x, y, z) = (Double(r) / Double(n - 1), Double(g) / Double(n - 1), Double(b) / Double(n - 1))
          let out = [pow(x, 0.8) * 1.1 + 0.05 * y - 0.04, pow(y, 1.3), 0.3 * x + 0.6 * z + 0.02]
          lines.append(out.map { String(format: "%.6f", $0) }.joined(separator: " "))
        }
      }
    }
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  static func writeCube(in folder: String) throws -> String {
    let name = "look-\(UUID().uuidString).cube"
    try cubeText().write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    return name
  }

  @Test func matchesFFmpegsLUT3DExactly() throws {
    let folder = FileManager.default.temporaryDirectory.path + "/vedl-lut-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cube = folder + "/" + (try Self.writeCube(in: folder))
    guard case .success(let lut) = CubeLUT.load(path: cube) else {
      Issue.record("the test's table does not read")
      return
    }
    // Row 0: every level on all three channels; the rest: seeded random colours.
    let (width, height) = (256, 16)
    var image = RGBAImage(width: width, height: height, fill: .transparent)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for y in 0..<height {
      for x in 0..<width {
        let j = (y * width + x) * 4
        for c in 0..<3 {
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          image.pixels[j + c] = y == 0 ? UInt8(x) : UInt8(truncatingIfNeeded: state >> 56)
        }
        image.pixels[j + 3] = 255
      }
    }
    let rgb = (0..<(width * height)).flatMap { i in image.pixels[(i * 4)..<(i * 4 + 3)] }
    let input = folder + "/in.rgb"
    try Data(rgb).write(to: URL(fileURLWithPath: input))
    let result = try FFmpegCLI.run([
      "-v", "error", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(width)x\(height)", "-i", input, "-vf",
      "lut3d=file=\(cube):interp=trilinear", "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
    ])
    try #require(result.status == 0, "\(result.stderr)")
    let expected = [UInt8](result.stdout)
    let out = image.applyingLUT(size: lut.size, table: lut.table)
    let actual = (0..<(width * height)).flatMap { i in out.pixels[(i * 4)..<(i * 4 + 3)] }
    #expect(actual.count == expected.count)
    let differing = zip(actual, expected).filter { $0 != $1 }.count
    #expect(differing == 0, "\(differing) of \(expected.count) channel values differ from lut3d")
    // Not the identity: the look moves most values, and clips some to 0 and 255.
    #expect(zip(actual, rgb).filter { $0 != $1 }.count > expected.count / 2)
    #expect(actual.contains(0) && actual.contains(255))
  }

  @Test func agreesAcrossBackends() throws {
    let folder = try NativeTestMedia.get().directory
    let cube = try Self.writeCube(in: folder)
    defer { try? FileManager.default.removeItem(atPath: folder + "/" + cube) }
    let script = """
      canvas 96x64 fps: 30
      let logo = image("media/logo.png")
      track main { clip testpattern() duration: 1s { lut "\(cube)" } }
      track overlay { clip logo at: 0s duration: 1s { size width: 48; position center; opacity 0.7; lut "\(cube)" } }
      export "out/ref.png"
      """
    let psnr = try FrameBackendAgreementTests.expectAgreement(script, frames: [0, 12])
    #expect(psnr.allSatisfy { $0 >= 35 })
    // Not vacuous: the untouched picture differs clearly from the FFmpeg backend's look.
    let plain = try NativeHarness.timeline(
      script.replacingOccurrences(of: "lut \"\(cube)\"", with: ""), directory: folder)
    let looked = try NativeHarness.timeline(script, directory: folder)
    let untouched = try NativeFrameRenderer(
      timeline: plain, export: nil, fonts: try FrameRendering.fonts(), baseDirectory: folder
    ).frame(0)
    let reference = try FrameBackendAgreementTests.reference(looked, frame: 0, directory: folder)
    #expect(FrameBackendAgreementTests.psnr(untouched, reference) < 30)
  }
}
