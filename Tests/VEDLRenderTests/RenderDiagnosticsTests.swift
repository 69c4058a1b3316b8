import Foundation
import Testing
import VEDLDiagnostics
import VEDLLowering
import VEDLMedia
import VEDLRender
import VEDLSema
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
    #expect(Self.code(.outputIsInput(output: "a.mp4", input: ProtectedFile(path: "a.mp4", role: .source))) == "E0802")
    // The native backend: a source it cannot decode is E0811 as in the FFmpeg backend; a
    // picture it cannot draw for another reason (fonts, `testsrc2`) is its own E0817.
    #expect(Self.code(.native(message: "cannot decode", path: "a.mp4", output: "o.mp4")) == "E0811")
    #expect(Self.code(.native(message: "cannot draw the text", path: nil, output: "o.mp4")) == "E0817")
  }

  @Test func ffmpegsMessageIsKept() {
    let error = RenderError.media(.invalidGraph(reason: "no such filter: 'blurr'"), output: "o.mp4")
    let diagnostic = RenderDiagnostics.diagnostic(for: error, script: Self.script, timeline: nil, target: nil)
    #expect(diagnostic.message == "FFmpeg rejected the filter graph: no such filter: 'blurr'")
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.help?.contains("vedl graph") == true)
  }

  /// At the export's string as the checker read it: not the first string with its text.
  @Test func outputErrorsPointAtTheExportsPath() throws {
    let script = SourceFile(
      path: "edit.vedl",
      text: "track main { clip color(black) duration: 1s }\ntrack overlay { text \"out/a.mp4\" at: 0s duration: 1s }\n"
        + "export \"out/a.mp4\"\n")
    let timeline = try #require(Checker.check(script, options: CheckOptions(baseDirectory: "/tmp")).timeline)
    let target = try #require(RenderTarget.exports(of: timeline).first)
    let diagnostic = RenderDiagnostics.diagnostic(
      for: .unwritableOutput(path: target.path, reason: "no space left on device"), script: script,
      timeline: timeline, target: target)
    #expect(script.text(diagnostic.span) == "\"out/a.mp4\"")
    #expect(script.lines.lineIndex(of: diagnostic.span.start) == 2)
    #expect(diagnostic.message == "cannot write \"\(target.path)\": no space left on device")
  }

  @Test func unknownPathsPointAtTheFileItself() {
    let diagnostic = RenderDiagnostics.diagnostic(
      for: .unwritableOutput(path: "/elsewhere/x.mp4", reason: "denied"), script: Self.script, timeline: nil,
      target: nil)
    #expect(diagnostic.file.path == "/elsewhere/x.mp4")
    #expect(diagnostic.span == .point(0))
  }

  // MARK: Both backends

  /// A workspace with `media/clip.mp4` (2 s of `testsrc2` with a tone) and a job rendering
  /// `script` (default: `RenderJobTests.script`) with `backend`.
  static func job(
    _ backend: RenderBackend, script: String = RenderJobTests.script
  ) throws -> (RenderWorkspace, RenderJob) {
    let workspace = try RenderWorkspace()
    try RenderJobTests.makeClip(in: workspace)
    let (file, timeline) = try workspace.check(script)
    let target = try #require(RenderTarget.exports(of: timeline).first)
    var settings = workspace.settings(for: file)
    settings.backend = backend
    return (workspace, RenderJob(timeline: timeline, target: target, settings: settings))
  }

  /// The diagnostic of `job`'s failure (`nil`, with an issue, when it did not fail).
  static func failure(
    of job: RenderJob, cancellation: CancellationFlag? = nil,
    progress: ((RenderProgress) -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Diagnostic? {
    do throws(RenderError) {
      _ = try job.run(cancellation: cancellation, progress: progress)
      Issue.record("the render did not fail", sourceLocation: sourceLocation)
      return nil
    } catch {
      return RenderDiagnostics.diagnostic(
        for: error, script: job.settings.script, timeline: job.timeline, target: job.target)
    }
  }

  /// A source that cannot be decoded is E0811 pointing at its path in the script, whichever
  /// backend reads it.
  @Test(arguments: RenderBackend.allCases)
  func undecodableMediaIsE0811(_ backend: RenderBackend) throws {
    let (workspace, job) = try Self.job(backend)
    defer { workspace.remove() }
    try Data("this is not a video\n".utf8).write(to: URL(fileURLWithPath: workspace.path("media/clip.mp4")))
    let diagnostic = try #require(Self.failure(of: job))
    #expect(diagnostic.code.id == "E0811", "\(backend): \(diagnostic.message)")
    #expect(diagnostic.message.contains(workspace.path("media/clip.mp4")), "\(backend): \(diagnostic.message)")
    #expect(job.settings.script.text(diagnostic.span) == "\"media/clip.mp4\"", "\(backend)")
    #expect(diagnostic.help == "check the file with `vedl probe \(workspace.path("media/clip.mp4"))`", "\(backend)")
  }

  /// An output that cannot be written is E0502 pointing at the export's path.
  @Test(arguments: RenderBackend.allCases)
  func unwritableOutputIsE0502(_ backend: RenderBackend) throws {
    let (workspace, job) = try Self.job(backend)
    defer { workspace.remove() }
    // `out` is a file, so nothing can be created inside it.
    try Data("in the way\n".utf8).write(to: URL(fileURLWithPath: workspace.path("out")))
    let diagnostic = try #require(Self.failure(of: job))
    #expect(diagnostic.code.id == "E0502", "\(backend): \(diagnostic.message)")
    #expect(job.settings.script.text(diagnostic.span) == "\"out/edit.mp4\"", "\(backend)")
  }

  /// An output over one of the inputs is E0802, refused before either backend starts.
  @Test(arguments: RenderBackend.allCases)
  func outputOverAnInputIsE0802(_ backend: RenderBackend) throws {
    let (workspace, job) = try Self.job(backend)
    defer { workspace.remove() }
    var overwriting = job
    overwriting.target = RenderTarget(path: workspace.path("media/clip.mp4"), format: .mp4, export: nil)
    let diagnostic = try #require(Self.failure(of: overwriting))
    #expect(diagnostic.code.id == "E0802", "\(backend): \(diagnostic.message)")
  }

  /// Ctrl-C during the render is E0813 with the note that the unfinished output is gone.
  @Test(arguments: RenderBackend.allCases)
  func interruptionIsE0813(_ backend: RenderBackend) throws {
    let (workspace, job) = try Self.job(backend)
    defer { workspace.remove() }
    let flag = CancellationFlag()
    let diagnostic = try #require(
      Self.failure(of: job, cancellation: flag) { report in
        if report.videoFrames >= 3 { flag.cancel() }
      })
    #expect(diagnostic.code.id == "E0813", "\(backend): \(diagnostic.message)")
    #expect(diagnostic.notes.contains("the unfinished output was removed"), "\(backend)")
    #expect(!FileManager.default.fileExists(atPath: workspace.path("out/edit.mp4")), "\(backend)")
  }
}
