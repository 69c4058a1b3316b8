import Foundation
import Testing
import VEDLSema
import VEDLSource
import VEDLTestSupport
import VEDLTime

@testable import VEDLIDE

/// Completion at the cursor (`‸`), for every kind of site.
@Suite struct CompletionTests {
  func labels(_ marked: String, baseDirectory: String? = nil) -> [String] {
    items(marked, baseDirectory: baseDirectory).map(\.label)
  }

  func items(_ marked: String, baseDirectory: String? = nil) -> [CompletionItem] {
    let (syntax, offset) = IDETestSupport.syntax(marked)
    return CompletionProvider.complete(at: offset, in: syntax, baseDirectory: baseDirectory)
  }

  /// A path string holding invalid UTF-8 before its last `/`: the replaced range is counted
  /// in the file's bytes (the repaired text is longer), so it stays inside the file — the
  /// fuzzer's IDE stage trapped reading past the end.
  @Test func aPathWithInvalidUTF8ReplacesInsideTheFile() {
    let bytes = Array("let a = video(\"".utf8) + [0xFF, 0xFE] + Array("/x".utf8)
    let file = SourceFile(path: "t.vedl", bytes: bytes)
    let syntax = SyntaxAnalysis(file: file)
    for offset in 0...bytes.count {
      for item in CompletionProvider.complete(at: offset, in: syntax, baseDirectory: "/nonexistent") {
        #expect(item.replacing.start <= item.replacing.end && item.replacing.end <= bytes.count)
      }
    }
    let site = CompletionSite.at(bytes.count, in: syntax.parse)
    #expect(site.replacing == Span(start: bytes.count - 1, end: bytes.count))
  }

  @Test func topLevelStatementsAndDeclarations() {
    let names = labels("vedl 1\n‸")
    #expect(names.contains("canvas"))
    #expect(names.contains("track"))
    #expect(names.contains("export"))
    #expect(names.contains("let"))
    #expect(names.contains("param"))
    #expect(!names.contains("clip"), "clips belong in tracks")
    #expect(!names.contains("vedl"), "the file already declares its version")
    #expect(labels("‸").contains("vedl"))
  }

  @Test func statementsValidInTheEnclosingBlock() {
    let main = labels("track main {\n  ‸\n}")
    #expect(Set(main) == Set(Schema.statements(in: .mainTrack).map(\.name)))
    let overlay = labels("track overlay \"t\" {\n  te‸\n}")
    #expect(overlay.contains("text") && overlay.contains("shape") && !overlay.contains("crossfade"))
    let modifiers = labels("track main {\n  clip testpattern() duration: 1s {\n    ‸\n  }\n}")
    #expect(modifiers.contains("crop") && modifiers.contains("mirror") && !modifiers.contains("font"))
    let text = labels("track overlay {\n  text \"a\" at: 0s duration: 1s {\n    ‸")
    #expect(text.contains("font") && text.contains("align"), "an unclosed block still has its context")
    let header = labels("editor {\n  header {\n    leading { ‸ }\n  }\n}")
    #expect(header.contains("timecode") && header.contains("playPause") && header.contains("spacer"))
  }

  @Test func statementCompletionReplacesTheTypedPrefix() {
    let (syntax, offset) = IDETestSupport.syntax("track main {\n  cro‸\n}")
    #expect(syntax.file.text(Span(start: 0, end: 5)) == "track")
    let all = CompletionProvider.complete(at: offset, in: syntax, baseDirectory: nil)
    let item = all.first { $0.label == "crossfade" }
    #expect(item != nil)
    #expect(item.map { syntax.file.text($0.replacing) } == "cro")
    #expect(item?.snippet == "crossfade ${1:duration}")
    #expect(all.first { $0.label == "track" } == nil)
  }

