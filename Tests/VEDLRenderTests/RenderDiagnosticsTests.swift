import Testing
import VEDLDiagnostics
import VEDLLowering
import VEDLMedia
import VEDLRender
import VEDLSource

/// Every render failure has its catalogue code, FFmpeg's words in the message, and points at
/// the string naming the file when the script has one.
@Suite struct RenderDiagnosticsTests {
  static let script = SourceFile(
    path: "edit.vedl", text: "let a = video(\"a.mp4\")\ntrack main { clip a }\nexport \"out/a.mp4\"\n")

  static func code(_ error: RenderError) -> String {
    RenderDiagnostics.diagnostic(for: error, script: script, timeline: nil, target: nil).code.id
  }

  @Test func everyFailureHasItsCode() {
    #expect(Self.code(.media(.invalidGraph(reason: "no such filter: 'x'"), output: "o.mp4")) == "E0810")
    #expect(Self.code(.media(.filteringFailed(reason: "generic error"), output: "o.mp4")) == "E0810")
    #expect(Self.code(.media(.unreadableInput(path: "a.mp4", reason: "empty"), output: "o.mp4")) == "E0811")
    #expect(Self.code(.media(.missingStream(path: "a.wav", kind: .video, label: "0:v"), output: "o.mp4")) == "E0811")
    #expect(Self.code(.unreadableInput(path: "a.mp4", reason: "permission denied")) == "E0811")
    #expect(Self.code(.media(.encoderUnavailable(name: "libx264"), output: "o.mp4")) == "E0812")
    #expect(Self.code(.media(.encodingFailed(reason: "bad option"), output: "o.mp4")) == "E0812")
    #expect(Self.code(.media(.emptyOutput(reason: "no frame"), output: "o.mp4")) == "E0812")
    #expect(Self.code(.media(.cancelled, output: "o.mp4")) == "E0813")
    #expect(Self.code(.lowering(LoweringError("the edit is empty", help: "add a clip"))) == "E0815")
    #expect(Self.code(.media(.unwritableOutput(path: "o.mp4", reason: "read-only"), output: "o.mp4")) == "E0502")
    #expect(Self.code(.unwritableOutput(path: "o.mp4", reason: "read-only")) == "E0502")
    #expect(Self.code(.outputIsInput(output: "a.mp4", input: "a.mp4")) == "E0802")
  }

  @Test func ffmpegsMessageIsKept() {
    let error = RenderError.media(.invalidGraph(reason: "no such filter: 'blurr'"), output: "o.mp4")
    let diagnostic = RenderDiagnostics.diagnostic(for: error, script: Self.script, timeline: nil, target: nil)
    #expect(diagnostic.message == "FFmpeg rejected the filter graph: no such filter: 'blurr'")
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.help?.contains("vedl graph") == true)
  }

  @Test func frameCountWarning() {
    let diagnostic = RenderDiagnostics.diagnostic(
      for: RenderWarning.frameCountDiffers(path: "out/a.mp4", expected: 90, actual: 89), script: Self.script,
      timeline: nil,
      target: nil)
    #expect(diagnostic.code.id == "W0810")
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.message == "\"out/a.mp4\" holds 89 frames but the timeline has 90")
  }

  @Test func outputErrorsPointAtTheExportsPath() {
    let target = RenderTarget(path: "out/a.mp4", format: .mp4, export: nil)
    let diagnostic = RenderDiagnostics.diagnostic(
      for: .unwritableOutput(path: "out/a.mp4", reason: "no space left on device"), script: Self.script, timeline: nil,
      target: target)
    #expect(Self.script.text(diagnostic.span) == "\"out/a.mp4\"")
    #expect(diagnostic.message == "cannot write \"out/a.mp4\": no space left on device")
  }

  @Test func unknownPathsPointAtTheFileItself() {
    let diagnostic = RenderDiagnostics.diagnostic(
      for: .unwritableOutput(path: "/elsewhere/x.mp4", reason: "denied"), script: Self.script, timeline: nil,
      target: nil)
    #expect(diagnostic.file.path == "/elsewhere/x.mp4")
    #expect(diagnostic.span == .point(0))
  }
}
