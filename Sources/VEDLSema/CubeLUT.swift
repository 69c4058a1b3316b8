import Foundation
import VEDLDiagnostics
import VEDLSource

/// A 3D colour look-up table read from an Adobe/Iridas `.cube` file (`lut "look.cube"`,
/// docs/language.md §4.8): `size`³ output colours, applied by trilinear interpolation as
/// FFmpeg's `lut3d` does (the FFmpeg backend runs `lut3d` on the same file; the native
/// renderer runs `RGBAImage.applyingLUT` on `table`).
///
/// The reader takes what `lut3d` reads the same way, and refuses the rest with a located
/// diagnostic instead of a render that differs between the backends: `lut3d` ignores every
/// line before `LUT_3D_SIZE` (so a `DOMAIN_MIN` there is dropped) and rescales by a
/// `DOMAIN_MAX` after it without offsetting by `DOMAIN_MIN`; VEDL therefore takes only the
/// domain 0…1, the default.
public struct CubeLUT: Sendable, Equatable {
  /// Points along each axis, 2…256.
  public let size: Int
  /// The output colours, 3 floats each, red index slowest: entry `(r·size + g)·size + b`
  /// (the file lists red fastest).
  public let table: [Float]

  /// The most points per axis `lut3d` takes.
  public static let largestSize = 256
  /// `lut3d` reads lines with `fgets` into 512 bytes: a longer line would be read as two.
  public static let longestLine = 511

  /// A table of `size`³ colours given red fastest, as in a file.
  public init(size: Int, table: [Float]) {
    self.size = size
    self.table = table
  }

  /// The file `lut "written"` reads: resolved against the script's folder
  /// (`baseDirectory`), as the checker read it; left as written without one.
  public static func path(_ written: String, baseDirectory: String?) -> String {
    baseDirectory.map { Checker.resolvePath(written, baseDirectory: $0) } ?? written
  }

  /// Reads `file` (its `path` names it in diagnostics): the table, or the diagnostic of the
  /// first thing `lut3d` would read otherwise (E0455) or VEDL does not take (E0456), as
  /// ``LoadError/malformed(_:)``.
  public static func parse(_ file: SourceFile) -> Result<CubeLUT, LoadError> {
    var reader = Reader(file: file)
    do throws(Failure) {
      return .success(try reader.read())
    } catch {
      return .failure(.malformed(error.diagnostic))
    }
  }

  /// The table of the file at `path`, read once per version of the file (path, size and
  /// modification time) for the whole process: the checker reads it on every check (the
  /// language server's keystrokes), the native renderer once per clip.
  public static func load(path: String) -> Result<CubeLUT, LoadError> {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    let key = CacheKey(
      path: path, size: (attributes?[.size] as? NSNumber)?.int64Value ?? -1,
      modified: (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
    if let known = cache.withLock({ $0[key] }) { return known }
    let result: Result<CubeLUT, LoadError>
    if let data = FileManager.default.contents(atPath: path) {
      result = parse(SourceFile(path: path, bytes: [UInt8](data)))
    } else {
      result = .failure(.unreadable)
    }
    cache.withLock { entries in
      // A handful of looks per edit: a bound keeps a long-running server from growing.
      if entries.count >= 64 { entries.removeAll() }
      entries[key] = result
    }
    return result
  }

  /// Why ``load(path:)`` found no table.
  public enum LoadError: Error, Sendable, Equatable {
    /// The file cannot be read.
    case unreadable
    /// It is not a `.cube` VEDL takes: the diagnostic points into it.
    case malformed(Diagnostic)
  }

  private struct CacheKey: Hashable {
    var path: String
    var size: Int64
    var modified: Double
  }

  private static let cache = LockedDictionary<CacheKey, Result<CubeLUT, LoadError>>()
}

/// A dictionary behind a lock (the cache of ``CubeLUT/load(path:)``).
final class LockedDictionary<Key: Hashable, Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [Key: Value] = [:]

  func withLock<T>(_ body: (inout [Key: Value]) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&entries)
  }
}

