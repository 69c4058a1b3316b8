import Foundation
import Testing
import VEDLSema
import VEDLTestSupport

@testable import VEDLIDE

/// `duck` and `export … loudness:` reach the editor through the schema: completion offers
/// them where they are allowed, with their labels and presets, and hover documents them.
@Suite struct AudioEditorTests {
  func labels(_ marked: String) -> [String] {
    let (syntax, offset) = IDETestSupport.syntax(marked)
    return CompletionProvider.complete(at: offset, in: syntax, baseDirectory: nil).map(\.label)
  }

  func hover(_ marked: String) -> Hover? {
    let (analysis, offset) = IDETestSupport.analysis(marked)
    return HoverProvider.hover(at: offset, in: analysis)
  }

  @Test func duckIsCompletedInAudioTracksAndClipsNotOverlays() {
    #expect(labels("track audio \"music\" {\n  ‸\n}").contains("duck"))
    #expect(labels("track audio {\n  clip tone(440) at: 0s duration: 1s {\n    ‸\n  }\n}").contains("duck"))
    #expect(!labels("track overlay {\n  ‸\n}").contains("duck"))
    let arguments = labels("track audio {\n  duck ‸\n}")
    #expect(arguments.contains("under:") && arguments.contains("by:") && arguments.contains("ramp:"), "\(arguments)")
  }

  @Test func loudnessPresetsAreCompleted() {
    let exportLabels = labels("export \"a.mp4\" ‸")
    #expect(exportLabels.contains("loudness:") && exportLabels.contains("truePeak:"), "\(exportLabels)")
    let presets = labels("export \"a.mp4\" loudness: ‸")
    #expect(Set(LoudnessTarget.presets.map(\.name)).isSubset(of: Set(presets)), "\(presets)")
  }

  @Test func hoverDocumentsDuckAndLoudness() throws {
    let script = """
      track main { clip tone(440) duration: 2s }
      track audio "voice" { clip tone(880) at: 0s duration: 1s }
      track audio "music" {
        duck under: "voice"
        clip tone(220) at: 0s duration: 2s
      }
      export "a.mp4" loudness: youtube
      """
    func at(_ needle: String, plus delta: Int) -> String {
      let offset = TestText.byteOffset(of: needle, in: script, occurrence: 0) + delta
      var bytes = Array(script.utf8)
      bytes.insert(contentsOf: Array("‸".utf8), at: offset)
      return String(decoding: bytes, as: UTF8.self)
    }
    let duck = try #require(hover(at("duck", plus: 1)))
    #expect(duck.markdown.contains("Ducking"), "\(duck.markdown)")
    let loudness = try #require(hover(at("loudness:", plus: 2)))
    #expect(loudness.markdown.contains("EBU R128"), "\(loudness.markdown)")
  }

  @Test func waveformIsCompletedAndHovered() throws {
    let items = CompletionProvider.complete(
      at: IDETestSupport.syntax("track overlay {\n  clip ‸\n}").1,
      in: IDETestSupport.syntax("track overlay {\n  clip ‸\n}").0, baseDirectory: nil)
    let waveform = try #require(items.first { $0.label == "waveform" }, "\(items.map(\.label))")
    #expect(waveform.snippet == "waveform(audio: $1)")
    #expect(waveform.detail?.contains("style: line|bars") == true)
    let script = "let voice = tone(440)\ntrack main { clip wave‸form(audio: voice, style: bars) duration: 1s }\n"
    let text = try #require(hover(script)).markdown
    #expect(text.contains("waveform of a sound") && text.contains("bars"), "\(text)")
  }
}
