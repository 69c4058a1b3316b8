import Foundation
import Testing
import VEDLTimelinePicture

/// Text from the script reaches the picture literally, whatever it contains.
@Suite struct PictureTextTests {
  @Test func hostileTextIsEscapedEverywhere() throws {
    let nasty = #"<x a='1'> & "q" ]]> %{pts}"#
    let escapedInVEDL = nasty.replacingOccurrences(of: "\"", with: "\\\"")
    let source = """
      track main {
        clip testpattern() duration: 2s id: intro
      }
      track overlay "\(escapedInVEDL)" {
        text "\(escapedInVEDL)" at: 0s duration: 1s
      }
      captions {
        cue 0s..1s "\(escapedInVEDL)\\u{7}bell"
      }
      editor {
        header {
          leading { custom "my.item" title: "\(escapedInVEDL)" }
        }
      }
      """
    let picture = try Fixture.picture(source)
    let svg = picture.svg()
    let root = try SVGTreeBuilder.parse(svg)
    let texts = root.all.filter { $0.name == "text" }.map(\.allText)
    #expect(texts.contains("overlay \"\(nasty)\""), "track name")
    #expect(texts.contains("text \"\(nasty)\""), "text item")
    #expect(texts.contains("\(nasty)\u{FFFD}bell"), "caption cue; the control character is replaced")
    #expect(texts.contains(nasty), "header item title")
    #expect(!svg.contains("\u{7}"))
  }
}
