extension RGBAImage {
  /// The picture made translucent by `factor` (0…1; larger values are 1): FFmpeg's
  /// `colorchannelmixer=aa=factor` for `opacity`, and the premultiplied form of `fade` with
  /// `alpha=1` for faded overlays.
  ///
  /// `colorchannelmixer` maps alpha through `lrint(a·factor)` (a 256-entry table, rounding
  /// half to even) and keeps the straight colour; here all four premultiplied channels go
  /// through that table, so alpha is FFmpeg's exactly and colour is the premultiplied
  /// equivalent. `fade` with `alpha=1` computes `(a·F + 2¹⁵) >> 16` for its 16-bit factor
  /// `F`; `factor: F/65536` reproduces that to within one level.
  public func multipliedAlpha(by factor: Double) -> RGBAImage {
    if factor >= 1 { return self }
    let f = factor > 0 ? factor : 0
    var table = [UInt8](repeating: 0, count: 256)
    for v in 0..<256 { table[v] = UInt8(min(255, (Double(v) * f).rounded(.toNearestOrEven))) }
    var result = pixels
    table.withUnsafeBufferPointer { lut in
      result.withUnsafeMutableBufferPointer { buffer in
        for i in 0..<buffer.count { buffer[i] = lut[Int(buffer[i])] }
      }
    }
    return RGBAImage(width: width, height: height, pixels: result)
  }
}