  @Test func labelsNotYetGivenAndFlags() {
    let names = labels("let a = testpattern()\ntrack main {\n  clip a duration: 2s ‸\n}")
    #expect(names.contains("trim:") && names.contains("speed:") && names.contains("id:"))
    #expect(!names.contains("duration:"), "already given")
    #expect(names.contains("muted"))
    let muted = labels("let a = testpattern()\ntrack main {\n  clip a muted ‸\n}")
    #expect(!muted.contains("muted"))
    let item = items("track main {\n  clip testpattern() tr‸\n}").first { $0.label == "trim:" }
    #expect(item?.insertText == "trim: ")
    #expect(item?.kind == .label)
  }

  @Test func captionAndWatermarkLabels() {
    #expect(labels("captions ‸").contains("burnIn:"))
    let style = labels("captions {\n  style color: white ‸\n}")
    #expect(style.contains("outline:") && style.contains("margin:") && !style.contains("color:"))
    let mark = labels("let logo = image(\"a.png\")\nexport \"o.mp4\" {\n  watermark logo position: topLeading ‸\n}")
    #expect(mark.contains("margin:") && !mark.contains("position:"))
  }

  @Test func positionalValuesOfTheNextArgument() {
    #expect(labels("track ‸") == ["main", "overlay", "audio"])
    let mirror = labels("track main {\n  clip testpattern() duration: 1s {\n    mirror ‸\n  }\n}")
    #expect(mirror == ["horizontal", "vertical"])
    let position = labels("track overlay {\n  text \"a\" at: 0s duration: 1s {\n    position ‸\n  }\n}")
    #expect(position.contains("bottomTrailing") && position.contains("x:") && position.contains("margin:"))
    let crop = labels("track main {\n  clip testpattern() {\n    crop ‸\n  }\n}")
    #expect(crop.prefix(3) == ["9:16", "16:9", "1:1"], "crop presets")
    #expect(crop.contains("anchor:") && crop.contains("width:"))
    let canvas = labels("canvas ‸")
    #expect(canvas.contains("story") && canvas.contains("fps:"))
  }

  @Test func valuesAfterALabel() {
    #expect(labels("export \"a.mp4\" quality: ‸") == ["original", "low", "medium", "high", "lossless"])
    let anchors = labels("track main {\n  clip testpattern() {\n    crop 9:16 anchor: ‸\n  }\n}")
    #expect(anchors.first == "topLeading")
    let glued = items("export \"a.mp4\" quality:‸").first
    #expect(glued?.insertText == " original", "a value right after `:` gets a space")
    let colors = labels("canvas 10x10 background: ‸")
    #expect(colors.contains("white") && colors.contains("transparent"))
    let background = labels("track main {\n  clip testpattern() {\n    fit contain background: ‸\n  }\n}")
    #expect(background.contains("blur") && background.contains("black"))
    #expect(labels("editor {\n  expanded ‸\n}") == ["true", "false"])
  }

  @Test func timesOfferEndIdsAndTimeParameters() {
    let text = """
      param delay: Duration = 1s
      param name: String = "x"
      track main {
        clip testpattern() duration: 2s id: opening
      }
      track overlay {
        text "a" at: ‸
      }
      """
    let names = labels(text)
    #expect(names.contains("end") && names.contains("opening") && names.contains("delay"))
    #expect(!names.contains("name"), "a String parameter is no time")
    let sources = labels("let a = testpattern()\nlet t = 2s\ntrack main {\n  clip ‸\n}")
    #expect(sources.contains("a") && sources.contains("video") && sources.contains("testpattern"))
    #expect(!sources.contains("t"), "a `let` of a duration is no source")
    let video = items("track main {\n  clip v‸\n}").first { $0.label == "video" }
    #expect(video?.snippet == "video(\"$1\")")
  }

  @Test func membersAfterADot() {
    let text =
      "track main {\n  clip testpattern() duration: 2s id: opening\n}\ntrack overlay {\n  text \"a\" at: opening.‸\n}"
    #expect(labels(text) == ["start", "end", "duration"])
    #expect(labels("track overlay {\n  text \"a\" at: 0s duration: canvas.‸") == ["width", "height", "fps"])
    #expect(labels("track overlay {\n  text \"a\" at: main.‸") == ["start", "end", "duration"])
  }

