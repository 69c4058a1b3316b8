import VEDLTime

/// The inline markup of cue text, and how VEDL reads and writes it.
///
/// Reading keeps the words and drops the styling (VEDL styles captions with its own `style`
/// statement): tags such as `<i>`, `</b>`, `<font color="red">`, `<c.yellow>`, `<v Bob>`,
/// `<ruby>`, WebVTT inline timestamps `<00:00:01.000>` and — in SRT only — ASS override
/// blocks such as `{\an8}` are removed; the character references `&amp;` `&lt;` `&gt;`
/// `&nbsp;` `&quot;` `&apos;` `&lrm;` `&rlm;` and numeric `&#NN;`/`&#xHH;` are decoded. A `<`
/// that does not open a tag (`a < b`, or no `>` later on the line) and an unknown `&name;`
/// are kept as written. Writing escapes exactly what reading would otherwise change, so
/// `read(write(text)) == text`.
///
/// All markup is ASCII, so both directions work on UTF-8 bytes: a multi-byte sequence never
/// contains an ASCII byte, so cutting at markup never splits a character (and invalid bytes
/// pass through untouched, to be repaired when the result becomes a `String`).
enum CaptionMarkup {
  /// The visible text of one line of cue text, as UTF-8 bytes.
  static func decode(_ line: ArraySlice<UInt8>, format: CaptionFormat) -> [UInt8] {
    var timestamps: [(offset: Int, time: Rational)] = []
    return decode(line, format: format, timestamps: &timestamps)
  }

  /// ``decode(_:format:)``, collecting WebVTT's inline timestamps (`<00:00:01.200>`, the
  /// karaoke form: what follows is spoken from then on) with the byte offset into the
  /// visible text where each stands.
  static func decode(
    _ line: ArraySlice<UInt8>, format: CaptionFormat, timestamps: inout [(offset: Int, time: Rational)]
  ) -> [UInt8] {
    let s = Array(line)
    var out: [UInt8] = []
    out.reserveCapacity(s.count)
    var i = 0
    while i < s.count {
      if let end = tagEnd(s, at: i, format: format) {
        if format == .vtt, let time = inlineTimestamp(s[(i + 1)..<(end - 1)]) {
          timestamps.append((out.count, time))
        }
        i = end
      } else if let (decoded, end) = reference(s, at: i) {
        out.append(contentsOf: Array(String(decoded).utf8))
        i = end
      } else {
        out.append(s[i])
        i += 1
      }
    }
    return out
  }

