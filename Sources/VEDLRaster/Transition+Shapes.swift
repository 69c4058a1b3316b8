import Foundation

/// The transitions of FFmpeg 5.1's `xfade` beyond fades, wipes and slides, each with
/// `xfade`'s single-precision formula in the same order of operations, so that the native
/// renderer draws the same bytes. `p` is `xfade`'s progress (1 = all `from`, 0 = all `to`),
/// `w`×`h` the picture's size, `/` on `w/2` and `h/2` an integer division, `mix(a, b, t) =
/// a·t + b·(1 − t)` and `smoothstep` GLSL's. Colour channels are truncated as `xfade` stores
/// them; alpha is rounded, so that opaque pictures stay opaque (see ``transition(_:progress:from:to:)``).
extension RGBAImage {
  /// `smooth<direction>`: a soft edge, `t = smoothstep(0, 1, 1 + s − 2p)` with `s = x/w`
  /// (left), `(w − 1 − x)/w` (right), `y/h` (up), `(h − 1 − y)/h` (down);
  /// `mix(to, from, t)`.
  static func smoothWipe(_ a: RGBAImage, _ b: RGBAImage, progress p: Float, direction: Direction) -> RGBAImage {
    let w = Float(a.width)
    let h = Float(a.height)
    return mixed(b, a) { x, y in
      let s: Float
      switch direction {
      case .left: s = Float(x) / w
      case .right: s = (w - 1 - Float(x)) / w
      case .up: s = Float(y) / h
      case .down: s = (h - 1 - Float(y)) / h
      }
      return smoothstep(0, 1, 1 + s - p * 2)
    }
  }

  /// `circleopen` and `circleclose`: `z = hypot(w/2, h/2)`, `q = (p − ½)·3` (open) or
  /// `(1 − p − ½)·3` (close), `t = smoothstep(0, 1, hypot(x − w/2, y − h/2)/z + q)`;
  /// `mix(from, to, t)` opening (a circle of `to` grows from the centre), `mix(to, from, t)`
  /// closing (a circle of `from` shrinks into it).
  static func circle(_ a: RGBAImage, _ b: RGBAImage, progress p: Float, opening: Bool) -> RGBAImage {
    let hw = a.width / 2
    let hh = a.height / 2
    let z = hypotf(Float(hw), Float(hh))
    let q = opening ? (p - 0.5) * 3 : (1 - p - 0.5) * 3
    let weight: (Int, Int) -> Float = { x, y in
      smoothstep(0, 1, hypotf(Float(x - hw), Float(y - hh)) / z + q)
    }
    return opening ? mixed(a, b, weight) : mixed(b, a, weight)
  }

  /// `radial`: a sweep about the centre, `t = smoothstep(0, 1, atan2(x − w/2, y − h/2) −
  /// (p − ½)·2.5π)` (the angle in single precision, the rest in double as C promotes it
  /// with `M_PI`); `mix(to, from, t)`.
  static func radial(_ a: RGBAImage, _ b: RGBAImage, progress p: Float) -> RGBAImage {
    let hw = a.width / 2
    let hh = a.height / 2
    let turn = Double(p - 0.5) * (Double.pi * Double(Float(2.5)))
    return mixed(b, a) { x, y in
      let smooth = Float(Double(atan2f(Float(x - hw), Float(y - hh))) - turn)
      return smoothstep(0, 1, smooth)
    }
  }

  /// `zoomin`: `from` magnified about the centre by `zf = smoothstep(½, 1, p)` — output
  /// (x, y) shows `from` at `(⌈(½ + (x/w − ½)·zf)·(w − 1)⌉, ⌈(½ + (y/h − ½)·zf)·(h − 1)⌉)` —
  /// then `mix(zoomed, to, smoothstep(0, ½, p))`.
  static func zoomIn(_ a: RGBAImage, _ b: RGBAImage, progress p: Float) -> RGBAImage {
    let width = a.width
    let height = a.height
    let w = Float(width)
    let h = Float(height)
    let zf = smoothstep(0.5, 1, p)
    let t = smoothstep(0, 0.5, p)
    let columns = (0..<width).map { x in min(max(Int(ceilf((0.5 + (Float(x) / w - 0.5) * zf) * (w - 1))), 0), width - 1)
    }
    let rows = (0..<height).map { y in min(max(Int(ceilf((0.5 + (Float(y) / h - 0.5) * zf) * (h - 1))), 0), height - 1)
    }
    return combined(a, b) { x, y, c, from, to in
      mix(Float(from[(rows[y] * width + columns[x]) * 4 + c]), Float(to[(y * width + x) * 4 + c]), t)
    }
  }

