import Foundation
import Testing
import VEDLLowering
import VEDLMedia
import VEDLRender
import VEDLSema
import VEDLTime

/// The in-process runner's memory is bounded by what plays at once, not by the length of
/// the timeline: main-track pieces run in graphs of their own that are freed as they end,
/// and each input's decoder lives only while its item plays — with the very same frames and
/// samples as the whole graph run at once.
@Suite struct IsolatedChainTests {
  /// Eight trimmed clips of one file with a crossfade: 16 decoders if every input were open
  /// at once.
  static let script = """
    canvas 96x64 fps: 30
    let a = video("media/clip.mp4")
    track main {
      clip a trim: 200ms..700ms
      crossfade 200ms
      clip a trim: 1s..1500ms
      clip a trim: 300ms..800ms speed: 2x
      clip a trim: 1200ms..1700ms
      clip a trim: 0s..500ms
      clip a trim: 1s..1500ms
      clip a trim: 500ms..1s
      clip a trim: 1500ms..2s
    }
    export "out/long.mp4" quality: low
    """

  @Test func piecesRunApartWithFewDecodersAndTheSameOutput() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    try workspace.make(
      "media/clip.mp4",
      [
        "-f", "lavfi", "-i", "testsrc2=size=96x64:rate=30", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
        "-t", "2.5", "-g", "15", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
      ])
    let (file, timeline) = try workspace.check(Self.script)
    let target = try #require(RenderTarget.exports(of: timeline).first)
    let plan = try RenderPlan(timeline: timeline, target: target, settings: workspace.settings(for: file))

    // Every main-track piece (picture and sound) is isolated; each of the two pictures joined
    // by the crossfade runs with its parts in a graph of its own, and the `xfade` in a third
    // that reads their parts; the sounds' joins and the concat stay in the main graph.
    let partition = RunnerPartition(plan.graph)
    #expect(partition.isolated.count == 17)
    #expect(partition.isolated.allSatisfy { $0.hasPrefix("[") && !$0.contains("concat") })
    #expect(partition.isolated.filter { $0.contains("xfade") }.count == 1)
    #expect(partition.isolated.contains { $0.hasPrefix("[main0_tail]") && $0.contains("xfade") })
    #expect(!partition.main.contains("xfade") && partition.main.contains("acrossfade"))

    let apart = workspace.path("apart.mp4")
    let summary = try plan.runner(writingTo: apart).run()
    #expect(summary.videoFrames == timeline.frameCount)
    // Two pieces overlap in the crossfade, each with a picture and a sound decoder.
    #expect(summary.peakOpenDecoders <= 4)
    #expect(summary.peakOpenDecoders >= 1)

