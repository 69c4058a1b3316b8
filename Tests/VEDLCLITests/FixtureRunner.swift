import Foundation
import Testing
import VEDLDiagnostics
import VEDLSema
import VEDLSource
import VEDLTestSupport
import VEDLTime

@testable import VEDLCLI

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

/// Checks one fixture (annotated as `DiagnosticExpectation` reads); returns a list of
/// mismatches (empty when it passes).
func verifyFixture(_ url: URL) -> [String] {
  guard let data = FileManager.default.contents(atPath: url.path) else { return ["cannot read \(url.path)"] }
  let file = SourceFile(path: url.lastPathComponent, bytes: [UInt8](data))
  let io = CapturedOutput().io(currentDirectory: url.deletingLastPathComponent().path)
  let diagnostics = FrontEnd.check(file, io: io, media: FixtureMedia.provider).diagnostics
  return DiagnosticExpectation.verify(diagnostics, of: file, at: url)
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
    let e = DiagnosticExpectation.parse(
      "a // expected-error:3[E0101] {{x y}}\n// expected-warning@+2:14[W0401] {{snap}} fixit{{2s}} note{{grid}}\n")
    #expect(e.map(\.line) == [1, 4] && e.map(\.column) == [3, 14])
    #expect(e.map(\.severity) == [.error, .warning] && e.map(\.code) == ["E0101", "W0401"])
    #expect(e.map(\.message) == ["x y", "snap"])
    #expect(e[0].fixits.isEmpty && e[1].fixits == ["2s"] && e[1].notes == ["grid"])
  }

  /// What the fixture runner says of a one-fixture file whose main track holds `line`.
  static func problems(of line: String) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vedl-fixture-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("f.vedl")
    try "vedl 1\ncanvas 320x180\ntrack main {\n  \(line)\n}\n".write(to: url, atomically: true, encoding: .utf8)
    return verifyFixture(url)
  }

  /// A wrong column, a missing note or an unnamed fix-it fails the fixture.
  @Test func columnsNotesAndFixItsArePinned() throws {
    func problems(_ annotation: String) throws -> [String] { try Self.problems(of: "gap 2q // " + annotation) }
    let right = "expected-error:7-9[E0103] {{unknown unit}}"
    let base = try problems(right)
    #expect(base.allSatisfy { !$0.contains("column") && !$0.contains("note") }, "\(base)")
    #expect(try problems("expected-error:8-9[E0103] {{unknown unit}}").contains { $0.contains("column 7") })
    #expect(try problems("expected-error[E0103] {{unknown unit}}").contains { $0.contains("give its column") })
    #expect(try problems(right + " note{{no such note}}").contains { $0.contains("expected [\"no such note\"]") })
    #expect(try problems("expected-error:7-10[E0103] {{unknown unit}}").contains { $0.contains("span ends at `-9`") })
    #expect(
      try problems("expected-error:7[E0103] {{unknown unit}}").contains { $0.contains("give the end of its span") })
  }

  /// Every note is pinned, in order: a note left out fails the fixture as a wrong one does.
  @Test func everyNoteIsPinned() throws {
    func problems(_ annotation: String) throws -> [String] {
      try Self.problems(of: "clip color(red) // " + annotation)
    }
    let head = "expected-error:3-18[E0403] {{needs `duration:` or `until:`}}"
    #expect(try problems(head + " note{{no length of their own}}") == [])
    #expect(try problems(head).contains { $0.contains("note{{color sources have no length of their own}}") })
    #expect(try problems(head + " note{{no length}} note{{another}}").contains { $0.contains("notes") })
  }

  /// Spans that end on a later line are written `:C-@+N:E`.
  @Test func spansParse() {
    let e = DiagnosticExpectation.parse(
      "// expected-error:3-9[E0101] {{x}}\n// expected-error@+1:5-@+2:1[E0204] {{y}} note{{n}}\n")
    #expect(e.map(\.column) == [3, 5])
    #expect(e.map(\.end) == [.init(lines: 0, column: 9), .init(lines: 2, column: 1)])
    #expect(e.map(\.line) == [1, 3] && e[1].notes == ["n"])
  }
}
