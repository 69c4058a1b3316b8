import Testing
import VEDLRaster

/// Opacity and fades against `colorchannelmixer=aa=` and `fade` (with `alpha=1` on
/// overlays, towards a colour on the main track), and `adjust` on a translucent picture as
/// the lowering splits its alpha off around `eq`.
@Suite struct AlphaTests {
  @Test func opacityAndFadesMatchFFmpeg() throws {
    let straight = try FFmpegReference.translucentPattern(width: 48, height: 40)
    let source = RGBAImage(width: 48, height: 40, pixels: Compare.premultiplied(straight))
    let expected = try FFmpegReference.filters(
      straight: straight, width: 48, height: 40,
      [
        .init(filter: "colorchannelmixer=aa=0.8", width: 48, height: 40),
        .init(filter: "colorchannelmixer=aa=0.35", width: 48, height: 40),
        // Frame at pts 2 of a 4 s fade: factor 2·65535/4 = 32767.
        .init(filter: "setpts=PTS+2,fade=type=in:start_time=0:duration=4:alpha=1", width: 48, height: 40),
        .init(
          filter: "split[c][a];[c]eq=brightness=0.1:contrast=1.3:saturation=0.6,format=rgba[e];"
            + "[a]alphaextract[m];[e][m]alphamerge", width: 48, height: 40),
      ])
    let actual = [
      source.multipliedAlpha(by: 0.8), source.multipliedAlpha(by: 0.35), source.multipliedAlpha(by: 32767.0 / 65536),
      source.adjusted(brightness: 0.1, contrast: 1.3, saturation: 0.6),
    ]
    for (index, (mine, reference)) in zip(actual, expected).enumerated() {
      let alphaDifference =
        stride(from: 3, to: mine.pixels.count, by: 4).map {
          abs(Int(mine.pixels[$0]) - Int(reference.pixels[$0]))
        }.max() ?? 0
      // colorchannelmixer's alpha and the alpha kept around `eq` are exact; `fade`'s 16-bit
      // factor is reproduced within one level.
      #expect(alphaDifference <= (index == 2 ? 1 : 0), "case \(index)")
      let psnr = Compare.psnr(mine.pixels, Compare.premultiplied(reference.pixels))
      #expect(psnr >= 55, "case \(index): PSNR \(psnr) dB against FFmpeg premultiplied")
    }
    #expect(source.multipliedAlpha(by: 1) == source)
    #expect(source.multipliedAlpha(by: 0) == RGBAImage(width: 48, height: 40))
  }

  /// A main-track fade is the frame drawn over the fade colour with `opacity: factor/65536`.
  @Test func mainTrackFadeIsExactOverTheColour() throws {
    let colours: [UInt32] = [0x2040_60FF, 0x0000_00FF]
    let (source, expected) = try FFmpegReference.testPattern(
      width: 48, height: 40,
      through: colours.map {
        let hex = String($0, radix: 16, uppercase: true)
        let colour = "0x" + String(repeating: "0", count: 8 - hex.count) + hex
        return .init(filter: "setpts=PTS+1,fade=type=in:start_time=0:duration=4:color=\(colour)", width: 48, height: 40)
      })
    for (colour, reference) in zip(colours, expected) {
      var canvas = RGBAImage(width: 48, height: 40, fill: PremultipliedColor(straightRGBA: colour))
      canvas.composite(source, x: 0, y: 0, opacity: 16383.0 / 65536)
      // Colour channels exactly (fading to black, `fade` also scales alpha, which the
      // encoder drops; here the canvas stays opaque).
      var worst = 0
      for i in 0..<canvas.pixels.count where i % 4 != 3 {
        worst = max(worst, abs(Int(canvas.pixels[i]) - Int(reference.pixels[i])))
      }
      #expect(worst == 0, "fade towards \(String(colour, radix: 16))")
      #expect(canvas.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    }
  }
}