extension CubeLUT {
  /// A reading error: the diagnostic, located in the file.
  fileprivate struct Failure: Error {
    var diagnostic: Diagnostic
  }

  /// Reads a `.cube` file line by line.
  fileprivate struct Reader {
    let file: SourceFile
    var offset = 0

    init(file: SourceFile) {
      self.file = file
    }

    /// One line: its words (separated by blanks) with their spans, and its span.
    struct Line {
      var words: [(text: Substring, span: Span)]
      var span: Span
    }

    mutating func read() throws(Failure) -> CubeLUT {
      var size: Int?
      var sizeSpan: Span?
      var table: [Float] = []
      var count = 0
      while let line = try nextLine() {
        guard let first = line.words.first else { continue }
        if first.text.hasPrefix("#") { continue }
        if let c = first.text.utf8.first,
          c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".") || c.isDigit
        {
          // `lut3d` reads three numbers and ignores the rest: a trailing comment may stay.
          let numbers = line.words.prefix { !$0.text.hasPrefix("#") }
          guard let size else {
            throw malformed(
              "a colour comes before `LUT_3D_SIZE`", first.span,
              notes: ["FFmpeg's `lut3d` skips every line before `LUT_3D_SIZE`"],
              help: "put `LUT_3D_SIZE N` before the table")
          }
          guard count < size * size * size else {
            throw malformed(
              "more than \(size)³ = \(size * size * size) colours", line.span,
              labels: sizeSpan.map { [Label(span: $0, message: "the size is given here", file: file)] } ?? [],
              help: "remove the extra lines, or correct `LUT_3D_SIZE`")
          }
          guard numbers.count == 3 else {
            throw malformed(
              "a colour is three numbers, red green blue; this line has \(numbers.count)", line.span,
              help: "write e.g. `0.5 0.25 1`")
          }
          for word in numbers {
            guard let value = Float(String(word.text)), value.isFinite else {
              throw malformed("`\(word.text)` is not a number", word.span, help: "write a decimal number such as `0.5`")
            }
            table.append(value)
          }
          count += 1
          continue
        }
        guard first.span.start == line.span.start else {
          throw malformed(
            "a keyword starts its line", first.span, notes: ["FFmpeg's `lut3d` reads keywords at the start of a line"],
            help: "remove the blanks before `\(first.text)`")
        }
        switch first.text {
        case "TITLE":
          continue
        case "LUT_3D_SIZE":
          guard size == nil else {
            throw malformed("`LUT_3D_SIZE` is given twice", first.span, help: "keep one")
          }
          guard line.words.count == 2, let n = Int(String(line.words[1].text)) else {
            throw malformed("`LUT_3D_SIZE` takes one whole number", line.span, help: "write e.g. `LUT_3D_SIZE 33`")
          }
          guard (2...CubeLUT.largestSize).contains(n) else {
            throw malformed(
              "`LUT_3D_SIZE \(n)` is out of range", line.words[1].span,
              notes: ["a 3D table has 2 to \(CubeLUT.largestSize) points along each axis"],
              help: "use a size from 2 to \(CubeLUT.largestSize), such as 33")
          }
          size = n
          sizeSpan = line.span
          table.reserveCapacity(3 * n * n * n)
        case "DOMAIN_MIN", "DOMAIN_MAX":
          let expected: Float = first.text == "DOMAIN_MIN" ? 0 : 1
          let values = line.words.dropFirst().map { Float(String($0.text)) }
          guard values.count == 3, values.allSatisfy({ $0 != nil }) else {
            throw malformed(
              "`\(first.text)` takes three numbers", line.span,
              help: "write `\(first.text) \(expected) \(expected) \(expected)`")
          }
          guard values.allSatisfy({ $0 == expected }) else {
            throw unsupported(
              "only the domain 0…1 is supported", line.span,
              notes: ["FFmpeg's `lut3d` rescales by `DOMAIN_MAX` alone, so another domain would not render alike"],
              help: "export the look with the input range 0…1")
          }
        case "LUT_3D_INPUT_RANGE":
          guard size == nil else {
            throw malformed(
              "`LUT_3D_INPUT_RANGE` comes after `LUT_3D_SIZE`", first.span,
              notes: ["FFmpeg's `lut3d` reads every line after `LUT_3D_SIZE` as a colour or a domain"],
              help: "move it above `LUT_3D_SIZE`")
          }
          let values = line.words.dropFirst().map { Float(String($0.text)) }
          guard values.count == 2, values[0] == 0, values[1] == 1 else {
            throw unsupported(
              "only the input range 0…1 is supported", line.span, help: "export the look with the input range 0…1")
          }
        case "LUT_1D_SIZE", "LUT_1D_INPUT_RANGE":
          throw unsupported(
            "a 1D table is not supported", line.span,
            notes: ["`lut` takes a 3D table (`LUT_3D_SIZE`), as FFmpeg's `lut3d`"],
            help: "export the look as a 3D `.cube`")
        default:
          throw malformed(
            "unknown keyword `\(first.text)`", first.span,
            notes: ["a `.cube` file has `TITLE`, `LUT_3D_SIZE`, `DOMAIN_MIN`, `DOMAIN_MAX` and the colours"],
            help: "remove the line")
        }
      }
      guard let size else {
        throw malformed(
          "no `LUT_3D_SIZE`", .point(file.bytes.count), help: "give the table's size, e.g. `LUT_3D_SIZE 33`")
      }
      guard count == size * size * size else {
        throw malformed(
          "\(count) colours, but `LUT_3D_SIZE \(size)` needs \(size * size * size)", .point(file.bytes.count),
          labels: sizeSpan.map { [Label(span: $0, message: "the size is given here", file: file)] } ?? [],
          help: "complete the table, or correct `LUT_3D_SIZE`")
      }
      // The file lists red fastest; the table keeps red slowest (`lut3d`'s order).
      var ordered = [Float](repeating: 0, count: table.count)
      var i = 0
      for b in 0..<size {
        for g in 0..<size {
          for r in 0..<size {
            let j = 3 * ((r * size + g) * size + b)
            ordered[j] = table[i]
            ordered[j + 1] = table[i + 1]
            ordered[j + 2] = table[i + 2]
            i += 3
          }
        }
      }
      return CubeLUT(size: size, table: ordered)
    }

