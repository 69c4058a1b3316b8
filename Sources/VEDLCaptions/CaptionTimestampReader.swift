import VEDLDiagnostics
import VEDLSource
import VEDLTime

/// Reads one caption timestamp (`00:01:02,500`, `01:02.500`) into exact seconds.
///
/// The grammar accepted is deliberately wider than either specification, because players are:
/// `[H+:]M{1,2}:S{1,2}[(,|.)F+]`. Anything outside the specification that players still read
/// becomes warning `W0602` with a fix-it to the standard form; anything players cannot read
/// becomes error `E0604` or `E0605`. The fraction is a decimal fraction (`,5` is half a
/// second) and is kept exactly, however many digits it has.
struct CaptionTimestampReader {
  /// A timestamp read successfully.
  struct Reading {
    /// Seconds from zero, exact.
    var value: Rational
    /// The timestamp as written.
    var span: Span
    /// Set when the timestamp departs from its format's specification.
    var deviation: Deviation?
  }

  /// How a readable timestamp departs from the specification (reported as `W0602`).
  struct Deviation {
    /// Folding key: one warning per kind and file.
    var kind: String
    var message: String
    var notes: [String]
    /// The standard spelling of the same time, when there is one.
    var replacement: String?
  }

  /// The outcome of reading: a value, or the error that explains why there is none.
  enum Outcome {
    case read(Reading)
    case failed(Diagnostic)
  }

  let file: SourceFile
  let format: CaptionFormat
  private var bytes: [UInt8] { file.bytes }

  init(file: SourceFile, format: CaptionFormat) {
    self.file = file
    self.format = format
  }

