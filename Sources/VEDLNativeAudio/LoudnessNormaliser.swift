import Foundation
import VEDLSema
import VEDLTime

/// The timeline's mixed sound as a stream: ``TimelineAudioMixer``, or that mix through a
/// loudness correction (``LoudnessStage``).
public protocol MixedSound: AnyObject {
  /// The edit's length in samples.
  var totalSamples: Int64 { get }
  /// Whether anything in the timeline makes sound.
  var hasSound: Bool { get }
  /// The next samples in order (at most `maxSamples`), or `nil` at the end.
  func next(maxSamples: Int) throws(AudioMixError) -> StereoChunk?
}

extension TimelineAudioMixer: MixedSound {}

/// The mix through a ``LoudnessCorrection``: its filters (`volume`, `alimiter`) in a small
/// libavfilter graph, the very filters and options the FFmpeg backend appends to its graph's
/// sound, then padded or cut to exactly `totalSamples` as the graph's `apad`/`atrim` do.
public final class LoudnessStage: MixedSound {
  private let source: any MixedSound
  private let graph: TempoFilterGraph
  private var queue = StereoSampleQueue()
  private var finished = false
  private var delivered: Int64 = 0

  public var totalSamples: Int64 { source.totalSamples }
  public var hasSound: Bool { source.hasSound }

  /// `source` corrected by `correction`, at `sampleRate`.
  public init(_ source: any MixedSound, correction: LoudnessCorrection, sampleRate: Int) throws(AudioMixError) {
    self.source = source
    graph = try TempoFilterGraph(
      filters: correction.filters.map { f in
        (name: f.name, options: f.options.map { "\($0.key)=\($0.value)" }.joined(separator: ":"))
      }, sampleRate: sampleRate, purpose: "normalise the loudness of the mix")
  }

  public func next(maxSamples: Int) throws(AudioMixError) -> StereoChunk? {
    guard delivered < totalSamples else { return nil }
    let wanted = Int(min(Int64(max(1, maxSamples)), totalSamples - delivered))
    while queue.count < wanted && !finished {
      if let chunk = try source.next(maxSamples: max(wanted, 1024)) {
        try graph.process(left: chunk.left[...], right: chunk.right[...], into: &queue)
      } else {
        try graph.finish(into: &queue)
        finished = true
      }
    }
    if queue.count < wanted { queue.appendSilence(wanted - queue.count) }
    var left: [Float] = []
    var right: [Float] = []
    left.reserveCapacity(wanted)
    right.reserveCapacity(wanted)
    queue.take(wanted, into: &left, &right)
    delivered += Int64(wanted)
    return StereoChunk(left: left, right: right)
  }
}

/// Works out the ``LoudnessCorrection`` that brings a timeline's mix to a ``LoudnessTarget``,
/// by measuring (``LoudnessMeter``) — the measuring pass both backends share:
///
/// 1. mix the timeline and measure its integrated loudness `I` and true peak `P`;
/// 2. the gain is `target − I`, rounded to 0.01 dB; if `P + gain` stays under the ceiling
///    less a margin for the encoder that is all;
/// 3. else a limiter (`alimiter`) is added at that level and the corrected mix measured
///    again; the gain is corrected by what the limiter took off (a secant step; the limit
///    lowered by what the true peak still exceeds), up to ``passes`` times, until the corrected mix is within
///    0.05 LU of the target and under the ceiling.
///
/// What the encoder does to the loudness and the true peak (AAC's low-pass takes a little
/// off the loudness, its quantisation adds to peaks) is measured by VEDLRender on the encoded
/// sound and given back as an ``EncoderEffect`` for a second, final pass.
///
/// Every step is deterministic (the same mix, the same filters), so a render and
/// `vedl graph --command` get the same correction, and the FFmpeg and native backends apply
/// the same filters to the same mix. `nil` when the mix has no loudness to measure
/// (silence, or shorter than one 400 ms block).
public enum LoudnessNormaliser {
  /// The margin under the true-peak ceiling kept for the encoder (dB) before its effect is
  /// known.
  public static let encoderMargin = 1.0
  /// The most measuring passes through the limiter.
  public static let passes = 8
  /// The margin kept beside a measured effect of the encoder (dB).
  public static let measuredMargin = 0.2

  /// How the encoder changed the corrected mix: encoded minus mixed, in LU and dB.
  public struct EncoderEffect: Sendable, Hashable {
    public var loudness: Double
    public var truePeak: Double

    public init(loudness: Double, truePeak: Double) {
      self.loudness = loudness
      self.truePeak = truePeak
    }
  }

