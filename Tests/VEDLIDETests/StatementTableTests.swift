import Testing
import VEDLSema
import VEDLSource
import VEDLSyntax
import VEDLTestSupport

@testable import VEDLIDE

/// The syntactic reading of the schema: contexts, block contexts and argument binding.
@Suite struct StatementTableTests {
  @Test func contextsFollowTheBlocksThatOpenThem() {
    let (syntax, _) = IDETestSupport.syntax(TestText.demoEdit)
    let entries = syntax.statements.entries
    func entry(_ name: String, _ n: Int = 0) -> StatementTable.Entry {
      entries.filter { $0.statement.name.name == name }[n]
    }
    #expect(entry("canvas").context == .file)
    #expect(entry("track", 0).blockContext == .mainTrack)
    #expect(entry("track", 1).blockContext == .overlayTrack)
    #expect(entry("track", 2).blockContext == .audioTrack)
    #expect(entry("clip", 0).context == .mainTrack)
    #expect(entry("clip", 2).context == .audioTrack)
    #expect(entry("fade").context == .clip, "`fade out:` inside a clip's block is a modifier")
    #expect(entry("position").context == .text)
    #expect(entry("fill").context == .shape)
    #expect(entry("thumbnail").context == .export)
    #expect(entry("cue").context == .captions)
    #expect(entries.allSatisfy { $0.schema != nil }, "every statement of the demo is valid where it is")
    #expect(syntax.statements.lets.map(\.name.name) == ["bars", "night", "beep"])
    #expect(syntax.statements.params.map(\.name.name) == ["title", "accent"])
  }

  @Test func argumentsAreBoundLikeTheChecker() {
    let (syntax, _) = IDETestSupport.syntax("track main {\n  clip a muted trim: 1s..2s id: x speed: 2x extra\n}")
    let clip = syntax.statements.entries[1]
    #expect(clip.statement.name.name == "clip")
    let roles = clip.arguments.map(\.role)
    #expect(roles == [.positional(0), .flag, .labelled, .labelled, .labelled, .unexpected])
    #expect(clip.arguments[0].schema?.type == .source)
    #expect(clip.arguments[2].schema?.type == .range)
    #expect(clip.arguments[3].schema?.type == .newIdentifier)
  }

  @Test func statementsInsideUnknownBlocksHaveNoContext() {
    let (syntax, _) = IDETestSupport.syntax("frobnicate {\n  clip a\n}\ntrack nowhere {\n  clip b\n}")
    #expect(syntax.statements.entries[0].schema == nil)
    #expect(syntax.statements.entries[1].context == nil)
    #expect(syntax.statements.entries[1].documentedSchema?.name == "clip", "hover still documents it")
    #expect(syntax.statements.entries[2].blockContext == nil, "`track nowhere` is no kind of track")
  }

  @Test func innermostFindsTheDeepestStatement() {
    let (syntax, offset) = IDETestSupport.syntax("track main {\n  clip a {\n    zo‸om 2\n  }\n}\ncanvas 10x10")
    let index = syntax.statements.innermost(containing: offset)
    #expect(index.map { syntax.statements.entries[$0].statement.name.name } == "zoom")
    #expect(syntax.statements.innermost(containing: syntax.file.bytes.count) != nil)
  }
}
