import VEDLSema
import VEDLTime

extension LoweringRun {
  /// Whether a clip contributes sound: its source has sound and it is not muted.
  func hasSound(_ item: TimelineItem) -> Bool {
    guard item.kind == .clip, !item.muted, let index = item.source, timeline.sources.indices.contains(index) else {
      return false
    }
    return timeline.sources[index].hasSound
  }

  /// The samples `[⌊start·48000⌋, ⌊end·48000⌋)` an item plays (§5.7).
  func sampleSpan(_ item: TimelineItem) -> (first: Int64, count: Int64) {
    let first = samples.sampleFloor(at: item.start)
    return (first, samples.sampleFloor(at: item.end) - first)
  }

  /// Gathers every sound of the edit: the main track's (one continuous stream with silence
  /// where its items have none), the sound of overlay clips of videos, and the audio tracks.
  mutating func collectSounds() throws(LoweringError) {
    let items = mainItems
    if items.contains(where: hasSound) {
      var pieces: [String] = []
      for (index, item) in items.enumerated() {
        let span = sampleSpan(item)
        if hasSound(item) {
          pieces.append(try clipSound(item, samples: span.count, key: "main\(index)", pinFormat: true))
        } else {
          let label = builder.label("main\(index)a")
          builder.add([], silence(samples: span.count), [label])
          pieces.append(label)
        }
      }
      sounds.append((joinMainSound(pieces, items: items), 0))
    }
    for (t, track) in timeline.tracks.enumerated() where track.kind != .main {
      for (i, item) in track.items.enumerated() where hasSound(item) {
        guard samples.sampleFloor(at: item.start) < sampleCount else { continue }
        let span = sampleSpan(item)
        sounds.append((try clipSound(item, samples: span.count, key: "t\(t)i\(i)"), span.first))
      }
    }
  }

  /// `samples` samples of stereo silence.
  func silence(samples count: Int64) -> [Filter] {
    [
      Filter("anullsrc", ["channel_layout": "stereo", "sample_rate": String(samples.samplesPerSecond)]),
      Filter("atrim", ["end_sample": String(count)]),
    ]
  }

  /// One clip's sound, exactly `count` samples at 48 kHz stereo numbered from 0: the source
  /// range cut by `atrim` (in source time), resampled, sped up or down by an `atempo` chain
  /// (pitch kept), its volume and fades applied, then padded or cut to the exact length.
  /// `key` names the clip: its sound comes from the input its picture opened, if any.
  /// `pinFormat` ends it in an `aformat` that fixes format, rate and layout (main-track
  /// pieces, see `RunnerPartition`).
  mutating func clipSound(_ item: TimelineItem, samples count: Int64, key: String, pinFormat: Bool = false)
    throws(LoweringError) -> String
  {
    let source = try source(of: item)
    var stream: PendingStream
    let rate = String(samples.samplesPerSecond)
    switch source.kind {
    case .tone:
      stream = PendingStream(label: nil, isAudio: true)
      stream.append(
        Filter("sine", ["frequency": OptionText.number(source.frequency ?? Rational(440)), "sample_rate": rate]))
      stream.append(Filter("pan", [Filter.Option(nil, "stereo|c0=c0|c1=c0")]))
    case .video where item.hasTimeOperations, .audio where item.hasTimeOperations:
      stream = try timeOperationSound(item, source: source, key: key)
    case .video, .audio:
      let s0 = item.sourceStart ?? .zero
      let s1 = item.sourceEnd ?? (s0 + (item.end - item.start) * item.speed)
      let input: Int
      if let opened = clipInputs[key] {
        input = opened
      } else {
        input = addFileInput(try path(of: source), first: s0, last: s1, lastUse: item.end)
      }
      stream = PendingStream(label: "\(input):a", isAudio: true)
      stream.append(Filter("atrim", ["start": OptionText.seconds(s0), "end": OptionText.seconds(s1)]))
      stream.append(Filter("asetpts", ["expr": "PTS-STARTPTS"]))
      stream.append(Filter("aresample", ["out_sample_rate": rate]))
      stream.append(Filter("aformat", ["sample_fmts": "fltp", "channel_layouts": "stereo"]))
      for factor in AtempoChain.factors(for: item.speed) {
        stream.append(Filter("atempo", ["tempo": OptionText.number(factor)]))
      }
    default:
      throw LoweringError("a clip of \(source.kind.rawValue) has no sound")
    }
    stream.append(Filter("asetpts", ["expr": "N"]))
    if let animation = item.animations.first(where: { $0.property == .volume }) {
      // Evaluated at every sample (`n`, the clip's sample number), in double precision.
      stream.append(
        Filter(
          "aeval",
          [
            "exprs": VolumeExpression.aevalExpression(animation, sampleRate: samples.samplesPerSecond),
            "channel_layout": "stereo",
          ]))
    } else if !item.volume.isZero {
      stream.append(Filter("volume", ["volume": OptionText.number(item.volume) + "dB"]))
    }
    let mods = item.resolved
    if mods.fadeIn.isPositive {
      let n = min(count, samples.sampleFloor(at: mods.fadeIn))
      stream.append(
        Filter("afade", ["type": "in", "start_sample": "0", "nb_samples": String(max(1, n)), "curve": "tri"]))
    }
    if mods.fadeOut.isPositive {
      let n = min(count, samples.sampleFloor(at: mods.fadeOut))
      stream.append(
        Filter(
          "afade", ["type": "out", "start_sample": String(count - n), "nb_samples": String(max(1, n)), "curve": "tri"]))
    }
    if source.kind != .tone { stream.append(Filter("apad", ["whole_len": String(count)])) }
    stream.append(Filter("atrim", ["end_sample": String(count)]))
    if pinFormat {
      stream.append(
        Filter(
          "aformat",
          ["sample_fmts": "fltp", "sample_rates": String(samples.samplesPerSecond), "channel_layouts": "stereo"]))
    }
    return builder.close(stream, as: key + "a")
  }

