import Testing
import VEDLDiagnostics

@testable import VEDLSema

/// `addClip` and `addAudio`: sources, the single-source rule, `none`, and their diagnostics.
@Suite struct EditorAddButtonTests {
  @Test func sourcesAreListedInOrderWithTheirLabels() {
    let r = EditorTestSupport.check(
      """
      editor {
        addClip { photoRoll; library title: "Media" icon: "square.stack.fill"; camera; custom "my.stock" title: "Stock" icon: "film.stack" }
      }
      """)
    #expect(r.diagnostics.isEmpty)
    let button = r.configuration.addClip
    #expect(button.mode == .menu)
    #expect(button.visible)
    #expect(button.label == "Add Clip")
    #expect(button.icon == nil)
    #expect(
      button.options == [
        EditorAddOption(.photoRoll, id: "photoRoll", title: "Photo Roll"),
        EditorAddOption(.library, id: "library", title: "Media", icon: "square.stack.fill"),
        EditorAddOption(.camera, id: "camera", title: "Camera"),
        EditorAddOption(.custom, id: "my.stock", title: "Stock", icon: "film.stack"),
      ])
    #expect(r.configuration.addAudio == .removed, "without `addAudio` there is no audio button")
  }

  @Test func withoutTheStatementsThereAreNoButtons() {
    let r = EditorTestSupport.check("editor { expanded true }")
    #expect(r.configuration.addClip == .removed)
    #expect(r.configuration.addAudio == .removed)
    #expect(!r.configuration.addClip.visible)
    #expect(r.configuration.addClip.mode == .hidden)
  }

  @Test func withoutABlockTheButtonsOfferTheBuiltInSources() {
    let r = EditorTestSupport.check("editor {\n  addClip\n  addAudio\n}")
    #expect(r.diagnostics.isEmpty)
    #expect(r.configuration.addClip.mode == .menu)
    #expect(r.configuration.addClip.options.map(\.id) == ["camera", "library"])
    #expect(r.configuration.addClip.label == "Add Clip")
    #expect(r.configuration.addClip == .builtInAddClip)
    #expect(r.configuration.addAudio.mode == .menu)
    #expect(r.configuration.addAudio.options.map(\.id) == ["music", "voiceover"])
    #expect(r.configuration.addAudio.label == "Add Audio")
    #expect(r.configuration.addAudio == .builtInAddAudio)
  }

  @Test func withoutABlockTheButtonKeepsTheDefaultSourcesAndTakesItsLabel() {
    let r = EditorTestSupport.check("editor {\n  addAudio title: \"Sound\" icon: \"music.note\"\n}")
    #expect(r.diagnostics.isEmpty)
    #expect(r.configuration.addAudio.options == EditorAddButton.builtInAddAudio.options)
    #expect(r.configuration.addAudio.label == "Sound")
    #expect(r.configuration.addAudio.icon == "music.note")
  }

  @Test func oneSourceIsPerformedDirectlyAndShowsItsOwnLabel() {
    let r = EditorTestSupport.check(
      """
      editor {
        addClip { photoRoll }
        addAudio { custom "my.sfx" title: "Sound Effects" icon: "waveform" }
      }
      """)
    #expect(r.diagnostics.isEmpty)
    #expect(r.configuration.addClip.mode == .direct)
    #expect(r.configuration.addClip.visible)
    #expect(r.configuration.addClip.label == "Photo Roll")
    #expect(r.configuration.addClip.icon == nil)
    #expect(r.configuration.addAudio.mode == .direct)
    #expect(r.configuration.addAudio.label == "Sound Effects")
    #expect(r.configuration.addAudio.icon == "waveform")
  }

  @Test func anExplicitButtonLabelWinsOverTheSingleSourcesLabel() {
    let r = EditorTestSupport.check("editor {\n  addClip title: \"Import\" { library icon: \"photo\" }\n}")
    #expect(r.configuration.addClip.mode == .direct)
    #expect(r.configuration.addClip.label == "Import")
    #expect(r.configuration.addClip.icon == "photo")
  }

  @Test func noneRemovesTheButton() {
    let r = EditorTestSupport.check("editor {\n  addClip none\n  addAudio none\n}")
    #expect(r.diagnostics.isEmpty)
    for button in [r.configuration.addClip, r.configuration.addAudio] {
      #expect(!button.visible)
      #expect(button.mode == .hidden)
      #expect(button.options.isEmpty)
      #expect(button.label == nil)
    }
  }

  @Test func noneWithSourcesIsE0705() throws {
    let r = EditorTestSupport.check("editor {\n  addClip none { camera; library }\n}")
    let d = try #require(r.single("E0705"))
    #expect(d.message == "`addClip none` removes the button, but sources are listed too")
    #expect(r.text(d.span) == "none")
    #expect(d.labels.map { r.text($0.span) } == ["{ camera; library }"])
    #expect(r.applyingFixIts(of: d).contains("addClip { camera; library }"))
    #expect(r.configuration.addClip.mode == .hidden)
  }

  @Test func noneWithALabelIsE0705() {
    let r = EditorTestSupport.check("editor {\n  addAudio none title: \"Audio\" icon: \"music.note\"\n}")
    #expect(r.codes == ["E0705", "E0705"])
    #expect(r.diagnostics.map { r.text($0.span) } == ["title", "icon"])
    #expect(r.diagnostics[0].message == "`addAudio none` removes the button, so `title:` has no effect")
    #expect(r.diagnostics[0].labels.map { r.text($0.span) } == ["none"])
  }

  @Test func noneWithSourcesStillChecksThem() {
    let r = EditorTestSupport.check("editor {\n  addClip none { custom \"\" }\n}")
    #expect(r.codes.sorted() == ["E0705", "E0707"])
  }

  @Test func anEmptyBlockHidesTheButtonWithW0702() throws {
    let r = EditorTestSupport.check("editor {\n  addClip {}\n}")
    let d = try #require(r.single("W0702"))
    #expect(d.severity == .warning)
    #expect(d.message == "`addClip {}` lists no sources, so the button is hidden")
    #expect(r.applyingFixIts(of: d).contains("addClip none\n"))
    #expect(r.configuration.addClip.mode == .hidden)
    #expect(!r.configuration.addClip.visible)

    // With a label, `none` would clash with it, so there is no fix-it.
    let labelled = EditorTestSupport.check("editor {\n  addAudio title: \"Audio\" {}\n}")
    #expect(labelled.single("W0702")?.fixIts.isEmpty == true)
  }

  @Test func aCustomSourceWithoutTitleIsW0704AndShowsItsID() throws {
    let r = EditorTestSupport.check("editor {\n  addClip { camera; custom \"my.stock\" icon: \"film\" }\n}")
    let d = try #require(r.single("W0704"))
    #expect(d.severity == .warning)
    #expect(d.message.contains("`my.stock`"))
    #expect(
      r.configuration.addClip.options.last == EditorAddOption(.custom, id: "my.stock", title: "my.stock", icon: "film"))
  }

  @Test func duplicateSourcesAreE0703() throws {
    let r = EditorTestSupport.check(
      """
      editor {
        addClip { camera; library; camera title: "Again"; custom "library" title: "Mine" }
        addAudio { music; custom "x" title: "X"; custom "x" title: "Y" }
      }
      """)
    #expect(r.codes == ["E0703", "E0703", "E0703"])
    #expect(r.diagnostics[0].message == "duplicate `addClip` source id `camera`")
    #expect(r.diagnostics[0].labels.map { $0.span.start < r.diagnostics[0].span.start } == [true])
    #expect(r.diagnostics[1].message == "duplicate `addClip` source id `library`")
    #expect(r.diagnostics[1].help == "give this custom source a different id")
    #expect(r.diagnostics[2].message == "duplicate `addAudio` source id `x`")
    #expect(r.configuration.addClip.options.map(\.title) == ["Camera", "Library"])
    #expect(r.configuration.addAudio.options.map(\.title) == ["Music", "X"])
  }

  @Test func idsAreUniqueAcrossTheHeaderAndBothButtons() throws {
    let r = EditorTestSupport.check(
      """
      editor {
        addAudio { custom "shared" title: "B"; music }
        header { trailing { custom "shared"; custom "loop" } }
        addClip { custom "shared" title: "A"; custom "loop" title: "Loop"; camera }
        modifyHeader { remove loop }
      }
      """)
    #expect(r.codes == ["E0703", "E0703"])
    let header = r.diagnostics[0]
    #expect(header.message == "id `shared` of the header is already used by `addAudio`")
    #expect(r.line(header.span) == 3)
    #expect(header.labels.map { r.line($0.span) } == [2])
    let clip = r.diagnostics[1]
    #expect(clip.message == "id `shared` of `addClip` is already used by `addAudio`")
    #expect(r.line(clip.span) == 4)
    #expect(clip.labels.map { r.line($0.span) } == [2])
    // `loop` was removed from the header, so the clip source may use the id.
    #expect(r.configuration.addClip.options.map(\.id) == ["shared", "loop", "camera"])
    #expect(EditorTestSupport.ids(try #require(r.configuration.header).trailing) == ["shared"])
  }

  @Test func aSourceWrittenAsArgumentIsE0304WithAFixIt() throws {
    let r = EditorTestSupport.check("editor {\n  addClip camera\n  addAudio 3\n}")
    #expect(r.codes == ["E0304", "E0304"])
    let d = r.diagnostics[0]
    #expect(d.message == "`addClip` takes `none` or a block of sources, found `camera`")
    #expect(r.applyingFixIts(of: d).contains("addClip { camera }\n"))
    #expect(r.diagnostics[1].message == "`addAudio` takes `none` or a block of sources, found Number")
    #expect(r.diagnostics[1].fixIts.isEmpty)
  }

  @Test func sourcesOfTheOtherButtonAndUnknownOnesAreLeftToTheSchemaPass() {
    let r = EditorTestSupport.check(
      "editor {\n  addClip { music; camera; none; stock }\n  addAudio { camera; voiceover }\n}")
    #expect(r.diagnostics.isEmpty)
    #expect(r.configuration.addClip.options.map(\.id) == ["camera"])
    #expect(r.configuration.addAudio.options.map(\.id) == ["voiceover"])
  }

  @Test func aSecondAddClipIsIgnoredButChecked() {
    let r = EditorTestSupport.check("editor {\n  addClip { camera }\n  addClip { library; custom \"\" }\n}")
    #expect(r.codes == ["E0707"])
    #expect(r.configuration.addClip.options.map(\.id) == ["camera"])
  }

  @Test func wronglyTypedLabelsAreE0304() {
    let r = EditorTestSupport.check("editor {\n  addClip title: 3 { camera icon: 2s; library }\n}")
    #expect(r.codes == ["E0304", "E0304"])
    #expect(r.diagnostics.map(\.message) == ["expected String, found Number", "expected String, found Duration"])
    #expect(r.configuration.addClip.label == "Add Clip")
  }
}
