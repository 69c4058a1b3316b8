extension RGBAImage {
  /// The `width` × `height` rectangle whose top-left pixel is (`x`, `y`), as FFmpeg's
  /// `crop=w:h:x:y`. A rectangle reaching outside the picture is clamped to it (at least one
  /// pixel), where `crop` would refuse; the lowering's rectangles always lie inside.
  public func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
    let left = min(max(x, 0), self.width - 1)
    let top = min(max(y, 0), self.height - 1)
    let outW = max(1, min(width, self.width - left))
    let outH = max(1, min(height, self.height - top))
    if outW == self.width && outH == self.height { return self }
    var result = [UInt8](repeating: 0, count: outW * outH * 4)
    pixels.withUnsafeBufferPointer { source in
      result.withUnsafeMutableBufferPointer { target in
        for row in 0..<outH {
          let from = source.baseAddress! + ((top + row) * self.width + left) * 4
          (target.baseAddress! + row * outW * 4).update(from: from, count: outW * 4)
        }
      }
    }
    return RGBAImage(width: outW, height: outH, pixels: result)
  }

  /// The picture turned clockwise by `turns` quarter turns (any integer; negative turns go
  /// anticlockwise), exactly: `transpose=dir=clock` for one, `hflip,vflip` for two,
  /// `transpose=dir=cclock` for three.
  public func rotatedQuarterTurns(_ turns: Int) -> RGBAImage {
    let quarter = ((turns % 4) + 4) % 4
    if quarter == 0 { return self }
    if quarter == 2 { return mirrored(horizontally: true).mirrored(horizontally: false) }
    let w = width
    let h = height
    var result = [UInt8](repeating: 0, count: w * h * 4)
    pixels.withUnsafeBytes { source in
      result.withUnsafeMutableBytes { target in
        let src = source.baseAddress!
        let dst = target.baseAddress!
        // In 32×32 tiles, so that reads and writes both stay in cache. The output is h wide.
        let tile = 32
        for y0 in stride(from: 0, to: h, by: tile) {
          for x0 in stride(from: 0, to: w, by: tile) {
            for y in y0..<min(y0 + tile, h) {
              for x in x0..<min(x0 + tile, w) {
                let word = src.load(fromByteOffset: (y &* w &+ x) &* 4, as: UInt32.self)
                // Clockwise: in(x, y) → out(h − 1 − y, x); anticlockwise: out(y, w − 1 − x).
                let target = quarter == 1 ? x &* h &+ (h &- 1 &- y) : (w &- 1 &- x) &* h &+ y
                dst.storeBytes(of: word, toByteOffset: target &* 4, as: UInt32.self)
              }
            }
          }
        }
      }
    }
    return RGBAImage(width: h, height: w, pixels: result)
  }

  /// The picture mirrored left to right (`horizontally`, FFmpeg's `hflip`) or top to bottom
  /// (`vflip`), exactly.
  public func mirrored(horizontally: Bool) -> RGBAImage {
    let w = width
    let h = height
    var result = [UInt8](repeating: 0, count: w * h * 4)
    pixels.withUnsafeBytes { source in
      result.withUnsafeMutableBytes { target in
        let src = source.baseAddress!
        let dst = target.baseAddress!
        for y in 0..<h {
          if horizontally {
            let from = src + y &* w &* 4
            let to = dst + y &* w &* 4
            for x in 0..<w {
              let word = from.load(fromByteOffset: (w &- 1 &- x) &* 4, as: UInt32.self)
              to.storeBytes(of: word, toByteOffset: x &* 4, as: UInt32.self)
            }
          } else {
            (dst + y &* w &* 4).copyMemory(from: src + (h &- 1 &- y) &* w &* 4, byteCount: w &* 4)
          }
        }
      }
    }
    return RGBAImage(width: w, height: h, pixels: result)
  }
}
