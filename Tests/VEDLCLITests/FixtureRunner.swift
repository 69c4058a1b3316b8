import Foundation
import Testing
import VEDLDiagnostics
import VEDLSema
import VEDLSource
import VEDLTime

@testable import VEDLCLI

/// Runs annotated fixtures: `.vedl` files under `Tests/Fixtures/diagnostics/` that carry their
/// expected diagnostics inline, in the style of Swift's `-verify` mode:
///
/// ```
/// gap 12q  // expected-error[E0103] {{unknown unit `q`}}
/// // expected-warning@+1[W0401] {{off the frame grid}}
/// ```
///
/// `expected-SEVERITY` (error, warning, note), an optional line offset `@+N` / `@-N`
/// (default: the comment's own line), the code in brackets, and a substring of the message
/// in `{{…}}`. Every diagnostic must be expected and every expectation met.
struct Expectation: Hashable, CustomStringConvertible {
  var line: Int
  var severity: Severity
  var code: String
  var message: String

  var description: String { "line \(line): expected-\(severity.rawValue)[\(code)] {{\(message)}}" }

  /// Parses every annotation in `text`.
  static func parse(_ text: String) -> [Expectation] {
    var result: [Expectation] = []
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let pattern = /expected-(error|warning|note)(@([+-]\d+))?\[([EW]\d{4})\]\s*\{\{(.*?)\}\}/
    for (index, line) in lines.enumerated() {
      for match in String(line).matches(of: pattern) {
        let offset = match.output.3.flatMap { Int($0) } ?? 0
        result.append(
          Expectation(
            line: index + 1 + offset, severity: Severity(rawValue: String(match.output.1))!,
            code: String(match.output.4), message: String(match.output.5)))
      }
    }
    return result
  }
}

/// The media facts fixtures see: any path is a 10 s 1920x1080 30 fps video with sound,
/// except for these names.
enum FixtureMedia {
  static let provider = FakeMediaFacts(
    [
      "music.wav": .success(MediaFacts(duration: Rational(60), hasVideo: false, hasAudio: true)),
      "logo.png": .success(
        MediaFacts(
          duration: nil, hasVideo: true, hasAudio: false, isStillImage: true, width: 200, height: 100, frameCount: 1)),
      "short.mp4": .success(
        MediaFacts(
          duration: Rational(5), hasVideo: true, hasAudio: false, width: 1280, height: 720, frameRate: Rational(30),
          frameCount: 150)),
      "missing.mp4": .failure(MediaFactsError(.missing, "no such file")),
      "broken.mp4": .failure(MediaFactsError(.unreadable, "Invalid data found when processing input")),
      "cut.mp4": .failure(MediaFactsError(.truncated, "moov atom not found")),
      "missing.ttf": .failure(MediaFactsError(.missing, "no such file")),
      "emoji.ttf": .failure(
        MediaFactsError(.unreadable, "it is a bitmap font with fixed sizes only, which text cannot scale")),
    ],
    fallback: MediaFacts(
      duration: Rational(10), hasVideo: true, hasAudio: true, width: 1920, height: 1080, frameRate: Rational(30),
      frameCount: 300))
}

/// Locates the repository (the folder holding Package.swift) from this file's path.
enum Repository {
  static let root: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    fatalError("Package.swift not found above \(#filePath)")
  }()

  /// Every file with `extension` under `folder` (relative to the root), sorted.
  static func files(in folder: String, extension ext: String) -> [URL] {
    let base = root.appendingPathComponent(folder)
    guard let e = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
    return e.compactMap { $0 as? URL }.filter { $0.pathExtension == ext }.sorted { $0.path < $1.path }
  }
}

/// Checks one fixture; returns a list of mismatches (empty when it passes).
func verifyFixture(_ url: URL) -> [String] {
  guard let data = FileManager.default.contents(atPath: url.path) else { return ["cannot read \(url.path)"] }
  let file = SourceFile(path: url.lastPathComponent, bytes: [UInt8](data))
  let io = CapturedOutput().io(currentDirectory: url.deletingLastPathComponent().path)
  let diagnostics = FrontEnd.check(file, io: io, media: FixtureMedia.provider).diagnostics
  var expected = Expectation.parse(String(decoding: data, as: UTF8.self))
  var problems: [String] = []
  for d in diagnostics {
    let line = d.file === file ? file.lines.location(of: d.span.start).line : -1
    if let i = expected.firstIndex(where: {
      $0.line == line && $0.severity == d.severity && $0.code == d.code.id && d.message.contains($0.message)
    }) {
      expected.remove(at: i)
    } else {
      problems.append("unexpected \(d.severity.rawValue)[\(d.code.id)] at line \(line): \(d.message)")
    }
  }
  for e in expected { problems.append("missing \(e)") }
  return problems
}

@Suite struct DiagnosticFixtureTests {
  static let fixtures = Repository.files(in: "Tests/Fixtures/diagnostics", extension: "vedl")

  @Test func fixturesExist() {
    #expect(Self.fixtures.count >= 5)
  }

  @Test(arguments: fixtures)
  func fixture(_ url: URL) {
    let problems = verifyFixture(url)
    #expect(problems.isEmpty, "\(url.lastPathComponent):\n\(problems.joined(separator: "\n"))")
  }

  @Test func annotationParsing() {
    let e = Expectation.parse("a // expected-error[E0101] {{x y}}\n// expected-warning@+2[W0401] {{snap}}\n")
    #expect(
      e == [
        Expectation(line: 1, severity: .error, code: "E0101", message: "x y"),
        Expectation(line: 4, severity: .warning, code: "W0401", message: "snap"),
      ])
  }
}
