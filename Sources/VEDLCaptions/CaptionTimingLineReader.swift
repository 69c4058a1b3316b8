import VEDLDiagnostics
import VEDLSource
import VEDLTime

/// Reads a cue timing line, `START --> END [settings]`, reporting every problem with a span
/// on the exact characters at fault.
///
/// Whitespace around `-->` is optional (players do not insist on it). What follows the end
/// time must be separated from it by whitespace: in WebVTT it is the cue settings, kept as
/// data; in SRT it is ignored with warning `W0604`.
struct CaptionTimingLineReader {
  /// A timing line read successfully.
  struct Timing {
    var start: Rational
    var startSpan: Span
    var end: Rational
    var endSpan: Span
    /// WebVTT cue settings as written, trimmed; `nil` when absent and always for SRT.
    var settings: String?
  }

  let file: SourceFile
  let format: CaptionFormat
  private let timestamps: CaptionTimestampReader

  init(file: SourceFile, format: CaptionFormat) {
    self.file = file
    self.format = format
    self.timestamps = CaptionTimestampReader(file: file, format: format)
  }

  /// Reads the timing line `line`; on failure reports one error and returns `nil`.
  func read(line: Span, into collector: inout CaptionDiagnosticCollector) -> Timing? {
    let bytes = file.bytes
    let content = CaptionBytes.trimmed(line, in: bytes)
    let limit = content.end

    guard case .read(let start) = readTimestamp(at: content.start, limit: limit, role: "start time", &collector) else {
      return nil
    }
    var i = skipSpaces(from: start.span.end, limit: limit)
    guard i + 3 <= limit, bytes[i] == UInt8(ascii: "-"), bytes[i + 1] == UInt8(ascii: "-"),
      bytes[i + 2] == UInt8(ascii: ">")
    else {
      let found = timestamps.foundDescription(at: i, limit: limit)
      collector.report(
        Diagnostic(
          .captionMalformedTiming, "expected `-->` after the start time, found \(found.text)", file: file,
          span: found.span, help: "cue timings are written `START --> END`, with a two-dash arrow"))
      return nil
    }
    i = skipSpaces(from: i + 3, limit: limit)
    guard case .read(let end) = readTimestamp(at: i, limit: limit, role: "end time", &collector) else {
      return nil
    }

    i = end.span.end
    if i < limit, !CaptionBytes.isSpace(bytes[i]) {
      let found = timestamps.foundDescription(at: i, limit: limit)
      collector.report(
        Diagnostic(
          .captionMalformedTiming, "unexpected \(found.text) after the end time", file: file, span: found.span,
          help: format == .vtt
            ? "separate the cue settings from the end time with a space"
            : "remove the text after the end time"))
      return nil
    }

    for reading in [start, end] {
      guard let deviation = reading.deviation else { continue }
      let fixIts =
        deviation.replacement.map {
          [FixIt(span: reading.span, replacement: $0, message: "write `\($0)`")]
        } ?? []
      collector.reportOnce(
        Diagnostic(
          .captionNonStandardTimestamp, deviation.message, file: file, span: reading.span,
          notes: deviation.notes,
          help: deviation.replacement == nil ? "write whole milliseconds, with three fraction digits" : nil,
          fixIts: fixIts),
        kind: "timestamp-" + deviation.kind)
    }

    var settings: String?
    if i < limit {
      let rest = Span(start: skipSpaces(from: i, limit: limit), end: limit)
      switch format {
      case .vtt:
        settings = CaptionBytes.text(file.bytes[rest.start..<rest.end])
      case .srt:
        collector.reportOnce(
          Diagnostic(
            .captionIgnoredTimingText,
            "text after the end time is ignored: `\(CaptionMessageText.excerpt(file.text(rest)))`",
            file: file, span: rest, notes: ["SRT has no cue settings; placement comes from the `style` statement"],
            fixIts: [
              FixIt(
                span: Span(start: end.span.end, end: limit), replacement: "",
                message: "remove the text after the end time")
            ]),
          kind: "srt-trailing-text")
      }
    }

    return Timing(start: start.value, startSpan: start.span, end: end.value, endSpan: end.span, settings: settings)
  }

  private func readTimestamp(
    at offset: Int, limit: Int, role: String, _ collector: inout CaptionDiagnosticCollector
  ) -> CaptionTimestampReader.Outcome {
    let outcome = timestamps.read(at: offset, limit: limit, role: role)
    if case .failed(let diagnostic) = outcome { collector.report(diagnostic) }
    return outcome
  }

  private func skipSpaces(from offset: Int, limit: Int) -> Int {
    var i = offset
    while i < limit, CaptionBytes.isSpace(file.bytes[i]) { i += 1 }
    return i
  }

}
