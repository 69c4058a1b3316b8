import Foundation
import Testing
import VEDLDiagnostics

@testable import VEDLSema

/// The JSON that `vedl editor-config` writes: the language reference's example, the
/// defaults, and the shape's stability.
@Suite struct EditorConfigurationTests {
  /// The complete example of LANGUAGE.md §1.
  static let languageExample = #"""
    vedl 1

    // Parameters turn the file into a template: --set title="..." or --data rows.csv
    param title: String = "Hello VEDL"
    param accent: Color = #FF6600

    canvas 1080x1920 fps: 30 background: #000000

    let intro = video("media/a.mp4")
    let city  = video("media/b.mp4")
    let logo  = image("media/logo.png")
    let bed   = audio("media/music.wav")

    track main {
      clip intro trim: 2s..6s id: opening {
        crop 9:16
      }
      crossfade 1s
      clip city trim: 1s..5s speed: 2x {
        mirror horizontal
      }
      clip color(accent) duration: 3s {
        adjust brightness: 0.05 contrast: 1.1 saturation: 1.2
      }
    }

    track overlay "titles" {
      text "\(title)" at: opening.start + 1s duration: 2s {
        font "DejaVu Sans" size: 64 color: #FFFFFF
        position bottom margin: 120
        fade in: 250ms out: 250ms
      }
      shape rect at: 0s duration: 1s {
        fill #FFFFFF80
        position x: 80 y: 80
        size width: 300 height: 100
        rotate 15deg
      }
    }

    track overlay "brand" {
      clip logo at: 0s until: end {
        position bottomTrailing margin: 32
        scale 50%
        opacity 80%
      }
    }

    track audio "music" {
      clip bed at: 0s until: end volume: -12dB {
        fade out: 1s
      }
    }

    captions {
      import "media/subs.srt"
      cue 4.5s..6s "And here is the city"
      style font: "DejaVu Sans" size: 48 color: #FFFFFF box: #000000AA position: bottom
    }

    editor {
      header {
        leading  { timecode; spacer }
        center   { playPause }
        trailing { loop; spacer; toggleExpanded }
      }
      modifyHeader {
        remove loop
        addFirst trailing { custom "my.package.timeline.button.mute" title: "Mute" icon: "speaker.slash.fill" }
      }
      addClip  { camera; library title: "Media"; photoRoll; custom "my.package.timeline.addClip.stock" title: "Stock Footage" icon: "film.stack" }
      addAudio { music; voiceover }
      height dynamic(maximumTracks: 2)
      expanded true
    }

