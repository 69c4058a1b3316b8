import Foundation
import Testing
import VEDLSource

@testable import VEDLSyntax

/// The formatter's invariants (same tree, same tokens, same comments, idempotent, clean
/// layout — see `FormatterChecks`) over hand-written edge cases, every `.vedl` file in the
/// repository, and random programs.
@Suite struct FormatterInvariantTests {
  /// Inputs chosen to stress one rule each.
  static let edgeCases: [String] = [
    "",
    "\n",
    "// c",
    "/* c */",
    "a",
    "a /* c */",
    "/* a */ /* b */ x /* c */ /* d */",
    "a; /* b */ /* c */ ; d",
    "a; /* b */ /* c */ d",
    "/* a */; b",
    "/* a */\n\n; b",
    "x {\n/* a */; b\n}",
    "x { /* a */ }",
    "x { // a\n}",
    "x {\n  a\n  /* b */ }",
    "x { a } /* c */ ; y",
    "x { a }; y { b }; z",
    "a\n\n/* c */\n\nb",
    "a // c\n\nb",
    "x {\n  // c\n\n  a\n}",
    "x { // c\n\n  a\n}",
    "let a = f(a /* c */\n, b)",
    "let a = f(a\n/* c */, b)",
    "let a = f(a, /* c */\n b)",
    "let a = f(\n  a\n  // c\n)",
    "let a = f(\n  a\n  /* c */)",
    "let a = f(a,\n\n\n b)",
    "let a = f(\n)",
    "let a = f( // c\n)",
    "let a = f(g(h(\n1)))",
    "let a = (\n(\n1\n)\n)",
    "let a = f(x: /* c */ 1, y /* d */: 2)",
    "let a = f(x /* c */ , y)",
    "clip a - 1 -2",
    "clip -1 (-2) - (-3)",
    "clip a . b . c",
    "clip a /* x\n y */ b /* z\n */\nc",
    "/* x\n y */ clip a",
    "track main {\n  clip a {\n    crop 9:16 { x { y { z } } }\n  }\n}",
    "a {b{c{d{e}}}}",
    "a {b{c{d{e}}};f{g}}",
    "text \"\\(title) — \\(n + 1)\" at: opening.end - 1s",
    "text \"\\(f(\"a)\"))\"",
    "text \"\\(a /* inner */ + 1)\"",
    "vedl 1 ; param a: String ; let b = a",
    "param a : Color = #FF6600 // accent",
    "a\r\n\r\n\r\nb\r\n",
    "a\rb",
    "\t\ta {\n\t\t\tb\n\t\t}",
    "a { b }     ",
    "a { b; c } // t\nd",
    "foo let: 1 true: 2 x: false",
    "foo x.let",
    "foo 1080x1920 .width",
    "foo 1x2 .. 3x4",
    "foo 1x2 /* c */ .. 3x4",
    "foo a..b",
    "foo \"a\" \"b\"(c)",
    "foo (a)(b)",
    "foo f(a)(b)",
    "a;;;;b;;;;",
    String(repeating: "a { b }\n", count: 3),
    "header { " + String(repeating: "item; ", count: 30) + "}",
    "x {\n" + String(repeating: "  a { " + String(repeating: "b; ", count: 20) + "}\n", count: 2) + "}",
  ]

  @Test(arguments: edgeCases)
  func edgeCase(_ source: String) {
    switch FormatterChecks.check(source) {
    case .skipped:
      Issue.record("edge case has syntax errors: \(source.debugDescription)")
    case .checked(let formatted, let problems):
      #expect(problems.isEmpty, "\(source.debugDescription) → \(formatted.debugDescription): \(problems)")
    }
  }

  // MARK: Files in the repository

