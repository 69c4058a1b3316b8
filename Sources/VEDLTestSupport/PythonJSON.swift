import Foundation

/// Python's `json` module, when `python3` is installed: a JSON parser VEDL did not write, to
/// check that its JSON means to other programs what `JSONDecoder` reads in it.
public enum PythonJSON {
  /// The `python3` executable, or `nil` when there is none (the checks are then skipped).
  public static let python: String? = {
    let path = ChildProcess.locate("python3")
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }()

  /// What Python `program` prints to standard output when `text` is in the file named by
  /// `sys.argv[1]` (read it with `open(sys.argv[1], encoding='utf-8')`).
  public static func run(_ program: String, on text: String) throws -> String {
    guard let python else { throw ChildProcess.Failure(description: "no python3") }
    let path = NSTemporaryDirectory() + "vedl-python-json-\(UUID().uuidString).json"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    // Python's own output encoding follows the locale; UTF-8 keeps non-ASCII text comparable.
    let result = try ChildProcess.run(python, ["-c", program, path], environment: ["PYTHONIOENCODING": "utf-8"])
    guard result.succeeded else {
      throw ChildProcess.Failure(description: "python3 \(result.outcome): \(result.standardError)")
    }
    return String(decoding: result.standardOutput, as: UTF8.self)
  }
}