  /// A correction and the loudness and true peak of the mix it corrects.
  public struct Result: Sendable, Hashable {
    public var correction: LoudnessCorrection
    public var loudness: Double
    public var truePeak: Double
  }

  /// The correction for `timeline`'s mix at `sampleRate` (48 kHz, the meter's rate), aiming
  /// off by `encoderEffect` when it is known.
  public static func correction(
    for timeline: Timeline, target: LoudnessTarget, sampleRate: Int = 48_000, encoderEffect: EncoderEffect? = nil
  ) throws(AudioMixError) -> Result? {
    let mixer = try TimelineAudioMixer(timeline: timeline, sampleRate: sampleRate)
    guard mixer.hasSound else { return nil }
    let first = try measure(mixer)
    guard let loudness = first.integratedLoudness else { return nil }
    let targetLoudness = target.integrated.doubleValue - (encoderEffect?.loudness ?? 0)
    let ceiling =
      target.truePeak.doubleValue - (encoderEffect.map { max($0.truePeak, 0) + measuredMargin } ?? encoderMargin)
    var gain = targetLoudness - loudness
    guard first.truePeak + gain > ceiling else {
      let correction = LoudnessCorrection(gain: hundredths(gain), limit: nil)
      let applied = correction.gain.doubleValue
      return Result(correction: correction, loudness: loudness + applied, truePeak: first.truePeak + applied)
    }
    var limitDB = ceiling
    var correction = LoudnessCorrection(gain: hundredths(gain), limit: millionths(limitDB))
    var result = Result(correction: correction, loudness: loudness, truePeak: first.truePeak)
    // The loudness gained per decibel of gain: 1 without limiting, less as the limiter takes
    // more; found from the last two passes (a secant step), between 0.2 and 1.
    var previous: (gain: Double, loudness: Double)? = nil
    for _ in 0..<passes {
      let stage = try LoudnessStage(
        try TimelineAudioMixer(timeline: timeline, sampleRate: sampleRate), correction: correction,
        sampleRate: sampleRate)
      let measured = try measure(stage)
      guard let corrected = measured.integratedLoudness else { return result }
      result = Result(correction: correction, loudness: corrected, truePeak: measured.truePeak)
      let loudnessError = targetLoudness - corrected
      let peakExcess = measured.truePeak - ceiling
      if abs(loudnessError) <= 0.05 && peakExcess <= 0 { break }
      var slope = 1.0
      if let previous, abs(gain - previous.gain) > 0.005 {
        slope = min(max((corrected - previous.loudness) / (gain - previous.gain), 0.2), 1)
      }
      previous = (gain, corrected)
      gain += loudnessError / slope
      if peakExcess > 0 { limitDB -= peakExcess }
      correction = LoudnessCorrection(gain: hundredths(gain), limit: millionths(max(limitDB, -24)))
    }
    return result
  }

  /// The meter after the whole of `sound`.
  public static func measure(_ sound: any MixedSound) throws(AudioMixError) -> LoudnessMeter {
    var meter = LoudnessMeter()
    while let chunk = try sound.next(maxSamples: 8192) { meter.add(left: chunk.left, right: chunk.right) }
    return meter
  }

  /// The meter after the whole of the first sound stream of the file at `path`, decoded and
  /// converted to 48 kHz stereo as the mixer reads files.
  public static func measure(file path: String) throws(AudioMixError) -> LoudnessMeter {
    let source = ClipSound.FileSource(
      path: path, seek: nil, trimStartMicroseconds: 0, trimEndMicroseconds: 43_200_000_000, tempoFactors: [])
    let sound = try FileSound(source, sampleRate: LoudnessMeter.sampleRate)
    var meter = LoudnessMeter()
    while true {
      var left: [Float] = []
      var right: [Float] = []
      try sound.read(8192, into: &left, &right)
      meter.add(left: left, right: right)
      if left.count < 8192 { return meter }
    }
  }

  /// Decibels rounded to hundredths, within ±60 dB.
  static func hundredths(_ decibels: Double) -> Rational {
    Rational(Int64((min(max(decibels, -60), 60) * 100).rounded()), 100) ?? .zero
  }

  /// The linear level of `decibels` in millionths (at least 0.0625, alimiter's lowest).
  static func millionths(_ decibels: Double) -> Rational {
    let linear = max(pow(10, decibels / 20), 0.0625)
    return Rational(Int64((linear * 1_000_000).rounded(.down)), 1_000_000) ?? .one
  }
}
