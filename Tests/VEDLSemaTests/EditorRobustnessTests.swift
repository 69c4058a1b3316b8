import Testing
import VEDLDiagnostics
import VEDLSource

@testable import VEDLSema

/// The editor checker never traps: every prefix of valid and invalid editor blocks (which
/// the parser recovers into odd trees) yields a configuration and diagnostics in the file.
@Suite struct EditorRobustnessTests {
  static let sources = [
    EditorConfigurationTests.languageExample,
    """
    editor {
      modifyHeader { remove spacer; replace "" { custom 3 }; addFirst 3 {}; addAfter (x) {} }
      header { leading { custom; custom ""; timecode title: } center trailing { } }
      addClip none none { custom } addAudio title: icon: { custom "a" custom "a" }
      height fixed(tracks: -99999999999999999) height dynamic(maximumTracks: --2, x: )
      height fixed(tracks: 9223372036854775807) expanded "x" expanded
    }
    """,
  ]

  @Test(arguments: sources)
  func everyPrefixIsChecked(_ source: String) {
    let bytes = Array(source.utf8)
    var offset = 0
    while offset <= bytes.count {
      let text = String(decoding: bytes[0..<offset], as: UTF8.self)
      let r = EditorTestSupport.check(text, syntax: .mayBeMalformed)
      for d in r.diagnostics {
        #expect(d.span.start >= 0 && d.span.end <= r.file.bytes.count, "span out of the file for prefix \(offset)")
        #expect(d.code.id.hasPrefix("E0") || d.code.id.hasPrefix("W07"))
      }
      #expect(r.configuration.height.tracks >= 0)
      offset += 3
    }
  }
}
