import VEDLDiagnostics
import VEDLSource
import VEDLTime

/// The state of reading one caption file: the lines, the format, the cues and diagnostics so
/// far. One value per file, nothing shared, so files can be read concurrently.
///
/// Reading goes in three steps: the encoding (byte-order marks, UTF-8 validity), the WebVTT
/// header, then blocks of non-blank lines — each a cue, a WebVTT `NOTE`/`STYLE`/`REGION`
/// block (skipped), or something malformed (reported and skipped).
struct CaptionFileReader {
  /// A run of non-blank lines that forms one cue (or fails to).
  private struct Block {
    /// Indices into `lines`.
    var lines: Range<Int>
    /// Index of the line containing `-->`, when it is the first or second line.
    var timing: Int?
    /// Whether the block ended because a new cue started without a blank line before it.
    var interruptedByCue: Bool
  }

  private let file: SourceFile
  private let selection: CaptionFormatSelection
  private var format: CaptionFormat = .srt
  private var lines: [CaptionLine] = []
  private var cues: [CaptionCue] = []
  private var collector = CaptionDiagnosticCollector()
  /// Offset of the first byte after the byte-order mark.
  private var contentStart = 0

  init(file: SourceFile, selection: CaptionFormatSelection) {
    self.file = file
    self.selection = selection
  }

  private var bytes: [UInt8] { file.bytes }

