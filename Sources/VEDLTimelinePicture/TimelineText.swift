import VEDLSema
import VEDLTime

/// The words the picture writes about the timeline: lengths, timecodes, item and track
/// names. Kept apart from the drawing so the wording is one place (and docs/timeline.md
/// quotes it).
struct TimelineText {
  var timeline: Timeline

  var rate: FrameRate { timeline.canvas.rate }

  /// A length as seconds and frames: `"3s / 90f"`, `"0.5s / 15f"`. Seconds are exact when
  /// they have at most three decimals, else rounded to two with `≈` (`"≈3.00s"` would hide
  /// nothing: the frame count beside it is exact).
  func length(frames: Int64) -> String {
    "\(seconds(frames: frames)) / \(frames)f"
  }

  /// The exact length of `frames` frames in seconds, as `length(frames:)` writes it.
  func seconds(frames: Int64) -> String {
    guard let time = timeline.canvas.grid.checkedTime(ofFrame: frames) else { return "?s" }
    return Self.decimal(time) + "s"
  }

  /// The timecode of `frame` (`HH:MM:SS:FF`, non-drop-frame, as `VEDLTime.Timecode` writes it).
  func timecode(frame: Int64) -> String {
    guard let time = timeline.canvas.grid.checkedTime(ofFrame: frame),
      case .success(let text) = Timecode.format(time, rate: rate)
    else { return "\(frame)f" }
    return text
  }

  /// A frame span for tooltips: `"00:00:00:00–00:00:03:00 (3s / 90f)"`.
  func span(_ start: Int64, _ end: Int64) -> String {
    "\(timecode(frame: start))–\(timecode(frame: end)) (\(length(frames: end - start)))"
  }

  /// A rational as short decimal text: exact up to three decimals, else `≈` and two.
  static func decimal(_ value: Rational) -> String {
    if let exact = value.exactDecimal {
      let fraction = exact.split(separator: ".", maxSplits: 1).dropFirst().first?.count ?? 0
      if fraction <= 3 { return exact }
    }
    return "≈" + value.decimalText(fractionDigits: 2)
  }

  /// `#RRGGBB`, with `AA` appended when the colour is not opaque.
  static func color(_ rgba: UInt32) -> String {
    let hex = String(rgba, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: max(0, 8 - hex.count)) + hex
    return "#" + (padded.hasSuffix("FF") ? String(padded.prefix(6)) : padded)
  }

  /// What a source is, briefly: the file name, `color #1E3A8A`, `testpattern`, `tone 440 Hz`.
  func source(_ index: Int?) -> String {
    guard let index, timeline.sources.indices.contains(index) else { return "clip" }
    let source = timeline.sources[index]
    switch source.kind {
    case .video, .image, .audio:
      let path = source.writtenPath ?? source.path ?? source.kind.rawValue
      return path.split(separator: "/").last.map(String.init) ?? path
    case .color:
      return source.color.map { "color " + Self.color($0) } ?? "color"
    case .testpattern:
      return "testpattern"
    case .tone:
      return source.frequency.map { "tone " + Self.decimal($0) + " Hz" } ?? "tone"
    case .waveform:
      return "waveform of " + self.source(source.waveformAudio)
    }
  }

  /// The first label line of an item: its id (if any) and what it shows.
  func title(of item: TimelineItem) -> String {
    let what: String
    switch item.kind {
    case .clip: what = source(item.source)
    case .text: what = "text \"\(item.text ?? "")\""
    case .shape: what = "shape " + (item.shape?.rawValue ?? "")
    case .gap: what = "gap"
    }
    guard let id = item.id else { return what }
    return "\(id): \(what)"
  }

  /// The second label line of an item: its length, then speed, volume and muting when they
  /// are not neutral (`"6s / 180f · -18dB"`).
  func details(of item: TimelineItem) -> String {
    var parts = [length(frames: item.endFrame - item.startFrame)]
    if item.kind == .clip {
      if item.speed != .one { parts.append(Self.decimal(item.speed) + "x") }
      if !item.volume.isZero { parts.append(Self.decimal(item.volume) + "dB") }
      if item.muted { parts.append("muted") }
    }
    return parts.joined(separator: " · ")
  }

  /// The name of a track as the gutter shows it: `main`, `overlay "titles"`, `audio 2`
  /// (an unnamed track is numbered among the tracks of its kind).
  func name(ofTrack index: Int) -> String {
    let track = timeline.tracks[index]
    if let name = track.name { return "\(track.kind.rawValue) \"\(name)\"" }
    if track.kind == .main { return "main" }
    let ordinal = timeline.tracks[...index].filter { $0.kind == track.kind }.count
    return "\(track.kind.rawValue) \(ordinal)"
  }

  /// `"1 item"`, `"3 items"` — the count of `noun`s with its plural.
  static func count(_ n: Int, _ noun: String) -> String {
    "\(n) \(noun)\(n == 1 ? "" : "s")"
  }

  /// The height as written in the script: `dynamic(maximumTracks: 3)`, `fixed(tracks: 2)`.
  static func height(_ height: EditorHeight) -> String {
    switch height.mode {
    case .dynamic: "dynamic(maximumTracks: \(height.tracks))"
    case .fixed: "fixed(tracks: \(height.tracks))"
    }
  }
}
