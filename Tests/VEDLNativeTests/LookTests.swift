import Foundation
import Testing
import VEDLNative
import VEDLRaster
import VEDLSema

/// Looks on clips in both backends: `blur radius:` (FFmpeg's `gblur` on premultiplied
/// colour, VEDLRaster's `blurred(sigma:)` natively) on a main-track clip and on a translucent
/// overlay, ≥ 35 dB between the native renderer and the FFmpeg graph, and not vacuous.
@Suite struct LookTests {
  @Test func blurAgreesAcrossBackends() throws {
    let script = """
      canvas 96x64 fps: 30
      let logo = image("media/logo.png")
      track main { clip testpattern() duration: 1s { blur radius: 3 } }
      track overlay { clip logo at: 0s duration: 1s { size width: 48; position center; blur radius: 1.5 } }
      export "out/ref.png"
      """
    let psnr = try FrameBackendAgreementTests.expectAgreement(script, frames: [0, 17])
    #expect(psnr.allSatisfy { $0 >= 35 })
    // The blur is seen: the same frame without it differs clearly from the blurred one.
    let folder = try NativeTestMedia.get().directory
    let sharp = try NativeHarness.timeline(
      script.replacingOccurrences(of: " blur radius: 3 ", with: " ").replacingOccurrences(
        of: "; blur radius: 1.5", with: ""), directory: folder)
    let blurred = try NativeHarness.timeline(script, directory: folder)
    let fonts = try FrameRendering.fonts()
    let a = try NativeFrameRenderer(timeline: sharp, export: nil, fonts: fonts, baseDirectory: folder).frame(0)
    let b = try NativeFrameRenderer(timeline: blurred, export: nil, fonts: fonts, baseDirectory: folder).frame(0)
    let reference = try FrameBackendAgreementTests.reference(blurred, frame: 0, directory: folder)
    #expect(FrameBackendAgreementTests.psnr(a, reference) < 30)
    #expect(a != b)
  }
}
