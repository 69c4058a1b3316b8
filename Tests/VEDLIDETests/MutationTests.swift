import Foundation
import Testing
import VEDLLowering
import VEDLMutation
import VEDLSema
import VEDLSource
import VEDLSyntax
import VEDLTestSupport
import VEDLTime

@testable import VEDLIDE

/// Structure-aware mutations of every sample and parseable fixture (a statement cut to its
/// name, a value of another type, a dropped argument, a moved or duplicated line) through the
/// checker, the IR JSON, the lowering and every editor feature: each answers with diagnostics
/// inside the file, never a crash. Seeded: the same cases run everywhere. Set
/// `VEDL_MUTATION_TRACE=1` to print each case before it runs (to find one that crashes), and
/// `VEDL_MUTATION_PER_KIND=1000` to try (nearly) every site.
@Suite struct MutationTests {
  /// Mutations tried per file and kind (all sites when a kind has fewer);
  /// `VEDL_MUTATION_PER_KIND=N` tries more locally.
  static let perKind = ProcessInfo.processInfo.environment["VEDL_MUTATION_PER_KIND"].flatMap { Int($0) } ?? 14
  static let seed: UInt64 = 0x00ED_1715

  static let root: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    fatalError("Package.swift not found above \(#filePath)")
  }()

  /// The samples and every fixture that parses without errors.
  static let inputs: [(name: String, bytes: [UInt8])] = {
    var result: [(String, [UInt8])] = []
    for folder in ["Samples", "Tests/Fixtures"] {
      let base = root.appendingPathComponent(folder)
      guard let e = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
      let urls = e.compactMap { $0 as? URL }.filter { $0.pathExtension == "vedl" }.sorted { $0.path < $1.path }
      for url in urls {
        guard let data = FileManager.default.contents(atPath: url.path) else { continue }
        let bytes = [UInt8](data)
        guard !Parser.parse(SourceFile(path: url.lastPathComponent, bytes: bytes)).hasErrors else { continue }
        result.append((url.path.replacingOccurrences(of: root.path + "/", with: ""), bytes))
      }
    }
    return result
  }()

  /// Media for the samples' paths (by file name) and 20 s of video for any other path.
  static let media = FakeMediaFacts(
    [
      "a.mp4": .success(
        MediaFacts(
          duration: Rational(12), hasVideo: true, hasAudio: true, width: 320, height: 180, frameRate: Rational(30),
          frameCount: 360, timeBase: Rational(1, 15360))),
      "logo.png": .success(
        MediaFacts(duration: nil, hasVideo: true, hasAudio: false, isStillImage: true, width: 200, height: 100)),
      "music.wav": .success(MediaFacts(duration: Rational(30), hasVideo: false, hasAudio: true)),
      "missing.mp4": .failure(MediaFactsError(.missing, "no such file")),
    ],
    fallback: MediaFacts(
      duration: Rational(20), hasVideo: true, hasAudio: true, width: 1920, height: 1080, frameRate: Rational(30),
      frameCount: 600, timeBase: Rational(1, 15360)))

  static let baseDirectory = "/tmp/vedl-mutations"

  @Test func theInputsAreTheSamplesAndFixtures() {
    let names = Self.inputs.map(\.name)
    #expect(names.contains("Samples/demo.vedl"))
    #expect(names.contains { $0.hasPrefix("Tests/Fixtures/graph/") })
    #expect(names.count >= 20)
  }

  @Test func mutantsNeverCrashTheFrontEndOrTheEditorFeatures() {
    let trace = ProcessInfo.processInfo.environment["VEDL_MUTATION_TRACE"] == "1"
    var random = SplitMix64(seed: Self.seed)
    var cases = 0
    var kinds: [ScriptMutation.Kind: Int] = [:]
    var checkedCleanly = 0
    for input in Self.inputs {
      let mutator = ScriptMutator(Parser.parse(SourceFile(path: input.name, bytes: input.bytes)))
      for kind in ScriptMutation.Kind.allCases {
        let sites = mutator.siteCount(kind)
        let chosen =
          sites <= Self.perKind
          ? Array(0..<sites) : (0..<Self.perKind).map { _ in Int.random(in: 0..<sites, using: &random) }
        for site in chosen {
          let mutation = mutator.mutation(kind, at: site, using: &random)
          if trace { print("mutation case \(cases): \(input.name): \(mutation)") }
          if exercise(mutation.applied(to: input.bytes), around: mutation.span, "\(input.name): \(mutation)") {
            checkedCleanly += 1
          }
          cases += 1
          kinds[kind, default: 0] += 1
        }
      }
    }
    #expect(cases >= 1500)
    #expect(kinds.count == ScriptMutation.Kind.allCases.count)
    // Most mutants are wrong, but not all (a duplicated `fade` or a moved comment is fine).
    #expect(checkedCleanly > 0)
  }

  @Test func stackedMutantsNeverCrashEither() {
    var random = SplitMix64(seed: Self.seed &+ 1)
    for round in 0..<1000 {
      let input = Self.inputs[round % Self.inputs.count]
      var bytes = input.bytes
      var last = Span.point(0)
      var applied: [String] = []
      // Two to four mutations, each on the result of the one before.
      for _ in 0..<Int.random(in: 2...4, using: &random) {
        let mutator = ScriptMutator(Parser.parse(SourceFile(path: input.name, bytes: bytes)))
        guard let mutation = mutator.randomMutation(using: &random) else { break }
        bytes = mutation.applied(to: bytes)
        last = mutation.span
        applied.append(mutation.description)
      }
      let what = "\(input.name): " + applied.joined(separator: ", then ")
      if ProcessInfo.processInfo.environment["VEDL_MUTATION_TRACE"] == "1" { print("stacked case \(round): \(what)") }
      _ = exercise(bytes, around: last, what)
    }
  }

  /// Runs the whole front end and every editor feature on `bytes`; `true` when it checks
  /// without errors. `near` is where the mutation is: every offset around it is queried.
  func exercise(_ bytes: [UInt8], around near: Span, _ what: String) -> Bool {
    let file = SourceFile(path: Self.baseDirectory + "/mutant.vedl", bytes: bytes)
    let parse = Parser.parse(file)
    let check = Checker.check(
      parse, options: CheckOptions(media: Self.media, baseDirectory: Self.baseDirectory))
    for diagnostic in check.diagnostics where diagnostic.file.path == file.path {
      let inside = { (span: Span) in 0 <= span.start && span.start <= span.end && span.end <= bytes.count }
      #expect(inside(diagnostic.span), "\(diagnostic.code.id) \(diagnostic.message) at \(diagnostic.span) — \(what)")
      for label in diagnostic.labels where label.file == nil || label.file?.path == file.path {
        #expect(inside(label.span), "label of \(diagnostic.code.id) at \(label.span) — \(what)")
      }
      for fixIt in diagnostic.fixIts {
        #expect(inside(fixIt.span), "fix-it of \(diagnostic.code.id) at \(fixIt.span) — \(what)")
      }
    }
    if let timeline = check.timeline {
      let document = timeline.document
      let back = try? JSONDecoder().decode(TimelineDocument.self, from: Data(timeline.jsonText.utf8))
      #expect(back == document, "IR JSON — \(what)")
      for export in [nil] + timeline.exports.map(Optional.some) {
        _ = Lowering.lower(timeline, export: export)
      }
    }
    let analysis = DocumentAnalysis(
      syntax: SyntaxAnalysis(parse: parse), check: check,
      options: AnalysisOptions(baseDirectory: Self.baseDirectory), pendingMediaPaths: [])
    let whole = Span(start: 0, end: bytes.count)
    _ = DocumentSymbolProvider.symbols(in: analysis)
    _ = FoldingRangeProvider.ranges(in: parse)
    _ = SemanticTokenProvider.tokens(in: analysis.syntax)
    _ = InlayHintProvider.hints(in: whole, of: analysis)
    _ = CodeActionProvider.actions(in: whole, of: analysis)
    _ = FormattingProvider.edits(for: parse)
    // Every offset around the change, and a sample of the rest (each query costs about a
    // millisecond in a debug build).
    var offsets = Set(stride(from: 0, through: bytes.count, by: 293))
    for offset in max(0, near.start - 8)...min(bytes.count, near.start + min(near.length, 24) + 8) {
      offsets.insert(offset)
    }
    for offset in offsets.sorted() {
      _ = HoverProvider.hover(at: offset, in: analysis)
      _ = CompletionProvider.complete(at: offset, in: analysis.syntax, baseDirectory: nil)
      _ = NameNavigation.references(at: offset, in: analysis.syntax, includeDeclaration: true)
      _ = NameNavigation.rename(at: offset, to: "renamed", in: analysis.syntax)
    }
    return !check.hasErrors
  }
}
