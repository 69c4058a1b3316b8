import VEDLSema
import VEDLTime

/// What one clip contributes to the mix, decided exactly as the FFmpeg backend's
/// `clipSound` decides it (Sources/VEDLLowering/LoweringRun+Audio.swift): where its samples
/// come from, and the volume and fades applied to exactly `count` samples numbered from 0.
struct ClipSound {
  /// A clip of a media file: which part of the file, read how.
  struct FileSource {
    /// The absolute path of the file.
    var path: String
    /// Where the FFmpeg backend's input for this clip seeks (`-ss`), in seconds; `nil` from
    /// the start.
    var seek: Rational?
    /// The trim `atrim=start=…:end=…` in source time, as FFmpeg reads the options
    /// (microseconds).
    var trimStartMicroseconds: Int64
    var trimEndMicroseconds: Int64
    /// The `atempo` steps, as the decimal text the lowering prints; empty at speed 1.
    var tempoFactors: [String]
  }

  /// Where the samples come from.
  enum Origin {
    /// `tone(F)`: FFmpeg's `sine` at `frequency` hertz (as FFmpeg reads the option).
    case tone(frequency: Double)
    /// A media file.
    case file(FileSource)
    /// A clip with time operations (``ClipSoundMap``): its pieces in order, the pass
    /// repeated when it loops.
    case pieces([Piece], loops: Bool)
  }

  /// A piece of a clip with time operations, as the FFmpeg backend's `timeOperationSound`
  /// makes it.
  enum Piece {
    /// `count` samples of a part of the pass read from the file (an input of its own),
    /// padded or cut to `count`, reversed when `reversed`.
    case file(FileSource, count: Int64, reversed: Bool)
    /// `count` samples of silence.
    case silence(count: Int64)
  }

  var origin: Origin
  /// How many samples the clip lasts: `⌊end·R⌋ − ⌊start·R⌋`.
  var count: Int64
  /// Volume, fades and their arithmetic.
  var envelope: SoundEnvelope
}

extension ClipSound {
  /// The sound of `item` (which ``SoundPlan`` has found to make sound) lasting `count`
  /// samples. `sharesPictureInput` says whether the FFmpeg backend reads the clip's sound
  /// from the input its picture opened (clips of videos on the main and overlay tracks),
  /// which fixes where that input seeks.
  init(
    _ item: TimelineItem, source: SourceInfo, count: Int64, grid: SampleGrid, frames: FrameGrid,
    sharesPictureInput: Bool
  ) throws(AudioMixError) {
    self.count = count
    let animatedVolume = item.animations.first { $0.property == .volume }.map {
      Animation.SampledVolume($0, sampleRate: grid.samplesPerSecond)
    }
    let hasVolume = !item.volume.isZero || animatedVolume != nil
    switch source.kind {
    case .tone:
      origin = .tone(frequency: FilterOptionNumber.double(source.frequency ?? Rational(440)))
    case .video where item.hasTimeOperations, .audio where item.hasTimeOperations:
      guard let path = source.path, let map = ClipSoundMap(item, samples: grid) else {
        throw AudioMixError("a \(source.kind.rawValue) source has no path")
      }
      var pieces: [Piece] = []
      let factors = TempoSteps.factors(for: item.speed).map(FilterOptionNumber.text)
      for piece in map.pieces {
        switch piece {
        case .silence(let n):
          pieces.append(.silence(count: n))
        case .pass(let first, let n):
          let s0 = item.sourceStart ?? .zero
          let rate = Rational(grid.samplesPerSecond)
          let a = s0 + Rational(first) / rate * item.speed
          let b = s0 + Rational(first + n) / rate * item.speed
          let wanted = a - Rational(1)
          let seek = wanted.isPositive ? Rational((wanted * Rational(1000)).floor, 1000)! : nil
          guard let start = FilterOptionNumber.microseconds(a), let end = FilterOptionNumber.microseconds(b) else {
            throw AudioMixError("the source range of a clip of \"\(path)\" does not fit", path: path)
          }
          let file = FileSource(
            path: path, seek: seek, trimStartMicroseconds: start, trimEndMicroseconds: end, tempoFactors: factors)
          pieces.append(.file(file, count: n, reversed: map.reverses))
        }
      }
      origin = .pieces(pieces, loops: map.repeatsPass)
    case .video, .audio:
      guard let path = source.path else {
        throw AudioMixError("a \(source.kind.rawValue) source has no path")
      }
      let s0 = item.sourceStart ?? .zero
      guard let length = (item.end - item.start).checkedMultiplying(item.speed),
        let s1 = item.sourceEnd ?? s0.checkedAdding(length)
      else {
        throw AudioMixError("the source range of a clip of \"\(path)\" does not fit", path: path)
      }
      // The input the FFmpeg backend opens for the clip: the picture's, which starts at the
      // source time of the clip's first frame, or one of its own starting at the trim.
      var first = s0
      if sharesPictureInput {
        let delay = item.start - frames.time(ofFrame: item.startFrame)
        first = s0 - delay * item.speed
      }
      let wanted = first - Rational(1)
      let seek = wanted.isPositive ? Rational((wanted * Rational(1000)).floor, 1000)! : nil
      guard let start = FilterOptionNumber.microseconds(s0), let end = FilterOptionNumber.microseconds(s1) else {
        throw AudioMixError("the source range of a clip of \"\(path)\" does not fit", path: path)
      }
      origin = .file(
        FileSource(
          path: path, seek: seek, trimStartMicroseconds: start, trimEndMicroseconds: end,
          tempoFactors: TempoSteps.factors(for: item.speed).map(FilterOptionNumber.text)))
    default:
      throw AudioMixError("a clip of \(source.kind.rawValue) has no sound")
    }
    let (fadeInLength, fadeOutLength) = (item.resolved.fadeIn, item.resolved.fadeOut)
    var fadeIn: SoundEnvelope.Ramp? = nil
    var fadeOut: SoundEnvelope.Ramp? = nil
    if fadeInLength.isPositive {
      let n = min(count, grid.checkedSampleFloor(at: fadeInLength) ?? .max)
      fadeIn = SoundEnvelope.Ramp(start: 0, length: max(1, n))
    }
    if fadeOutLength.isPositive {
      let n = min(count, grid.checkedSampleFloor(at: fadeOutLength) ?? .max)
      fadeOut = SoundEnvelope.Ramp(start: count - n, length: max(1, n))
    }
    var gain: Float? = nil
    if hasVolume && animatedVolume == nil {
      gain = Float(SoundEnvelope.linearGain(decibels: FilterOptionNumber.double(item.volume)))
    }
    // FFmpeg's `sine` makes 16-bit samples, and without a `volume` (which works in float)
    // nothing before `afade` asks for another format, so the fades round toward zero to
    // 16 bits there.
    let isSixteenBit: Bool
    if case .tone = origin { isSixteenBit = !hasVolume } else { isSixteenBit = false }
    envelope = SoundEnvelope(
      gain: gain, animatedVolume: animatedVolume, fadeIn: fadeIn, fadeOut: fadeOut, isSixteenBit: isSixteenBit)
  }
}