  /// Reads the timestamp starting at `offset`, not looking past `limit`. `role` ("start time",
  /// "end time") names it in messages.
  func read(at offset: Int, limit: Int, role: String) -> Outcome {
    var i = offset
    guard i < limit, CaptionBytes.isDigit(bytes[i]) else {
      let found = foundDescription(at: i, limit: limit)
      return .failed(
        Diagnostic(
          .captionMalformedTiming, "expected the \(role), found \(found.text)", file: file, span: found.span,
          help: "cue timings are written `\(example) --> \(example2)`"))
    }
    var fields: [Span] = []
    while true {
      let fieldStart = i
      while i < limit, CaptionBytes.isDigit(bytes[i]) { i += 1 }
      if i == fieldStart {
        return .failed(
          Diagnostic(
            .captionMalformedTiming, "expected digits after `:` in the \(role)", file: file,
            span: foundDescription(at: i, limit: limit).span))
      }
      fields.append(Span(start: fieldStart, end: i))
      guard i < limit, bytes[i] == UInt8(ascii: ":") else { break }
      i += 1
    }
    var separator: UInt8?
    var fraction: Span?
    if i < limit, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ",") {
      separator = bytes[i]
      i += 1
      let fractionStart = i
      while i < limit, CaptionBytes.isDigit(bytes[i]) { i += 1 }
      if i == fractionStart {
        let sep = String(UnicodeScalar(separator ?? 0x2E))
        return .failed(
          Diagnostic(
            .captionMalformedTiming, "expected digits after `\(sep)` in the \(role)", file: file,
            span: foundDescription(at: i, limit: limit).span,
            help: "write the milliseconds as three digits, e.g. `\(example)`"))
      }
      fraction = Span(start: fractionStart, end: i)
    }
    let span = Span(start: offset, end: i)
    return evaluate(span: span, fields: fields, separator: separator, fraction: fraction, role: role)
  }

  // MARK: Evaluation

  private func evaluate(span: Span, fields: [Span], separator: UInt8?, fraction: Span?, role: String) -> Outcome {
    // Computed only when a message needs it: most timestamps are fine.
    var written: String { file.text(span) }
    let hoursField: Span?
    let minutesField: Span
    let secondsField: Span
    switch (fields.count, format) {
    case (3, _):
      hoursField = fields[0]
      minutesField = fields[1]
      secondsField = fields[2]
    case (2, .vtt):
      hoursField = nil
      minutesField = fields[0]
      secondsField = fields[1]
    case (2, .srt):
      let fixed = "00:" + written
      return .failed(
        Diagnostic(
          .captionMalformedTiming, "SRT timestamp `\(written)` has no hours", file: file, span: span,
          notes: ["SRT timestamps are `HH:MM:SS,mmm`; only WebVTT may leave out the hours"],
          fixIts: [FixIt(span: .point(span.start), replacement: "00:", message: "write `\(fixed)`")]))
    case (1, _):
      return .failed(
        Diagnostic(
          .captionMalformedTiming, "expected the \(role) as `\(example)`, found `\(written)`", file: file,
          span: span, help: "write hours, minutes and seconds: `\(example)`"))
    default:
      return .failed(
        Diagnostic(
          .captionMalformedTiming, "timestamp `\(written)` has too many `:`-separated fields", file: file,
          span: span,
          notes: ["caption timestamps are `\(example)`; a frame count (`HH:MM:SS:FF`) is not allowed"]))
    }

    for (field, name) in [(minutesField, "minutes"), (secondsField, "seconds")] where field.length > 2 {
      return .failed(
        Diagnostic(
          .captionMalformedTiming, "the \(name) field of `\(written)` has more than two digits", file: file,
          span: field, help: "caption timestamps are `\(example)`"))
    }
    let minutes = digitValue(minutesField) ?? 0
    let seconds = digitValue(secondsField) ?? 0
    for (field, value, name) in [(minutesField, minutes, "minutes"), (secondsField, seconds, "seconds")]
    where value >= 60 {
      return .failed(
        Diagnostic(
          .captionTimestampOutOfRange, "\(name) must be less than 60, found `\(value)` in `\(written)`",
          file: file, span: field,
          help: name == "minutes"
            ? "carry whole hours into the hours field" : "carry whole minutes into the minutes field"))
    }

    var tooLarge: Diagnostic {
      Diagnostic(
        .captionTimestampOutOfRange, "timestamp `\(written)` is too large to represent exactly", file: file,
        span: span)
    }
    var wholeSeconds = minutes * 60 + seconds
    if let hoursField {
      guard let hours = digitValue(hoursField) else { return .failed(tooLarge) }
      let (h, o1) = hours.multipliedReportingOverflow(by: 3600)
      let (sum, o2) = h.addingReportingOverflow(wholeSeconds)
      if o1 || o2 { return .failed(tooLarge) }
      wholeSeconds = sum
    }
    var value = Rational(wholeSeconds)
    if let fraction {
      guard let part = fractionValue(fraction), let sum = value.checkedAdding(part) else {
        return .failed(tooLarge)
      }
      value = sum
    }

    let deviation = deviationFromStandard(
      span: span, value: value, hoursField: hoursField, minutesField: minutesField,
      secondsField: secondsField, separator: separator, fraction: fraction)
    return .read(Reading(value: value, span: span, deviation: deviation))
  }

  /// The first way in which a readable timestamp departs from its specification, if any.
  private func deviationFromStandard(
    span: Span, value: Rational, hoursField: Span?, minutesField: Span, secondsField: Span,
    separator: UInt8?, fraction: Span?
  ) -> Deviation? {
    let isStandard =
      separator == format.fractionSeparator && fraction?.length == 3 && (hoursField?.length ?? 2) >= 2
      && minutesField.length == 2 && secondsField.length == 2
    if isStandard { return nil }
    var written: String { file.text(span) }
    var standard: String? {
      CaptionTimestampText.exactMilliseconds(value).map {
        CaptionTimestampText.format(milliseconds: $0, format: format, includeHours: hoursField != nil)
      }
    }
    if let separator, separator != format.fractionSeparator {
      let used = String(UnicodeScalar(separator))
      let wanted = String(UnicodeScalar(format.fractionSeparator))
      var notes: [String] = []
      if format == .vtt { notes.append("browsers drop WebVTT cues whose timestamps use `,`") }
      return Deviation(
        kind: "separator",
        message:
          "\(format.displayName) timestamp `\(written)` uses `\(used)` before the milliseconds instead of `\(wanted)`",
        notes: notes, replacement: standard)
    }
    guard let fraction else {
      return Deviation(
        kind: "no-fraction", message: "timestamp `\(written)` has no milliseconds", notes: [],
        replacement: standard)
    }
    if fraction.length != 3 {
      let digits = fraction.length == 1 ? "1 fraction digit" : "\(fraction.length) fraction digits"
      let fractionText = file.text(Span(start: fraction.start - 1, end: fraction.end))
      var notes: [String] = []
      if fraction.length < 3 {
        let millis = (digitValue(fraction) ?? 0) * (fraction.length == 1 ? 100 : 10)
        notes.append(
          "VEDL reads `\(fractionText)` as a decimal fraction, \(millis) ms; some players read it as \(digitValue(fraction) ?? 0) ms"
        )
      } else {
        notes.append("the extra precision is kept exactly, but exports round down to whole milliseconds")
      }
      return Deviation(
        kind: "fraction-digits", message: "timestamp `\(written)` has \(digits) instead of 3", notes: notes,
        replacement: standard)
    }
    let shortFields = [(hoursField, "hours"), (minutesField, "minutes"), (secondsField, "seconds")]
    for case (let field?, let name) in shortFields where field.length < 2 {
      return Deviation(
        kind: "short-field", message: "timestamp `\(written)` has a one-digit \(name) field", notes: [],
        replacement: standard)
    }
    return nil
  }

  // MARK: Helpers

  /// The standard spelling of one second and a half in this format, for messages.
  private var example: String { format == .srt ? "00:00:01,500" : "00:00:01.500" }
  private var example2: String { format == .srt ? "00:00:04,000" : "00:00:04.000" }

  /// The value of a run of ASCII digits, or `nil` on overflow.
  private func digitValue(_ span: Span) -> Int64? {
    var value: Int64 = 0
    for b in bytes[span.start..<span.end] {
      let (m, o1) = value.multipliedReportingOverflow(by: 10)
      let (a, o2) = m.addingReportingOverflow(Int64(b - 0x30))
      if o1 || o2 { return nil }
      value = a
    }
    return value
  }

  /// The digits of `span` read as the fraction `0.digits`, or `nil` when it does not fit.
  private func fractionValue(_ span: Span) -> Rational? {
    guard let numerator = digitValue(span) else { return nil }
    var denominator: Int64 = 1
    for _ in 0..<span.length {
      let (d, o) = denominator.multipliedReportingOverflow(by: 10)
      if o { return nil }
      denominator = d
    }
    return Rational(numerator, denominator)
  }

  /// What stands at `offset` — the following run of non-space characters, shortened — or
  /// "the end of the line".
  func foundDescription(at offset: Int, limit: Int) -> (text: String, span: Span) {
    guard offset < limit else { return ("the end of the line", .point(offset)) }
    var end = offset
    var scalars = 0
    while end < limit, !CaptionBytes.isSpace(bytes[end]), scalars < 16 {
      end += LineTable.scalarLength(leadByte: bytes[end])
      scalars += 1
    }
    end = min(end, limit)
    return ("`\(CaptionMessageText.excerpt(file.text(Span(start: offset, end: end))))`", Span(start: offset, end: end))
  }
}
