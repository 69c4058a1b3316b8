import Foundation
import VEDLDiagnostics
import VEDLSource

/// Reads source files for commands, turning I/O failures into diagnostics.
enum SourceLoader {
  /// A loaded file, or the diagnostic saying why it could not be read.
  enum Loaded {
    case success(SourceFile)
    case failure(Diagnostic)
  }

  /// Loads `path` (resolved against the command's directory). A missing or unreadable file
  /// becomes an E0501 diagnostic located at the start of an empty file of that name.
  static func load(_ path: String, io: CommandIO) -> Loaded {
    let full = io.resolve(path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else {
      return .failure(readError(path, "no such file"))
    }
    if isDirectory.boolValue {
      return .failure(readError(path, "is a directory"))
    }
    guard let data = FileManager.default.contents(atPath: full) else {
      return .failure(readError(path, "permission denied or unreadable"))
    }
    return .success(SourceFile(path: path, bytes: [UInt8](data)))
  }

  private static func readError(_ path: String, _ reason: String) -> Diagnostic {
    Diagnostic(
      .cannotReadFile, "cannot read `\(path)`: \(reason)", file: SourceFile(path: path, bytes: []), span: .point(0))
  }
}
