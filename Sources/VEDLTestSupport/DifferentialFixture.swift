import Foundation

/// A minimised failing edit kept as a regression case: the script with, in comment lines
/// above it, what failed and how to make each media file (``MediaRecipe/fixtureLine``). The
/// file is itself a valid script, so `vedl check` reads it as it is.
public struct DifferentialFixture: Sendable {
  /// The seed that found it.
  public var seed: UInt64?
  /// What failed when it was kept.
  public var failure: String
  /// The media the script reads.
  public var media: [MediaRecipe]
  /// The script, without the header.
  public var script: String

  /// A fixture; every property is documented above.
  public init(seed: UInt64?, failure: String, media: [MediaRecipe], script: String) {
    self.seed = seed
    self.failure = failure
    self.media = media
    self.script = script
  }

  /// The fixture file's text.
  public var text: String {
    var lines = ["// differential fixture (docs/testing.md)" + (seed.map { ", seed \($0)" } ?? "")]
    for line in failure.split(separator: "\n") { lines.append("// failed: \(line)") }
    lines += media.map(\.fixtureLine)
    return lines.joined(separator: "\n") + "\n" + script
  }

  /// Reads a fixture file's text.
  public init(text: String) {
    var header: [Substring] = []
    var rest = Substring(text)
    while rest.hasPrefix("// ") {
      let end = rest.firstIndex(of: "\n") ?? rest.endIndex
      header.append(rest[..<end])
      rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
    }
    seed = nil
    if let first = header.first, let range = first.range(of: ", seed ") {
      seed = UInt64(first[range.upperBound...])
    }
    failure = header.filter { $0.hasPrefix("// failed: ") }.map { String($0.dropFirst(11)) }.joined(separator: "\n")
    media = header.compactMap { MediaRecipe(fixtureLine: String($0)) }
    script = String(rest)
  }

  /// Only the recipes of files `script` names.
  public static func media(_ recipes: [MediaRecipe], usedBy script: String) -> [MediaRecipe] {
    recipes.filter { script.contains("\"\($0.path)\"") }
  }
}