  @Test func expressionsAfterOperatorsAndInLets() {
    let text =
      "param gap: Duration = 1s\ntrack main {\n  clip testpattern() duration: 2s id: a\n}\nlet later = a.end + ‸"
    let names = labels(text)
    #expect(names.contains("a") && names.contains("gap"))
    let operand = labels(
      "track main {\n  clip testpattern() duration: 2s id: a\n}\ntrack overlay {\n  text \"x\" at: a.end + ‸")
    #expect(operand.contains("a") && operand.contains("end"))
  }

  @Test func parameterTypes() {
    let names = labels("param x: ‸")
    #expect(names.contains("Duration") && names.contains("Color") && names.contains("String"))
  }

  @Test func callArguments() {
    #expect(labels("editor {\n  height dynamic(‸\n}") == ["maximumTracks:"])
    let shapes = labels("editor {\n  height ‸\n}")
    #expect(shapes.contains("dynamic") && shapes.contains("fixed"))
  }

  /// `animate ‸`, the `key` statement in its block, the labels and values of a key for the
  /// property being animated, `length` in key times, and the easings (ANIMATION.md §5).
  @Test func animationPropertiesKeysAndEasings() {
    let item = "track overlay {\n  text \"a\" at: 0s duration: 2s {\n    "
    // What the item can animate: a text its place, opacity, scale and turn, a clip also its
    // zoom, pan and sound.
    #expect(labels(item + "animate ‸") == ["opacity", "offset", "position", "scale", "rotate"])
    let animate = items(item + "anim‸").first { $0.label == "animate" }
    #expect(animate?.snippet == "animate ${1|opacity,offset,position,scale,rotate|} {\n\t$0\n}")
    let clip = "track overlay {\n  clip testpattern() at: 0s duration: 2s {\n    "
    #expect(
      labels(clip + "animate ‸") == ["opacity", "offset", "position", "volume", "zoom", "pan", "scale", "rotate"])
    let clipAnimate = items(clip + "anim‸").first { $0.label == "animate" }
    #expect(
      clipAnimate?.snippet == "animate ${1|opacity,offset,position,volume,zoom,pan,scale,rotate|} {\n\t$0\n}")
    #expect(labels(item + "animate offset {\n      ‸\n    }") == ["key"])
    #expect(labels(item + "animate opacity { key 0s 0%; ‸") == ["key"], "after `;` in a one-line block")
    let key = items(item + "animate offset {\n      k‸").first
    #expect(key?.snippet == "key ${1:duration}")

    // A key's labels follow the property: `x:`/`y:` for points, neither for opacity.
    let point = labels(item + "animate offset {\n      key 0s ‸")
    #expect(point == ["x:", "y:", "easing:"])
    #expect(labels(item + "animate position {\n      key 0s x: 10 ‸") == ["y:", "easing:"])
    #expect(labels(item + "animate opacity {\n      key 0s 50% ‸") == ["easing:"])

    // Key times: `length` (the item's length) besides the usual names.
    let time = labels("param d: Duration = 1s\n" + item + "animate opacity {\n      key ‸")
    #expect(time.contains("length") && time.contains("d") && !time.contains("end"))
    #expect(labels(item + "animate opacity {\n      key length - ‸").contains("length"))
    #expect(!labels(item + "fade in: ‸").contains("length"), "`length` is only known in `animate`")

    // Easings: every name, then the two calls; no `let`s (an easing is written in place).
    let easings = labels("let t = 2s\n" + item + "animate opacity {\n      key 1s 100% easing: ‸")
    #expect(easings == Easing.names + ["cubicBezier", "spring"])
    let typed = items(item + "animate opacity {\n      key 1s 100% easing: easeOutB‸").first {
      $0.label == "easeOutBack"
    }
    #expect(typed?.insertText == "easeOutBack")
    let spring = items(item + "animate opacity {\n      key 1s 100% easing:‸").first { $0.label == "spring" }
    #expect(spring?.insertText == " spring(")
    #expect(spring?.snippet == " spring(mass: $1, stiffness: $2, damping: $3)")
    let bezier = items(item + "animate opacity {\n      key 1s 100% easing: ‸").first { $0.label == "cubicBezier" }
    #expect(bezier?.snippet == "cubicBezier($1, $2, $3, $4)")
    #expect(
      labels(item + "animate opacity {\n      key 1s 100% easing: spring(mass: 2, ‸")
        == ["stiffness:", "damping:"])
  }

  @Test func headerItemIdsForModifyHeader() {
    let text = """
      editor {
        header {
          trailing { custom "my.mute" title: "Mute" }
        }
        modifyHeader {
          remove ‸
        }
      }
      """
    let names = labels(text)
    #expect(names.contains("loop") && names.contains("timecode") && names.contains("\"my.mute\""))
    #expect(!names.contains("spacer"), "spacers have no id")
  }

  @Test func nothingInCommentsNumbersAndNewNames() {
    #expect(labels("// track ‸").isEmpty)
    #expect(labels("/* a ‸ */").isEmpty)
    #expect(labels("canvas 10x10 fps: 3‸").isEmpty)
    #expect(labels("let ‸").isEmpty)
    #expect(labels("track main {\n  clip testpattern() id: ‸").isEmpty)
  }

  @Test func filePathsInSourceAndExportStrings() throws {
    let folder = TestFolder.fresh("vedl-ide").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fm = FileManager.default
    try fm.createDirectory(atPath: folder + "/media", withIntermediateDirectories: true)
    for name in [
      "media/a.mp4", "media/b.MOV", "media/logo.png", "media/subs.srt", "media/warm.cube", "notes.txt", ".hidden.mp4",
    ] {
      #expect(fm.createFile(atPath: folder + "/" + name, contents: Data()))
    }
    #expect(labels("let a = video(\"‸\")", baseDirectory: folder) == ["media/"])
    let inMedia = items("let a = video(\"media/‸\")", baseDirectory: folder)
    #expect(inMedia.map(\.label) == ["a.mp4", "b.MOV"])
    #expect(inMedia.first?.kind == .file)
    let (syntax, offset) = IDETestSupport.syntax("let a = image(\"media/lo‸")
    let images = CompletionProvider.complete(at: offset, in: syntax, baseDirectory: folder)
    #expect(images.map(\.label) == ["logo.png"], "an unterminated string still completes")
    #expect(images.first.map { syntax.file.text($0.replacing) } == "lo")
    #expect(labels("captions {\n  import \"media/‸\"\n}", baseDirectory: folder) == ["subs.srt"])
    #expect(labels("export \"‸\"", baseDirectory: folder) == ["media/"])
    #expect(
      labels("track main {\n  clip testpattern() duration: 1s { lut \"media/‸\" }\n}", baseDirectory: folder) == [
        "warm.cube"
      ])
    #expect(labels("let a = video(\"‸\")", baseDirectory: nil).isEmpty)
    #expect(labels("track overlay {\n  text \"media/‸\"", baseDirectory: folder).isEmpty, "a text is no path")
  }

  @Test func everyOffsetOfTheDemoCompletesWithoutTrouble() {
    let (syntax, _) = IDETestSupport.syntax(TestText.demoEdit)
    var total = 0
    for offset in 0...syntax.file.bytes.count {
      let items = CompletionProvider.complete(at: offset, in: syntax, baseDirectory: nil)
      for item in items {
        #expect(item.replacing.start <= offset && item.replacing.end == offset)
      }
      total += items.count
    }
    #expect(total > 1000)
  }
}
