/// A direction of a wipe or a slide (VEDL's `direction:`; FFmpeg's `wipeleft` … `slidedown`).
public enum Direction: Sendable, Hashable {
  case left
  case right
  case up
  case down
}

/// A main-track transition, as the lowering maps VEDL's transitions onto `xfade`:
/// `crossfade` → `fade`, `fade` → `fadeblack`, `fadeWhite` → `fadewhite`, `wipe` →
/// `wipe<direction>`, `slide` and `push` → `slide<direction>`, `smoothWipe` →
/// `smooth<direction>`, `circleOpen` → `circleopen`, `circleClose` → `circleclose`,
/// `radial` → `radial`, `zoom` → `zoomin`, `pixelize` → `pixelize`, `blur` → `hblur`.
public enum TransitionKind: Sendable, Hashable {
  case fade
  case fadeBlack
  case fadeWhite
  case wipe(Direction)
  case slide(Direction)
  case smooth(Direction)
  case circleOpen
  case circleClose
  case radial
  case zoomIn
  case pixelize
  case horizontalBlur
}

extension RGBAImage {
  /// `xfade`'s progress at frame `k` (0-based) of a transition `frames` long: the lowering
  /// gives `xfade` `offset` = the first frame of the incoming item and `duration` = the
  /// overlap in frames, and `xfade` computes `clip(1 − (pts − offset)/duration, 0, 1)` in
  /// single precision, so frame `k` has `1 − k/frames` — 1 on the first frame (all `from`),
  /// falling towards 0 (all `to`), which the last overlapping frame (`k = frames − 1`) does
  /// not reach.
  public static func transitionProgress(frame k: Int, of frames: Int) -> Double {
    guard frames > 0 else { return 0 }
    let progress = 1 - Float(k) / Float(frames)
    return Double(min(max(progress, 0), 1))
  }

  /// One frame of a transition from `from` to `to` (the same size; `to` is fitted to
  /// `from`'s size if not) at `progress` (1 = all `from`, 0 = all `to`; use
  /// `transitionProgress(frame:of:)`): FFmpeg's `xfade`, exactly.
  ///
  /// - `fade`: `from·p + to·(1 − p)` in single precision, truncated.
  /// - `fadeBlack`: `mix(mix(from, black, smoothstep(0.8, 1, p)), mix(black, to,
  ///   smoothstep(0.2, 1, p)), p)`, black being 0 in colour and 255 in alpha.
  /// - `fadeWhite`: the same through white (255 in every channel).
  /// - `smooth`, `circleOpen`, `circleClose`, `radial`, `zoomIn`, `pixelize`,
  ///   `horizontalBlur`: `xfade`'s `smooth<direction>`, `circleopen`, `circleclose`,
  ///   `radial`, `zoomin`, `pixelize` and `hblur` (Transition+Shapes.swift gives each one's
  ///   formula).
  /// - `wipe`: `z = width·p` (left), `width·(1 − p)` (right), `height·p` (up),
  ///   `height·(1 − p)` (down), truncated; `to` shows beyond column/row `z` on the side the
  ///   wipe comes from.
  /// - `slide`: both pictures move together by `−p·width` (left), `p·width` (right),
  ///   `−p·height` (up), `p·height` (down), truncated towards zero, wrapping around.
  ///
  /// The colour channels are FFmpeg's bytes; alpha in the fades is rounded rather than
  /// truncated, so that opaque pictures stay opaque (`xfade`'s float arithmetic can leave 254
  /// there, which the final encoding drops anyway). One FFmpeg 5.1 defect is not copied: at
  /// progress exactly 1 (the first frame of the overlap), `slideleft` and `slideup` read
  /// column or row 0 from one past the picture's end (padding, usually black); here it is
  /// `from`'s pixel.
  public static func transition(_ kind: TransitionKind, progress: Double, from: RGBAImage, to: RGBAImage) -> RGBAImage {
    let other =
      to.width == from.width && to.height == from.height ? to : to.scaled(width: from.width, height: from.height)
    let p = Float(min(max(progress, 0), 1))
    switch kind {
    case .fade, .fadeBlack, .fadeWhite:
      let through: UInt8? = kind == .fade ? nil : (kind == .fadeBlack ? 0 : 255)
      return fade(from, other, progress: p, through: through)
    case .wipe(let direction):
      return wipe(from, other, progress: p, direction: direction)
    case .slide(let direction):
      return slide(from, other, progress: p, direction: direction)
    case .smooth(let direction):
      return smoothWipe(from, other, progress: p, direction: direction)
    case .circleOpen, .circleClose:
      return circle(from, other, progress: p, opening: kind == .circleOpen)
    case .radial:
      return radial(from, other, progress: p)
    case .zoomIn:
      return zoomIn(from, other, progress: p)
    case .pixelize:
      return pixelize(from, other, progress: p)
    case .horizontalBlur:
      return horizontalBlur(from, other, progress: p)
    }
  }

