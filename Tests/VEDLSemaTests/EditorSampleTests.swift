import Foundation
import Testing

@testable import VEDLSema

/// `Samples/editor.vedl`, the editor sample of the repository, compiles cleanly and to
/// what its comments describe.
@Suite struct EditorSampleTests {
  static let sample = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Samples/editor.vedl")

  @Test func theEditorSampleHasNoEditorDiagnostics() throws {
    let text = try String(contentsOf: Self.sample, encoding: .utf8)
    let r = EditorTestSupport.check(text)
    #expect(r.diagnostics.map(\.message) == [])
    // What the sample's comments promise: a declared header edited in order, and a single
    // audio source that the button performs directly.
    #expect(r.configuration.showsPlayerBar)
    #expect(r.configuration.addAudio.mode == .direct)
    #expect(r.configuration.addAudio.label == r.configuration.addAudio.options.first?.title)
  }
}
