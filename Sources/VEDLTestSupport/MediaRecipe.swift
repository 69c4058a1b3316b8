import Foundation
import VEDLSema
import VEDLTime

/// One file a generated edit reads, and how to make it: an `ffmpeg` command (FFmpeg's own
/// sources, so nothing binary is kept) or a text file (captions).
public struct MediaRecipe: Sendable, Hashable {
  /// What the file holds.
  public enum Content: Sendable, Hashable {
    /// `ffmpeg -y -v error ARGUMENTS… PATH`; no argument contains white space, so a recipe
    /// can be written on one line of a fixture.
    case ffmpeg([String])
    /// The file's text, written as it is.
    case text(String)
  }

  /// The path the script names, relative to the script's folder (`media/v0.mp4`).
  public var path: String
  /// How the file is made.
  public var content: Content
  /// What probing the file should find, as far as the generator relied on it (lengths,
  /// sizes, streams): lets a test check generated scripts without making their media.
  public var facts: MediaFacts?

  /// A recipe; every property is documented above.
  public init(path: String, content: Content, facts: MediaFacts? = nil) {
    self.path = path
    self.content = content
    self.facts = facts
  }

  /// Makes the file under `folder` (its own folders included).
  public func make(in folder: String) throws {
    let target = (folder as NSString).appendingPathComponent(path)
    try FileManager.default.createDirectory(
      atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    switch content {
    case .text(let text):
      try Data(text.utf8).write(to: URL(fileURLWithPath: target))
    case .ffmpeg(let arguments):
      let run = try ChildProcess.run(
        ChildProcess.ffmpeg, ["-nostdin", "-y", "-v", "error"] + arguments + [target])
      guard run.exitedNormally, run.status == 0 else {
        throw ChildProcess.Failure(description: "making \(path) failed (\(run.outcome)): \(run.standardError)")
      }
    }
  }

  /// The recipe as one comment line of a fixture: `// media PATH: ffmpeg ARG ARG…` or
  /// `// media PATH: text "JSON STRING"`.
  public var fixtureLine: String {
    switch content {
    case .ffmpeg(let arguments): "// media \(path): ffmpeg " + arguments.joined(separator: " ")
    case .text(let text): "// media \(path): text " + Self.jsonString(text)
    }
  }

  /// Reads a line written by ``fixtureLine``; `nil` for any other line.
  public init?(fixtureLine line: String) {
    guard line.hasPrefix("// media "), let colon = line.range(of: ": ") else { return nil }
    let path = String(line[line.index(line.startIndex, offsetBy: 9)..<colon.lowerBound])
    let rest = line[colon.upperBound...]
    if rest.hasPrefix("ffmpeg ") {
      self.init(path: path, content: .ffmpeg(rest.dropFirst(7).split(separator: " ").map(String.init)))
    } else if rest.hasPrefix("text "),
      let value = try? JSONSerialization.jsonObject(with: Data(rest.dropFirst(5).utf8), options: .fragmentsAllowed),
      let text = value as? String
    {
      self.init(path: path, content: .text(text))
    } else {
      return nil
    }
  }

  static func jsonString(_ text: String) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