  /// Reads the whole file.
  mutating func read() -> (cues: [CaptionCue], diagnostics: [Diagnostic]) {
    if isUTF16() {
      collector.report(
        Diagnostic(
          .captionInvalidUTF8, "caption file is UTF-16, not UTF-8", file: file, span: Span(start: 0, end: 2),
          notes: ["the file starts with a UTF-16 byte-order mark"], help: "re-save the file as UTF-8"))
      return ([], collector.finished())
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { contentStart = 3 }
    checkEncoding()
    lines = CaptionLine.split(bytes, from: contentStart)
    format = resolveFormat()
    var first = 0
    if format == .vtt { first = readHeader() }
    readBlocks(from: first)
    if cues.isEmpty, !collector.hasErrors {
      collector.report(
        Diagnostic(.captionNoCues, "caption file has no cues", file: file, span: firstLineSpan))
    }
    return (cues, collector.finished())
  }

  // MARK: Encoding and format

  private func isUTF16() -> Bool {
    bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF))
  }

  /// Reports the first invalid UTF-8 sequence (one re-encoding fixes them all) with a count,
  /// and the first NUL: cue text goes to C libraries (libavfilter's `drawtext`), where a NUL
  /// would end it early. Cue text shows both as U+FFFD (see ``CaptionBytes/text(_:)``).
  private mutating func checkEncoding() {
    if let nul = bytes[contentStart...].firstIndex(of: 0) {
      let count = bytes[contentStart...].reduce(0) { $1 == 0 ? $0 + 1 : $0 }
      var notes: [String] = []
      if count > 1 { notes.append("the file has \(count) NUL bytes; this is the first") }
      notes.append("a file with NUL bytes is often UTF-16 saved without a byte-order mark")
      collector.report(
        Diagnostic(
          .captionInvalidUTF8, "caption file holds a NUL character (U+0000)", file: file,
          span: Span(start: nul, end: nul + 1), notes: notes, help: "re-save the file as UTF-8"))
    }
    let runs = UTF8Validation.invalidRuns(in: bytes, from: contentStart)
    guard let first = runs.first else { return }
    let shown = bytes[first.start..<min(first.end, first.start + 4)].map { "0x" + hex($0) }.joined(separator: " ")
    var notes: [String] = []
    if runs.count > 1 { notes.append("the file has \(runs.count) invalid byte sequences; this is the first") }
    notes.append("the file may have been saved as Latin-1, Windows-1252 or another legacy encoding")
    collector.report(
      Diagnostic(
        .captionInvalidUTF8, "caption file is not valid UTF-8: unexpected byte `\(shown)`", file: file,
        span: first, notes: notes, help: "re-save the file as UTF-8"))
  }

  private func hex(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(b >> 4)], digits[Int(b & 0xF)]])
  }

  /// The format to read: the selected one, or the one named by the extension, or — for any
  /// other extension — a guess from the first line, with a warning.
  private mutating func resolveFormat() -> CaptionFormat {
    switch selection {
    case .srt: return .srt
    case .vtt: return .vtt
    case .fromExtension:
      if let known = CaptionFormat(pathExtensionOf: file.path) { return known }
    }
    let startsLikeVTT = lines.first.map { CaptionBytes.hasPrefix("WEBVTT", $0.span, in: bytes) } ?? false
    let guess: CaptionFormat = startsLikeVTT ? .vtt : .srt
    let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
    let what: String
    if let dot = name.lastIndex(of: "."), dot != name.startIndex {
      what = "unknown caption file extension `\(name[dot...])`"
    } else {
      what = "caption file `\(name)` has no extension"
    }
    let reason = startsLikeVTT ? "the file starts with `WEBVTT`" : "the file does not start with `WEBVTT`"
    collector.report(
      Diagnostic(
        .captionUnknownExtension, "\(what); reading it as \(guess.displayName)", file: file, span: firstLineSpan,
        notes: [reason], help: "rename the file to `.srt` or `.vtt`"))
    return guess
  }

  private var firstLineSpan: Span {
    lines.first.map { CaptionBytes.trimmedTrailing($0.span, in: bytes) } ?? .point(contentStart)
  }

  // MARK: WebVTT header

  /// Checks the `WEBVTT` line and skips the header block; returns the index of the first line
  /// after it.
  private mutating func readHeader() -> Int {
    guard let firstLine = lines.first else {
      collector.report(
        Diagnostic(
          .captionMissingHeader, "WebVTT file is empty; it must start with `WEBVTT`", file: file,
          span: .point(contentStart),
          fixIts: [
            FixIt(span: .point(contentStart), replacement: "WEBVTT\n", message: "add `WEBVTT` at the top of the file")
          ]))
      return 0
    }
    if !CaptionBytes.startsWithKeyword("WEBVTT", firstLine.span, in: bytes) {
      guard CaptionBytes.hasPrefix("WEBVTT", firstLine.span, in: bytes) else {
        var notes: [String] = []
        if CaptionBytes.isDigitsOnly(firstLine.span, in: bytes) {
          notes.append("the file starts like an SRT file; SRT files have the `.srt` extension")
        }
        collector.report(
          Diagnostic(
            .captionMissingHeader, "missing `WEBVTT` header", file: file,
            span: CaptionBytes.trimmedTrailing(firstLine.span, in: bytes), notes: notes,
            fixIts: [
              FixIt(
                span: .point(firstLine.start), replacement: "WEBVTT\n\n",
                message: "add `WEBVTT` and a blank line at the top of the file")
            ]))
        return 0
      }
      let after = firstLine.start + 6
      let found = CaptionTimestampReader(file: file, format: .vtt).foundDescription(at: after, limit: firstLine.end)
      collector.report(
        Diagnostic(
          .captionMissingHeader,
          "`WEBVTT` must be followed by a space, a tab or the end of the line, found \(found.text)",
          file: file, span: found.span,
          fixIts: [FixIt(span: .point(after), replacement: " ", message: "put a space after `WEBVTT`")]))
    }
    // Header lines (`Kind:`, `Language:`, free text) run to the first blank line.
    var i = 1
    while i < lines.count, !CaptionBytes.isBlank(lines[i].span, in: bytes) {
      if CaptionBytes.containsArrow(lines[i].span, in: bytes) {
        reportMissingBlankLine(before: i, after: "the `WEBVTT` header")
        break
      }
      i += 1
    }
    return i
  }

  // MARK: Blocks

  private mutating func readBlocks(from first: Int) {
    var i = first
    while i < lines.count {
      let line = lines[i]
      if CaptionBytes.isBlank(line.span, in: bytes) {
        i += 1
        continue
      }
      if format == .vtt,
        ["NOTE", "STYLE", "REGION"].contains(where: { CaptionBytes.startsWithKeyword($0, line.span, in: bytes) })
      {
        // Comments, style sheets and region definitions: not VEDL's business; skipped whole.
        while i < lines.count, !CaptionBytes.isBlank(lines[i].span, in: bytes) { i += 1 }
        continue
      }
      let block = collectBlock(from: i)
      if let timing = block.timing {
        readCue(block.lines, timingLine: timing)
        if block.interruptedByCue { reportMissingBlankLine(before: block.lines.upperBound, after: "the previous cue") }
      } else {
        diagnoseUntimedBlock(block.lines)
      }
      i = block.lines.upperBound
    }
  }

  /// The block starting at `i`: up to the next blank line, or up to a new timing line (in SRT
  /// together with the cue number just above it) when a cue follows without a blank line.
  /// A later line that contains `-->` but does not start like a timestamp is cue text.
  private func collectBlock(from i: Int) -> Block {
    var k = i
    var timing: Int?
    while k < lines.count, !CaptionBytes.isBlank(lines[k].span, in: bytes) {
      if CaptionBytes.containsArrow(lines[k].span, in: bytes) {
        if timing == nil, k - i <= 1 {
          timing = k
        } else if CaptionBytes.looksLikeTimestamp(lines[k].span, in: bytes) {
          let lowest = (timing ?? i) + 1
          var cut = k
          if format == .srt, k - 1 >= lowest, CaptionBytes.isDigitsOnly(lines[k - 1].span, in: bytes) { cut = k - 1 }
          return Block(lines: i..<cut, timing: timing, interruptedByCue: true)
        }
      }
      k += 1
    }
    return Block(lines: i..<k, timing: timing, interruptedByCue: false)
  }

  private mutating func reportMissingBlankLine(before index: Int, after what: String) {
    let line = lines[index]
    collector.report(
      Diagnostic(
        .captionMissingBlankLine, "missing blank line between \(what) and this cue", file: file,
        span: CaptionBytes.trimmedTrailing(line.span, in: bytes),
        fixIts: [FixIt(span: .point(line.start), replacement: "\n", message: "put a blank line before this cue")]))
  }

  /// The text of a cue line's visible bytes, with invalid UTF-8 and NUL (both reported by
  /// ``checkEncoding()``) shown as U+FFFD, and where each inline timestamp's byte offset lands
  /// in that text. Decoding piece by piece keeps the offsets right when a replacement changes
  /// the byte count; a timestamp sat where a tag was, so no character straddles a cut.
  static func cueText(_ visible: [UInt8], stamps: [Int]) -> (text: String, offsets: [Int]) {
    var text = ""
    var offsets: [Int] = []
    var done = 0
    for stamp in stamps {
      let cut = max(done, min(stamp, visible.count))
      text += CaptionBytes.text(visible[done..<cut])
      offsets.append(text.utf8.count)
      done = cut
    }
    text += CaptionBytes.text(visible[done...])
    return (text, offsets)
  }

  /// Reads the cue in `range`, whose timing line is `timingLine`.
  private mutating func readCue(_ range: Range<Int>, timingLine: Int) {
    let identifierLine = timingLine > range.lowerBound ? lines[range.lowerBound] : nil
    let identifierSpan = identifierLine.map { CaptionBytes.trimmed($0.span, in: bytes) }
    let timingSpan = CaptionBytes.trimmed(lines[timingLine].span, in: bytes)
    if format == .srt { checkCueNumber(identifierSpan, timingSpan: timingSpan) }

    let reader = CaptionTimingLineReader(file: file, format: format)
    guard let timing = reader.read(line: lines[timingLine].span, into: &collector) else { return }

    var textLines: [String] = []
    // Inline timestamps, by byte offset into the joined text.
    var timestamps: [CaptionCue.Timestamp] = []
    var joinedBytes = 0
    for index in (timingLine + 1)..<range.upperBound {
      let line = lines[index]
      var stamps: [(offset: Int, time: Rational)] = []
      var visible = CaptionMarkup.decode(bytes[line.start..<line.end], format: format, timestamps: &stamps)
      while let last = visible.last, CaptionBytes.isSpace(last) { visible.removeLast() }
      // Lines in a block are never blank, so an empty one held only markup: drop it.
      if !visible.isEmpty {
        let base = joinedBytes + (textLines.isEmpty ? 0 : 1)
        let (text, offsets) = Self.cueText(visible, stamps: stamps.map(\.offset))
        timestamps += zip(stamps, offsets).map {
          CaptionCue.Timestamp(utf8Offset: base + $1, time: $0.time)
        }
        textLines.append(text)
        joinedBytes = base + text.utf8.count
      }
    }

    guard timing.start < timing.end else {
      let start = file.text(timing.startSpan)
      let end = file.text(timing.endSpan)
      let message =
        timing.start == timing.end
        ? "cue ends at `\(end)`, the same time it starts"
        : "cue ends at `\(end)`, before it starts at `\(start)`"
      collector.report(
        Diagnostic(
          .captionEndsBeforeStart, message, file: file, span: timing.endSpan,
          labels: [
            Label(span: timing.endSpan, message: "ends here"), Label(span: timing.startSpan, message: "starts here"),
          ],
          help: "the end time must be later than the start time"))
      return
    }
    if textLines.isEmpty {
      collector.report(
        Diagnostic(
          .captionEmptyText, "cue `\(CaptionMessageText.excerpt(file.text(timingSpan), limit: 80))` has no text",
          file: file, span: timingSpan,
          help: "add the text below the timing line, or delete the cue"))
    }
    let lastLine = CaptionBytes.trimmedTrailing(lines[range.upperBound - 1].span, in: bytes)
    cues.append(
      CaptionCue(
        start: timing.start, end: timing.end, text: textLines.joined(separator: "\n"),
        identifier: identifierSpan.map { CaptionBytes.text(bytes[$0.start..<$0.end]) }, settings: timing.settings,
        span: Span(start: lines[range.lowerBound].start, end: lastLine.end), timingSpan: timingSpan,
        timestamps: timestamps.filter { $0.time >= timing.start && $0.time < timing.end }))
  }

  /// SRT cues start with their number; players cope without one, so this only warns.
  private mutating func checkCueNumber(_ identifier: Span?, timingSpan: Span) {
    guard let identifier else {
      collector.reportOnce(
        Diagnostic(
          .captionCueNumber, "cue has no number", file: file, span: timingSpan,
          help: "number the cues from 1, each on its own line above the timing line"),
        kind: "srt-missing-number")
      return
    }
    if !CaptionBytes.isDigitsOnly(identifier, in: bytes) {
      collector.reportOnce(
        Diagnostic(
          .captionCueNumber, "cue number `\(CaptionMessageText.excerpt(file.text(identifier)))` is not a number",
          file: file, span: identifier,
          notes: ["the text is kept as the cue's identifier"], help: "number the cues from 1"),
        kind: "srt-non-numeric-number")
    }
  }

  /// Explains a block without a `-->` line: a malformed timing line if one of its first two
  /// lines starts like a timestamp, otherwise stray text.
  private mutating func diagnoseUntimedBlock(_ range: Range<Int>) {
    let first = lines[range.lowerBound]
    let second = range.count > 1 ? lines[range.lowerBound + 1] : nil
    let firstIsNumber = format == .srt && CaptionBytes.isDigitsOnly(first.span, in: bytes)
    var candidate: CaptionLine?
    if CaptionBytes.looksLikeTimestamp(first.span, in: bytes) {
      candidate = first
    } else if let second, CaptionBytes.looksLikeTimestamp(second.span, in: bytes) {
      candidate = second
    }
    if let candidate {
      // The line has no `-->`, so reading it reports exactly what is wrong and returns nil.
      let reader = CaptionTimingLineReader(file: file, format: format)
      if reader.read(line: candidate.span, into: &collector) == nil { return }
    }

    let example = format == .srt ? "00:00:01,000 --> 00:00:02,000" : "00:00:01.000 --> 00:00:02.000"
    var notes: [String] = []
    var help = "a cue starts with a timing line such as `\(example)`"
    if format == .srt, CaptionBytes.hasPrefix("WEBVTT", first.span, in: bytes) {
      help = "this looks like a WebVTT file; give it the `.vtt` extension"
    } else {
      notes.append("text separated from its cue by a blank line belongs to no cue")
    }
    let culprit = firstIsNumber ? second : first
    let diagnostic: Diagnostic
    if let culprit {
      let span = CaptionBytes.trimmed(culprit.span, in: bytes)
      let prefix =
        firstIsNumber
        ? "expected a timing line after cue number `\(file.text(CaptionBytes.trimmed(first.span, in: bytes)))`"
        : "expected a cue timing line"
      diagnostic = Diagnostic(
        .captionExpectedTiming, "\(prefix), found `\(CaptionMessageText.excerpt(file.text(span)))`", file: file,
        span: span,
        notes: notes, help: help)
    } else {
      let span = CaptionBytes.trimmed(first.span, in: bytes)
      diagnostic = Diagnostic(
        .captionExpectedTiming, "expected a timing line after cue number `\(file.text(span))`", file: file,
        span: .point(span.end), help: help)
    }
    collector.report(diagnostic)
  }

}