    var whole = plan.runner(writingTo: workspace.path("whole.mp4"))
    whole.graph = plan.graphText
    whole.isolatedChains = []
    _ = try whole.run()
    #expect(try workspace.decodedDigest(apart, stream: "v") == workspace.decodedDigest(whole.output.path, stream: "v"))
    #expect(try workspace.decodedDigest(apart, stream: "a") == workspace.decodedDigest(whole.output.path, stream: "a"))
  }

  @Test func aGroupRunsApartWhenItReadsFilesOrIsolatedGroupsAndHandsPinnedLabelsOn() {
    func chain(_ inputs: [String], _ filters: [Filter], _ outputs: [String], group: Int? = 1) -> FilterChain {
      FilterChain(inputs: inputs, filters: filters, outputs: outputs, group: group)
    }
    let pinned = Filter("format", ["pix_fmts": "yuv420p"])
    let xfade = Filter("xfade", ["transition": "fade", "duration": "1", "offset": "0"])
    let concat = Filter("concat", ["n": "2", "v": "1", "a": "0"])
    let group = [
      chain(["0:v"], [pinned], ["a"]), chain(["1:v"], [pinned], ["b"]),
      chain(["a", "b"], [xfade, pinned], ["t"]),
    ]
    let inputs = [GraphInput(path: "/a.mp4", lastUse: .one), GraphInput(path: "/b.mp4", lastUse: Rational(2))]
    func partition(_ chains: [FilterChain], inputs: [GraphInput] = inputs) -> RunnerPartition {
      RunnerPartition(
        FilterGraph(
          inputs: inputs, chains: chains + [chain(["t", "c"], [concat], ["v"], group: nil)], videoOutput: "v",
          audioOutput: nil, frameRate: FrameRate(30)!, width: 8, height: 8, duration: .one, frameCount: 30))
    }
    let apart = partition(group + [chain(["0:v"], [pinned], ["c"], group: nil)])
    #expect(apart.isolated.contains { $0.contains("xfade") && $0.contains("[0:v]") && $0.contains("[1:v]") })
    #expect(!apart.main.contains("xfade"))
    // Its label handed to `concat` is not pinned: the group stays in the main graph.
    var unpinned = group
    unpinned[2].filters = [xfade]
    #expect(partition(unpinned + [chain(["0:v"], [pinned], ["c"], group: nil)]).main.contains("xfade"))
    // It reads only generated sources: it runs apart too, and ends by itself.
    let generated = [
      chain([], [Filter("color"), pinned], ["a"]), chain([], [Filter("color"), pinned], ["b"]),
      chain(["a", "b"], [xfade, pinned], ["t"]),
    ]
    #expect(partition(generated + [chain(["0:v"], [pinned], ["c"], group: nil)]).isolated.count == 2)

    // As the lowering groups a run: each item, and the transition reading their parts.
    let units = [
      chain(["0:v"], [pinned], ["a"], group: 0), chain([], [Filter("color"), pinned], ["b"], group: 2),
      chain(["a", "b"], [xfade, pinned], ["t"], group: 1),
    ]
    let separate = partition(units + [chain(["0:v"], [pinned], ["c"], group: nil)])
    #expect(
      separate.isolated == [
        "[0:v]format=pix_fmts=yuv420p[a]", "color,format=pix_fmts=yuv420p[b]",
        "[a][b]xfade=transition=fade:duration=1:offset=0,format=pix_fmts=yuv420p[t]",
        "[0:v]format=pix_fmts=yuv420p[c]",
      ])
    #expect(!separate.main.contains("xfade"))
    // An item that cannot run apart (its input is read to the end) keeps the transition,
    // and so the other item, in the main graph.
    let unbounded = [GraphInput(path: "/a.mp4"), inputs[1]]
    let together = partition(units + [chain(["1:v"], [pinned], ["c"], group: nil)], inputs: unbounded)
    #expect(together.main.contains("xfade") && together.main.contains("color"))
    #expect(together.isolated == ["[1:v]format=pix_fmts=yuv420p[c]"])
  }

  @Test func onlyPiecesWithAPinnedFormatThatFeedAJoinAreIsolated() {
    let chains = [
      FilterChain(
        inputs: ["0:v"], filters: [Filter("scale", ["w": "8"]), Filter("format", ["pix_fmts": "rgba"])], outputs: ["p0"]
      ),
      // No last use: read to the end.
      FilterChain(inputs: ["1:v"], filters: [Filter("format", ["pix_fmts": "rgba"])], outputs: ["p1"]),
      FilterChain(inputs: ["p0", "p1"], filters: [Filter("concat", ["n": "2"])], outputs: ["v"]),
      // Format not pinned, and feeding an overlay rather than a join.
      FilterChain(inputs: ["0:a"], filters: [Filter("anull")], outputs: ["s"]),
    ]
    let graph = FilterGraph(
      inputs: [GraphInput(path: "/a.mp4", lastUse: Rational(1)), GraphInput(path: "/b.mp4")], chains: chains,
      videoOutput: "v", audioOutput: "s", frameRate: FrameRate(30)!, width: 8, height: 8, duration: Rational(1),
      frameCount: 30)
    let partition = RunnerPartition(graph)
    #expect(partition.isolated == ["[0:v]scale=w=8,format=pix_fmts=rgba[p0]"])
    #expect(partition.main.contains("[1:v]format=pix_fmts=rgba[p1]"))
    #expect(partition.main.contains("[0:a]anull[s]"))
  }
}