  /// The fades through two 64 K tables indexed by the pair of bytes (`from << 8 | to`): one
  /// for the colour channels (truncated, as `xfade` stores them), one for alpha (rounded),
  /// each entry computed with `xfade`'s single-precision formula, then looked up per byte.
  private static func fade(_ a: RGBAImage, _ b: RGBAImage, progress p: Float, through: UInt8?) -> RGBAImage {
    let throughBlack = through != nil
    let bg = Float(through ?? 0)
    var colour = [UInt8](repeating: 0, count: 1 << 16)
    var alpha = [UInt8](repeating: 0, count: 1 << 16)
    let first = smoothstep(1 - 0.2, 1, p)
    let second = smoothstep(0.2, 1, p)
    for x0 in 0..<256 {
      for x1 in 0..<256 {
        let f0 = Float(x0)
        let f1 = Float(x1)
        let c: Float
        let o: Float
        if throughBlack {
          c = mix(mix(f0, bg, first), mix(bg, f1, second), p)
          o = mix(mix(f0, 255, first), mix(255, f1, second), p)
        } else {
          c = mix(f0, f1, p)
          o = c
        }
        colour[x0 << 8 | x1] = UInt8(c)
        alpha[x0 << 8 | x1] = UInt8(o.rounded())
      }
    }
    var result = [UInt8](repeating: 0, count: a.pixels.count)
    let count = a.width * a.height
    a.pixels.withUnsafeBufferPointer { x0 in
      b.pixels.withUnsafeBufferPointer { x1 in
        colour.withUnsafeBufferPointer { colourTable in
          alpha.withUnsafeBufferPointer { alphaTable in
            result.withUnsafeMutableBufferPointer { out in
              for i in 0..<count {
                let j = i * 4
                out[j] = colourTable[Int(x0[j]) << 8 | Int(x1[j])]
                out[j + 1] = colourTable[Int(x0[j + 1]) << 8 | Int(x1[j + 1])]
                out[j + 2] = colourTable[Int(x0[j + 2]) << 8 | Int(x1[j + 2])]
                out[j + 3] = alphaTable[Int(x0[j + 3]) << 8 | Int(x1[j + 3])]
              }
              clampToAlpha(out.baseAddress!, count: count)
            }
          }
        }
      }
    }
    return RGBAImage(width: a.width, height: a.height, pixels: result)
  }

  /// A wipe: `to`'s pixels copied over `from` in the rectangle of rows and columns that
  /// `xfade`'s comparison against `z` gives to the second picture.
  private static func wipe(_ a: RGBAImage, _ b: RGBAImage, progress p: Float, direction: Direction) -> RGBAImage {
    let w = a.width
    let h = a.height
    func limit(_ v: Int, _ n: Int) -> Int { min(max(v, 0), n) }
    let rows: Range<Int>
    let columns: Range<Int>
    switch direction {
    case .left:  // x > z
      rows = 0..<h
      columns = limit(Int(Float(w) * p) + 1, w)..<w
    case .right:  // not x > z
      rows = 0..<h
      columns = 0..<limit(Int(Float(w) * (1 - p)) + 1, w)
    case .up:  // y > z
      rows = limit(Int(Float(h) * p) + 1, h)..<h
      columns = 0..<w
    case .down:  // not y > z
      rows = 0..<limit(Int(Float(h) * (1 - p)) + 1, h)
      columns = 0..<w
    }
    var result = a.pixels
    guard !columns.isEmpty else { return a }
    b.pixels.withUnsafeBufferPointer { source in
      result.withUnsafeMutableBufferPointer { out in
        for y in rows {
          let offset = (y * w + columns.lowerBound) * 4
          (out.baseAddress! + offset).update(from: source.baseAddress! + offset, count: columns.count * 4)
        }
      }
    }
    return RGBAImage(width: w, height: h, pixels: result)
  }

  private static func slide(_ a: RGBAImage, _ b: RGBAImage, progress p: Float, direction: Direction) -> RGBAImage {
    let w = a.width
    let h = a.height
    var result = [UInt8](repeating: 0, count: w * h * 4)
    a.pixels.withUnsafeBufferPointer { x0 in
      b.pixels.withUnsafeBufferPointer { x1 in
        result.withUnsafeMutableBufferPointer { out in
          let dst = out.baseAddress!
          switch direction {
          case .left, .right:
            // Output column x shows column z + x: of `b` where that lies inside the picture,
            // else of `a` wrapped around. Three runs per row at most.
            let z = direction == .left ? Int(-p * Float(w)) : Int(p * Float(w))
            let runs = [
              (0, min(max(-z, 0), w)), (min(max(-z, 0), w), min(max(w - z, 0), w)), (min(max(w - z, 0), w), w),
            ]
            for y in 0..<h {
              for (start, end) in runs where start < end {
                let zx = z + start
                let inside = zx >= 0 && zx < w
                let column = ((zx % w) + w) % w
                let source = (inside ? x1 : x0).baseAddress! + (y * w + column) * 4
                (dst + (y * w + start) * 4).update(from: source, count: (end - start) * 4)
              }
            }
          case .up, .down:
            let z = direction == .up ? Int(-p * Float(h)) : Int(p * Float(h))
            for y in 0..<h {
              let zy = z + y
              let row = ((zy % h) + h) % h
              let source = zy >= 0 && zy < h ? x1 : x0
              (dst + y * w * 4).update(from: source.baseAddress! + row * w * 4, count: w * 4)
            }
          }
        }
      }
    }
    return RGBAImage(width: w, height: h, pixels: result)
  }

  static func mix(_ a: Float, _ b: Float, _ t: Float) -> Float { a * t + b * (1 - t) }

  static func smoothstep(_ edge0: Float, _ edge1: Float, _ x: Float) -> Float {
    let t = min(max((x - edge0) / (edge1 - edge0), 0), 1)
    return t * t * (3 - 2 * t)
  }
}
