extension PremultipliedColor {
  /// The straight (not premultiplied) colour channels, rounded to nearest (0 when
  /// transparent): what FFmpeg's drawing functions take.
  var straight: (red: Int, green: Int, blue: Int) {
    let a = Int(alpha)
    guard a > 0 else { return (0, 0, 0) }
    if a == 255 { return (Int(red), Int(green), Int(blue)) }
    func unpremultiply(_ c: UInt8) -> Int { min(255, (Int(c) * 255 + a / 2) / a) }
    return (unpremultiply(red), unpremultiply(green), unpremultiply(blue))
  }
}
