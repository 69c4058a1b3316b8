/// One direction of a separable resampling: for every output sample, the first source sample
/// it reads and `taps` integer weights summing to `one`.
///
/// The weights are built exactly as libswscale 6 (FFmpeg 5.1) builds them in `initFilter` for
/// its default scaler, `SWS_BICUBIC` with B = 0 and C = 0.6: centre-aligned sample positions in
/// 1/2¹⁷ pixel steps, the integer cubic, the removal of near-zero outer weights (cut-off
/// 0.002), the x86 alignment of the tap count, edge weights folded onto the first and last
/// source sample (edge replication), and normalisation with error diffusion. Using the same
/// integers makes a scaled picture match FFmpeg's `scale` to within the rounding of its
/// internal YUV round trip.
struct ResampleFilter: Sendable {
  /// Weights per output sample.
  let taps: Int
  /// The first source sample of output sample `i`.
  let positions: [Int]
  /// `taps` weights per output sample, output by output.
  let weights: [Int16]
  /// What the weights of one output sample add up to.
  let one: Int

  /// libswscale's `SWS_MAX_REDUCE_CUTOFF`.
  private static let reduceCutOff = 0.002

  /// The filter mapping `source` samples onto `destination` samples, normalised to `one`,
  /// with the tap count rounded up to a multiple of `alignment` as libswscale does on x86
  /// (4 horizontally, 2 vertically).
  init(source srcW: Int, destination dstW: Int, one: Int, alignment: Int) {
    precondition(srcW > 0 && dstW > 0, "resampling needs positive sizes")
    self.one = one
    let xInc = ((srcW << 16) + (dstW >> 1)) / dstW
    // Luma sample positions: `get_local_pos(c, 0, 0, dir)` is 128 for source and destination.
    let srcPos = 128
    let dstPos = 128
    let shiftLimit = min(Self.log2(srcW / dstW), 8)
    let fone = Int64(1) << (54 - shiftLimit)

    var filterSize: Int
    var filter: [Int64]
    var filterPos = [Int](repeating: 0, count: dstW)
    if abs(xInc - 0x10000) < 10 && srcPos == dstPos {
      filterSize = 1
      filter = [Int64](repeating: fone, count: dstW)
      for i in 0..<dstW { filterPos[i] = i }
    } else {
      let sizeFactor = 4
      filterSize = xInc <= 1 << 16 ? 1 + sizeFactor : 1 + (sizeFactor * srcW + dstW - 1) / dstW
      filterSize = max(min(filterSize, srcW - 2), 1)
      filter = [Int64](repeating: 0, count: dstW * filterSize)
      var xDstInSrc = Int64((dstPos * xInc) >> 7) - Int64((srcPos * 0x10000) >> 7)
      // B = 0, C = 0.6 in 8.24 fixed point, truncated as the C code's conversion does.
      let b: Int64 = 0
      let c = Int64(0.6 * Double(1 << 24))
      let unit: Int64 = 1 << 24
      for i in 0..<dstW {
        var xx = Int((xDstInSrc - Int64(filterSize - 2) * (1 << 16)) / (1 << 17))
        filterPos[i] = xx
        for j in 0..<filterSize {
          var d = abs(Int64(xx) * (1 << 17) - xDstInSrc) << 13
          if xInc > 1 << 16 { d = d * Int64(dstW) / Int64(srcW) }
          var coeff: Int64
          if d >= 1 << 31 {
            coeff = 0
          } else {
            let dd = (d * d) >> 30
            let ddd = (dd * d) >> 30
            if d < 1 << 30 {
              coeff =
                (12 * unit - 9 * b - 6 * c) * ddd + (-18 * unit + 12 * b + 6 * c) * dd + (6 * unit - 2 * b) * (1 << 30)
            } else {
              coeff = (-b - 6 * c) * ddd + (6 * b + 30 * c) * dd + (-12 * b - 48 * c) * d + (8 * b + 24 * c) * (1 << 30)
            }
          }
          coeff /= (Int64(1) << 54) / fone
          filter[i * filterSize + j] = coeff
          xx += 1
        }
        xDstInSrc += 2 * Int64(xInc)
      }
    }

    // Reduce: drop near-zero weights on the left (moving the window) and count those on the right.
    let cutOff = Self.reduceCutOff * Double(fone)
    var minFilterSize = 0
    for i in stride(from: dstW - 1, through: 0, by: -1) {
      var size = filterSize
      var sum: Int64 = 0
      for _ in 0..<filterSize {
        sum += abs(filter[i * filterSize])
        if Double(sum) > cutOff { break }
        if i < dstW - 1 && filterPos[i] >= filterPos[i + 1] { break }
        for k in 1..<max(filterSize, 1) { filter[i * filterSize + k - 1] = filter[i * filterSize + k] }
        filter[i * filterSize + filterSize - 1] = 0
        filterPos[i] += 1
      }
      sum = 0
      for j in stride(from: filterSize - 1, to: 0, by: -1) {
        sum += abs(filter[i * filterSize + j])
        if Double(sum) > cutOff { break }
        size -= 1
      }
      minFilterSize = max(minFilterSize, size)
    }
    var align = alignment
    if minFilterSize == 1 && align == 2 { align = 1 }
    let outSize = (minFilterSize + align - 1) & ~(align - 1)
    var reduced = [Int64](repeating: 0, count: dstW * outSize)
    for i in 0..<dstW {
      for j in 0..<min(outSize, filterSize) { reduced[i * outSize + j] = filter[i * filterSize + j] }
    }

    // Fold weights that fall outside the source onto its first and last samples.
    for i in 0..<dstW {
      let base = i * outSize
      if filterPos[i] < 0 {
        for j in 1..<max(outSize, 1) {
          let left = max(j + filterPos[i], 0)
          reduced[base + left] += reduced[base + j]
          reduced[base + j] = 0
        }
        filterPos[i] = 0
      }
      if filterPos[i] + outSize > srcW {
        let shift = filterPos[i] + min(outSize - srcW, 0)
        var acc: Int64 = 0
        for j in stride(from: outSize - 1, through: 0, by: -1) where filterPos[i] + j >= srcW {
          acc += reduced[base + j]
          reduced[base + j] = 0
        }
        for j in stride(from: outSize - 1, through: 0, by: -1) {
          reduced[base + j] = j < shift ? 0 : reduced[base + j - shift]
        }
        filterPos[i] -= shift
        reduced[base + srcW - 1 - filterPos[i]] += acc
      }
    }

    // Normalise to `one`, diffusing the rounding error along the taps.
    var weights = [Int16](repeating: 0, count: dstW * outSize)
    for i in 0..<dstW {
      var sum: Int64 = 0
      for j in 0..<outSize { sum += reduced[i * outSize + j] }
      sum = (sum + Int64(one / 2)) / Int64(one)
      if sum == 0 { sum = 1 }
      var error: Int64 = 0
      for j in 0..<outSize {
        let v = reduced[i * outSize + j] + error
        let intV = (v >= 0 ? v + (sum >> 1) : v - (sum >> 1)) / sum
        weights[i * outSize + j] = Int16(truncatingIfNeeded: intV)
        error = v - intV * sum
      }
    }
    self.taps = outSize
    self.positions = filterPos
    self.weights = weights
  }

  /// Whether the filter copies its source unchanged (same size).
  var isIdentity: Bool { taps == 1 && positions.enumerated().allSatisfy { $0.offset == $0.element } }

  /// `av_log2`: the index of the highest set bit, 0 for 0.
  private static func log2(_ value: Int) -> Int {
    value <= 1 ? 0 : (Int.bitWidth - 1 - value.leadingZeroBitCount)
  }
}
