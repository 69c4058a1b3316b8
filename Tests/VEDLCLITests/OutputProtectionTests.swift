import Foundation
import Testing
import VEDLRender
import VEDLTestSupport

@testable import VEDLCLI

/// Every command that writes refuses to write over the script, a source, a caption file, a
/// font or a batch's data (E0802, `ProtectedFiles`), however the output is spelled: `./`,
/// `..`, a symbolic link or a hard link to the file. The protected file keeps its bytes.
@Suite struct OutputProtectionTests {
  static let script = """
    canvas 160x90 fps: 30
    let a = video("a.mp4")
    let logo = image("logo.png")
    track main {
      clip a duration: 1s
    }
    track overlay {
      clip logo at: 0s until: end
    }
    track overlay "titles" {
      text "hi" at: 0s duration: 1s {
        font "f.ttf" size: 10
      }
    }
    captions {
      import "subs.srt"
    }
    export "out/a.mp4" quality: low
    """

  /// A folder with the script `s.vedl`, its sources `a.mp4` and `logo.png`, the caption
  /// file `subs.srt` and the font `f.ttf`.
  func workspace() throws -> URL {
    let folder = TestFolder.fresh()
    try ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30", "-t", "1", "-c:v", "libx264", "-preset",
      "ultrafast", "-pix_fmt", "yuv420p", folder.appendingPathComponent("a.mp4").path,
    ])
    try ffmpeg([
      "-f", "lavfi", "-i", "color=red:size=16x16", "-frames:v", "1", folder.appendingPathComponent("logo.png").path,
    ])
    _ = write("1\n00:00:00,000 --> 00:00:00,500\nHello\n", "subs.srt", in: folder)
    try FileManager.default.copyItem(
      atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: folder.appendingPathComponent("f.ttf").path)
    _ = write(Self.script, "s.vedl", in: folder)
    return folder
  }

  func ffmpeg(_ arguments: [String]) throws {
    #expect(try FFmpegCLI.run(["-v", "error", "-y"] + arguments).status == 0)
  }

  /// The bytes of every file in `folder`, by name (what must not change).
  func snapshot(_ folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
      files[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
    }
    return files
  }

  /// Runs `arguments` in `folder` and expects E0802 naming `protected`, exit status 1 and no
  /// file changed or added.
  func expectRefused(
    _ arguments: [String], in folder: URL, protected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let before = snapshot(folder)
    let r = vedl(arguments, in: folder.path)
    #expect(r.status == 1, "\(arguments): \(r.stderr)", sourceLocation: sourceLocation)
    #expect(
      r.stderr.contains("error[E0802]: refusing to write"), "\(arguments): \(r.stderr)", sourceLocation: sourceLocation)
    #expect(r.stderr.contains("\"\(protected)\""), "\(arguments): \(r.stderr)", sourceLocation: sourceLocation)
    #expect(snapshot(folder) == before, "\(arguments) changed a file", sourceLocation: sourceLocation)
  }

  @Test func everyWritingCommandRefusesTheScriptAndItsInputs() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: "logo.png")
    try FileManager.default.linkItem(
      atPath: folder.appendingPathComponent("a.mp4").path, toPath: folder.appendingPathComponent("hard.mp4").path)

    expectRefused(["editor-config", "s.vedl", "-o", "s.vedl"], in: folder, protected: "s.vedl")
    expectRefused(["editor-config", "s.vedl", "-o", "./a.mp4"], in: folder, protected: "a.mp4")
    expectRefused(["editor-config", "s.vedl", "-o", "subs.srt"], in: folder, protected: "subs.srt")
    expectRefused(["editor-config", "s.vedl", "-o", "f.ttf"], in: folder, protected: "f.ttf")
    expectRefused(["timeline", "s.vedl", "-o", "logo.png"], in: folder, protected: "logo.png")
    expectRefused(["timeline", "s.vedl", "-o", "link.png"], in: folder, protected: "logo.png")
    expectRefused(["still", "s.vedl", "--at", "0s", "-o", "link.png"], in: folder, protected: "logo.png")
    expectRefused(["graph", "s.vedl", "--command", "-o", "hard.mp4"], in: folder, protected: "a.mp4")
    expectRefused(["render", "s.vedl", "-o", "hard.mp4"], in: folder, protected: "a.mp4")
    expectRefused(
      ["render", "s.vedl", "-o", "../\(folder.lastPathComponent)/logo.png"], in: folder, protected: "logo.png")

    // The diagnostic points at the `-o` argument and says which file it is.
    let r = vedl(["timeline", "s.vedl", "-o", "link.png"], in: folder.path)
    #expect(r.stderr.contains("--> -o:1:1"), "\(r.stderr)")
    #expect(r.stderr.contains("let logo = image(\"logo.png\")"), "a label on the source's string: \(r.stderr)")
    #expect(r.stderr.contains("\"link.png\" is the same file as \"logo.png\""), "\(r.stderr)")
  }

  /// A script with a media or `.json` name: `render -o s.mp4` would write its metadata,
  /// `s.mp4.json`, over the script.
  @Test func renderRefusesToWriteItsMetadataOverTheScript() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.moveItem(
      atPath: folder.appendingPathComponent("s.vedl").path, toPath: folder.appendingPathComponent("s.mp4.json").path)
    expectRefused(["render", "s.mp4.json", "-o", "s.mp4"], in: folder, protected: "s.mp4.json")
    let r = vedl(["render", "s.mp4.json", "-o", "s.mp4"], in: folder.path)
    #expect(r.stderr.contains("it is the script \"s.mp4.json\""), "\(r.stderr)")
  }

  /// A sidecar over the imported caption file: the checker only compares exports with
  /// sources, the render's guard catches it.
  @Test func renderRefusesASidecarOverTheCaptionFile() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = Self.script.replacingOccurrences(
      of: "export \"out/a.mp4\" quality: low", with: "export \"out/a.mp4\" quality: low {\n  sidecar \"subs.srt\"\n}")
    _ = write(script, "s.vedl", in: folder)
    expectRefused(["render", "s.vedl"], in: folder, protected: "subs.srt")
    let r = vedl(["render", "s.vedl"], in: folder.path)
    #expect(r.stderr.contains("it is the caption file \"subs.srt\""), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
  }

  /// The labels point where the checker read each file's name, not at the first string with
  /// the same text (here a comment that quotes it), and a caption file with no cues is still
  /// an input.
  @Test func theLabelIsWhereTheScriptNamesTheFile() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = write("", "empty.srt", in: folder)
    let script =
      "// made from \"logo.png\" and \"f.ttf\"\n"
      + Self.script.replacingOccurrences(of: "import \"subs.srt\"", with: "import \"subs.srt\"\n  import \"empty.srt\"")
    _ = write(script, "s.vedl", in: folder)

    let logo = vedl(["timeline", "s.vedl", "-o", "logo.png"], in: folder.path)
    #expect(logo.status == 1)
    #expect(logo.stderr.contains("4 | let logo = image(\"logo.png\")"), "\(logo.stderr)")
    #expect(logo.stderr.contains("the source is named here"), "\(logo.stderr)")
    #expect(!logo.stderr.contains("made from"), "\(logo.stderr)")

    let font = vedl(["editor-config", "s.vedl", "-o", "f.ttf"], in: folder.path)
    #expect(font.status == 1)
    #expect(font.stderr.contains("13 |     font \"f.ttf\" size: 10"), "\(font.stderr)")
    #expect(font.stderr.contains("the font is named here"), "\(font.stderr)")
    #expect(!font.stderr.contains("made from"), "\(font.stderr)")

    expectRefused(["editor-config", "s.vedl", "-o", "empty.srt"], in: folder, protected: "empty.srt")
    let empty = vedl(["editor-config", "s.vedl", "-o", "empty.srt"], in: folder.path)
    #expect(empty.stderr.contains("it is the caption file \"empty.srt\""), "\(empty.stderr)")
    #expect(empty.stderr.contains("18 |   import \"empty.srt\""), "\(empty.stderr)")
  }

  @Test func batchRefusesRowsWritingOverASourceOrTheData() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = write("[{\"x\": \"1\"}]", "1.mp4.json", in: folder)
    let template = Self.script.replacingOccurrences(of: "canvas", with: "param x: String = \"0\"\ncanvas")
    _ = write(template, "t.vedl", in: folder)

    // The row's output is the source `a.mp4`.
    expectRefused(
      ["batch", "t.vedl", "--data", "1.mp4.json", "--out-dir", ".", "--name", "a"], in: folder, protected: "a.mp4")
    // The row's metadata, `1.mp4.json`, is the data.
    expectRefused(
      ["batch", "t.vedl", "--data", "1.mp4.json", "--out-dir", ".", "--name", "{x}"], in: folder,
      protected: "1.mp4.json")
    let plan = vedl(
      ["batch", "t.vedl", "--data", "1.mp4.json", "--out-dir", ".", "--name", "a", "--plan"], in: folder.path)
    #expect(plan.status == 1)
    #expect(plan.stdout.isEmpty, "no job is planned over a source")
  }

  @Test func theProtectedFilesOfAScriptAreItAndEveryFileItReads() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let io = CapturedOutput().io(currentDirectory: folder.path)
    let result = try #require(FrontEnd.load("s.vedl", io: io, overrides: []))
    let protected = OutputWriter.protectedFiles(of: result, scriptPath: "s.vedl", io: io)
    let roles = Dictionary(
      uniqueKeysWithValues: protected.files.map { (($0.path as NSString).lastPathComponent, $0.role) })
    #expect(roles == ["s.vedl": .script, "a.mp4": .source, "logo.png": .source, "subs.srt": .captions, "f.ttf": .font])
    #expect(protected.file(overwrittenBy: folder.appendingPathComponent("out/../f.ttf").path)?.role == .font)
    #expect(protected.file(overwrittenBy: folder.appendingPathComponent("new.png").path) == nil)
  }
}
