import Testing
import VEDLDiagnostics
import VEDLSource
import VEDLSyntax

@testable import VEDLSema

/// The result of running ``EditorChecker`` over one `editor { … }` source.
struct EditorCheckOutcome {
  let file: SourceFile
  let configuration: EditorConfiguration
  let diagnostics: [Diagnostic]
  /// Parser diagnostics; the sources in these tests are syntactically valid.
  let syntaxDiagnostics: [Diagnostic]

  /// The codes reported, in order.
  var codes: [String] { diagnostics.map(\.code.id) }

  /// The only diagnostic with `code` (the test fails when there is not exactly one).
  func single(_ code: String, sourceLocation: SourceLocation = #_sourceLocation) -> Diagnostic? {
    let matching = diagnostics.filter { $0.code.id == code }
    #expect(matching.count == 1, "expected one \(code), got \(codes)", sourceLocation: sourceLocation)
    return matching.first
  }

  /// The source text under `span`.
  func text(_ span: Span) -> String { file.text(span) }

  /// The 1-based line of `span`'s start.
  func line(_ span: Span) -> Int { file.lines.location(of: span.start).line }

  /// The source with every fix-it of `diagnostic` applied (they do not overlap).
  func applyingFixIts(of diagnostic: Diagnostic) -> String {
    var bytes = file.bytes
    for fix in diagnostic.fixIts.sorted(by: { $0.span.start > $1.span.start }) {
      bytes.replaceSubrange(fix.span.start..<fix.span.end, with: Array(fix.replacement.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Running the editor checker the way the full checker does, with an evaluator that
/// understands plain string literals only (interpolations and names are not strings here).
enum EditorTestSupport {
  /// The text of a string literal without interpolations, else `nil`.
  static func literalString(_ e: Expr) -> String? {
    guard case .string(let segments) = e.kind else { return nil }
    var text = ""
    for segment in segments {
      guard case .text(let piece, _) = segment else { return nil }
      text += piece
    }
    return text
  }

  /// Whether a test source must parse without syntax diagnostics.
  enum Syntax {
    /// The source is valid VEDL syntax (the default): a syntax diagnostic fails the test.
    case valid
    /// The source may be malformed (robustness tests).
    case mayBeMalformed
  }

  /// Parses `source` and checks its first `editor` statement (a statement without a block
  /// stands in when there is none).
  static func check(
    _ source: String, syntax: Syntax = .valid, sourceLocation: SourceLocation = #_sourceLocation
  ) -> EditorCheckOutcome {
    let file = SourceFile(path: "editor.vedl", text: source)
    let parsed = Parser.parse(file)
    if syntax == .valid {
      #expect(
        parsed.diagnostics.map(\.message) == [], "the test source should parse cleanly", sourceLocation: sourceLocation)
    }
    let editor = parsed.syntax.items.lazy.compactMap { item -> Statement? in
      if case .statement(let s) = item, s.name.name == "editor" { return s }
      return nil
    }.first
    let statement =
      editor ?? Statement(name: Identifier("editor", Span.point(0)), arguments: [], block: nil, span: Span.point(0))
    let (configuration, diagnostics) = EditorChecker.check(statement, file: file, evaluateString: literalString)
    return EditorCheckOutcome(
      file: file, configuration: configuration, diagnostics: diagnostics, syntaxDiagnostics: parsed.diagnostics)
  }

  /// The ids of a header group, `"spacer"` standing for a spacer.
  static func ids(_ items: [EditorHeaderItem]) -> [String] { items.map { $0.id ?? $0.kind.rawValue } }
}

/// The header rules: declaration, `modifyHeader` and its diagnostics.
@Suite struct EditorCheckerHeaderTests {
  @Test func headerGroupsKeepTheirOrderAndBuiltInIDsAreNames() throws {
    let r = EditorTestSupport.check(
      """
      editor {
        header {
          trailing { loop; spacer; toggleExpanded title: "Less" }
          leading { timecode title: "Time"; spacer }
          center { playPause icon: "play"; custom "my.app.share" title: "Share" icon: "square.and.arrow.up" }
        }
      }
      """)
    #expect(r.syntaxDiagnostics.isEmpty)
    #expect(r.diagnostics.isEmpty)
    let header = try #require(r.configuration.header)
    #expect(header.leading == [EditorHeaderItem(kind: .timecode, title: "Time"), EditorHeaderItem(kind: .spacer)])
    #expect(header.leading[1].id == nil)
    #expect(
      header.center == [
        EditorHeaderItem(kind: .playPause, id: "playPause", icon: "play"),
        EditorHeaderItem(kind: .custom, id: "my.app.share", title: "Share", icon: "square.and.arrow.up"),
      ])
    #expect(header.trailing.map(\.kind) == [.loop, .spacer, .toggleExpanded])
    #expect(header.trailing[2] == EditorHeaderItem(kind: .toggleExpanded, id: "toggleExpanded", title: "Less"))
    #expect(!r.configuration.isHeaderRemoved)
    #expect(r.configuration.showsPlayerBar)
  }

  @Test func noHeaderMeansNoPlayerBarAndAnEmptyHeaderRemovesIt() throws {
    let none = EditorTestSupport.check("editor { expanded false }")
    #expect(none.configuration.header == nil)
    #expect(!none.configuration.isHeaderRemoved)
    #expect(!none.configuration.showsPlayerBar)

    let empty = EditorTestSupport.check("editor { header {} }")
    #expect(empty.diagnostics.isEmpty)
    #expect(empty.configuration.header == EditorHeader())
    #expect(empty.configuration.isHeaderRemoved)
    #expect(!empty.configuration.showsPlayerBar)

    // Removing every item empties the header too.
    let emptied = EditorTestSupport.check(
      "editor {\n  header { center { playPause } }\n  modifyHeader { remove playPause }\n}")
    #expect(emptied.diagnostics.isEmpty)
    #expect(emptied.configuration.isHeaderRemoved)
  }

  @Test func addFirstAndAddLastInsertAtTheEdgesInOrder() throws {
    let r = EditorTestSupport.check(
      """
      editor {
        header {
          leading { timecode }
          trailing { loop; toggleExpanded }
        }
        modifyHeader {
          addFirst trailing { custom "a"; custom "b" }
          addLast trailing { custom "c"; spacer }
          addFirst center { playPause }
          addLast leading { custom "d" }
        }
      }
      """)
    #expect(r.diagnostics.isEmpty)
    let header = try #require(r.configuration.header)
    #expect(EditorTestSupport.ids(header.trailing) == ["a", "b", "loop", "toggleExpanded", "c", "spacer"])
    #expect(EditorTestSupport.ids(header.center) == ["playPause"])
    #expect(EditorTestSupport.ids(header.leading) == ["timecode", "d"])
  }

  @Test func addAfterAndAddBeforeWorkInWhicheverGroupTheAnchorIs() throws {
    let r = EditorTestSupport.check(
      """
      editor {
        header {
          leading { timecode; spacer }
          center { playPause }
          trailing { loop; toggleExpanded }
        }
        modifyHeader {
          addAfter playPause { custom "after1"; custom "after2" }
          addBefore playPause { custom "before" }
          addBefore timecode { custom "first" }
          addAfter "toggleExpanded" { custom "last" }
          addAfter loop { spacer }
        }
      }
      """)
    #expect(r.diagnostics.isEmpty)
    let header = try #require(r.configuration.header)
    #expect(EditorTestSupport.ids(header.leading) == ["first", "timecode", "spacer"])
    #expect(EditorTestSupport.ids(header.center) == ["before", "playPause", "after1", "after2"])
    #expect(EditorTestSupport.ids(header.trailing) == ["loop", "spacer", "toggleExpanded", "last"])
  }

  @Test func replaceKeepsThePositionAndRemoveTakesTheItemOut() throws {
    let r = EditorTestSupport.check(
      """
      editor {
        header {
          trailing { loop; spacer; toggleExpanded }
        }
        modifyHeader {
          replace loop { custom "mute" title: "Mute"; custom "solo" }
          replace toggleExpanded { toggleExpanded title: "Fold" }
        }
        modifyHeader {
          remove solo
          replace "mute" {}
        }
      }
      """)
    #expect(r.diagnostics.isEmpty)
    let header = try #require(r.configuration.header)
    #expect(
      header.trailing == [EditorHeaderItem(kind: .spacer), EditorHeaderItem(kind: .toggleExpanded, title: "Fold")])
  }

  @Test func replacedItemsKeepTheirPlaceBeforeTheRestOfTheGroup() throws {
    let r = EditorTestSupport.check(
      """
      editor {
        header { trailing { loop; spacer; toggleExpanded } }
        modifyHeader { replace loop { custom "mute"; custom "solo" } }
      }
      """)
    #expect(r.diagnostics.isEmpty)
    #expect(
      EditorTestSupport.ids(try #require(r.configuration.header).trailing) == [
        "mute", "solo", "spacer", "toggleExpanded",
      ])
  }

  @Test func modifyHeaderWithoutHeaderIsE0701() throws {
    let r = EditorTestSupport.check(
      """
      editor {
        modifyHeader {
          remove loop
          addFirst trailing { custom "mute" }
        }
      }
      """)
    let d = try #require(r.single("E0701"))
    #expect(r.codes == ["E0701"], "anchors are not looked up without a header")
    #expect(d.message == "`modifyHeader` has no header to adjust")
    #expect(r.text(d.span) == "modifyHeader")
    #expect(d.help?.contains("header {") == true)
    #expect(r.configuration.header == nil)
  }

  @Test func modifyHeaderBeforeHeaderIsE0701PointingAtTheHeader() throws {
    let r = EditorTestSupport.check(
      """
      editor {
        modifyHeader { remove loop }
        header { trailing { loop } }
      }
      """)
    let d = try #require(r.single("E0701"))
    #expect(d.message.contains("comes before the `header`"))
    #expect(d.labels.count == 1)
    #expect(r.line(d.labels[0].span) == 3)
    #expect(r.text(d.labels[0].span) == "header")
    #expect(d.help == "move `modifyHeader` below `header`")
    // The header is declared; the early modification is not applied.
    #expect(EditorTestSupport.ids(try #require(r.configuration.header).trailing) == ["loop"])
  }

  @Test func modifyHeaderWithoutHeaderStillChecksItsValues() {
    let r = EditorTestSupport.check("editor {\n  modifyHeader { addLast middle { custom \"\" } }\n}")
    #expect(r.codes.sorted() == ["E0304", "E0701", "E0707"])
  }

  @Test func anchorOnAnAbsentIDIsE0702WithTheExistingIDsAndASuggestion() throws {
    let r = EditorTestSupport.check(
      """
      editor {
        header {
          leading { timecode; spacer }
          center { playPause }
          trailing { custom "my.mute" }
        }
        modifyHeader {
          addAfter playPuase { spacer }
        }
      }
      """)
    let d = try #require(r.single("E0702"))
    #expect(d.message == "`addAfter`: no header item has the id `playPuase`")
    #expect(r.text(d.span) == "playPuase")
    #expect(d.notes.contains("the header's ids are `timecode`, `playPause`, `my.mute`"))
    #expect(d.help == "did you mean `playPause`?")
    #expect(r.applyingFixIts(of: d).contains("addAfter playPause { spacer }"))
    #expect(EditorTestSupport.ids(try #require(r.configuration.header).center) == ["playPause"], "nothing inserted")
  }

  @Test func anchorOnARemovedIDPointsAtTheRemoval() throws {
    let r = EditorTestSupport.check(
      """
      editor {
        header { trailing { loop; toggleExpanded } }
        modifyHeader {
          remove loop
          replace loop { custom "mute" }
        }
      }
      """)
    let d = try #require(r.single("E0702"))
    #expect(r.line(d.span) == 5)
    #expect(d.labels.map { r.line($0.span) } == [4])
    #expect(d.labels.first?.message == "`loop` was removed here")
    #expect(d.notes.contains("the header's ids are `toggleExpanded`"))
    #expect(d.fixIts.isEmpty)
  }

  @Test func everyAnchoredOperationReportsAnAbsentID() {
    let r = EditorTestSupport.check(
      """
      editor {
        header {}
        modifyHeader {
          remove loop
          replace "my.custom" { spacer }
          addAfter timecode { spacer }
          addBefore toggleExpanded { spacer }
        }
      }
      """)
    #expect(r.codes == ["E0702", "E0702", "E0702", "E0702"])
    #expect(r.diagnostics.allSatisfy { $0.notes.contains("the header has no items with an id") })
    #expect(r.diagnostics[1].message.contains("`my.custom`"))
  }

  @Test func duplicateIDsInTheHeaderAreE0703WithTheFirstLabelled() throws {
    let r = EditorTestSupport.check(
      """
      editor {
        header {
          leading { timecode; loop }
          trailing { loop; custom "timecode" }
        }
      }
      """)
    #expect(r.codes == ["E0703", "E0703"])
    let loop = r.diagnostics[0]
    #expect(loop.message == "duplicate header item id `loop`")
    #expect(r.line(loop.span) == 4)
    #expect(loop.labels.map { r.line($0.span) } == [3])
    #expect(loop.labels.map { r.text($0.span) } == ["loop"])
    let custom = r.diagnostics[1]
    #expect(r.text(custom.span) == "\"timecode\"")
    #expect(custom.help == "give this custom item a different id")
    // The duplicates are left out.
    #expect(EditorTestSupport.ids(try #require(r.configuration.header).trailing) == [])
  }

  @Test func insertingAnExistingIDWithModifyHeaderIsE0703() throws {
    let r = EditorTestSupport.check(
      """
      editor {
        header { leading { loop }; trailing { custom "mute" } }
        modifyHeader {
          addLast leading { custom "mute" }
          replace loop { loop icon: "repeat" }
        }
      }
      """)
    let d = try #require(r.single("E0703"))
    #expect(r.line(d.span) == 4)
    #expect(d.labels.map { r.line($0.span) } == [2])
    let header = try #require(r.configuration.header)
    #expect(header.leading == [EditorHeaderItem(kind: .loop, icon: "repeat")], "replacing an item with itself is fine")
  }

  @Test func spacersCannotBeAddressedE0704() {
    let r = EditorTestSupport.check(
      """
      editor {
        header { leading { timecode; spacer } }
        modifyHeader {
          remove spacer
          addAfter spacer { loop }
        }
      }
      """)
    #expect(r.codes == ["E0704", "E0704"])
    #expect(r.diagnostics[0].message == "`remove spacer`: spacers have no id and cannot be addressed")
    #expect(r.text(r.diagnostics[0].span) == "spacer")
    #expect(r.diagnostics[1].help?.contains("neighbouring item") == true)
    #expect(EditorTestSupport.ids(r.configuration.header?.leading ?? []) == ["timecode", "spacer"])
  }

  @Test func anEmptyCustomIDIsE0707() throws {
    let r = EditorTestSupport.check("editor {\n  header { center { custom \"\" title: \"X\" } }\n}")
    let d = try #require(r.single("E0707"))
    #expect(r.text(d.span) == "\"\"")
    #expect(r.configuration.header?.center == [])
  }

  @Test func missingBlocksAreE0706() {
    let r = EditorTestSupport.check(
      """
      editor {
        header {
          leading
          center { playPause }
        }
        modifyHeader {
          replace playPause
          addFirst trailing
        }
      }
      """)
    #expect(r.codes == ["E0706", "E0706", "E0706"])
    #expect(r.diagnostics.map { r.line($0.span) } == [3, 7, 8])
    #expect(r.diagnostics[0].message == "`leading` needs a block")
    #expect(r.applyingFixIts(of: r.diagnostics[0]).contains("    leading {}\n"))
    #expect(EditorTestSupport.ids(r.configuration.header?.center ?? []) == ["playPause"])

    let bare = EditorTestSupport.check("editor {\n  header\n  modifyHeader\n}")
    #expect(bare.codes == ["E0706", "E0706"])
    #expect(bare.configuration.header == EditorHeader(), "`header` without a block declares an empty header")

    let noEditorBlock = EditorTestSupport.check("editor")
    #expect(noEditorBlock.codes == ["E0706"])
    #expect(noEditorBlock.configuration == .default)
  }

  @Test func wronglyTypedHeaderValuesAreE0304() throws {
    let r = EditorTestSupport.check(
      """
      editor {
        header {
          trailing { custom mute title: 3; loop icon: #FF0000 }
        }
        modifyHeader {
          addFirst middle { spacer }
          addLast "leading" { spacer }
          remove 3
        }
      }
      """)
    #expect(r.codes == ["E0304", "E0304", "E0304", "E0304", "E0304", "E0304"])
    let unquoted = r.diagnostics[0]
    #expect(unquoted.message == "expected String, found `mute`")
    #expect(r.applyingFixIts(of: unquoted).contains("custom \"mute\" title: 3"))
    #expect(r.diagnostics[1].message == "expected String, found Number")
    #expect(r.diagnostics[2].message == "expected String, found Color")
    let placement = r.diagnostics[3]
    #expect(placement.message == "`middle` is not a valid Placement")
    #expect(placement.notes == ["expected one of `leading`, `center`, `trailing`"])
    let quoted = r.diagnostics[4]
    #expect(quoted.message == "expected Placement, found String")
    #expect(r.applyingFixIts(of: quoted).contains("addLast leading { spacer }"))
    #expect(r.diagnostics[5].message == "expected an item id, found Number")
    // Only the valid item survives.
    #expect(r.configuration.header?.trailing == [EditorHeaderItem(kind: .loop)])
  }

  @Test func namesAndStringsAreLeftToTheEvaluatorButOtherLiteralsAreNot() throws {
    let file = SourceFile(
      path: "e.vedl",
      text: "editor {\n  header { center { custom \"a\" title: brand icon: 3 } }\n  addClip title: brand { camera }\n}")
    let parsed = Parser.parse(file)
    guard case .statement(let editor)? = parsed.syntax.items.first else {
      Issue.record("no editor statement")
      return
    }
    var asked: [String] = []
    let (configuration, diagnostics) = EditorChecker.check(editor, file: file) { e in
      asked.append(file.text(e.span))
      if case .name(let id) = e.kind, id.name == "brand" { return "Brand" }
      return EditorTestSupport.literalString(e)
    }
    #expect(asked == ["\"a\"", "brand", "brand"])
    #expect(diagnostics.map(\.message) == ["expected String, found Number"])
    #expect(configuration.header?.center.first?.title == "Brand")
    #expect(configuration.addClip.label == "Brand")
  }

  @Test func aPlacementCloseToAValidOneIsSuggested() throws {
    let r = EditorTestSupport.check("editor {\n  header {}\n  modifyHeader { addFirst trailng { spacer } }\n}")
    let d = try #require(r.single("E0304"))
    #expect(d.help == "did you mean `trailing`?")
    #expect(r.applyingFixIts(of: d).contains("addFirst trailing {"))
  }

  @Test func statementsTheGenericPassReportsAreSkippedSilently() throws {
    // Unknown groups, items in the wrong place, unknown operations and a repeated group are
    // the schema pass's to report (E0301/E0312); the editor checker skips them.
    let r = EditorTestSupport.check(
      """
      editor {
        header {
          middle { playPause }
          leading { timecode; camera; bogus 3 }
          leading { loop; loop }
          timecode
        }
        modifyHeader {
          insert loop { spacer }
          timecode
        }
        colour red
        let x = 3
      }
      """)
    #expect(r.codes == ["E0703"], "only the duplicate inside the ignored second `leading` group")
    let header = try #require(r.configuration.header)
    #expect(EditorTestSupport.ids(header.leading) == ["timecode"])
    #expect(header.center.isEmpty)
  }

  @Test func aSecondHeaderIsIgnoredButChecked() throws {
    let r = EditorTestSupport.check(
      """
      editor {
        header { leading { timecode } }
        header { trailing { custom "" } }
        modifyHeader { addLast trailing { loop } }
      }
      """)
    #expect(r.codes == ["E0707"])
    let header = try #require(r.configuration.header)
    #expect(EditorTestSupport.ids(header.leading) == ["timecode"])
    #expect(EditorTestSupport.ids(header.trailing) == ["loop"])
  }
}
