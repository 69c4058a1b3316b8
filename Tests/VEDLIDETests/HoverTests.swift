import Foundation
import Testing
import VEDLSema
import VEDLSource
import VEDLTestSupport
import VEDLTime

@testable import VEDLIDE

/// Hover: schema documentation, argument types, names, timing and media facts.
@Suite struct HoverTests {
  func hover(_ marked: String, media: MediaFactsCache? = nil, baseDirectory: String = "/tmp/vedl-ide-test") -> Hover? {
    let (analysis, offset) = IDETestSupport.analysis(marked, baseDirectory: baseDirectory, media: media)
    return HoverProvider.hover(at: offset, in: analysis)
  }

  /// The demo with a caret inserted before the `n`-th occurrence of `needle`.
  func demo(at needle: String, occurrence n: Int = 0, plus delta: Int = 0) -> String {
    let text = TestText.demoEdit
    let offset = TestText.byteOffset(of: needle, in: text, occurrence: n) + delta
    var bytes = Array(text.utf8)
    bytes.insert(contentsOf: Array("‸".utf8), at: offset)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func statementNameShowsSchemaDocumentation() throws {
    let h = try #require(hover(demo(at: "canvas 640", plus: 2)))
    #expect(h.markdown.contains("canvas [SIZE | CANVASPRESET] [fps: Number] [background: Color]"))
    #expect(h.markdown.contains("The output frame"))
    #expect(h.markdown.contains("640×360 at 30 fps"), "the resolved canvas")
  }

  @Test func clipsShowTheirResolvedTiming() throws {
    let h = try #require(hover(demo(at: "clip night", plus: 1)))
    #expect(h.markdown.contains("**start** 00:00:02:00 · frame 60 · 2s"))
    #expect(h.markdown.contains("**end** 00:00:06:00 · frame 180 · 6s"))
    #expect(h.markdown.contains("**length** 120 frames · 4s at 30 fps"))
    let text = try #require(hover(demo(at: "text \"", plus: 1)))
    #expect(text.markdown.contains("**start** 00:00:01:00 · frame 30"))
    let crossfade = try #require(hover(demo(at: "crossfade", plus: 1)))
    #expect(crossfade.markdown.contains("**from** 00:00:02:00 · frame 60"))
    #expect(crossfade.markdown.contains("**overlap** 30 frames · 1s"))
  }

  @Test func labelsShowTheArgumentsTypeAndDefault() throws {
    let h = try #require(hover(demo(at: "volume:", plus: 2)))
    #expect(h.markdown.contains("clip volume: Gain"))
    #expect(h.markdown.contains("Default: `0dB`"))
    let quality = try #require(hover(demo(at: "medium", plus: 1)))
    #expect(quality.markdown.contains("`medium` — one of `original`, `low`, `medium`, `high`, `lossless`"))
  }

  @Test func captionAndWatermarkLabelsShowTheirDefaults() throws {
    let burnIn = try #require(hover("vedl 1\ncaptions bu‸rnIn: false {\n  cue 0s..1s \"a\"\n}\n"))
    #expect(burnIn.markdown.contains("captions burnIn: Bool"))
    #expect(burnIn.markdown.contains("Default: `true`"))
    let margin = try #require(
      hover("vedl 1\nlet logo = image(\"a.png\")\nexport \"o.mp4\" {\n  watermark logo mar‸gin: 4\n}\n"))
    #expect(margin.markdown.contains("watermark margin: Number"))
    #expect(margin.markdown.contains("Default: `0`"))
  }

  @Test func namesShowTheirDeclaration() throws {
    let param = try #require(hover(demo(at: "accent\n", plus: 1)))
    #expect(param.markdown.contains("param accent: Color = #FF6600"))
    #expect(param.markdown.contains("Value in force: `#FF6600FF`"))
    let id = try #require(hover(demo(at: "opening.start", plus: 2)))
    #expect(id.markdown.contains("clip bars duration: 3s id: opening"))
    #expect(id.markdown.contains("**end** 00:00:03:00 · frame 90"))
    let source = try #require(hover(demo(at: "bars =", plus: 1)))
    #expect(source.markdown.contains("testpattern()"))
    #expect(source.markdown.contains("used 1 time"))
  }

  @Test func membersAndEndShowTheirValues() throws {
    let member = try #require(hover(demo(at: "closing.end", plus: 9)))
    #expect(member.markdown.contains("`closing.end` = 00:00:06:00 · frame 180 · 6s"))
    let end = try #require(hover(demo(at: "until: end", plus: 8)))
    #expect(end.markdown.contains("the end of the main track"))
    #expect(end.markdown.contains("frame 180"))
  }

  @Test func nothingInComments() {
    #expect(hover("// clip ‸here\ncanvas 10x10") == nil)
  }

  @Test func sourcesShowMediaFactsFromTheCache() throws {
    let folder = TestFolder.fresh("vedl-ide").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(FileManager.default.createFile(atPath: folder + "/a.mp4", contents: Data("x".utf8)))
    let facts = MediaFacts(
      duration: Rational(10), hasVideo: true, hasAudio: true, width: 1920, height: 1080, frameRate: Rational(30),
      frameCount: 300)
    // The probe waits at a gate, so the first look is sure to find nothing cached yet.
    let gate = GatedMediaFacts(FakeMediaFacts(["a.mp4": .success(facts)]))
    let cache = MediaFactsCache(prober: gate)
    let marked = "let a = vid‸eo(\"a.mp4\")\ntrack main {\n  clip a trim: 1s..3s\n}"
    let before = try #require(hover(marked, media: cache, baseDirectory: folder))
    #expect(before.markdown.contains("Probing"), "the first look finds nothing cached and queues a probe")
    gate.open()
    #expect(cache.waitUntilIdle(timeout: 10))
    let after = try #require(hover(marked, media: cache, baseDirectory: folder))
    #expect(after.markdown.contains("video · 1920×1080 · 30 fps · 10s (300 frames) · with audio"))
    #expect(after.markdown.contains(folder + "/a.mp4"))
    let clip = try #require(
      hover("let a = video(\"a.mp4\")\ntrack main {\n  cl‸ip a trim: 1s..3s\n}", media: cache, baseDirectory: folder))
    #expect(clip.markdown.contains("**source** 1s..3s"))
    #expect(clip.markdown.contains("**length** 60 frames"))
  }

  @Test func unknownStatementsSaySo() throws {
    let h = try #require(hover("frob‸nicate 1"))
    #expect(h.markdown.contains("Unknown statement `frobnicate`"))
    let misplaced = try #require(hover("cr‸op 9:16"))
    #expect(misplaced.markdown.contains("Not allowed here"))
  }
}

/// A prober that blocks every probe until ``open()`` is called.
final class GatedMediaFacts: MediaFactsProvider, @unchecked Sendable {
  private let inner: FakeMediaFacts
  private let semaphore = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var isOpen = false

  init(_ inner: FakeMediaFacts) { self.inner = inner }

  func open() {
    lock.withLock { isOpen = true }
    semaphore.signal()
  }

  func facts(forPath path: String) -> Result<MediaFacts, MediaFactsError> {
    if !lock.withLock({ isOpen }) {
      semaphore.wait()
      semaphore.signal()
    }
    return inner.facts(forPath: path)
  }
}
