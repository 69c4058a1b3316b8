import Foundation
import Testing
import VEDLSema
import VEDLSource
import VEDLTestSupport
import VEDLTime

@testable import VEDLLowering

/// The fixtures `Tests/Fixtures/graph/NAME.vedl`: their graphs are compared with the golden
/// `NAME.graph` (the `-filter_complex` text, then the rest of the `ffmpeg` arguments, one
/// per line; `UPDATE_EXPECT=1` rewrites them), and each of their exports is rendered with
/// the real `ffmpeg` over generated media, so every golden graph is known to run.
@Suite struct GraphFixtureTests {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/graph")

  static let fixtures: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".vedl") }.map { String($0.dropLast(5)) }.sorted()
  }()

  static func source(_ name: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(name + ".vedl"), encoding: .utf8)
  }

  /// The golden text of a graph: the filter graph, a separator, and the command's other
  /// arguments one per line.
  static func goldenText(_ graph: FilterGraph, export: Export?) -> String {
    let settings =
      export.map { EncodingSettings(export: $0) } ?? EncodingSettings(format: .mp4, preset: QualityPreset.named(.high))
    let output = export?.path ?? "/project/out.mp4"
    var arguments = FilterGraphPrinter.command(graph, output: output, encoding: settings)
    if let i = arguments.firstIndex(of: "-filter_complex") { arguments.removeSubrange(i...(i + 1)) }
    return FilterGraphPrinter.filterComplex(graph) + "\n---\n" + arguments.joined(separator: "\n") + "\n"
  }

  @Test func fixturesExist() {
    #expect(Self.fixtures.count >= 5)
  }

  @Test(arguments: fixtures)
  func golden(_ name: String) throws {
    // A fictitious folder keeps the golden paths independent of the checkout.
    let timeline = try Harness.timeline(try Self.source(name), directory: "/project", media: GeneratedMedia.factsTable)
    let export = timeline.exports.first
    let graph = try Harness.graph(timeline, export: export, options: LoweringOptions(baseDirectory: "/project"))
    let text = Self.goldenText(graph, export: export)
    let golden = Self.directory.appendingPathComponent(name + ".graph")
    if ProcessInfo.processInfo.environment["UPDATE_EXPECT"] == "1" {
      try text.write(to: golden, atomically: true, encoding: .utf8)
    }
    let expected = (try? String(contentsOf: golden, encoding: .utf8)) ?? ""
    #expect(text == expected, "graph of \(name) changed; rerun with UPDATE_EXPECT=1 and review the diff")
  }

  @Test(arguments: fixtures)
  func rendersWithFFmpeg(_ name: String) throws {
    let media = try GeneratedMedia.get()
    let timeline = try Harness.timeline(try Self.source(name), directory: media.directory, media: media.facts)
    let exports: [Export?] = timeline.exports.isEmpty ? [nil] : timeline.exports.map { $0 }
    for export in exports {
      let graph = try Harness.graph(timeline, export: export, options: LoweringOptions(baseDirectory: media.directory))
      let format = export?.format ?? .mp4
      let output = media.directory + "/\(name)-\(UUID().uuidString).\(format.rawValue)"
      let settings = EncodingSettings(
        format: format, preset: export.map { QualityPreset.named($0.quality) ?? .named(.high) } ?? .named(.high),
        speed: .fastest)
      try FFmpegCLI.mustRun(FilterGraphPrinter.command(graph, output: output, encoding: settings))
      let probe = try FFmpegCLI.run(["-v", "error", "-i", output, "-map", "0:v", "-f", "null", "-"])
      #expect(probe.status == 0)
      let frames = try FFmpegCLI.run(["-v", "error", "-i", output, "-map", "0:v", "-f", "framemd5", "-"])
      let count = String(decoding: frames.stdout, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
        .count
      #expect(Int64(count) == graph.frameCount, "\(name) → \(format.rawValue): frame count")
      if graph.audioOutput != nil {
        let samples = try FFmpegCLI.int16Samples(output).count / 2
        let expected = Int(SampleGrid.standard.sampleFloor(at: graph.duration))
        // Within one encoder frame (AAC 1024, Opus 960 samples).
        #expect(abs(samples - expected) <= 1024, "\(name): \(samples) samples, expected \(expected)")
      }
    }
  }
}
