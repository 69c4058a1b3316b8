import VEDLSema
import VEDLTime

/// The time operations of clips (docs/language.md §4.15, ``ClipTimeMap``) as filters: a clip
/// that loops, reverses, holds a frame or outlasts its source is the concatenation of runs,
/// each a plain §5 selection of consecutive frames of its pass from an input of its own —
/// reversed by `reverse` (at most ``reverseRunFrames`` frames at once, so that memory stays
/// bounded for any length), or one frame repeated by `loop`. A loop whose pass is small is one
/// pass repeated by `loop` instead of an input per pass.
public enum TimeOperationLimits {
  /// The most frames a backend reverses at once (FFmpeg's `reverse` holds them all; the
  /// native renderer keeps as many decoded pictures): 32, some 100 MB at 1080p **(choice)**.
  public static let reverseRunFrames: Int64 = 32
}

extension LoweringRun {
  static var reverseRunFrames: Int64 { TimeOperationLimits.reverseRunFrames }
  /// The most bytes of decoded pictures (taken as 4 per pixel) a loop's pass may take for
  /// `loop` to repeat it from memory, 128 MiB **(choice)**; a larger pass is read again.
  static let loopedPassBytes: Int64 = 128 << 20

  /// The frames of a video clip with time operations: exactly `count` frames numbered
  /// `0…count−1` on the canvas grid — or, `from` > 0, frames `from…count−1` numbered so:
  /// the runs before frame `from` are left out and the one it falls in starts there (a
  /// forward run is read from that frame's source time on, a backward one selects only the
  /// frames it still shows, a hold repeats its frame fewer times). A repeated pass is made
  /// from the start and cut (`loop` repeats it from memory).
  mutating func timeOperationFrames(
    _ item: TimelineItem, source: SourceInfo, count: Int64, stem: String, from: Int64 = 0
  ) throws(LoweringError) -> SourceFrames {
    guard let map = ClipTimeMap(item, grid: grid) else {
      throw LoweringError("a clip's time operations need its source range")
    }
    let size = try mediaSize(source)
    let colour = SourceColour(source.facts)
    let treatment = SourcePictureTreatment(source.facts)
    let repeatsPass =
      map.repeatsPass && map.passFrames < count
      && map.passFrames * size.width * size.height * 4 <= Self.loopedPassBytes
    let runs =
      repeatsPass
      ? map.passRuns(maximumBackward: Self.reverseRunFrames) : map.runs(maximumBackward: Self.reverseRunFrames)
    var labels: [String] = []
    // Each run's input is closed once the timeline is past the run (the runner frees its
    // decoder then), so that a long reversed clip does not keep one decoder per run open.
    var cursor = item.startFrame
    for run in runs {
      // The run's first frames no output frame shows.
      let skipped = repeatsPass ? 0 : min(max(0, from - (cursor - item.startFrame)), run.count)
      cursor += run.count
      guard skipped < run.count else { continue }
      let first: Int64
      let selected: Int64
      var dropped: Int64 = 0
      switch run {
      case .forward(let a, let n): (first, selected, dropped) = (a, n, skipped)
      case .backward(let a, let n): (first, selected) = (a, n - skipped)
      case .hold(let a, _): (first, selected) = (a, 1)
      }
      var stream = try passSelection(
        item, source: source, first: first, count: selected, from: dropped, treatment: treatment,
        lastUse: min(item.end, grid.time(ofFrame: cursor)))
      switch run {
      case .forward: break
      case .backward: stream.append(Filter("reverse"))
      case .hold(_, let n): stream.append(contentsOf: loopFilters(count: n - skipped))
      }
      stream.append(Filter("settb", ["expr": OptionText.timeBase(rate)]))
      stream.append(Filter("setpts", ["expr": "N"]))
      labels.append(builder.close(stream, as: "\(stem)run"))
    }
    var stream: PendingStream
    if labels.count == 1 {
      stream = PendingStream(label: labels[0])
    } else {
      let joined = builder.label("\(stem)runs")
      builder.add(labels, [Filter("concat", ["n": String(labels.count), "v": "1", "a": "0"])], [joined])
      stream = PendingStream(label: joined)
    }
    if repeatsPass {
      let passes = (count + map.passFrames - 1) / map.passFrames
      stream.append(Filter("loop", ["loop": String(passes - 1), "size": String(map.passFrames)]))
      stream.append(
        from > 0
          ? Filter("trim", ["start_frame": String(from), "end_frame": String(count)])
          : Filter("trim", ["end_frame": String(count)]))
    }
    // Renumbered: frames `from…count−1`.
    stream.append(Filter("settb", ["expr": OptionText.timeBase(rate)]))
    stream.append(Filter("setpts", ["expr": from > 0 ? "N+\(from)" : "N"]))
    stream.append(contentsOf: treatment.filters)
    return SourceFrames(stream: stream, isStill: false, size: size, mayHaveAlpha: colour.hasAlpha, colour: colour)
  }

