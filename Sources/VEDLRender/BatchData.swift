import Foundation
import VEDLDiagnostics
import VEDLSource

/// One row of a batch's data file: the parameter values of one render.
public struct BatchRow: Sendable {
  /// 1-based number of the row among the data rows (the CSV header is not a row).
  public var number: Int
  /// `(column, value)` in column order; empty cells (and JSON `null`) are left out, so the
  /// parameter keeps its default.
  public var cells: [(column: String, value: String)]
  /// Every cell, empty ones included (for output names).
  public var allCells: [String: String]
  /// Where the row is in a CSV file (labels point there); `nil` for JSON.
  public var span: Span?
  /// Why the row cannot be used (a ragged CSV row, a JSON value that is not a scalar).
  public var problem: String?
}

/// The rows of `--data ROWS.csv|ROWS.json`.
public struct BatchData: Sendable {
  /// The file as read (diagnostics about rows point into it).
  public var file: SourceFile
  /// Column names: the CSV header, or every key of the JSON objects, sorted.
  public var columns: [String]
  public var rows: [BatchRow]

  /// Reads `path` (as the user typed it; `resolved` is where it is); `.json` is a JSON array
  /// of objects, anything else CSV with a header row.
  public static func load(_ path: String, resolved: String) -> Result<BatchData, BatchDataError> {
    let bytes: [UInt8]
    do {
      bytes = Array(try Data(contentsOf: URL(fileURLWithPath: resolved)))
    } catch {
      return .failure(
        BatchDataError(
          diagnostic: Diagnostic(
            .cannotReadFile, "cannot read data file `\(path)`", file: SourceFile(path: path, bytes: []),
            span: Span(start: 0, end: 0), notes: [(error as NSError).localizedDescription])))
    }
    let file = SourceFile(path: path, bytes: bytes)
    func failure(_ message: String, line: Int = 1) -> Result<BatchData, BatchDataError> {
      let starts = file.lines.starts
      let start = line >= 1 && line <= starts.count ? starts[line - 1] : 0
      return .failure(
        BatchDataError(
          diagnostic: Diagnostic(.cannotReadFile, message, file: file, span: Span(start: start, end: start))))
    }
    if (path as NSString).pathExtension.lowercased() == "json" {
      switch JSONRows.parse(bytes) {
      case .failure(let error): return failure("cannot read `\(path)`: \(error.message)")
      case .success(let objects):
        let columns = Set(objects.flatMap { Array($0.keys) }).sorted()
        let rows = objects.enumerated().map { index, object in
          var row = BatchRow(number: index + 1, cells: [], allCells: [:])
          for key in object.keys.sorted() {
            switch object[key]! {
            case .text(let value):
              row.allCells[key] = value
              if !value.isEmpty { row.cells.append((key, value)) }
            case .null:
              row.allCells[key] = ""
            case .nested(let kind):
              row.problem = "`\(key)` holds \(kind); a value must be a string, number, boolean or null"
            }
          }
          return row
        }
        return .success(BatchData(file: file, columns: columns, rows: rows))
      }
    }
    switch CSVParser.parse(bytes) {
    case .failure(let error):
      return failure("cannot read `\(path)`: \(error.message)", line: error.line)
    case .success(let records):
      guard let header = records.first else { return failure("`\(path)` has no header row") }
      var seen: Set<String> = []
      for name in header.fields {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return failure("`\(path)`: the header row has an empty column name", line: header.line) }
        if !seen.insert(trimmed).inserted {
          return failure("`\(path)`: the header row names `\(trimmed)` twice", line: header.line)
        }
      }
      let columns = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
      let rows = records.dropFirst().enumerated().map { index, record in
        var row = BatchRow(
          number: index + 1, cells: [], allCells: [:], span: Span(start: record.start, end: record.end))
        guard record.fields.count == columns.count else {
          row.problem =
            "line \(record.line) has \(record.fields.count) field\(record.fields.count == 1 ? "" : "s"), the header has \(columns.count)"
          return row
        }
        for (column, value) in zip(columns, record.fields) {
          row.allCells[column] = value
          if !value.isEmpty { row.cells.append((column, value)) }
        }
        return row
      }
      return .success(BatchData(file: file, columns: columns, rows: rows))
    }
  }
}

/// Why a data file cannot be used at all, as a diagnostic.
public struct BatchDataError: Error {
  public var diagnostic: Diagnostic
}

/// Why a JSON data file cannot be read.
struct JSONRowsError: Error {
  var message: String
}

/// The JSON form of a data file: an array of objects whose values are scalars.
enum JSONRows {
  /// One value of an object, as the batch sees it.
  enum Cell: Sendable, Hashable {
    /// A string as it is; a number in its shortest decimal form; `true`/`false`.
    case text(String)
    case null
    /// An array or an object (named), which a parameter cannot take.
    case nested(String)
  }

  /// The objects of `bytes`, or why they cannot be read.
  static func parse(_ bytes: [UInt8]) -> Result<[[String: Cell]], JSONRowsError> {
    let value: JSON
    do throws(JSONParseError) {
      value = try JSON.parse(bytes)
    } catch {
      return .failure(JSONRowsError(message: "not valid JSON (\(error.message))"))
    }
    guard let array = value.arrayValue else {
      return .failure(JSONRowsError(message: "the top level must be an array of objects"))
    }
    var rows: [[String: Cell]] = []
    for (index, element) in array.enumerated() {
      guard let object = element.objectValue else {
        return .failure(JSONRowsError(message: "element \(index + 1) of the array is not an object"))
      }
      rows.append(object.mapValues(cell))
    }
    return .success(rows)
  }

  /// The cell of one value.
  static func cell(_ value: JSON) -> Cell {
    switch value {
    case .null: return .null
    case .string(let string): return .text(string)
    case .array: return .nested("an array")
    case .object: return .nested("an object")
    case .bool(let b): return .text(b ? "true" : "false")
    case .integer(let i): return .text(String(i))
    case .double(let d): return .text(numberText(d))
    }
  }

  /// `3`, `0.5`, `-12.25`: integral values without a fraction, others in Swift's shortest
  /// form.
  static func numberText(_ double: Double) -> String {
    if double.rounded() == double, abs(double) < 1e15 { return String(Int64(double)) }
    return "\(double)"
  }
}
