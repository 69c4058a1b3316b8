import Testing
import VEDLRaster

@Test func straightColoursArePremultipliedWithRounding() {
  #expect(
    PremultipliedColor(straightRGBA: 0xFF80_00FF) == PremultipliedColor(red: 255, green: 128, blue: 0, alpha: 255))
  #expect(PremultipliedColor(straightRGBA: 0xFF80_0080) == PremultipliedColor(red: 128, green: 64, blue: 0, alpha: 128))
  #expect(PremultipliedColor(straightRGBA: 0xFFFF_FF00) == .transparent)
}

@Test func filledImagesHoldTheirColourEverywhere() {
  let colour = PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 40)
  let image = RGBAImage(width: 3, height: 2, fill: colour)
  #expect(image.pixels.count == 24)
  #expect(image.pixel(x: 2, y: 1) == colour)
  #expect(RGBAImage(width: 1, height: 1).pixel(x: 0, y: 0) == .transparent)
}
