import Testing
import VEDLRaster

/// `scaled(width:height:)` against FFmpeg's `scale` (default bicubic) on `testsrc2`.
@Suite struct ScaleTests {
  /// A target size and the PSNR the result must reach against FFmpeg's.
  struct Case {
    var width: Int
    var height: Int
    var minimumPSNR: Double
  }

  @Test func matchesFFmpeg() throws {
    let cases = [
      // Up both ways, down both ways, one side only (nearly exact: no cubic in the other
      // direction), and reductions past half the width (where libswscale would average
      // chroma pairs of an RGB picture without `full_chroma_inp`, as the lowering asks).
      Case(width: 113, height: 200, minimumPSNR: 48), Case(width: 61, height: 40, minimumPSNR: 48),
      Case(width: 64, height: 97, minimumPSNR: 50), Case(width: 150, height: 72, minimumPSNR: 50),
      Case(width: 17, height: 40, minimumPSNR: 48), Case(width: 30, height: 20, minimumPSNR: 48),
    ]
    // The typical main-track path: a 9:16 crop of a landscape picture filling a portrait canvas.
    let portrait = FFmpegReference.Chain(filter: "crop=w=40:h=72:x=28:y=0,scale=w=71:h=128", width: 71, height: 128)
    let (source, expected) = try FFmpegReference.testPattern(
      width: 96, height: 72,
      through: cases.map {
        .init(
          filter: "scale=w=\($0.width):h=\($0.height):flags=bicubic+full_chroma_inp", width: $0.width,
          height: $0.height)
      }
        + [portrait])
    for (c, reference) in zip(cases, expected) {
      let actual = source.scaled(width: c.width, height: c.height)
      #expect(actual.width == c.width && actual.height == c.height)
      let psnr = Compare.psnr(actual, reference)
      #expect(
        psnr >= c.minimumPSNR,
        "\(c.width)x\(c.height): PSNR \(psnr) dB, max difference \(Compare.maxDifference(actual, reference))")
    }
    let actual = source.cropped(x: 28, y: 0, width: 40, height: 72).scaled(width: 71, height: 128)
    #expect(Compare.psnr(actual, expected[cases.count]) >= 48)
  }

  /// Alpha goes through exactly libswscale's integers, so it matches bit for bit.
  @Test func alphaMatchesFFmpegExactly() throws {
    let straight = try FFmpegReference.translucentPattern(width: 48, height: 40)
    let source = RGBAImage(width: 48, height: 40, pixels: Compare.premultiplied(straight))
    let sizes = [(85, 71), (30, 25), (48, 90), (90, 40)]
    let expected = try FFmpegReference.filters(
      straight: straight, width: 48, height: 40,
      sizes.map { .init(filter: "scale=w=\($0.0):h=\($0.1)", width: $0.0, height: $0.1) })
    for ((w, h), reference) in zip(sizes, expected) {
      let actual = source.scaled(width: w, height: h)
      let expectedAlpha = stride(from: 3, to: reference.pixels.count, by: 4).map { reference.pixels[$0] }
      let actualAlpha = stride(from: 3, to: actual.pixels.count, by: 4).map { actual.pixels[$0] }
      let differences = zip(expectedAlpha, actualAlpha).filter { $0 != $1 }.count
      #expect(differences == 0, "\(w)x\(h): \(differences) alpha values differ")
      // Premultiplied colour never exceeds alpha, whatever the cubic's overshoot.
      let overshoots = stride(from: 0, to: actual.pixels.count, by: 4).filter { i in
        actual.pixels[i..<i + 3].contains { $0 > actual.pixels[i + 3] }
      }
      #expect(overshoots.isEmpty)
      // Colour: the premultiplied equivalent of FFmpeg's straight colour.
      let psnr = Compare.psnr(actual.pixels, Compare.premultiplied(reference.pixels))
      #expect(psnr >= 50, "\(w)x\(h): colour PSNR \(psnr) dB")
    }
  }

  @Test func sameSizeIsUnchangedAndSizesAreAtLeastOne() {
    let colour = PremultipliedColor(red: 9, green: 8, blue: 7, alpha: 255)
    let picture = RGBAImage(width: 5, height: 3, fill: colour)
    #expect(picture.scaled(width: 5, height: 3) == picture)
    let tiny = picture.scaled(width: 0, height: -4)
    #expect(tiny.width == 1 && tiny.height == 1)
    // A flat colour stays flat through any resampling (the weights sum to one).
    #expect(picture.scaled(width: 17, height: 11) == RGBAImage(width: 17, height: 11, fill: colour))
    #expect(picture.scaled(width: 2, height: 2) == RGBAImage(width: 2, height: 2, fill: colour))
  }

  /// Pictures smaller than the filter's window (libswscale's windows then reach past the
  /// picture with zero weights): any size to any size, flat colours stay flat.
  @Test func tinyPicturesScale() {
    let colour = PremultipliedColor(red: 40, green: 50, blue: 60, alpha: 255)
    for (w, h) in [(1, 1), (2, 3), (3, 1), (1, 2)] {
      let picture = RGBAImage(width: w, height: h, fill: colour)
      for (outW, outH) in [(1, 1), (5, 4), (1, 7), (9, 2), (2, 2)] {
        #expect(picture.scaled(width: outW, height: outH) == RGBAImage(width: outW, height: outH, fill: colour))
      }
    }
  }
}
