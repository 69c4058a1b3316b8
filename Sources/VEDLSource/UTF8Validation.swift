/// The one test of whether bytes are well-formed UTF-8 (Unicode Table 3-7, "Well-Formed UTF-8
/// Byte Sequences": overlong forms, surrogates and code points above `U+10FFFF` are
/// ill-formed). The lexer, the caption reader, the batch's CSV reader and the language
/// server's position mapping all ask it, so a byte is valid or not the same way everywhere.
///
/// `SourceFile` keeps raw bytes so that this check can report exact offsets; the text shown
/// to the user is decoded separately with `U+FFFD` in place of the bad bytes.
public enum UTF8Validation {
  /// Length of the well-formed sequence starting at `i`, or `nil` when the bytes there do not
  /// start one.
  @inlinable
  public static func wellFormedLength(_ bytes: [UInt8], at i: Int) -> Int? {
    // Comparisons rather than range patterns, which unoptimised builds call generically.
    let lead = bytes[i]
    if lead < 0x80 { return 1 }
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    if lead < 0xC2 {
      return nil
    } else if lead <= 0xDF {
      length = 2
    } else if lead <= 0xEF {
      length = 3
      if lead == 0xE0 { low = 0xA0 } else if lead == 0xED { high = 0x9F }
    } else if lead <= 0xF4 {
      length = 4
      if lead == 0xF0 { low = 0x90 } else if lead == 0xF4 { high = 0x8F }
    } else {
      return nil
    }
    guard i + length <= bytes.count, bytes[i + 1] >= low, bytes[i + 1] <= high else { return nil }
    for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return nil }
    return length
  }

  /// Maximal runs of bytes from `first` on that do not belong to a well-formed sequence, in
  /// file order.
  public static func invalidRuns(in bytes: [UInt8], from first: Int = 0) -> [Span] {
    var runs: [Span] = []
    var i = first
    while i < bytes.count {
      if let length = wellFormedLength(bytes, at: i) {
        i += length
        continue
      }
      if let last = runs.last, last.end == i {
        runs[runs.count - 1] = Span(start: last.start, end: i + 1)
      } else {
        runs.append(Span(start: i, end: i + 1))
      }
      i += 1
    }
    return runs
  }

  /// Whether the bytes from `first` on are all well-formed.
  public static func isValid(_ bytes: [UInt8], from first: Int = 0) -> Bool {
    var i = first
    while i < bytes.count {
      guard let length = wellFormedLength(bytes, at: i) else { return false }
      i += length
    }
    return true
  }
}
