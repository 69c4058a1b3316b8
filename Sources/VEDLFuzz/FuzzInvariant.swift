import Foundation
import VEDLSource

/// How the fuzz stages report a broken invariant: print what broke (and, briefly, the text
/// involved) to stderr, then trap so that libFuzzer records the input as a crash.
///
/// This is the one place in the project where wrong behaviour on an input ends the process —
/// on purpose: the fuzzer exists to find inputs on which the compiler is wrong.
enum FuzzInvariant {
  /// Traps with `message` (plus `details`, when given) unless `condition` holds.
  static func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    details: @autoclosure () -> String = ""
  ) {
    if condition() { return }
    fail(message(), details: details())
  }

  /// Prints the failure and traps.
  static func fail(_ message: String, details: String = "") -> Never {
    var report = "\n==VEDLFuzz== invariant violated: \(message)\n"
    if !details.isEmpty { report += details + (details.hasSuffix("\n") ? "" : "\n") }
    FileHandle.standardError.write(Data(report.utf8))
    fatalError("VEDLFuzz: \(message)")
  }

  /// Traps unless `span` is a well-formed span inside `file` (`0 ≤ start ≤ end ≤ size`).
  static func requireInside(_ span: Span, of file: SourceFile, _ what: @autoclosure () -> String) {
    let size = file.bytes.count
    require(
      span.start >= 0 && span.start <= span.end && span.end <= size,
      "\(what()) has span \(span) outside `\(file.path)` of \(size) bytes")
  }

  /// `text` cut to `limit` characters, for failure details that stay readable.
  static func excerpt(_ text: String, limit: Int = 2_000) -> String {
    text.count <= limit ? text : String(text.prefix(limit)) + "\n… (\(text.count - limit) more characters)"
  }
}