  /// `pixelize`: squares of side `s = 2·d·min(w, h)/20`, `d = ⌈min(p, 1 − p)·50⌉/50`; each
  /// output pixel takes both pictures at its square's centre `(min((⌊x/s⌋ + ½)·s, w − 1),
  /// …)`, truncated, and shows `mix(from, to, p)` there (the pixel itself when `d` is 0).
  static func pixelize(_ a: RGBAImage, _ b: RGBAImage, progress p: Float) -> RGBAImage {
    let width = a.width
    let height = a.height
    let d = min(p, 1 - p)
    let dist = ceilf(d * 50) / 50
    let side = 2 * dist * Float(min(width, height)) / 20
    func centre(_ v: Int, _ n: Int) -> Int {
      guard dist > 0 else { return v }
      let c = (floorf(Float(v) / side) + 0.5) * side
      return Int(c > Float(n - 1) ? Float(n - 1) : c)
    }
    let columns = (0..<width).map { centre($0, width) }
    let rows = (0..<height).map { centre($0, height) }
    return combined(a, b) { x, y, c, from, to in
      let i = (rows[y] * width + columns[x]) * 4 + c
      return mix(Float(from[i]), Float(to[i]), p)
    }
  }

  /// `hblur`: both pictures averaged over a box of `n = ⌊1 + (w/2)·q⌋` pixels from each
  /// pixel rightwards (fewer at the right edge), `q = 2p` up to the middle and `2(1 − p)`
  /// after, the sums kept in single precision as `xfade` slides them; `mix(from, to, p)`.
  static func horizontalBlur(_ a: RGBAImage, _ b: RGBAImage, progress p: Float) -> RGBAImage {
    let width = a.width
    let height = a.height
    let q = p <= 0.5 ? p * 2 : (1 - p) * 2
    let size = Int(1 + Float(width / 2) * q)
    var result = [UInt8](repeating: 0, count: a.pixels.count)
    a.pixels.withUnsafeBufferPointer { x0 in
      b.pixels.withUnsafeBufferPointer { x1 in
        result.withUnsafeMutableBufferPointer { out in
          for y in 0..<height {
            let row = y * width * 4
            for c in 0..<4 {
              var sum0: Float = 0
              var sum1: Float = 0
              var count = Float(size)
              for x in 0..<min(size, width) {
                sum0 += Float(x0[row + x * 4 + c])
                sum1 += Float(x1[row + x * 4 + c])
              }
              for x in 0..<width {
                let v = mix(sum0 / count, sum1 / count, p)
                out[row + x * 4 + c] = c == 3 ? UInt8(min(max(v.rounded(), 0), 255)) : UInt8(min(max(v, 0), 255))
                if x + size < width {
                  sum0 += Float(x0[row + (x + size) * 4 + c]) - Float(x0[row + x * 4 + c])
                  sum1 += Float(x1[row + (x + size) * 4 + c]) - Float(x1[row + x * 4 + c])
                } else {
                  sum0 -= Float(x0[row + x * 4 + c])
                  sum1 -= Float(x1[row + x * 4 + c])
                  count -= 1
                }
              }
            }
          }
          clampToAlpha(out.baseAddress!, count: width * height)
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: result)
  }

  /// Every pixel as `first·t + second·(1 − t)`, `t` given per pixel by `weight(x, y)`.
  private static func mixed(_ first: RGBAImage, _ second: RGBAImage, _ weight: (Int, Int) -> Float) -> RGBAImage {
    let width = first.width
    let height = first.height
    var result = [UInt8](repeating: 0, count: first.pixels.count)
    first.pixels.withUnsafeBufferPointer { x0 in
      second.pixels.withUnsafeBufferPointer { x1 in
        result.withUnsafeMutableBufferPointer { out in
          for y in 0..<height {
            for x in 0..<width {
              let t = weight(x, y)
              let i = (y * width + x) * 4
              for c in 0..<3 { out[i + c] = UInt8(min(max(mix(Float(x0[i + c]), Float(x1[i + c]), t), 0), 255)) }
              out[i + 3] = UInt8(min(max(mix(Float(x0[i + 3]), Float(x1[i + 3]), t).rounded(), 0), 255))
            }
          }
          clampToAlpha(out.baseAddress!, count: width * height)
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: result)
  }

  /// Every channel `c` of pixel (x, y) from `value(x, y, c, from, to)`: colour truncated,
  /// alpha rounded.
  private static func combined(
    _ a: RGBAImage, _ b: RGBAImage,
    _ value: (Int, Int, Int, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Float
  ) -> RGBAImage {
    let width = a.width
    let height = a.height
    var result = [UInt8](repeating: 0, count: a.pixels.count)
    a.pixels.withUnsafeBufferPointer { x0 in
      b.pixels.withUnsafeBufferPointer { x1 in
        result.withUnsafeMutableBufferPointer { out in
          for y in 0..<height {
            for x in 0..<width {
              let i = (y * width + x) * 4
              for c in 0..<3 { out[i + c] = UInt8(min(max(value(x, y, c, x0, x1), 0), 255)) }
              out[i + 3] = UInt8(min(max(value(x, y, 3, x0, x1).rounded(), 0), 255))
            }
          }
          clampToAlpha(out.baseAddress!, count: width * height)
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: result)
  }
}
