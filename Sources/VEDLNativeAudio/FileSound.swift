import VEDLMedia
import VEDLTime

/// The sound of a clip of a media file before its volume and fades, streamed: the file's
/// first audio stream decoded from a seek point, cut to the clip's source range like the
/// FFmpeg backend's `atrim=start=S0:end=S1`, converted to planar float stereo at the mix's
/// rate (`aresample` + `aformat`), and sped up or slowed down with `atempo` when the clip's
/// speed is not 1. Only a few blocks are decoded ahead of what is read, and the file is
/// closed as soon as the source range has been read.
final class FileSound {
  private let path: String
  private var decoder: AudioFileDecoder?
  private let trimStart: Int64
  private let trimEnd: Int64
  private let sampleRate: Int
  private let changesTempo: Bool
  /// Set up on the first block (the trim's sample positions depend on the file's rate).
  private var trim: SourceSampleTrim?
  private var converter: SampleRateConverter?
  private var tempo: TempoFilterGraph?
  /// Converted samples: ready to be read, or waiting for the tempo change.
  private var converted = StereoSampleQueue()
  /// Samples out of the tempo change, ready to be read.
  private var tempoChanged = StereoSampleQueue()
  /// The file, the resampler and the tempo change have given everything.
  private var isExhausted = false

  /// The sound of `source` (see ``ClipSound/FileSource``) at `sampleRate`.
  init(_ source: ClipSound.FileSource, sampleRate: Int) throws(AudioMixError) {
    path = source.path
    decoder = try AudioFileDecoder(path: source.path, seek: source.seek)
    trimStart = source.trimStartMicroseconds
    trimEnd = source.trimEndMicroseconds
    self.sampleRate = sampleRate
    changesTempo = !source.tempoFactors.isEmpty
    if changesTempo { tempo = try TempoFilterGraph(factors: source.tempoFactors, sampleRate: sampleRate) }
  }

  /// Appends up to `count` samples to `left`/`right`; fewer only when the sound has ended.
  func read(_ count: Int, into left: inout [Float], _ right: inout [Float]) throws(AudioMixError) {
    while (changesTempo ? tempoChanged.count : converted.count) < count && !isExhausted {
      try produce()
    }
    if changesTempo {
      tempoChanged.take(count, into: &left, &right)
    } else {
      converted.take(count, into: &left, &right)
    }
  }

  /// Decodes and converts one more block, or finishes the stream.
  private func produce() throws(AudioMixError) {
    guard let frame = try decoder?.nextFrame() else {
      try finish()
      return
    }
    let rate = Int64(frame.sampleRate)
    guard rate > 0 else { return }
    if trim == nil {
      guard let start = FilterOptionNumber.rescaleMicroseconds(trimStart, toRate: rate),
        let end = FilterOptionNumber.rescaleMicroseconds(trimEnd, toRate: rate)
      else {
        throw AudioMixError("the trim of \"\(path)\" lies too far into the file", path: path)
      }
      trim = SourceSampleTrim(startSample: start, endSample: end)
    }
    let kept = trim!.keep(count: frame.sampleCount, timestamp: frame.presentationTimestamp)
    if trim!.isAtEnd {
      try finish()
      return
    }
    guard !kept.isEmpty else { return }
    if let current = converter, !current.accepts(frame) {
      // The stream changed its format midway: drain the old converter, start a new one.
      try current.flush(into: &converted)
      converter = nil
    }
    let active: SampleRateConverter
    if let current = converter {
      active = current
    } else {
      active = try SampleRateConverter(for: frame, outputRate: sampleRate, path: path)
      converter = active
    }
    try active.convert(frame, samples: kept, into: &converted)
    try forwardThroughTempo()
  }

  /// Sends the converted samples waiting through the tempo change.
  private func forwardThroughTempo() throws(AudioMixError) {
    guard let tempo, converted.count > 0 else { return }
    var left: [Float] = []
    var right: [Float] = []
    converted.take(converted.count, into: &left, &right)
    try tempo.process(left: left[...], right: right[...], into: &tempoChanged)
  }

  /// Drains the converter and the tempo change at the end of the clip's source range, and
  /// closes the file.
  private func finish() throws(AudioMixError) {
    guard !isExhausted else { return }
    isExhausted = true
    decoder = nil
    try converter?.flush(into: &converted)
    converter = nil
    try forwardThroughTempo()
    try tempo?.finish(into: &tempoChanged)
    tempo = nil
  }
}
