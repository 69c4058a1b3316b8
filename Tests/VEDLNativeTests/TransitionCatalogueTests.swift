import Foundation
import Testing
import VEDLLowering
import VEDLNative
import VEDLRaster
import VEDLSema
import VEDLTime

/// The transition catalogue in both backends: every kind at the start, the middle and the
/// end of its overlap (≥ 35 dB between the native renderer and the FFmpeg graph), and eased
/// transitions whose FFmpeg frames show the eased progress.
@Suite struct TransitionCatalogueTests {
  /// A 30-frame test pattern, the transition (10 frames: timeline frames 20…29), the logo.
  static func script(_ transition: String) -> String {
    """
    canvas 96x64 fps: 30
    let logo = image("media/logo.png")
    track main {
      clip testpattern() duration: 1s
      \(transition)
      clip logo duration: 1s { fit contain }
    }
    export "out/ref.png"
    """
  }

  static let statements = [
    "transition dissolve 10f", "transition fadeWhite 10f", "transition push 10f direction: down",
    "transition smoothWipe 10f direction: right", "transition smoothWipe 10f direction: up",
    "transition circleOpen 10f", "transition circleClose 10f", "transition radial 10f", "transition zoom 10f",
    "transition pixelize 10f", "transition blur 10f",
  ]

  @Test(arguments: statements)
  func kindAgreesAcrossBackends(_ statement: String) throws {
    try FrameBackendAgreementTests.expectAgreement(Self.script(statement), frames: [20, 25, 29])
  }

  @Test(arguments: [
    "transition circleOpen 10f easing: easeInOut", "wipe 10f direction: left easing: easeInCubic",
    "transition radial 10f easing: cubicBezier(0.2, 0.8, 0.3, 1)",
  ])
  func easedAgreesAcrossBackends(_ statement: String) throws {
    try FrameBackendAgreementTests.expectAgreement(Self.script(statement), frames: [20, 23, 26, 29])
  }

  /// A wipe between two solid colours shows its progress as the edge's column: at frame `k`
  /// of 10, `to` starts after column `⌊w·p⌋` with `p = 1 − E(k/10)` (xfade's `x > z`). With
  /// `easeInCubic` the FFmpeg graph's edge is where the eased progress puts it, far from the
  /// linear one.
  @Test func easedWipeEdgeIsAtTheEasedProgress() throws {
    let folder = try NativeTestMedia.get().directory
    let script = """
      canvas 96x64 fps: 30
      track main {
        clip color(#FF0000) duration: 1s
        wipe 10f direction: left easing: easeInCubic
        clip color(#0000FF) duration: 1s
      }
      export "out/ref.png"
      """
    let timeline = try NativeHarness.timeline(script, directory: folder)
    for k: Int64 in [2, 5, 8] {
      let rgb = try FrameBackendAgreementTests.reference(timeline, frame: 20 + k, directory: folder)
      // The first column (row 10) that shows blue.
      let edge: Int = (0..<96).first(where: { rgb[(10 * 96 + $0) * 3 + 2] > 128 }) ?? 96
      let eased = 1 - Easing(name: "easeInCubic")!.value(at: Double(k) / 10)
      let progress = TransitionTiming.progress(frame: k, of: 10, easing: Easing(name: "easeInCubic")!, rate: .fps30)
      #expect(abs(progress - eased) < 1e-5)
      #expect(edge == Int(Float(96) * Float(progress)) + 1, "frame \(k): edge at \(edge), progress \(progress)")
      let linear = Int(Float(96) * (1 - Float(k) / 10)) + 1
      #expect(k == 0 || abs(edge - linear) >= 5, "frame \(k) is not eased")
    }
  }
}
