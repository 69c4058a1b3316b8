import Testing
import VEDLLowering
import VEDLSema
import VEDLTime

/// `LoweringOptions.window` (a chunk of a chunked render): the graph makes the window's
/// frames only, numbered from 0. Items that show none of them are left out — their sources
/// are not read, their text not drawn —, an item that starts before the window is made from
/// the window's first frame on where its filters allow, and frames are counted from there
/// while keeping their timeline times. The frames themselves are compared with the single
/// render's by ChunkedRenderTests.
@Suite struct LoweringWindowTests {
  /// Frames: index30 0–29, wide25 30–59 (crossfade 50–59), index30 50–89; "Hi" 65–74;
  /// captions 5–19 and 40–69.
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
    captions {
      cue 5f..20f "early"
      cue 40f..70f "late"
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

  /// The value of option `key` of every filter called `name`.
  static func options(_ graph: FilterGraph, _ name: String, _ key: String) -> [String] {
    graph.chains.flatMap { $0.filters }.filter { $0.name == name }.compactMap { f in
      f.options.first { $0.key == key }?.value
    }
  }

  @Test func withoutAWindowEverythingIsLowered() throws {
    let whole = try Self.graph(window: nil)
    #expect(Self.readInputs(whole).filter { $0.hasSuffix("index30.mp4") }.count >= 1)
    #expect(Self.readInputs(whole).contains { $0.hasSuffix("wide25.mp4") })
    #expect(Self.filterNames(whole).contains("drawtext"))
    #expect(whole.firstFrame == 0 && whole.frameCount == 90)
    // The whole edit as a window is the same picture, without the sound.
    let windowed = try Self.graph(window: 0..<90)
    #expect(windowed.audioOutput == nil)
    #expect(windowed.videoOutput == whole.videoOutput)
    #expect(windowed.inputs == Array(whole.inputs.prefix(windowed.inputs.count)))
    #expect(windowed.chains.allSatisfy(whole.chains.contains))
    #expect(windowed.chains.count < whole.chains.count)
  }

  @Test func itemsOutsideTheWindowAreLeftOut() throws {
    // Frames 0–29: only the first clip; the second and third, and the title, are not read.
    let first = try Self.graph(window: 0..<30)
    #expect(Self.readInputs(first).allSatisfy { $0.hasSuffix("index30.mp4") })
    #expect(Self.readInputs(first).count == 1)
    // Frames 60–74: the third clip and the title; the first two clips are not read.
    let late = try Self.graph(window: 60..<75)
    #expect(!Self.readInputs(late).contains { $0.hasSuffix("wide25.mp4") })
    #expect(Self.readInputs(late).count == 1)
    #expect(Self.filterNames(late).contains("drawtext"))
    // A window that only touches the crossfade needs both of its clips.
    let seam = try Self.graph(window: 55..<56)
    #expect(Self.readInputs(seam).contains { $0.hasSuffix("wide25.mp4") })
    #expect(Self.readInputs(seam).contains { $0.hasSuffix("index30.mp4") })
    // Every window's graph makes the window's frames, and has no sound.
    for (graph, window) in [(first, 0..<30), (late, 60..<75), (seam, 55..<56)] as [(FilterGraph, Range<Int64>)] {
      #expect(graph.firstFrame == window.lowerBound)
      #expect(graph.frameCount == Int64(window.count))
      #expect(graph.duration == Rational(Int64(window.count), 30))
      #expect(graph.audioOutput == nil)
    }
  }

  /// A clip that starts before the window is read from the source time of the window's
  /// first frame on (less the seek margin), and its selection keeps frames from there.
  @Test func aClipThatStartsBeforeTheWindowIsReadFromTheWindowOn() throws {
    // Frame 70 is frame 20 of the third clip, which shows index30 from 2 s: 2 s + 20/30 s.
    let late = try Self.graph(window: 70..<90)
    let input = try #require(late.inputs.first { $0.path.hasSuffix("index30.mp4") })
    #expect(input.seek == Rational(1666, 1000))
    #expect(Self.options(late, "trim", "start_frame").contains("20"))
    // Its last use is on the graph's clock: the clip ends at frame 90, 20 frames in.
    #expect(input.lastUse == Rational(20, 30))
    // The track is stamped with the timeline's times from frame 70 on, and the output from 0.
    #expect(Self.options(late, "setpts", "expr").contains("N+70"))
    #expect(Self.options(late, "setpts", "expr").last == "PTS-STARTPTS")
  }

  /// A transition cannot start mid-way: a window starting inside it blends it whole from
  /// the whole tail and head, and cuts it.
  @Test func aWindowInsideATransitionCutsTheWholeBlend() throws {
    let graph = try Self.graph(window: 55..<90)
    let xfade = try #require(graph.chains.first { $0.filters.contains { $0.name == "xfade" } })
    let trim = try #require(xfade.filters.first { $0.name == "trim" })
    #expect(trim.options.map(\.value) == ["5", "10"])
    // The outgoing clip is made from its tail's first frame (frame 20 of 30) on, the
    // incoming one from its first.
    #expect(Self.options(graph, "trim", "start_frame").contains("20"))
    let incoming = try #require(graph.inputs.last { $0.path.hasSuffix("index30.mp4") })
    #expect(incoming.seek == Rational(1))
  }

  /// A title counts its frames from the window's first: `drawtext`'s `n` is 0 there.
  @Test func textIsEnabledOnTheWindowsFrameNumbers() throws {
    let graph = try Self.graph(window: 60..<90)
    #expect(Self.options(graph, "drawtext", "enable").contains("between(n,5,14)"))
  }

  /// Caption lines that end before the window are left out; one that started before it is
  /// its slot's first line, switched on at the first frame; the commands keep the
  /// timeline's times.
  @Test func captionLinesBeforeTheWindowAreLeftOut() throws {
    let whole = try Self.graph(window: nil)
    #expect(whole.commands.contains { $0.command == "reinit" })
    let graph = try Self.graph(window: 50..<90)
    #expect(!graph.commands.contains { $0.command == "reinit" })
    #expect(Self.options(graph, "drawtext@vedl_caption0", "text") == ["late"])
    #expect(graph.commands.map(\.time) == [Rational(79, 60), Rational(139, 60)])
    // A window after every line: no caption is drawn.
    #expect(try !Self.filterNames(Self.graph(window: 75..<90)).contains("drawtext@vedl_caption0"))
  }

  /// A reversed clip (runs of at most 32 frames, each from an input of its own) leaves out
  /// the runs before the window, and the run the window starts in selects only the frames
  /// it still shows before reversing them.
  @Test func aReversedClipLeavesOutTheRunsBeforeTheWindow() throws {
    let script = """
      vedl 1
      canvas 64x48 fps: 30
      track main {
        clip video("index30.mp4") trim: 0s..3s reverse
      }
      """
    let timeline = try Harness.timeline(script, directory: "/project", media: GeneratedMedia.factsTable)
    let whole = try Harness.graph(timeline)
    let late = try Harness.graph(timeline, options: LoweringOptions(window: 40..<90))
    func reverses(_ graph: FilterGraph) -> Int { Self.filterNames(graph).filter { $0 == "reverse" }.count }
    #expect(reverses(whole) == 3)
    #expect(reverses(late) == 2)
    #expect(Self.readInputs(late).count == 2)
    // Frame 40 is the 9th of the run of frames 32–63: 24 frames are left to show.
    #expect(Self.options(late, "trim", "end_frame").contains("24"))
    // The runs are stamped from frame 40 of the clip on.
    #expect(Self.options(late, "setpts", "expr").contains("N+40"))
  }
}
