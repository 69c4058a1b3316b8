import VEDLSource

/// Writes cues as SRT or WebVTT text: the sidecar caption files of an export.
///
/// Output is what the specifications ask for and what ``CaptionParser`` reads back to the
/// same cues (up to whole milliseconds):
/// - Times are floored to whole milliseconds (a cue never appears before its timeline time);
///   negative times are written as `00:00:00,000`. If flooring would make a cue end at or
///   before its start, the end is written one millisecond after the start, so the file stays
///   valid.
/// - Lines end in `\n`; cues are separated by one blank line.
/// - Cue text is split at `"\n"` (`\r\n` and `\r` count as line breaks too); trailing
///   whitespace is dropped from each line and blank lines are left out, because a blank line
///   would end the cue. Markup characters are escaped as ``CaptionMarkup`` describes.
/// - SRT numbers the cues 1, 2, 3… in the order given, whatever their identifiers, and has no
///   cue settings. WebVTT writes each cue's identifier and settings, except an identifier
///   that would be misread (one containing `-->`, or starting with `NOTE`, `STYLE` or
///   `REGION`); line breaks inside an identifier or settings become spaces.
///
/// Cues are written in the order given; sort them first if they are not in time order.
public enum CaptionWriter {
  /// The cues as a SubRip (`.srt`) file.
  public static func srt(_ cues: [CaptionCue]) -> String {
    var out = ""
    for (index, cue) in cues.enumerated() {
      if index > 0 { out += "\n" }
      out += "\(index + 1)\n"
      out += timingLine(cue, format: .srt) + "\n"
      for line in textLines(cue.text, format: .srt) { out += line + "\n" }
    }
    return out
  }

  /// The cues as a WebVTT (`.vtt`) file, starting with the `WEBVTT` header.
  public static func vtt(_ cues: [CaptionCue]) -> String {
    var out = "WEBVTT\n"
    for cue in cues {
      out += "\n"
      if let identifier = writableIdentifier(cue.identifier) { out += identifier + "\n" }
      var timing = timingLine(cue, format: .vtt)
      if let settings = cue.settings.map(singleLine), !settings.isEmpty { timing += " " + settings }
      out += timing + "\n"
      for line in textLines(cue.text, format: .vtt) { out += line + "\n" }
    }
    return out
  }

  /// The cues in `format`.
  public static func write(_ cues: [CaptionCue], as format: CaptionFormat) -> String {
    switch format {
    case .srt: srt(cues)
    case .vtt: vtt(cues)
    }
  }

  // MARK: Pieces

  private static func timingLine(_ cue: CaptionCue, format: CaptionFormat) -> String {
    let start = CaptionTimestampText.flooredMilliseconds(cue.start)
    var end = CaptionTimestampText.flooredMilliseconds(cue.end)
    if end <= start { end = start == Int64.max ? start : start + 1 }
    return CaptionTimestampText.format(milliseconds: start, format: format) + " --> "
      + CaptionTimestampText.format(milliseconds: end, format: format)
  }

  private static func textLines(_ text: String, format: CaptionFormat) -> [String] {
    var lines: [String] = []
    var current: [UInt8] = []
    func flush() {
      while let last = current.last, CaptionBytes.isSpace(last) { current.removeLast() }
      if !current.isEmpty {
        lines.append(String(decoding: CaptionMarkup.encode(current, format: format), as: UTF8.self))
      }
      current.removeAll(keepingCapacity: true)
    }
    var previousWasCR = false
    for b in text.utf8 {
      switch b {
      case UInt8(ascii: "\r"):
        flush()
        previousWasCR = true
        continue
      case UInt8(ascii: "\n"):
        if !previousWasCR { flush() }
      default:
        current.append(b)
      }
      previousWasCR = false
    }
    flush()
    return lines
  }

  private static func singleLine(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      out.append(scalar == "\n" || scalar == "\r" ? " " : scalar)
    }
    return String(out).trimmingSpaces()
  }

  private static func writableIdentifier(_ identifier: String?) -> String? {
    guard let identifier else { return nil }
    let line = singleLine(identifier)
    let bytes = Array(line.utf8)
    let span = Span(start: 0, end: bytes.count)
    guard !line.isEmpty, !line.contains("-->"),
      !["NOTE", "STYLE", "REGION"].contains(where: { CaptionBytes.startsWithKeyword($0, span, in: bytes) })
    else { return nil }
    return line
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  fileprivate func trimmingSpaces() -> String {
    var scalars = Array(unicodeScalars)
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    let firstKept = scalars.firstIndex { $0 != " " && $0 != "\t" } ?? scalars.count
    return String(String.UnicodeScalarView(scalars[firstKept...]))
  }
}
