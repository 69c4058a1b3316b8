import Testing
import VEDLRaster

/// Blur, free rotation and colour adjustment against FFmpeg's `gblur`, `rotate` and `eq`
/// with the options the lowering writes.
@Suite struct FilterTests {
  @Test func blurMatchesGblurExactly() throws {
    let sigmas: [Double] = [2, 5, 13]
    let (source, expected) = try FFmpegReference.testPattern(
      width: 80, height: 60, through: sigmas.map { .init(filter: "gblur=sigma=\(Int($0))", width: 80, height: 60) })
    for (sigma, reference) in zip(sigmas, expected) {
      let actual = source.blurred(sigma: sigma)
      #expect(Compare.maxDifference(actual, reference) == 0, "sigma \(sigma)")
      // A blur of that size changes the picture a lot: the comparison is not vacuous.
      #expect(Compare.psnr(source, reference) < 30)
    }
    #expect(source.blurred(sigma: 0) == source)
  }

  @Test func rotationMatchesRotateExactly() throws {
    struct Case {
      var degrees: String
      var value: Double
      var width: Int
      var height: Int
      var fill: UInt32
    }
    let cases = [
      // Main track: same size, corners in the background; overlays: the bounds of the
      // turned box, transparent corners.
      Case(degrees: "15", value: 15, width: 64, height: 48, fill: 0x2040_60FF),
      Case(degrees: "(-70/3)", value: -70.0 / 3, width: 79, height: 70, fill: 0),
      Case(degrees: "100", value: 100, width: 59, height: 72, fill: 0x00FF_00FF),
      Case(degrees: "215", value: 215, width: 80, height: 76, fill: 0),
      // A quarter turn with the turned size: `rotate` copies exactly.
      Case(degrees: "90", value: 90, width: 48, height: 64, fill: 0),
    ]
    let (source, expected) = try FFmpegReference.testPattern(
      width: 64, height: 48,
      through: cases.map {
        let colour = String($0.fill, radix: 16, uppercase: true)
        let fill = "0x" + String(repeating: "0", count: 8 - colour.count) + colour
        return .init(
          filter: "rotate=angle=\($0.degrees)*PI/180:ow=\($0.width):oh=\($0.height):fillcolor=\(fill)", width: $0.width,
          height: $0.height)
      })
    for (c, reference) in zip(cases, expected) {
      let actual = source.rotated(
        degrees: c.value, outputWidth: c.width, outputHeight: c.height, fill: PremultipliedColor(straightRGBA: c.fill))
      #expect(
        Compare.maxDifference(actual, reference) == 0,
        "\(c.degrees)°: max difference \(Compare.maxDifference(actual, reference))")
    }
  }

  @Test func adjustMatchesEqExactly() throws {
    let settings: [(b: Double, c: Double, s: Double)] = [
      (0.05, 1.1, 1.2), (-0.3, 1, 1), (0, 2.5, 1), (0, 1, 0), (0.7, 0.4, 3), (-1, 4, 0.5),
    ]
    let (source, expected) = try FFmpegReference.testPattern(
      width: 64, height: 48,
      through: settings.map {
        .init(filter: "eq=brightness=\($0.b):contrast=\($0.c):saturation=\($0.s),format=rgba", width: 64, height: 48)
      })
    for (s, reference) in zip(settings, expected) {
      let actual = source.adjusted(brightness: s.b, contrast: s.c, saturation: s.s)
      #expect(
        Compare.maxDifference(actual, reference) == 0,
        "\(s): max difference \(Compare.maxDifference(actual, reference))")
    }
    #expect(source.adjusted(brightness: 0, contrast: 1, saturation: 1) == source)
  }
}
