import Foundation
import Testing
import VEDLLowering
import VEDLRender
import VEDLSema

/// A render's plan wraps a text in a `size width:` box (the lowering is given the native
/// renderer's font library as its measurer), so the FFmpeg backend draws the lines the
/// native renderer draws.
@Suite struct TextWrappingPlanTests {
  /// The `text=` of every `drawtext` in the plan of `script`'s first export.
  static func drawnTexts(_ script: String) throws -> [String] {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let (file, timeline) = try workspace.check(script, name: "wrap.vedl")
    let target = try #require(RenderTarget.exports(of: timeline).first)
    let plan = try RenderPlan(timeline: timeline, target: target, settings: workspace.settings(for: file))
    return plan.graph.chains.flatMap(\.filters).filter { $0.name == "drawtext" }.compactMap { filter in
      filter.options.first { $0.key == "text" }?.value
    }
  }

  /// A 320×180 script with one long text, its modifiers followed by `box`.
  static func script(box: String) -> String {
    """
    canvas 320x180 fps: 10
    track main { clip color(black) duration: 500ms }
    track overlay { text "Several words that cannot share one line" at: 0s duration: 500ms { font "DejaVu Sans" size: 20 color: white\(box) } }
    export "out/wrap.png"
    """
  }

  @Test func aSizedTextIsDrawnOneWrappedLineAtATime() throws {
    let wrapped = try Self.drawnTexts(Self.script(box: "; size width: 150"))
    #expect(wrapped.count >= 3, "\(wrapped)")
    #expect(wrapped.joined(separator: " ") == "Several words that cannot share one line")
    #expect(try Self.drawnTexts(Self.script(box: "")) == ["Several words that cannot share one line"])
  }
}