  /// One line of text (UTF-8) escaped so that ``decode(_:format:)`` gives it back unchanged.
  ///
  /// WebVTT escapes every `&`, `<` and `>`, as its specification asks. SRT has no escaping
  /// convention that all players honour, so only characters VEDL would otherwise read as
  /// markup are escaped (plus `>` after `--`, so that no text line contains `-->`), keeping
  /// ordinary text readable in every player.
  static func encode(_ s: [UInt8], format: CaptionFormat) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(s.count)
    for (i, b) in s.enumerated() {
      let escape: String?
      switch (format, b) {
      case (.vtt, UInt8(ascii: "&")): escape = "&amp;"
      case (.vtt, UInt8(ascii: "<")): escape = "&lt;"
      case (.vtt, UInt8(ascii: ">")): escape = "&gt;"
      case (.srt, UInt8(ascii: "<")) where tagEnd(s, at: i, format: .srt) != nil: escape = "&lt;"
      case (.srt, UInt8(ascii: "{")) where tagEnd(s, at: i, format: .srt) != nil: escape = "&#123;"
      case (.srt, UInt8(ascii: "&")) where reference(s, at: i) != nil: escape = "&amp;"
      case (.srt, UInt8(ascii: ">")) where i >= 2 && s[i - 1] == UInt8(ascii: "-") && s[i - 2] == UInt8(ascii: "-"):
        escape = "&gt;"
      default: escape = nil
      }
      if let escape { out.append(contentsOf: escape.utf8) } else { out.append(b) }
    }
    return out
  }

  // MARK: Scanning

  /// If a tag starts at `i`, the index just past it. A tag is `<` followed by a letter, `/` or
  /// digit and closed by `>` on the same line; in SRT also `{\…}`.
  static func tagEnd(_ s: [UInt8], at i: Int, format: CaptionFormat) -> Int? {
    guard i + 1 < s.count else { return nil }
    let closing: UInt8
    switch s[i] {
    case UInt8(ascii: "<"):
      let next = s[i + 1]
      guard next == UInt8(ascii: "/") || CaptionBytes.isDigit(next) || isASCIILetter(next) else { return nil }
      closing = UInt8(ascii: ">")
    case UInt8(ascii: "{") where format == .srt:
      guard s[i + 1] == UInt8(ascii: "\\") else { return nil }
      closing = UInt8(ascii: "}")
    default:
      return nil
    }
    var j = i + 2
    while j < s.count {
      if s[j] == closing { return j + 1 }
      j += 1
    }
    return nil
  }

  /// The time of a WebVTT timestamp tag's contents, `[hh:]mm:ss.ttt`; `nil` for other tags.
  static func inlineTimestamp(_ tag: ArraySlice<UInt8>) -> Rational? {
    let text = String(decoding: tag, as: UTF8.self)
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3, let last = parts.last else { return nil }
    let seconds = last.split(separator: ".", omittingEmptySubsequences: false)
    guard seconds.count == 2, seconds[0].count == 2, seconds[1].count == 3,
      parts.dropLast().allSatisfy({ $0.count >= 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      seconds.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let s = Int64(seconds[0]), let ms = Int64(seconds[1]), s < 60
    else { return nil }
    let fields = parts.dropLast().compactMap { Int64($0) }
    guard fields.count == parts.count - 1, fields.allSatisfy({ $0 < 1_000_000 }) else { return nil }
    let hours = fields.count == 2 ? fields[0] : 0
    let minutes = fields.last ?? 0
    guard minutes < 60 || fields.count == 1 else { return nil }
    return Rational((hours * 3600 + minutes * 60 + s) * 1000 + ms, 1000)
  }

  /// If a character reference starts at `i`, its value and the index just past its `;`.
  static func reference(_ s: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
    guard s[i] == UInt8(ascii: "&") else { return nil }
    var j = i + 1
    while j < s.count, j - i <= 12, s[j] != UInt8(ascii: ";") { j += 1 }
    guard j < s.count, s[j] == UInt8(ascii: ";"), j > i + 1 else { return nil }
    let name = String(decoding: s[(i + 1)..<j], as: UTF8.self)
    let value: Unicode.Scalar?
    switch name {
    case "amp": value = "&"
    case "lt": value = "<"
    case "gt": value = ">"
    case "nbsp": value = "\u{00A0}"
    case "quot": value = "\""
    case "apos": value = "'"
    case "lrm": value = "\u{200E}"
    case "rlm": value = "\u{200F}"
    default: value = numericReference(name)
    }
    return value.map { ($0, j + 1) }
  }

  /// `#65` or `#x41` as a scalar; `nil` for anything else, NUL, surrogates and values past
  /// `U+10FFFF`.
  private static func numericReference(_ name: String) -> Unicode.Scalar? {
    guard name.hasPrefix("#") else { return nil }
    var digits = name.dropFirst()
    var radix = 10
    if digits.first == "x" || digits.first == "X" {
      radix = 16
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 8, digits.allSatisfy({ $0.isHexDigit && $0.isASCII }),
      radix == 16 || digits.allSatisfy(\.isWholeNumber),
      let code = UInt32(digits, radix: radix), code != 0
    else { return nil }
    return Unicode.Scalar(code)
  }

  private static func isASCIILetter(_ b: UInt8) -> Bool {
    (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
  }
}
