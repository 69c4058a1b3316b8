import Foundation
import Testing
import VEDLNative
import VEDLRaster
import VEDLSema
import VEDLTestSupport

/// Colour keys on overlay clips in both backends: `chromakey` (FFmpeg's filter on
/// `yuva444p`, VEDLRaster's `keyed(.chroma, …)` natively) and `colorkey` (on `rgba`,
/// `keyed(.color, …)`). A green screen with a red square, softened so that its edges blend,
/// over a blue main track: the green shows the blue, the square stays red, in both backends;
/// the pictures (blend edges included) agree at ≥ 35 dB.
@Suite struct KeyTests {
  /// `media/greenscreen.png` (48×32: pure green, a 16×16 red square in the middle, blurred
  /// by 1 px so its edge holds mixed colours) and `media/greenlogo.png` (the same, its left
  /// quarter transparent).
  static let media: Result<String, FFmpegCLI.Failure> = {
    do {
      let folder = try NativeTestMedia.get().directory
      try FFmpegCLI.mustRun([
        "-v", "error", "-y", "-f", "lavfi", "-i",
        "color=c=0x00FF00:s=48x32,drawbox=x=16:y=8:w=16:h=16:c=red:t=fill,gblur=sigma=1,format=rgb24",
        "-frames:v", "1", folder + "/media/greenscreen.png",
      ])
      try FFmpegCLI.mustRun([
        "-v", "error", "-y", "-f", "lavfi", "-i",
        "color=c=0x00FF00:s=48x32,drawbox=x=16:y=8:w=16:h=16:c=red:t=fill,format=rgba,"
          + "geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(lt(X,12),0,255)'",
        "-frames:v", "1", folder + "/media/greenlogo.png",
      ])
      return .success(folder)
    } catch let failure as FFmpegCLI.Failure {
      return .failure(failure)
    } catch {
      return .failure(FFmpegCLI.Failure(description: "\(error)"))
    }
  }()

  static func script(_ key: String, image: String = "greenscreen.png") -> String {
    """
    canvas 96x64 fps: 30 background: #000000
    let screen = image("media/\(image)")
    track main { clip color(#2040C0) duration: 1s }
    track overlay { clip screen at: 0s duration: 1s { size width: 48; position center; \(key) } }
    export "out/ref.png"
    """
  }

  /// The RGB at canvas (`x`, `y`) of a native picture and of the FFmpeg backend's.
  static func colours(_ script: String, at points: [(Int, Int)]) throws -> (
    native: [[Int]], ffmpeg: [[Int]], psnr: Double
  ) {
    let folder = try media.get()
    let timeline = try NativeHarness.timeline(script, directory: folder)
    let native = try NativeFrameRenderer(
      timeline: timeline, export: nil, fonts: try FrameRendering.fonts(), baseDirectory: folder
    ).frame(0)
    let reference = try FrameBackendAgreementTests.reference(timeline, frame: 0, directory: folder)
    let n = points.map { p in (0..<3).map { Int(native.pixels[(p.1 * native.width + p.0) * 4 + $0]) } }
    let f = points.map { p in (0..<3).map { Int(reference[(p.1 * native.width + p.0) * 3 + $0]) } }
    return (n, f, FrameBackendAgreementTests.psnr(native, reference))
  }

  /// A green corner, a green pixel beside the square, the square's centre.
  static let points = [(25, 17), (70, 46), (48, 32)]

  static func expectKeyed(_ c: [Int], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
      abs(c[0] - 0x20) <= 2 && abs(c[1] - 0x40) <= 2 && abs(c[2] - 0xC0) <= 2, "\(c)", sourceLocation: sourceLocation)
  }

  static func expectRed(_ c: [Int], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(c[0] >= 230 && c[1] <= 20 && c[2] <= 20, "\(c)", sourceLocation: sourceLocation)
  }

  @Test(arguments: [
    "chromakey #00FF00 similarity: 0.1 blend: 0.1", "chromakey #00FF00 similarity: 0.2",
    "colorkey #00FF00 similarity: 0.3 blend: 0.2", "colorkey #00FF00 similarity: 0.3",
  ])
  func greenScreenShowsTheBackground(_ key: String) throws {
    let (native, ffmpeg, psnr) = try Self.colours(Self.script(key), at: Self.points)
    for picture in [native, ffmpeg] {
      Self.expectKeyed(picture[0])
      Self.expectKeyed(picture[1])
      Self.expectRed(picture[2])
    }
    #expect(psnr >= 35, "PSNR \(psnr) dB")
    // Not vacuous: without the key the green is drawn.
    let (plain, _, _) = try Self.colours(Self.script(""), at: Self.points)
    #expect(plain[0][1] >= 240 && plain[0][2] <= 10, "\(plain[0])")
  }

  /// The blend edge of the softened square: between the key and the square the pixels are
  /// partly keyed, in both backends alike.
  @Test func blendEdgesAgree() throws {
    let edge = [(37, 31), (38, 31), (39, 31), (40, 31)]
    let (native, ffmpeg, psnr) = try Self.colours(
      Self.script("chromakey #00FF00 similarity: 0.05 blend: 0.3"), at: edge)
    #expect(psnr >= 35, "PSNR \(psnr) dB")
    for (n, f) in zip(native, ffmpeg) {
      #expect(zip(n, f).allSatisfy { abs($0 - $1) <= 3 }, "native \(n), FFmpeg \(f)")
    }
    // Partly keyed: the blue background mixed with the green fringe.
    #expect(native.contains { $0[2] > 0x30 && $0[2] < 0xB0 && $0[1] > 0x50 }, "\(native)")
  }

  /// A key on a picture with its own transparency keeps that transparency: the alphas
  /// multiply.
  @Test func transparentPartsStayTransparent() throws {
    for key in ["chromakey #00FF00 similarity: 0.2", "colorkey #00FF00 similarity: 0.3"] {
      let points = [(26, 32), (40, 20), (48, 32)]
      let (native, ffmpeg, psnr) = try Self.colours(Self.script(key, image: "greenlogo.png"), at: points)
      #expect(psnr >= 35, "\(key): PSNR \(psnr) dB")
      for picture in [native, ffmpeg] {
        Self.expectKeyed(picture[0])
        Self.expectKeyed(picture[1])
        Self.expectRed(picture[2])
      }
    }
  }

  /// A whole green overlay keyed away leaves the main track as it was.
  @Test func keyedColourVanishes() throws {
    let script = """
      canvas 64x48 fps: 30
      track main { clip color(#2040C0) duration: 1s }
      track overlay { clip color(#00FF00) at: 0s duration: 1s { colorkey #00FF00 } }
      export "out/ref.png"
      """
    let (native, ffmpeg, _) = try Self.colours(script, at: [(0, 0), (32, 24), (63, 47)])
    for c in native + ffmpeg { Self.expectKeyed(c) }
  }
}
