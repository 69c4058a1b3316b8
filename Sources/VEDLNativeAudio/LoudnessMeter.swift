import Foundation

/// Integrated loudness and true peak of a stereo stream per ITU-R BS.1770-4 / EBU R128, as
/// FFmpeg's `ebur128` filter measures them: K-weighting (the standard's two biquads at
/// 48 kHz), mean squares over 400 ms blocks every 100 ms, channel weights 1 (left, right),
/// an absolute gate at −70 LUFS and a relative gate 10 LU below the loudness of the blocks
/// above it; the true peak is the largest magnitude of the signal oversampled 4× (a
/// 48-tap windowed-sinc interpolator).
///
/// Fed in order with ``add(left:right:)``; the figures are read at any time.
public struct LoudnessMeter {
  /// The K-weighting filter of one channel: a high shelf then a high pass (direct form I).
  private struct KWeighting {
    // BS.1770-4 Table 1 and 2, for 48 kHz.
    static let shelf = (
      b: (1.53512485958697, -2.69169618940638, 1.19839281085285), a: (-1.69065929318241, 0.73248077421585)
    )
    static let highPass = (b: (1.0, -2.0, 1.0), a: (-1.99004745483398, 0.99007225036621))
    var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0
    var u1 = 0.0, u2 = 0.0, v1 = 0.0, v2 = 0.0

    mutating func filter(_ x: Double) -> Double {
      let s = Self.shelf
      let y = s.b.0 * x + s.b.1 * x1 + s.b.2 * x2 - s.a.0 * y1 - s.a.1 * y2
      (x2, x1, y2, y1) = (x1, x, y1, y)
      let h = Self.highPass
      let v = h.b.0 * y + h.b.1 * u1 + h.b.2 * u2 - h.a.0 * v1 - h.a.1 * v2
      (u2, u1, v2, v1) = (u1, y, v1, v)
      return v
    }
  }

  /// The sample rate the K-weighting coefficients are for.
  public static let sampleRate = 48_000
  /// 100 ms: a quarter of a gating block.
  private static let stepSamples = sampleRate / 10

  private var left = KWeighting()
  private var right = KWeighting()
  /// The sum of squares (both channels) of the current 100 ms step, and its samples so far.
  private var stepEnergy = 0.0
  private var stepCount = 0
  /// The last four steps' energies: a 400 ms block once four are in.
  private var recentSteps: [Double] = []
  /// Each block's mean square (summed over the channels).
  private var blocks: [Double] = []
  /// The largest magnitude of the 4× oversampled signal.
  public private(set) var truePeakLinear = 0.0
  /// The last samples of each channel, for the oversampling filter.
  private var historyLeft = [Double](repeating: 0, count: TruePeak.tapsPerPhase)
  private var historyRight = [Double](repeating: 0, count: TruePeak.tapsPerPhase)
  private var historyIndex = 0

  public init() {}

  /// Measures the next samples.
  public mutating func add(left l: [Float], right r: [Float]) {
    for i in 0..<min(l.count, r.count) {
      let (a, b) = (Double(l[i]), Double(r[i]))
      let fa = left.filter(a)
      let fb = right.filter(b)
      stepEnergy += fa * fa + fb * fb
      stepCount += 1
      if stepCount == Self.stepSamples {
        recentSteps.append(stepEnergy)
        if recentSteps.count > 4 { recentSteps.removeFirst() }
        if recentSteps.count == 4 { blocks.append(recentSteps.reduce(0, +) / Double(4 * Self.stepSamples)) }
        (stepEnergy, stepCount) = (0, 0)
      }
      trackPeak(a, b)
    }
  }

  private mutating func trackPeak(_ a: Double, _ b: Double) {
    historyLeft[historyIndex] = a
    historyRight[historyIndex] = b
    historyIndex = (historyIndex + 1) % TruePeak.tapsPerPhase
    truePeakLinear = max(truePeakLinear, abs(a), abs(b))
    for phase in 1..<TruePeak.phases {
      let taps = TruePeak.coefficients[phase]
      var sl = 0.0
      var sr = 0.0
      // Newest sample first.
      var j = historyIndex
      for t in 0..<TruePeak.tapsPerPhase {
        j = j == 0 ? TruePeak.tapsPerPhase - 1 : j - 1
        sl += taps[t] * historyLeft[j]
        sr += taps[t] * historyRight[j]
      }
      truePeakLinear = max(truePeakLinear, abs(sl), abs(sr))
    }
  }

  /// The integrated loudness in LUFS, or `nil` when no block passes the gates (silence, or
  /// less than 400 ms).
  public var integratedLoudness: Double? {
    func loudness(_ meanSquare: Double) -> Double { -0.691 + 10 * log10(meanSquare) }
    let absolute = blocks.filter { $0 > 0 && loudness($0) > -70 }
    guard !absolute.isEmpty else { return nil }
    let relativeGate = loudness(absolute.reduce(0, +) / Double(absolute.count)) - 10
    let gated = absolute.filter { loudness($0) > relativeGate }
    guard !gated.isEmpty else { return nil }
    return loudness(gated.reduce(0, +) / Double(gated.count))
  }

  /// The true peak in dBTP (−∞ for silence).
  public var truePeak: Double { 20 * log10(truePeakLinear) }
}

/// The 4× oversampling interpolator of the true-peak measurement: a windowed sinc (Hann),
/// 12 taps per phase; phase 0 is the samples themselves.
enum TruePeak {
  static let phases = 4
  static let tapsPerPhase = 12

  /// `coefficients[p][t]`: the weight of the sample `t` steps back for the point `p/4` of a
  /// sample after the middle of the window.
  static let coefficients: [[Double]] = (0..<phases).map { p in
    (0..<tapsPerPhase).map { t in
      // Distance in input samples from the interpolated point, which lies `p/4` after the
      // window's middle sample (`tapsPerPhase/2 − 1` back from the newest).
      let x = Double(tapsPerPhase / 2 - 1 - t) + Double(p) / Double(phases)
      let sinc = x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x)
      let n = (x + Double(tapsPerPhase / 2)) / Double(tapsPerPhase)
      let window = 0.5 - 0.5 * cos(2 * Double.pi * n)
      return sinc * window
    }
  }
}
