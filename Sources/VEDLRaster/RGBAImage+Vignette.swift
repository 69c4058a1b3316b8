import Foundation

extension RGBAImage {
  /// The picture through FFmpeg 5.1's `vignette=angle=A:dither=0` (its other options at
  /// their defaults: centre `w/2`, `h/2`, aspect 1, evaluated once), which works on straight
  /// 8-bit RGB: at each pixel `f = cos⁴(A·d)` (0 past `d` = 1), `d` the distance from the
  /// centre — each offset truncated to a whole pixel first — over half the diagonal; `f` is
  /// kept in single precision, as is `A` (clipped to 0…π/2), and each channel becomes
  /// `⌊c·f⌋`. A translucent pixel is darkened on its straight colour (the lowering splits
  /// the alpha off around `vignette`, which drops it) and premultiplied again.
  public func vignetted(angle: Double) -> RGBAImage {
    let angle = Double(Float(min(max(angle, 0), Double.pi / 2)))
    let x0 = Double(width) / 2
    let y0 = Double(height) / 2
    let dmax = hypot(Double(width) / 2, Double(height) / 2)
    var factors = [Float](repeating: 0, count: width)
    var result = pixels
    result.withUnsafeMutableBufferPointer { buffer in
      for y in 0..<height {
        let yy = Int(Double(y) - y0)
        for x in 0..<width {
          let xx = Int(Double(x) - x0)
          let d = hypot(Double(xx), Double(yy)) / dmax
          if d > 1 {
            factors[x] = 0
          } else {
            let c = cos(angle * d)
            factors[x] = Float((c * c) * (c * c))
          }
        }
        for x in 0..<width {
          let j = (y * width + x) * 4
          let alpha = Int(buffer[j + 3])
          if alpha == 0 { continue }
          let f = factors[x]
          for k in 0..<3 {
            var c = Int(buffer[j + k])
            if alpha != 255 { c = min(255, (c * 255 + alpha / 2) / alpha) }
            c = min(max(Int(Double(Float(c) * f)), 0), 255)
            if alpha != 255 { c = (c * alpha + 127) / 255 }
            buffer[j + k] = UInt8(c)
          }
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: result)
  }

  /// A 5×5 convolution (the lowering's unsharp mask, `PicturePipeline.sharpenKernel`): FFmpeg
  /// 5.1's `convolution` with `kernel` (25 weights, row by row, summing to 4096) and
  /// `rdiv` 1/4096 on each colour plane of the premultiplied picture (alpha kept), integer
  /// for integer: `clip(⌊Σ·rdiv + ½⌋)` in single precision, the neighbours past an edge
  /// mirrored as the filter takes them (`|x|` before the picture, `2w − 1 − x` past it). A
  /// channel is then kept at most its alpha (the lowering's `unpremultiply` caps colour at
  /// 255).
  public func convolved5x5(_ kernel: [Int]) -> RGBAImage {
    precondition(kernel.count == 25, "a 5×5 kernel has 25 weights")
    let rdiv = Float(1.0 / 4096.0)
    func reflect(_ v: Int, _ n: Int) -> Int {
      let a = abs(v)
      return a >= n ? 2 * n - 1 - a : a
    }
    var result = pixels
    pixels.withUnsafeBufferPointer { src in
      result.withUnsafeMutableBufferPointer { dst in
        var columns = [Int](repeating: 0, count: 5)
        var rows = [Int](repeating: 0, count: 5)
        for y in 0..<height {
          for i in 0..<5 { rows[i] = reflect(y + i - 2, height) * width }
          for x in 0..<width {
            for i in 0..<5 { columns[i] = reflect(x + i - 2, width) }
            let j = (y * width + x) * 4
            let alpha = Int(src[j + 3])
            for k in 0..<3 {
              var sum = 0
              for r in 0..<5 {
                for c in 0..<5 { sum += Int(src[(rows[r] + columns[c]) * 4 + k]) * kernel[r * 5 + c] }
              }
              let value = Int(Float(sum) * rdiv + 0.5)
              dst[j + k] = UInt8(min(max(value, 0), 255, alpha))
            }
          }
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: result)
  }
}
