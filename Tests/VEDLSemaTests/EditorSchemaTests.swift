import Testing

@testable import VEDLSema

/// The editor's schema entries agree with what the checker and the configuration model
/// understand, so that completion, hover and the generic pass see the same language.
@Suite struct EditorSchemaTests {
  /// The names of the editor statements allowed in `context`, sorted.
  func names(in context: StatementContext) -> [String] {
    Schema.editorStatements.filter { $0.contexts.contains(context) }.map(\.name).sorted()
  }

  @Test func eachContextHoldsExactlyItsStatements() {
    #expect(names(in: .file) == ["editor"])
    #expect(names(in: .editor) == ["addAudio", "addClip", "expanded", "header", "height", "modifyHeader"])
    #expect(names(in: .header) == EditorHeaderPlacement.allCases.map(\.rawValue).sorted())
    #expect(names(in: .headerItems) == EditorHeaderItemKind.allCases.map(\.rawValue).sorted())
    #expect(names(in: .modifyHeader) == ["addAfter", "addBefore", "addFirst", "addLast", "remove", "replace"])
    #expect(names(in: .addClip) == (EditorAddSourceKind.clipSources.map(\.rawValue) + ["custom"]).sorted())
    #expect(names(in: .addAudio) == (EditorAddSourceKind.audioSources.map(\.rawValue) + ["custom"]).sorted())
  }

  @Test func blocksOpenTheContextsTheCheckerReads() {
    func block(_ name: String) -> StatementContext? { Schema.editorStatements.first { $0.name == name }?.block }
    #expect(block("editor") == .editor)
    #expect(block("header") == .header)
    #expect(block("modifyHeader") == .modifyHeader)
    for name in ["leading", "center", "trailing", "addFirst", "addLast", "addAfter", "addBefore", "replace"] {
      #expect(block(name) == .headerItems, "\(name)")
    }
    #expect(block("addClip") == .addClip)
    #expect(block("addAudio") == .addAudio)
    for name in ["remove", "height", "expanded", "timecode", "spacer", "custom", "camera", "music"] {
      #expect(block(name) == nil, "\(name)")
    }
  }

  @Test func settingsAppearOnceAndEditsMayRepeat() {
    let once = Set(Schema.editorStatements.filter { !$0.isRepeatable }.map(\.name))
    #expect(once == ["editor", "header", "leading", "center", "trailing", "addClip", "addAudio", "height", "expanded"])
  }

  @Test func argumentsMatchTheCheckersReading() throws {
    let custom = try #require(Schema.editorStatement("custom", in: .addClip))
    #expect(custom.positional.count == 1 && custom.positional[0].isRequired && custom.positional[0].type == .string)
    #expect(custom.labelled.compactMap(\.label) == ["title", "icon"])
    for name in ["remove", "replace", "addAfter", "addBefore"] {
      let s = try #require(Schema.editorStatement(name, in: .modifyHeader))
      #expect(s.positional.map(\.type) == [.itemIdentifier])
    }
    let addFirst = try #require(Schema.editorStatement("addFirst", in: .modifyHeader))
    #expect(addFirst.positional.first?.type == .enumeration(Schema.editorPlacement))
    #expect(Schema.editorPlacement.cases == EditorHeaderPlacement.allCases.map(\.rawValue))
    let height = try #require(Schema.editorStatement("height", in: .editor))
    guard case .call(let shapes)? = height.positional.first?.type else {
      Issue.record("height takes a call")
      return
    }
    #expect(shapes.map(\.signature) == ["dynamic(maximumTracks: Int)", "fixed(tracks: Int)"])
    #expect(Schema.editorStatement("expanded", in: .editor)?.positional.first?.type == .bool)
    #expect(Schema.editorStatement("addClip", in: .editor)?.positional.first?.type == .enumeration(Schema.editorNone))
    #expect(Schema.editorStatement("timecode", in: .headerItems)?.labelled.compactMap(\.label) == ["title"])
    #expect(Schema.editorStatement("playPause", in: .headerItems)?.labelled.compactMap(\.label) == ["icon"])
    #expect(Schema.editorStatement("spacer", in: .headerItems)?.labelled.isEmpty == true)
    #expect(Schema.editorStatement("toggleExpanded", in: .headerItems)?.labelled.compactMap(\.label) == ["title"])
    #expect(Schema.editorStatement("camera", in: .headerItems) == nil)
  }

  @Test func everyEntryIsDocumented() {
    for s in Schema.editorStatements {
      #expect(s.documentation.count > 40, "\(s.name) needs hover documentation")
      for a in s.positional + s.labelled {
        #expect(!a.documentation.isEmpty, "\(s.name) \(a.label ?? "positional")")
      }
    }
  }
}