    /// The next line, without its line break; `nil` at the end.
    mutating func nextLine() throws(Failure) -> Line? {
      let bytes = file.bytes
      guard offset < bytes.count else { return nil }
      let start = offset
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
      offset = end + 1
      if end - start > CubeLUT.longestLine {
        throw malformed(
          "the line is longer than \(CubeLUT.longestLine) bytes", Span(start: start, end: end),
          notes: ["FFmpeg's `lut3d` would read it as two lines"], help: "shorten it")
      }
      var words: [(Substring, Span)] = []
      var i = start
      while i < end {
        while i < end, bytes[i].isBlank { i += 1 }
        guard i < end else { break }
        let wordStart = i
        while i < end, !bytes[i].isBlank { i += 1 }
        let text = String(decoding: bytes[wordStart..<i], as: UTF8.self)
        words.append((Substring(text), Span(start: wordStart, end: i)))
      }
      return Line(words: words, span: Span(start: start, end: end))
    }

    func malformed(
      _ message: String, _ span: Span, labels: [Label] = [], notes: [String] = [], help: String
    ) -> Failure {
      Failure(
        diagnostic: Diagnostic(
          .malformedLookTable, message, file: file, span: span, labels: labels, notes: notes, help: help))
    }

    func unsupported(_ message: String, _ span: Span, notes: [String] = [], help: String) -> Failure {
      Failure(
        diagnostic: Diagnostic(.unsupportedLookTable, message, file: file, span: span, notes: notes, help: help))
    }
  }
}

extension UInt8 {
  fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
  fileprivate var isBlank: Bool {
    self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") || self == UInt8(ascii: "\r") || self == 0x0B
      || self == 0x0C
  }
}
