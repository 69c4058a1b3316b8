import VEDLSource

/// Finds the byte ranges of a caption file that are not valid UTF-8.
///
/// `SourceFile` keeps raw bytes so that this check can report exact offsets; the text shown
/// to the user is decoded separately with `U+FFFD` in place of the bad bytes.
enum UTF8Validation {
  /// Maximal runs of bytes that do not belong to a well-formed UTF-8 sequence (overlong forms,
  /// surrogates and code points above `U+10FFFF` are ill-formed), in file order.
  static func invalidRuns(in bytes: [UInt8], from first: Int) -> [Span] {
    var runs: [Span] = []
    var i = first
    while i < bytes.count {
      let length = wellFormedLength(bytes, at: i)
      if length > 0 {
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

  /// Length of the well-formed sequence starting at `i`, or 0 when the byte there cannot start
  /// one (Unicode Table 3-7, "Well-Formed UTF-8 Byte Sequences").
  private static func wellFormedLength(_ bytes: [UInt8], at i: Int) -> Int {
    let (secondRange, length): (ClosedRange<UInt8>, Int)
    switch bytes[i] {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: (secondRange, length) = (0x80...0xBF, 2)
    case 0xE0: (secondRange, length) = (0xA0...0xBF, 3)
    case 0xE1...0xEC, 0xEE...0xEF: (secondRange, length) = (0x80...0xBF, 3)
    case 0xED: (secondRange, length) = (0x80...0x9F, 3)
    case 0xF0: (secondRange, length) = (0x90...0xBF, 4)
    case 0xF1...0xF3: (secondRange, length) = (0x80...0xBF, 4)
    case 0xF4: (secondRange, length) = (0x80...0x8F, 4)
    default: return 0
    }
    guard i + length <= bytes.count, secondRange.contains(bytes[i + 1]) else { return 0 }
    for k in 2..<length where !(0x80...0xBF).contains(bytes[i + k]) {
      return 0
    }
    return length
  }
}
