import Foundation
import VEDLSource

/// One record of a CSV file: its fields, and where it lies in the file (for diagnostics).
struct CSVRecord: Sendable, Hashable {
  /// The fields, unquoted (`""` inside quotes is one `"`).
  var fields: [String]
  /// The 1-based line the record starts on.
  var line: Int
  /// Byte offsets of the record in the file (without its line break).
  var start: Int
  var end: Int
}

/// Why a CSV file cannot be read: the problem and the 1-based line it was found on.
struct CSVError: Error, Sendable, Hashable {
  var message: String
  var line: Int
}

/// A CSV reader following RFC 4180: fields separated by commas, records by CRLF (a lone LF
/// is accepted too), fields optionally in double quotes, in which commas, line breaks and
/// `""` (one quote) are data. A UTF-8 byte order mark at the start is ignored, and so are
/// empty lines. The text must be UTF-8.
///
/// Strict where RFC 4180 is: a quote inside an unquoted field, text after a closing quote
/// and a quoted field left open at the end of the file are errors, so a damaged file is
/// reported rather than silently read into the wrong columns.
enum CSVParser {
  private static let quote = UInt8(ascii: "\"")
  private static let comma = UInt8(ascii: ",")
  private static let cr = UInt8(ascii: "\r")
  private static let lf = UInt8(ascii: "\n")

  /// The records of `bytes`, in order.
  static func parse(_ bytes: [UInt8]) -> Result<[CSVRecord], CSVError> {
    var i = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    guard UTF8Validation.isValid(bytes, from: i) else {
      return .failure(CSVError(message: "the file is not UTF-8 text", line: 1))
    }
    var records: [CSVRecord] = []
    var line = 1
    while i < bytes.count {
      // Empty lines separate nothing: skip them.
      if bytes[i] == lf {
        i += 1
        line += 1
        continue
      }
      if bytes[i] == cr, i + 1 < bytes.count, bytes[i + 1] == lf {
        i += 2
        line += 1
        continue
      }
      let recordLine = line
      let start = i
      var fields: [String] = []
      var field: [UInt8] = []
      var recordEnded = false
      while !recordEnded {
        if i < bytes.count, bytes[i] == quote {
          // A quoted field: runs to the quote not followed by another quote.
          let openedOn = line
          i += 1
          var closed = false
          while i < bytes.count {
            let b = bytes[i]
            if b == quote {
              if i + 1 < bytes.count, bytes[i + 1] == quote {
                field.append(quote)
                i += 2
                continue
              }
              i += 1
              closed = true
              break
            }
            if b == lf { line += 1 }
            field.append(b)
            i += 1
          }
          guard closed else {
            return .failure(
              CSVError(message: "a quoted field opened on line \(openedOn) is never closed", line: openedOn))
          }
          if i < bytes.count, bytes[i] != comma, bytes[i] != lf,
            !(bytes[i] == cr && i + 1 < bytes.count && bytes[i + 1] == lf)
          {
            return .failure(
              CSVError(
                message: "unexpected text after a closing quote (write `\"\"` for a quote inside a quoted field)",
                line: line))
          }
        } else {
          while i < bytes.count {
            let b = bytes[i]
            if b == comma || b == lf || (b == cr && i + 1 < bytes.count && bytes[i + 1] == lf) { break }
            if b == quote {
              return .failure(
                CSVError(
                  message: "a quote inside an unquoted field (put the field in quotes and write `\"\"` for the quote)",
                  line: line))
            }
            field.append(b)
            i += 1
          }
        }
        fields.append(String(decoding: field, as: UTF8.self))
        field = []
        if i < bytes.count, bytes[i] == comma {
          i += 1
          continue
        }
        recordEnded = true
      }
      let end = i
      if i < bytes.count {
        i += bytes[i] == cr ? 2 : 1
        line += 1
      }
      records.append(CSVRecord(fields: fields, line: recordLine, start: start, end: end))
    }
    return .success(records)
  }
}
