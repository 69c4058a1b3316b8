import Testing
import VEDLSource
import VEDLTestSupport

@testable import VEDLIDE

/// Definitions, references, highlights and rename of `let`, `param` and ids.
@Suite struct NameNavigationTests {
  @Test func definitionOfALetUsedInAClip() {
    let (syntax, offset) = IDETestSupport.syntax(
      "let intro = testpattern()\ntrack main {\n  clip in‸tro duration: 1s\n}")
    let definition = NameNavigation.definition(at: offset, in: syntax)
    #expect(definition?.kind == .let)
    #expect(definition.map { syntax.file.text($0.nameSpan) } == "intro")
    #expect(definition?.nameSpan.start == 4)
  }

  @Test func referencesIncludeInterpolationsMembersAndDefaults() {
    let text = """
      param title: String = "A"
      param subtitle: String = title
      track main {
        clip testpattern() duration: 2s id: first
      }
      track overlay {
        text "\\(title) and \\(subtitle)" at: first.end - 1s duration: first.duration
      }
      """
    let (syntax, _) = IDETestSupport.syntax(text)
    let titles = NameNavigation.references(
      at: TestText.byteOffset(of: "title", in: text), in: syntax, includeDeclaration: true)
    #expect(titles.count == 3, "definition, the default of `subtitle`, the interpolation")
    #expect(titles.filter(\.isDefinition).count == 1)
    let firsts = NameNavigation.references(
      at: TestText.byteOffset(of: "first.end", in: text), in: syntax, includeDeclaration: false)
    #expect(firsts.count == 2)
    #expect(firsts.allSatisfy { syntax.file.text($0.span) == "first" && !$0.isDefinition })
  }

  @Test func enumerationWordsAreNotReferences() {
    // A `let` named like an anchor does not capture `position center`.
    let text = "let center = 2s\ntrack overlay {\n  text \"x\" at: center duration: 1s {\n    position center\n  }\n}"
    let (syntax, _) = IDETestSupport.syntax(text)
    let uses = NameNavigation.references(at: 4, in: syntax, includeDeclaration: false)
    #expect(uses.count == 1)
    #expect(uses.first?.span.start == TestText.byteOffset(of: "center duration", in: text))
  }

  @Test func renameChangesEveryOccurrence() throws {
    let text = "let a = testpattern()\ntrack main {\n  clip a duration: 1s id: one\n  clip a duration: one.duration\n}"
    let (syntax, _) = IDETestSupport.syntax(text)
    let edits = try NameNavigation.rename(at: TestText.byteOffset(of: "a dur", in: text), to: "bars", in: syntax)
      .get()
    #expect(edits.count == 3)
    #expect(
      IDETestSupport.apply(edits, to: text)
        == "let bars = testpattern()\ntrack main {\n  clip bars duration: 1s id: one\n  clip bars duration: one.duration\n}"
    )
    let ids = try NameNavigation.rename(at: TestText.byteOffset(of: "one.", in: text), to: "first", in: syntax).get()
    #expect(IDETestSupport.apply(ids, to: text).contains("id: first\n  clip a duration: first.duration"))
  }

  @Test func renameRefusesBadNames() {
    let text = "let a = 1s\nlet b = a"
    let (syntax, _) = IDETestSupport.syntax(text)
    func message(_ name: String) -> String? {
      if case .failure(let e) = NameNavigation.rename(at: 4, to: name, in: syntax) { return e.message }
      return nil
    }
    #expect(message("b")?.contains("already defined") == true)
    #expect(message("let")?.contains("keyword") == true)
    #expect(message("end")?.contains("already means") == true)
    #expect(message("white")?.contains("already means") == true)
    #expect(message("2x")?.contains("not a valid name") == true)
    #expect(message("with space")?.contains("not a valid name") == true)
    #expect(message("ok_name2") == nil)
    if case .success = NameNavigation.rename(at: 9, to: "x", in: syntax) {
      Issue.record("offset 9 is inside the literal `1s`: nothing to rename there")
    }
  }

  @Test func nothingToRenameOnAStatementName() {
    let (syntax, offset) = IDETestSupport.syntax("track main {\n  cl‸ip testpattern() duration: 1s\n}")
    #expect(NameNavigation.renameTarget(at: offset, in: syntax) == nil)
    if case .success = NameNavigation.rename(at: offset, to: "x", in: syntax) {
      Issue.record("renaming a statement name must fail")
    }
  }
}
