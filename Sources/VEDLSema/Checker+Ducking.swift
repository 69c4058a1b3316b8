import VEDLDiagnostics
import VEDLSource
import VEDLSyntax
import VEDLTime

extension CheckRun {
  /// Turns every `duck` into the `volume` keys it means (``Ducking``), once every item has
  /// its timing: a clip's own `duck`, else its audio track's. A clip with its own
  /// `animate volume` keeps it under a track's `duck`; on the clip itself the two are an
  /// error (E0442).
  func resolveDucking() {
    for track in tracks where track.kind != nil {
      let trackDucking = track.duck.flatMap { evaluateDucking($0.statement, $0.arguments, in: track) }
      var trackLowered = false
      var trackClips = 0
      for item in track.items where item.kind == .clip {
        let own = item.duck.flatMap { evaluateDucking($0.statement, $0.arguments, in: track) }
        guard item.duck == nil || own != nil else { continue }  // reported
        guard let ducking = own ?? trackDucking,
          let statement = own != nil ? item.duck?.statement : track.duck?.statement,
          let source = item.source
        else { continue }
        if !sources[source].hasSound {
          if own != nil {
            report(
              .duckWithoutSound, "\(item.describe) has no sound to duck", statement.name.span,
              notes: ["it shows \(Self.describeSource(sources[source]))"], help: "remove the `duck`",
              fixIts: [
                FixIt(
                  span: removalSpan(statement.span), replacement: "", message: "remove `\(file.text(statement.span))`")
              ])
          }
          continue
        }
        if let animated = item.animations.first(where: { $0.property == .volume }) {
          if own != nil {
            report(
              .duckAndAnimatedVolume, "\(item.describe) has both `duck` and `animate volume`", statement.name.span,
              labels: animated.span.map { [Label(span: $0, message: "volume animated here")] } ?? [],
              notes: ["`duck` means volume keys; a clip has one set of them"],
              help: "remove one of them, or write the ducking into the `animate volume` keys")
          }
          continue
        }
        trackClips += 1
        let timing = item.track.kind == .main ? item.mainTiming : item.timing(requestedAt: statement.name.span)
        guard let timing else { continue }
        let voice = voiceIntervals(ducking.under)
        if let keys = ducking.volumeKeys(
          itemStart: timing.start, itemEnd: timing.end, staticVolume: item.volume, voice: voice)
        {
          item.animations.append(Animation(property: .volume, keys: keys, span: statement.span, ducking: ducking))
          trackLowered = true
        } else if own != nil {
          reportDuckNeverLowers(statement, ducking)
        }
      }
      if let trackDucking, let duck = track.duck, trackClips > 0, !trackLowered {
        reportDuckNeverLowers(duck.statement, trackDucking)
      }
    }
  }

  private func reportDuckNeverLowers(_ statement: Statement, _ ducking: Ducking) {
    report(
      .duckNeverLowers, "no item of \"\(ducking.under)\" plays while this sound does; `duck` changes nothing",
      statement.name.span, notes: ["the sound is lowered only while an item of \"\(ducking.under)\" plays"],
      help: "check the track's name and its items' times, or remove the `duck`")
  }

  /// The merged `[start, end)` intervals of the items of the tracks called `name`.
  private func voiceIntervals(_ name: String) -> [Ducking.Interval] {
    var intervals: [Ducking.Interval] = []
    for track in tracks where track.kind != nil && track.kind != .main && track.name == name {
      for item in track.items {
        switch item.kind {
        case .clip, .text, .shape:
          if let t = item.timing(requestedAt: item.statement.name.span) {
            intervals.append(Ducking.Interval(start: t.start, end: t.end))
          }
        default:
          continue
        }
      }
    }
    return Ducking.merged(intervals)
  }

  /// `duck under: "TRACK" by: GAIN ramp: D` in `owner` (the track, or the track of the
  /// clip it is in); `nil` after reporting what is wrong.
  private func evaluateDucking(_ s: Statement, _ args: BoundArguments, in owner: TrackNode) -> Ducking? {
    guard let underArgument = args.labelled["under"],
      case .string(let under)? = evaluate(underArgument.value, expected: .string)
    else { return nil }
    let names = tracks.filter { $0.kind != nil && $0.kind != .main }.compactMap(\.name)
    guard names.contains(under) else {
      let suggestion = Suggestion.closest(to: under, in: names)
      report(
        .unknownDuckTrack, "no track is called \"\(under)\"", underArgument.value.span,
        notes: [
          names.isEmpty
            ? "no overlay or audio track has a name"
            : "named tracks: \(Set(names).sorted().map { "\"\($0)\"" }.joined(separator: ", "))"
        ],
        help: suggestion.map { "did you mean \"\($0)\"?" } ?? "name the track whose items are the voice",
        fixIts: suggestion.map {
          [FixIt(span: underArgument.value.span, replacement: "\"\($0)\"", message: "replace with \"\($0)\"")]
        } ?? [])
      return nil
    }
    if owner.name == under {
      report(
        .duckUnderItself, "a track cannot duck under itself", underArgument.value.span,
        notes: ["this `duck` is on the track \"\(under)\""], help: "name the track whose items are the voice")
      return nil
    }
    var ducking = Ducking(under: under, by: Ducking.defaultDepth, ramp: Ducking.defaultRamp)
    if let a = args.labelled["by"] {
      guard case .gain(let g)? = evaluate(a.value, expected: .gain) else { return nil }
      guard g.isNegative && g >= Self.quietestKey else {
        report(
          .duckValueOutOfRange, "ducking by \(g.exactDecimal ?? g.description)dB does not lower the sound",
          a.value.span, notes: ["`by:` goes from \(Self.quietestKey)dB up to, not including, 0dB"],
          help: g.isPositive ? "write a negative gain, e.g. `-\(g.exactDecimal ?? g.description)dB`" : nil)
        return nil
      }
      ducking.by = g
    }
    if let a = args.labelled["ramp"] {
      guard case .duration(let d)? = evaluate(a.value, expected: .duration) else { return nil }
      guard !d.isNegative && d <= Self.longestDuckingRamp else {
        report(
          .duckValueOutOfRange, "a ducking ramp of \(d.secondsDescription) is out of range", a.value.span,
          notes: ["`ramp:` goes from `0s` (a jump) to `\(Self.longestDuckingRamp.secondsDescription)`"])
        return nil
      }
      ducking.ramp = d
    }
    return ducking
  }

  /// The longest ducking ramp, 10 s: longer is a fade, not ducking.
  static let longestDuckingRamp = Rational(10)
}
