import Foundation

/// `--name PATTERN`: how a batch names each row's output. `{row}` is the row number (1-based,
/// zero-padded to at least three digits, or to the width of the last row's number),
/// `{COLUMN}` the row's value in that column; everything else is literal. The result is
/// made safe for file names by ``safeName(_:)`` and gets the extension of the script's
/// export (`.mp4` when it has none). docs/batch.md documents it.
public struct BatchNamePattern: Sendable, Hashable {
  /// A piece of the pattern.
  enum Part: Sendable, Hashable {
    case literal(String)
    case row
    case column(String)
  }

  var parts: [Part]

  /// The longest name (without the extension) a pattern may produce.
  static let maximumLength = 80

  /// The pattern used without `--name`: `{row}-{title}` when the data has a `title`
  /// column, otherwise `{row}`.
  public static func standard(columns: [String]) -> String {
    columns.contains("title") ? "{row}-{title}" : "{row}"
  }

  /// Parses `text`; every `{NAME}` must be `row` or one of `columns`.
  public init(_ text: String, columns: [String]) throws(BatchNamePatternError) {
    var parts: [Part] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
      guard rest[open] == "{" else { throw BatchNamePatternError("`--name \(text)`: a `}` without `{`") }
      if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
      guard let close = rest[open...].firstIndex(of: "}") else {
        throw BatchNamePatternError("`--name \(text)`: a `{` without `}`")
      }
      let name = String(rest[rest.index(after: open)..<close])
      if name == "row" {
        parts.append(.row)
      } else if columns.contains(name) {
        parts.append(.column(name))
      } else {
        let known = (["row"] + columns).map { "`{\($0)}`" }.joined(separator: ", ")
        throw BatchNamePatternError(
          "`--name \(text)`: `{\(name)}` is neither `{row}` nor a column of the data (use \(known))")
      }
      rest = rest[rest.index(after: close)...]
    }
    if !rest.isEmpty { parts.append(.literal(String(rest))) }
    guard !parts.isEmpty else { throw BatchNamePatternError("`--name` must not be empty") }
    self.parts = parts
  }

  /// The file name (without extension) of `row`, out of `rowCount` rows; empty when
  /// nothing safe is left.
  func name(for row: BatchRow, rowCount: Int) -> String {
    let width = max(3, String(rowCount).count)
    let text = parts.map { part -> String in
      switch part {
      case .literal(let s): s
      case .row: String(repeating: "0", count: max(0, width - String(row.number).count)) + String(row.number)
      case .column(let name): row.allCells[name] ?? ""
      }
    }.joined()
    return Self.safeName(text)
  }

  /// Lowercase ASCII letters and digits; accents are dropped (`é` → `e`), every run of other
  /// characters becomes one `-`, `-` is trimmed from both ends, and the name is cut to
  /// ``maximumLength`` characters.
  static func safeName(_ text: String) -> String {
    let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    var result = ""
    var pendingDash = false
    for scalar in folded.unicodeScalars {
      let isSafe = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
      if isSafe {
        if pendingDash, !result.isEmpty { result.append("-") }
        pendingDash = false
        result.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    if result.count > maximumLength {
      result = String(result.prefix(maximumLength))
      while result.hasSuffix("-") { result.removeLast() }
    }
    return result
  }
}

/// Why `--name` cannot be used: a usage error, in one line.
public struct BatchNamePatternError: Error, Sendable, Hashable {
  public var message: String

  init(_ message: String) { self.message = message }
}
