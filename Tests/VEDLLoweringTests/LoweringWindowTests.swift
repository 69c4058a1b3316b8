import Testing
import VEDLLowering
import VEDLSema
import VEDLTime

/// `LoweringOptions.window` (a chunk of a chunked render): items that show no frame of the
/// window are left out of the graph — their sources are not read, their text not drawn —
/// while items that do are lowered exactly as without a window. The frames themselves are
/// compared with the single render's by ChunkedRenderTests.
@Suite struct LoweringWindowTests {
  /// Frames: index30 0–29, wide25 30–59 (crossfade 50–59), index30 50–89; "Hi" 65–74.
  static let script = """
    vedl 1
    canvas 64x48 fps: 30
    track main {
      clip video("index30.mp4") duration: 1s
      clip video("wide25.mp4") duration: 1s
      crossfade 10f
      clip video("index30.mp4") trim: 2s..3s duration: 40f
    }
    track overlay {
      text "Hi" at: 65f duration: 10f {
        font "DejaVu Sans" size: 12 color: white
      }
    }
    """

  static func graph(window: Range<Int64>?) throws -> FilterGraph {
    let timeline = try Harness.timeline(script, directory: "/project", media: GeneratedMedia.factsTable)
    return try Harness.graph(timeline, options: LoweringOptions(window: window))
  }

  /// The inputs some chain reads (`[k:v]`), by path.
  static func readInputs(_ graph: FilterGraph) -> [String] {
    graph.inputs.indices.filter { k in graph.chains.contains { $0.inputs.contains("\(k):v") } }.map {
      graph.inputs[$0].path
    }
  }

  static func filterNames(_ graph: FilterGraph) -> [String] {
    graph.chains.flatMap { $0.filters.map(\.name) }
  }

  @Test func withoutAWindowEverythingIsLowered() throws {
    let whole = try Self.graph(window: nil)
    #expect(Self.readInputs(whole).filter { $0.hasSuffix("index30.mp4") }.count >= 1)
    #expect(Self.readInputs(whole).contains { $0.hasSuffix("wide25.mp4") })
    #expect(Self.filterNames(whole).contains("drawtext"))
    #expect(try Self.graph(window: 0..<90) == whole)
  }

  @Test func itemsOutsideTheWindowAreLeftOut() throws {
    // Frames 0–29: only the first clip; the second and third, and the title, are not read.
    let first = try Self.graph(window: 0..<30)
    #expect(Self.readInputs(first).allSatisfy { $0.hasSuffix("index30.mp4") })
    #expect(!Self.filterNames(first).contains("drawtext"))
    // Frames 60–74: the third clip and the title; the first two clips are not read.
    let late = try Self.graph(window: 60..<75)
    #expect(!Self.readInputs(late).contains { $0.hasSuffix("wide25.mp4") })
    #expect(Self.filterNames(late).contains("drawtext"))
    // A window that only touches the crossfade needs both of its clips.
    let seam = try Self.graph(window: 55..<56)
    #expect(Self.readInputs(seam).contains { $0.hasSuffix("wide25.mp4") })
    #expect(Self.readInputs(seam).contains { $0.hasSuffix("index30.mp4") })
    #expect(!Self.filterNames(seam).contains("drawtext"))
    // Every window's graph keeps the edit's length.
    for graph in [first, late, seam] { #expect(graph.frameCount == 90) }
  }
}
