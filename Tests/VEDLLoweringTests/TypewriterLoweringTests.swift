import Testing
import VEDLLowering
import VEDLSema

/// A `typewriter` entrance is one `drawtext` per distinct prefix, in the order of the
/// prefixes: the graph's text (and so a chunked render's plan hash, which covers it) must not
/// depend on the order in which a `Set` of the prefix lengths is walked — Swift seeds its
/// hashing per process.
@Suite struct TypewriterLoweringTests {
  @Test func eachPrefixIsDrawnOnceInOrder() throws {
    let script = """
      vedl 1
      canvas 64x48 fps: 30
      track main {
        clip color(#000000) duration: 1s
      }
      track overlay {
        text "typed text" at: 0s duration: 1s {
          enter typewriter duration: 20f
        }
      }
      """
    let timeline = try Harness.timeline(script, directory: "/project", media: nil)
    let graph = try Harness.graph(timeline)
    let texts = graph.chains.flatMap(\.filters).filter { $0.name == "drawtext" }.compactMap { draw in
      draw.options.first { $0.key == "text" }?.value
    }
    #expect(texts.count == 10)
    #expect(texts == texts.sorted { $0.count < $1.count })
    #expect(texts.last == "typed text")
  }
}
