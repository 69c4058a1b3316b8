import Foundation
import Testing
import VEDLRender
import VEDLSema

/// A `lut "…"` table is an input of the render like its media: changing it on disk makes
/// the render stale in both backends, and no output may be written over it.
@Suite struct LookFileTests {
  static let script = """
    vedl 1
    canvas 64x36 fps: 10
    track main { clip testpattern() duration: 500ms { lut "looks/grade.cube" } }
    export "out/edit.mp4" quality: low
    """

  /// A 2³ table: each output channel is its input times `gain`.
  static func cube(gain: Double) -> String {
    var lines = ["LUT_3D_SIZE 2"]
    for b in 0..<2 {
      for g in 0..<2 {
        for r in 0..<2 { lines.append("\(Double(r) * gain) \(Double(g) * gain) \(Double(b) * gain)") }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test(arguments: RenderBackend.allCases)
  func aChangedTableMakesTheRenderStale(_ backend: RenderBackend) throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    try workspace.write(Self.cube(gain: 0.8), to: "looks/grade.cube")
    let (file, timeline) = try workspace.check(Self.script)
    var job = RenderJob(
      timeline: timeline, target: try #require(RenderTarget.exports(of: timeline).first),
      settings: workspace.settings(for: file))
    job.settings.backend = backend
    #expect(try job.run().status == .rendered)
    #expect(try job.run().status == .upToDate)
    let first = try Data(contentsOf: URL(fileURLWithPath: workspace.path("out/edit.mp4")))
    try workspace.write(Self.cube(gain: 0.5), to: "looks/grade.cube")
    #expect(try job.run().status == .rendered)
    // The new table is the one applied: a darker picture, so another file.
    #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.path("out/edit.mp4"))) != first)
  }

  @Test func anOutputOverTheTableIsRefused() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let table = try workspace.write(Self.cube(gain: 0.8), to: "looks/grade.cube")
    let (file, timeline) = try workspace.check(Self.script)
    var job = RenderJob(
      timeline: timeline, target: try #require(RenderTarget.exports(of: timeline).first),
      settings: workspace.settings(for: file))
    job.target = RenderTarget(path: table, format: .mp4, export: nil)
    let error = try #require(throws: RenderError.self) { try job.run() }
    guard case .outputIsInput(_, let input) = error else {
      Issue.record("expected outputIsInput, got \(error)")
      return
    }
    #expect(input.role == .look && input.writtenPath == "looks/grade.cube")
    #expect(try String(contentsOfFile: table, encoding: .utf8) == Self.cube(gain: 0.8))
  }
}
