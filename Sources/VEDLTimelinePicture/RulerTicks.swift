import VEDLTime

/// Where the timecode ruler puts its ticks. Ticks fall on timecode values — whole frames
/// below one timecode second, whole timecode seconds (`⌈F⌉` frames, so `00:00:01:00` at
/// 29.97 fps) and round multiples of them above — so every label is a round timecode. The
/// spacing is the smallest such step whose labels stay
/// ``TimelinePictureMetrics/minimumMajorTickSpacing`` apart, so a 3-second edit is marked
/// every few frames and an hour-long one every five minutes.
public struct RulerTicks: Sendable, Equatable {
  /// Frames between labelled ticks.
  public var majorStep: Int64
  /// Frames between unlabelled ticks (a divisor of ``majorStep``), or `nil` when they would
  /// be too dense to read.
  public var minorStep: Int64?

  /// The ticks for a ruler at `rate` drawn at `pixelsPerFrame`.
  public init(rate: FrameRate, pixelsPerFrame: Double) {
    let candidates = Self.candidateSteps(rate: rate)
    let spacing = TimelinePictureMetrics.minimumMajorTickSpacing
    let major = candidates.first { Double($0) * pixelsPerFrame >= spacing } ?? candidates[candidates.count - 1]
    majorStep = major
    let divisors: [Int64] = [10, 5, 4, 2]
    minorStep = divisors.lazy
      .filter { major % $0 == 0 }
      .map { major / $0 }
      .first { Double($0) * pixelsPerFrame >= TimelinePictureMetrics.minimumMinorTickSpacing }
  }

  /// Steps in frames, increasing: divisors of a timecode second's frame count `N`, then
  /// `N` times 1, 2, 5, 10, 15, 30 seconds, 1, 2, 5, 10, 15, 30 minutes and 1, 2, 5, 10… hours.
  static func candidateSteps(rate: FrameRate) -> [Int64] {
    let n = max(1, rate.nominalFramesPerSecond)
    let framesSteps: [Int64] = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60]
      .filter { $0 < n && n % $0 == 0 }
    var secondSteps: [Int64] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800]
    var hours: Int64 = 1
    while hours <= 1_000_000 {
      secondSteps += [hours * 3600, hours * 7200, hours * 18000]
      hours *= 10
    }
    return framesSteps
      + secondSteps.map { $0.multipliedReportingOverflow(by: n) }
      .filter { !$0.overflow }.map(\.partialValue)
  }

  /// The labelled tick frames from 0 through `extent`.
  public func majorFrames(through extent: Int64) -> [Int64] {
    Self.multiples(of: majorStep, through: extent)
  }

  /// The unlabelled tick frames through `extent` (none where a labelled tick is).
  public func minorFrames(through extent: Int64) -> [Int64] {
    guard let minorStep else { return [] }
    return Self.multiples(of: minorStep, through: extent).filter { $0 % majorStep != 0 }
  }

  private static func multiples(of step: Int64, through extent: Int64) -> [Int64] {
    guard step > 0, extent >= 0 else { return [0] }
    return Array(stride(from: Int64(0), through: extent, by: Int64.Stride(step)))
  }
}