  /// Pass frames `first..<first + count` of a video clip, selected by §5 from an input of
  /// their own: forward frame `q` shows the source at `s0 + (q/F − d)·v`. `from` > 0 keeps
  /// the last `count − from` of them only, read from the source time of the first kept.
  private mutating func passSelection(
    _ item: TimelineItem, source: SourceInfo, first: Int64, count: Int64, from: Int64 = 0,
    treatment: SourcePictureTreatment, lastUse: Rational
  ) throws(LoweringError) -> PendingStream {
    var part = item
    let offset = grid.time(ofFrame: first)
    part.start = item.start + offset
    part.startFrame = item.startFrame + first
    part.sourceStart = (item.sourceStart ?? .zero) + offset * item.speed
    part.end = part.start + grid.time(ofFrame: count)
    part.endFrame = part.startFrame + count
    part.sourceEnd = part.sourceStart! + grid.time(ofFrame: count) * item.speed
    let sampling = sampling(part, count: count, sourceTimeBase: source.facts?.timeBase)
    let input = addFileInput(
      try path(of: source), first: sourceTime(part, frame: from),
      last: max(sourceTime(part, frame: count - 1), part.sourceEnd ?? .zero), lastUse: lastUse,
      sampling: sampling, treatment: treatment)
    var stream = PendingStream(label: "\(input):v")
    stream.append(
      contentsOf: selectionFilters(
        part, count: count, sourceAtCanvasRate: false, timeBase: sampling?.timeBase, from: from))
    return stream
  }

  /// The sound of a clip with time operations (``ClipSoundMap``) before its volume and fades:
  /// its pieces in order — each piece of the pass read from an input of its own, cut by
  /// `atrim` in source time, resampled, sped by `atempo`, made exactly as long as the piece
  /// and reversed by `areverse` when the clip reverses; silence for a hold — and, for a loop,
  /// the pass repeated by `aloop`. Numbered from 0 at 48 kHz stereo.
  mutating func timeOperationSound(_ item: TimelineItem, source: SourceInfo, key: String) throws(LoweringError)
    -> PendingStream
  {
    guard let map = ClipSoundMap(item, samples: samples) else {
      throw LoweringError("a clip's time operations need its source range")
    }
    let rate = String(samples.samplesPerSecond)
    var labels: [String] = []
    var cursor = samples.sampleFloor(at: item.start)
    for piece in map.pieces {
      cursor += piece.count
      var stream: PendingStream
      switch piece {
      case .silence(let n):
        stream = PendingStream(label: nil, isAudio: true)
        stream.append(contentsOf: silence(samples: n))
      case .pass(let first, let n):
        let range = Self.passSourceRange(item, first: first, count: n, samples: samples)
        let lastUse = map.loops ? item.end : min(item.end, Rational(cursor, samples.samplesPerSecond) ?? item.end)
        let input = addFileInput(try path(of: source), first: range.start, last: range.end, lastUse: lastUse)
        stream = PendingStream(label: "\(input):a", isAudio: true)
        stream.append(
          Filter("atrim", ["start": OptionText.seconds(range.start), "end": OptionText.seconds(range.end)]))
        stream.append(Filter("asetpts", ["expr": "PTS-STARTPTS"]))
        stream.append(Filter("aresample", ["out_sample_rate": rate]))
        stream.append(Filter("aformat", ["sample_fmts": "fltp", "channel_layouts": "stereo"]))
        for factor in AtempoChain.factors(for: item.speed) {
          stream.append(Filter("atempo", ["tempo": OptionText.number(factor)]))
        }
        stream.append(Filter("apad", ["whole_len": String(n)]))
        stream.append(Filter("atrim", ["end_sample": String(n)]))
        if map.reverses { stream.append(Filter("areverse")) }
      }
      stream.append(Filter("aformat", ["sample_fmts": "fltp", "sample_rates": rate, "channel_layouts": "stereo"]))
      stream.append(Filter("asetpts", ["expr": "N/SR/TB"]))
      labels.append(builder.close(stream, as: "\(key)piece"))
    }
    var stream: PendingStream
    if labels.count == 1 {
      stream = PendingStream(label: labels[0], isAudio: true)
    } else {
      let joined = builder.label("\(key)pieces")
      builder.add(labels, [Filter("concat", ["n": String(labels.count), "v": "0", "a": "1"])], [joined])
      stream = PendingStream(label: joined, isAudio: true)
    }
    if map.repeatsPass {
      let passes = (map.count + map.passSamples - 1) / map.passSamples
      stream.append(Filter("aloop", ["loop": String(passes - 1), "size": String(map.passSamples)]))
    }
    return stream
  }

  /// The source range of pass samples `first..<first + count`: pass sample `m` plays source
  /// time `s0 + m/R·v`; the whole pass is exactly the clip's `sourceStart..<sourceEnd`.
  public static func passSourceRange(_ item: TimelineItem, first: Int64, count: Int64, samples: SampleGrid)
    -> (start: Rational, end: Rational)
  {
    let s0 = item.sourceStart ?? .zero
    let rate = Rational(samples.samplesPerSecond)
    let start = s0 + Rational(first) / rate * item.speed
    let end = s0 + Rational(first + count) / rate * item.speed
    return (start, end)
  }
}
