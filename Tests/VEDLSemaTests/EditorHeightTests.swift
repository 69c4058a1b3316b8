import Testing
import VEDLDiagnostics

@testable import VEDLSema

/// `height` and `expanded`.
@Suite struct EditorHeightTests {
  @Test func theTwoShapesAndTheDefault() {
    #expect(
      EditorTestSupport.check("editor { height dynamic(maximumTracks: 2) }").configuration.height
        == EditorHeight(mode: .dynamic, tracks: 2))
    #expect(
      EditorTestSupport.check("editor { height fixed(tracks: 1) }").configuration.height
        == EditorHeight(mode: .fixed, tracks: 1))
    #expect(EditorTestSupport.check("editor { height fixed(tracks: 0) }").diagnostics.isEmpty)
    #expect(
      EditorTestSupport.check("editor { height (fixed(tracks: (4))) }").configuration.height
        == EditorHeight(mode: .fixed, tracks: 4))
    let bare = EditorTestSupport.check("editor { height dynamic() }")
    #expect(bare.diagnostics.isEmpty)
    #expect(bare.configuration.height == EditorHeight(mode: .dynamic, tracks: 3))
    #expect(EditorTestSupport.check("editor { expanded true }").configuration.height == .default)
    #expect(EditorHeight.default == EditorHeight(mode: .dynamic, tracks: 3))
  }

  @Test func negativeCountsAreClampedWithW0701() throws {
    for (source, mode) in [("fixed(tracks: -2)", EditorHeightMode.fixed), ("dynamic(maximumTracks: -1)", .dynamic)] {
      let r = EditorTestSupport.check("editor {\n  height \(source)\n}")
      let d = try #require(r.single("W0701"))
      #expect(d.severity == .warning)
      #expect(d.message.hasSuffix("is negative; clamped to 0"))
      #expect(r.text(d.span).hasPrefix("-"))
      #expect(r.applyingFixIts(of: d).contains(": 0)"))
      #expect(r.configuration.height == EditorHeight(mode: mode, tracks: 0))
      #expect(!r.codes.contains("W0703"), "a clamped dynamic height is not warned about twice")
    }
    #expect(EditorHeight(mode: .fixed, tracks: -5).tracks == 0)
  }

  @Test func maximumTracksZeroIsW0703() throws {
    let r = EditorTestSupport.check("editor {\n  height dynamic(maximumTracks: 0)\n}")
    let d = try #require(r.single("W0703"))
    #expect(d.severity == .warning)
    #expect(r.text(d.span) == "0")
    #expect(d.notes.first?.contains("0 does not mean unlimited") == true)
    #expect(r.applyingFixIts(of: d).contains("height fixed(tracks: 0)\n"))
    #expect(r.configuration.height == EditorHeight(mode: .dynamic, tracks: 0))
  }

  @Test func valuesThatAreNotAHeightAreE0304() {
    let r = EditorTestSupport.check(
      """
      editor {
        height 3
      }
      """)
    #expect(r.codes == ["E0304"])
    #expect(r.diagnostics[0].message == "expected a height, found Number")
    #expect(r.applyingFixIts(of: r.diagnostics[0]).contains("height fixed(tracks: 3)"))

    let name = EditorTestSupport.check("editor {\n  height dynamic\n}")
    #expect(name.codes == ["E0304"])
    #expect(name.applyingFixIts(of: name.diagnostics[0]).contains("height dynamic(maximumTracks: 3)"))

    let unknown = EditorTestSupport.check("editor {\n  height fixd(tracks: 2)\n}")
    #expect(unknown.codes == ["E0304"])
    #expect(unknown.diagnostics[0].message == "`fixd(…)` is not a height")
    #expect(unknown.diagnostics[0].help == "did you mean `fixed`?")

    let fraction = EditorTestSupport.check("editor {\n  height fixed(tracks: 1.5)\n}")
    #expect(fraction.codes == ["E0304"])
    #expect(fraction.diagnostics[0].message == "expected Int, found Number")

    let duration = EditorTestSupport.check("editor {\n  height fixed(tracks: 2s)\n}")
    #expect(duration.diagnostics.map(\.message) == ["expected Int, found Duration"])

    let string = EditorTestSupport.check("editor {\n  height \"tall\"\n}")
    #expect(string.diagnostics.map(\.message) == ["expected a height, found String"])
    #expect(string.configuration.height == .default)
  }

  @Test func callArgumentMistakesUseTheArgumentCodes() {
    let unlabelled = EditorTestSupport.check("editor {\n  height dynamic(2)\n}")
    #expect(unlabelled.codes == ["E0302"])
    #expect(unlabelled.diagnostics[0].message == "`dynamic(…)` needs the label `maximumTracks:`")
    #expect(unlabelled.applyingFixIts(of: unlabelled.diagnostics[0]).contains("dynamic(maximumTracks: 2)"))

    let misspelt = EditorTestSupport.check("editor {\n  height fixed(track: 2)\n}")
    #expect(misspelt.codes == ["E0302"])
    #expect(misspelt.diagnostics[0].help == "did you mean `tracks:`?")

    let missing = EditorTestSupport.check("editor {\n  height fixed()\n}")
    #expect(missing.codes == ["E0303"])
    #expect(missing.diagnostics[0].message == "`fixed(…)` needs `tracks:`")

    let twice = EditorTestSupport.check("editor {\n  height fixed(tracks: 1, tracks: 2)\n}")
    #expect(twice.codes == ["E0308"])
    #expect(twice.diagnostics[0].labels.count == 1)
    #expect(twice.configuration.height == .default)
  }

  @Test func theFirstHeightCountsAndLaterOnesAreStillChecked() {
    let r = EditorTestSupport.check("editor {\n  height fixed(tracks: 1)\n  height fixed(tracks: -1)\n}")
    #expect(r.codes == ["W0701"])
    #expect(r.configuration.height == EditorHeight(mode: .fixed, tracks: 1))
  }

  @Test func expandedIsABool() {
    #expect(EditorTestSupport.check("editor { expanded false }").configuration.expanded == false)
    #expect(EditorTestSupport.check("editor { expanded true }").configuration.expanded == true)
    #expect(EditorTestSupport.check("editor { height fixed(tracks: 1) }").configuration.expanded == true)

    let quoted = EditorTestSupport.check("editor {\n  expanded \"false\"\n}")
    #expect(quoted.codes == ["E0304"])
    #expect(quoted.diagnostics[0].message == "expected Bool, found String")
    #expect(quoted.applyingFixIts(of: quoted.diagnostics[0]).contains("expanded false\n"))
    #expect(quoted.configuration.expanded == true)

    let number = EditorTestSupport.check("editor {\n  expanded 0\n}")
    #expect(number.diagnostics.map(\.message) == ["expected Bool, found Number"])
    #expect(number.diagnostics[0].fixIts.isEmpty)

    let twice = EditorTestSupport.check("editor {\n  expanded false\n  expanded true\n}")
    #expect(twice.diagnostics.isEmpty, "the repeat is the schema pass's E0312")
    #expect(twice.configuration.expanded == false)
  }
}
