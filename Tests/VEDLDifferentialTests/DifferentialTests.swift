import Foundation
import Testing
import VEDLDiagnostics
import VEDLSema
import VEDLSource
import VEDLTestSupport

/// Differential testing (docs/testing.md): random valid edits from `EditGenerator`, each
/// rendered by both backends and by the ejected `ffmpeg` command, must exit 0, have the
/// timeline's frame count, sound as long as the video (within one audio frame), agree
/// across backends at ≥ 35 dB and with the ejected command at ≥ 40 dB on every frame, and
/// stay within a memory bound. CI runs `ciSeeds` and every fixture kept in
/// `Tests/Fixtures/differential/`; `scripts/differential.sh N` runs a campaign
/// (`campaign()`, with `VEDL_DIFF_COUNT`).
@Suite struct DifferentialTests {
  /// The seeds CI renders: a fixed set, sized for a few minutes of a debug build.
  static let ciSeeds: [UInt64] = Array(1...10)

  @Test(arguments: ciSeeds)
  func generatedEdit(_ seed: UInt64) throws {
    let edit = EditGenerator.generate(seed: seed, options: .from(environment: DifferentialHarness.environment))
    let outcome = try DifferentialHarness.run(script: edit.script, media: edit.media)
    #expect(
      outcome.findings.isEmpty,
      """
      seed \(seed) (replay and minimise: scripts/differential.sh 1 \(seed)): \
      \(outcome.findings.map(\.description).joined(separator: "; "))
      \(edit.script)
      """)
  }

  /// A generated edit with waveforms (the first two checked seeds that make one, a tone's
  /// and a sound file's if they differ) passes like any other: both backends and the ejected
  /// command, which reads the envelope image `vedl graph` wrote.
  @Test func generatedWaveformEdits() throws {
    var seeds: [UInt64] = []
    for seed in Self.checkedSeeds where seeds.count < 2 {
      let script = EditGenerator.generate(seed: seed).script
      guard script.contains("waveform(audio: tone(") || script.contains("waveform(audio: a") else { continue }
      if let first = seeds.first,
        EditGenerator.generate(seed: first).script.contains("waveform(audio: tone(")
          == script.contains("waveform(audio: tone(")
      {
        continue
      }
      seeds.append(seed)
    }
    #expect(!seeds.isEmpty)
    for seed in seeds {
      let edit = EditGenerator.generate(seed: seed, options: .from(environment: DifferentialHarness.environment))
      let outcome = try DifferentialHarness.run(script: edit.script, media: edit.media)
      #expect(
        outcome.findings.isEmpty,
        "seed \(seed): \(outcome.findings.map(\.description).joined(separator: "; "))\n\(edit.script)")
    }
  }

  static let fixtureNames: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: DifferentialHarness.fixtures.path)) ?? [])
    .filter { $0.hasSuffix(".vedl") }.sorted()

  /// Every minimised failure kept in `Tests/Fixtures/differential/` (fixed since) passes.
  @Test(arguments: fixtureNames)
  func regressionFixture(_ name: String) throws {
    let text = try String(
      contentsOf: DifferentialHarness.fixtures.appendingPathComponent(name), encoding: .utf8)
    let fixture = DifferentialFixture(text: text)
    let outcome = try DifferentialHarness.run(script: fixture.script, media: fixture.media)
    #expect(outcome.findings.isEmpty, "\(name): \(outcome.findings.map(\.description))")
  }

  // MARK: The generator

  /// Seeds the generator is checked with (without rendering).
  static let checkedSeeds: ClosedRange<UInt64> = 1...400

  /// Checks a generated edit with the media facts the generator relied on (caption files,
  /// which the checker reads, are written to `folder`).
  static func check(_ edit: GeneratedEdit, in folder: String) throws -> [Diagnostic] {
    var table: [String: Result<MediaFacts, MediaFactsError>] = [:]
    for recipe in edit.media {
      if let facts = recipe.facts { table[folder + "/" + recipe.path] = .success(facts) }
      if case .text = recipe.content { try recipe.make(in: folder) }
    }
    let file = SourceFile(path: folder + "/edit.vedl", text: edit.script)
    let result = Checker.check(file, options: CheckOptions(media: FakeMediaFacts(table), baseDirectory: folder))
    return result.diagnostics.filter { $0.severity == .error }
  }

  /// Every generated edit checks without errors: an error is a bug of the generator.
  @Test func generatedEditsCheck() throws {
    let folder = NSTemporaryDirectory() + "vedl-diff-check-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for seed in Self.checkedSeeds {
      let edit = EditGenerator.generate(seed: seed)
      let errors = try Self.check(edit, in: folder)
      #expect(errors.isEmpty, "seed \(seed): \(errors.map { "\($0.code): \($0.message)" })\n\(edit.script)")
      if !errors.isEmpty { break }
    }
  }

  /// Across the checked seeds the generator uses every statement of the schema and every
  /// labelled argument of the timeline's statements: a statement added to the schema fails
  /// here until the generator makes it.
  @Test func generatorCoversTheSchema() {
    var used: Set<String> = []
    for seed in Self.checkedSeeds { used.formUnion(EditGenerator.generate(seed: seed).coverage) }
    let statements = Set(Schema.statements.map(\.name))
    #expect(
      statements.subtracting(used).isEmpty, "statements never generated: \(statements.subtracting(used).sorted())")
    let editorNames = Set(Schema.statements(in: .editor).map(\.name))
    var labels: Set<String> = []
    for schema in Schema.statements where !editorNames.contains(schema.name) && schema.block != .headerItems {
      for argument in schema.labelled { labels.insert("\(schema.name) \(argument.label!):") }
    }
    // `at:`, `duration:` and `until:` are recorded once for every item kind.
    let timing = ["at:", "duration:", "until:"]
    let missing = labels.filter { label in
      !used.contains(label)
        && !timing.contains(where: { label.hasSuffix(" " + $0) && used.contains(String($0.dropLast())) })
    }
    #expect(missing.isEmpty, "labelled arguments never generated: \(missing.sorted())")
    for transition in ["crossfade", "fade", "wipe", "slide", "gap"] { #expect(used.contains(transition)) }
    for direction in Enumerations.direction.cases {
      #expect(used.contains("wipe direction:\(direction)") && used.contains("slide direction:\(direction)"))
    }
    for source in ["video", "image", "audio", "color", "testpattern", "tone", "waveform"] {
      #expect(used.contains("source \(source)"), "source \(source)")
    }
  }

  @Test func theSameSeedGivesTheSameEdit() {
    for seed: UInt64 in [1, 99, 12345] {
      let a = EditGenerator.generate(seed: seed)
      let b = EditGenerator.generate(seed: seed)
      #expect(a.script == b.script && a.media == b.media)
    }
    #expect(EditGenerator.generate(seed: 1).script != EditGenerator.generate(seed: 2).script)
  }

  // MARK: The minimiser and fixtures

  /// The minimiser removes everything the property does not need: here the property is
  /// "checks and has a wipe", so what is left is the canvas (kept whole: it keeps the trial
  /// renders small), two clips and the wipe.
  @Test func minimiserKeepsOnlyWhatTheFailureNeeds() {
    let script = """
      vedl 1
      canvas 96x54 fps: 30 background: red
      let unused = 2s
      track main {
        clip testpattern() duration: 10f id: first {
          zoom 1.5
          adjust brightness: 0.1
        }
        wipe 5f direction: up
        clip color(blue) duration: 20f
        clip color(red) duration: 20f
      }
      track overlay {
        text "Hi" at: 0s duration: 5f
      }

      """
    func checks(_ text: String) -> Bool {
      let result = Checker.check(
        SourceFile(path: "/m/edit.vedl", text: text), options: CheckOptions(baseDirectory: "/m"))
      return result.timeline != nil && !result.diagnostics.contains { $0.severity == .error }
    }
    let (minimised, trials) = ScriptMinimiser.minimise(script) { checks($0) && $0.contains("wipe") }
    #expect(
      minimised == """
        vedl 1
        canvas 96x54 fps: 30 background: red
        track main {
          clip testpattern() duration: 10f
          wipe 5f
          clip color(red) duration: 20f
        }

        """)
    #expect(trials > 5)
  }

  @Test func fixtureTextRoundTrips() {
    let fixture = DifferentialFixture(
      seed: 42, failure: "frame count (native): 44 frames, the timeline has 45",
      media: [
        MediaRecipe(path: "media/v0.mp4", content: .ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=30"])),
        MediaRecipe(path: "media/c.srt", content: .text("1\n00:00:00,000 --> 00:00:01,000\nHi \"there\"\n")),
      ], script: "vedl 1\ncanvas 96x54\n")
    let read = DifferentialFixture(text: fixture.text)
    #expect(read.seed == 42)
    #expect(read.failure == fixture.failure)
    #expect(read.media == fixture.media)
    #expect(read.script == fixture.script)
  }

  /// A child that crashes is reported as its signal, and its peak memory is measured.
  @Test func childProcessReportsSignalsAndMemory() throws {
    let crashed = try ChildProcess.run("/bin/sh", ["-c", "kill -SEGV $$"])
    #expect(!crashed.exitedNormally && crashed.status == 11 && crashed.outcome == "signal 11")
    let exited = try ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
    #expect(exited.outcome == "exit 3")
    #expect(String(decoding: exited.standardOutput, as: UTF8.self) == "out\n")
    #expect(exited.standardError == "err\n")
    #expect(exited.peakMemory > 0)
  }

  // MARK: A campaign

  /// `VEDL_DIFF_COUNT=N [VEDL_DIFF_SEED=FIRST]`: renders N edits from seed FIRST (default
  /// 1000), minimises each failure (unless `VEDL_DIFF_MINIMISE=0`), prints it, keeps it in
  /// `Tests/Fixtures/differential/pending/` with `VEDL_DIFF_KEEP=1`, and ends with one line:
  /// `differential: N edits, P passed, F failed (seeds …)`.
  @Test(.enabled(if: DifferentialHarness.environment["VEDL_DIFF_COUNT"] != nil))
  func campaign() throws {
    let environment = DifferentialHarness.environment
    let count = UInt64(environment["VEDL_DIFF_COUNT"] ?? "") ?? 0
    let first = UInt64(environment["VEDL_DIFF_SEED"] ?? "") ?? 1000
    let options = EditGeneratorOptions.from(environment: environment)
    var failed: [(seed: UInt64, findings: [DifferentialFinding])] = []
    for seed in first..<(first + count) {
      let edit = EditGenerator.generate(seed: seed, options: options)
      let outcome = try DifferentialHarness.run(script: edit.script, media: edit.media)
      guard let finding = outcome.findings.first else {
        print("differential: seed \(seed): passed (\(outcome.frames) frames)")
        continue
      }
      failed.append((seed, outcome.findings))
      print("differential: seed \(seed): FAILED: \(outcome.findings.map(\.description).joined(separator: "; "))")
      var script = edit.script
      if environment["VEDL_DIFF_MINIMISE"] != "0", finding.kind != .doesNotCheck {
        script = DifferentialHarness.minimise(script: edit.script, media: edit.media, finding: finding)
      }
      print("differential: seed \(seed): minimised script:\n\(script)")
      if environment["VEDL_DIFF_KEEP"] == "1" {
        let fixture = DifferentialFixture(
          seed: seed, failure: outcome.findings.map(\.description).joined(separator: "\n"),
          media: DifferentialFixture.media(edit.media, usedBy: script), script: script)
        let path = try DifferentialHarness.keep(fixture, name: "seed-\(seed)")
        print("differential: seed \(seed): kept as \(path)")
      }
    }
    let summary =
      "differential: \(count) edits, \(Int(count) - failed.count) passed, \(failed.count) failed"
      + (failed.isEmpty ? "" : " (seeds \(failed.map { String($0.seed) }.joined(separator: ", ")))")
    print(summary)
    #expect(failed.isEmpty, "\(summary)")
  }
}