  static let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    return URL(fileURLWithPath: ".")
  }()

  /// Every `.vedl` file under Samples/ and Tests/Fixtures/ (files with syntax errors are
  /// checked to be refused, and otherwise skipped).
  static func vedlFiles() -> [URL] {
    var files: [URL] = []
    for folder in ["Samples", "Tests/Fixtures"] {
      let base = repositoryRoot.appendingPathComponent(folder).resolvingSymlinksInPath()
      guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walker where url.pathExtension == "vedl" { files.append(url) }
    }
    return files.sorted { $0.path < $1.path }
  }

  @Test func repositoryFiles() throws {
    var formattedFiles = 0
    for url in Self.vedlFiles() {
      let bytes = [UInt8](try Data(contentsOf: url))
      if case .checked(let formatted, let problems) = FormatterChecks.check(bytes: bytes) {
        #expect(problems.isEmpty, "\(url.path) → \(formatted.debugDescription): \(problems)")
        formattedFiles += 1
      }
    }
    #expect(formattedFiles > 0, "no valid .vedl file found under Samples/ or Tests/Fixtures/")
  }

  // MARK: Random programs

  /// The first seed: `VEDL_SEED` when set (to replay a failure), else a fixed one so that runs
  /// are reproducible. Each program's seed is printed with any failure.
  static var firstSeed: UInt64 {
    if let text = ProcessInfo.processInfo.environment["VEDL_SEED"], let seed = UInt64(text) { return seed }
    return 0x5EED_F0A7
  }

  @Test func randomPrograms() {
    let first = Self.firstSeed
    // VEDL_SEED alone replays one program; VEDL_RANDOM_COUNT runs more (a longer soak).
    let environment = ProcessInfo.processInfo.environment
    let count = environment["VEDL_RANDOM_COUNT"].flatMap { UInt64($0) } ?? (environment["VEDL_SEED"] == nil ? 400 : 1)
    var failures = 0
    for seed in first..<(first + count) {
      var generator = FormatterProgramGenerator(seed: seed)
      let source = generator.program()
      switch FormatterChecks.check(source) {
      case .skipped:
        let result = Parser.parse(SourceFile(path: "random.vedl", text: source))
        let messages = result.diagnostics.map { "\(result.file.lines.location(of: $0.span.start)): \($0.message)" }
        Issue.record("generator made an invalid program (VEDL_SEED=\(seed)): \(messages)\n\(source)")
        failures += 1
      case .checked(let formatted, let problems):
        if !problems.isEmpty {
          Issue.record("VEDL_SEED=\(seed): \(problems)\n--- input\n\(source)\n--- formatted\n\(formatted)")
          failures += 1
        }
      }
      if failures >= 3 { break }
    }
  }

  /// The random programs really exercise the layout rules (a generator that only produced
  /// trivial files would make `randomPrograms` pass vacuously).
  @Test func randomProgramsCoverTheInterestingShapes() {
    var oneLineBlocks = 0
    var expandedGroups = 0
    var lineComments = 0
    var multiLineComments = 0
    var crlf = 0
    for seed in UInt64(0)..<200 {
      var generator = FormatterProgramGenerator(seed: seed)
      let source = generator.program()
      guard case .checked(let formatted, _) = FormatterChecks.check(source) else { continue }
      if formatted.contains("; ") && formatted.contains(" }") { oneLineBlocks += 1 }
      if formatted.contains("(\n") { expandedGroups += 1 }
      if formatted.contains("//") { lineComments += 1 }
      if formatted.contains("/* multi") { multiLineComments += 1 }
      if source.contains("\r\n") { crlf += 1 }
    }
    #expect(oneLineBlocks > 10)
    #expect(expandedGroups > 10)
    #expect(lineComments > 50)
    #expect(multiLineComments > 10)
    #expect(crlf > 10)
  }

  // MARK: Performance

  /// Linear time: a 100 000-line file formats in well under a second in a release build; the
  /// debug build used by `swift test` gets a generous bound.
  @Test func largeFileFormatsQuickly() {
    var source = "vedl 1\n"
    let unit = """
      track main { // the main track
        clip video("media/a.mp4") trim: 2s..6s id: opening { crop 9:16; fade in: 250ms }
        /* a transition */
        crossfade 1s
        clip f(
          a,
          b: -12dB
        ) at: opening.end + 1s
      }

      """
    let repeats = 100_000 / 10
    source.reserveCapacity(unit.utf8.count * repeats)
    for _ in 0..<repeats { source += unit }
    let result = Parser.parse(SourceFile(path: "big.vedl", text: source))
    #expect(!result.hasErrors)
    let clock = ContinuousClock()
    var formatted: String? = nil
    let elapsed = clock.measure { formatted = SourceFormatter.format(result) }
    #expect(formatted?.utf8.count ?? 0 > source.utf8.count / 2)
    #expect(elapsed < .seconds(10), "formatting 100k lines took \(elapsed)")
  }
}