    export "out/promo.mp4" quality: high {
      watermark logo position: bottomTrailing
      thumbnail "out/promo.jpg" at: 1s
    }
    """#

  /// What the example's `editor` block compiles to (docs/editor-config.md shows the same).
  static let languageExampleJSON = #"""
    {
      "addAudio" : {
        "icon" : null,
        "label" : "Add Audio",
        "mode" : "menu",
        "options" : [
          {
            "icon" : null,
            "id" : "music",
            "kind" : "music",
            "title" : "Music"
          },
          {
            "icon" : null,
            "id" : "voiceover",
            "kind" : "voiceover",
            "title" : "Voiceover"
          }
        ],
        "visible" : true
      },
      "addClip" : {
        "icon" : null,
        "label" : "Add Clip",
        "mode" : "menu",
        "options" : [
          {
            "icon" : null,
            "id" : "camera",
            "kind" : "camera",
            "title" : "Camera"
          },
          {
            "icon" : null,
            "id" : "library",
            "kind" : "library",
            "title" : "Media"
          },
          {
            "icon" : null,
            "id" : "photoRoll",
            "kind" : "photoRoll",
            "title" : "Photo Roll"
          },
          {
            "icon" : "film.stack",
            "id" : "my.package.timeline.addClip.stock",
            "kind" : "custom",
            "title" : "Stock Footage"
          }
        ],
        "visible" : true
      },
      "expanded" : true,
      "header" : {
        "center" : [
          {
            "icon" : null,
            "id" : "playPause",
            "kind" : "playPause",
            "title" : null
          }
        ],
        "leading" : [
          {
            "icon" : null,
            "id" : "timecode",
            "kind" : "timecode",
            "title" : null
          },
          {
            "icon" : null,
            "id" : null,
            "kind" : "spacer",
            "title" : null
          }
        ],
        "trailing" : [
          {
            "icon" : "speaker.slash.fill",
            "id" : "my.package.timeline.button.mute",
            "kind" : "custom",
            "title" : "Mute"
          },
          {
            "icon" : null,
            "id" : null,
            "kind" : "spacer",
            "title" : null
          },
          {
            "icon" : null,
            "id" : "toggleExpanded",
            "kind" : "toggleExpanded",
            "title" : null
          }
        ]
      },
      "headerRemoved" : false,
      "height" : {
        "mode" : "dynamic",
        "tracks" : 2
      },
      "version" : 1
    }
    """#

  @Test func theLanguageExampleCompilesToTheDocumentedJSON() {
    let r = EditorTestSupport.check(Self.languageExample)
    #expect(r.syntaxDiagnostics.isEmpty)
    #expect(r.diagnostics.isEmpty)
    #expect(r.configuration.jsonText() == Self.languageExampleJSON)
  }

  @Test func theDefaultsWithoutAnEditorBlock() {
    let expected = #"""
      {
        "addAudio" : {
          "icon" : null,
          "label" : null,
          "mode" : "hidden",
          "options" : [

          ],
          "visible" : false
        },
        "addClip" : {
          "icon" : null,
          "label" : null,
          "mode" : "hidden",
          "options" : [

          ],
          "visible" : false
        },
        "expanded" : true,
        "header" : null,
        "headerRemoved" : false,
        "height" : {
          "mode" : "dynamic",
          "tracks" : 3
        },
        "version" : 1
      }
      """#
    #expect(EditorConfiguration.default.jsonText() == expected)
    #expect(EditorTestSupport.check("editor {}").configuration == .default)
  }

  @Test func aStrippedConfigurationRemovesEverySurface() {
    let r = EditorTestSupport.check(
      """
      editor {
        header {}
        addClip none
        addAudio none
        height fixed(tracks: 1)
        expanded false
      }
      """)
    #expect(r.diagnostics.isEmpty)
    let json = r.configuration.jsonText()
    #expect(json.contains(#""headerRemoved" : true"#))
    #expect(json.contains(#""mode" : "hidden""#))
    #expect(json.contains(#""label" : null"#))
    #expect(json.contains(#""visible" : false"#))
    #expect(json.contains(#""expanded" : false"#))
    #expect(json.contains(#""mode" : "fixed""#))
    #expect(!json.contains(#""header" : null"#))
  }

  @Test func theJSONReadsBackToTheSameConfiguration() throws {
    for source in [Self.languageExample, "editor { header {}; addClip { photoRoll }; addAudio none }", "editor {}"] {
      let configuration = EditorTestSupport.check(source).configuration
      let decoded = try JSONDecoder().decode(EditorConfiguration.self, from: Data(configuration.jsonText().utf8))
      #expect(decoded == configuration)
      #expect(decoded.jsonText() == configuration.jsonText())
    }
  }

  @Test func theOutputIsStableAndKeepsSlashes() {
    let r = EditorTestSupport.check(#"editor { header { center { custom "a/b" title: "Ä \"q\"" } } }"#)
    #expect(r.diagnostics.isEmpty)
    let json = r.configuration.jsonText()
    #expect(json == r.configuration.jsonText())
    #expect(json.contains(#""id" : "a/b""#))
    #expect(json.hasSuffix("}"))
    #expect(EditorConfiguration.formatVersion == 1)
  }
}