  /// Mixes every sound by summing (no automatic level changes): each is delayed to its first
  /// sample, `amix` adds them with `normalize=0`, and the result is cut or padded to exactly
  /// the edit's samples. `nil` when the edit has no sound.
  mutating func mixSounds() -> String? {
    guard !sounds.isEmpty else { return nil }
    var labels: [String] = []
    for sound in sounds {
      guard sound.startSample > 0 else {
        labels.append(sound.label)
        continue
      }
      let out = builder.label("\(sound.label)_at")
      builder.add([sound.label], [Filter("adelay", ["delays": "\(sound.startSample)S", "all": "1"])], [out])
      labels.append(out)
    }
    var stream: PendingStream
    if labels.count == 1 {
      stream = PendingStream(label: labels[0], isAudio: true)
    } else {
      stream = PendingStream(label: nil, isAudio: true)
      let mixed = builder.label("mix")
      builder.add(
        labels, [Filter("amix", ["inputs": String(labels.count), "normalize": "0", "duration": "longest"])], [mixed])
      stream.label = mixed
    }
    let rate = String(samples.samplesPerSecond)
    stream.append(Filter("aresample", ["out_sample_rate": rate]))
    stream.append(Filter("aformat", ["sample_fmts": "fltp", "sample_rates": rate, "channel_layouts": "stereo"]))
    stream.append(Filter("asetpts", ["expr": "N"]))
    stream.append(Filter("apad", ["whole_len": String(sampleCount)]))
    stream.append(Filter("atrim", ["end_sample": String(sampleCount)]))
    // `loudness:` (docs/render.md, Loudness): the measured gain and limiter, as many samples
    // out as in (`alimiter` with its delay compensated), cut and padded again all the same.
    if let correction = options.loudnessCorrection, export?.loudness != nil, options.format != .png {
      for filter in correction.filters {
        stream.append(Filter(filter.name, filter.options.map { Filter.Option($0.key, $0.value) }))
      }
      stream.append(Filter("apad", ["whole_len": String(sampleCount)]))
      stream.append(Filter("atrim", ["end_sample": String(sampleCount)]))
    }
    let frameSize = EncodingSettings.audioFrameSize(for: options.format ?? export?.format ?? .mp4)
    stream.append(Filter("asetnsamples", ["nb_out_samples": String(frameSize), "pad": "0"]))
    return builder.close(stream, as: "a")
  }
}

/// How a speed factor becomes `atempo` steps: `atempo` keeps the pitch, and each step stays
/// within 0.5…2 (the range FFmpeg documents as artefact-free), so any factor is a chain.
enum AtempoChain {
  /// The factors whose product is `speed`; empty for 1.
  static func factors(for speed: Rational) -> [Rational] {
    guard speed.isPositive, speed != .one else { return [] }
    var rest = speed
    var steps: [Rational] = []
    let two = Rational(2)
    while rest > two {
      steps.append(two)
      rest = rest / two
    }
    while rest < .half {
      steps.append(.half)
      rest = rest * two
    }
    if rest != .one { steps.append(rest) }
    return steps
  }
}
