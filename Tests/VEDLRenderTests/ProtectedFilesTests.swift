import Foundation
import Testing
import VEDLSource

@testable import VEDLRender

/// The commands' way into `ProtectedFiles`: the set they build and the E0802 they refuse with.
@Suite struct ProtectedFilesTests {
  @Test func aCommandProtectsItsScriptThenItsOtherInputs() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let script = try workspace.write("canvas 64x36\n", to: "edit.vedl")
    let data = try workspace.write("title\nA\n", to: "rows.csv")
    let protected = ProtectedFiles(
      command: script, scriptName: "edit.vedl",
      others: [
        ProtectedFile(path: data, role: .data, writtenPath: "rows.csv"),
        ProtectedFile(path: script, role: .data, writtenPath: "edit.vedl"),
      ], timeline: nil)
    #expect(protected.files.map(\.role) == [.script, .data], "the first role named wins")

    let file = SourceFile(path: "edit.vedl", text: "canvas 64x36\n")
    let origin = OutputOrigin.argument(option: "-o", value: "rows.csv")
    #expect(protected.refusal(writing: [workspace.path("out.mp4")], origin: origin, script: file) == nil)
    let outputs = [workspace.path("out.mp4"), workspace.path("./rows.csv")]
    let refused = try #require(protected.refusal(writing: outputs, origin: origin, script: file))
    #expect(refused.code.id == "E0802")
    #expect(refused.message == "refusing to write \"rows.csv\": it is the batch's data \"rows.csv\"")
    #expect(refused.file.path == "-o")
  }
}
