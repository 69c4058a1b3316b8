import Foundation
import Testing
import VEDLDiagnostics
import VEDLSema
import VEDLTestSupport

@testable import VEDLCLI

/// Runs `vedl` in-process with the given arguments.
func vedl(
  _ arguments: [String], in directory: String = FileManager.default.currentDirectoryPath,
  environment: [String: String] = [:]
)
  -> (status: Int32, stdout: String, stderr: String)
{
  let captured = CapturedOutput()
  let status = VEDLCommandLine.run(
    arguments: arguments, io: captured.io(environment: environment, currentDirectory: directory))
  return (status, captured.stdout, captured.stderr)
}

func write(_ text: String, _ name: String, in folder: URL) -> String {
  let path = folder.appendingPathComponent(name).path
  _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
  return path
}

@Suite struct CommandTests {
  @Test func usageErrorsExitTwo() {
    #expect(vedl([]).status == 2)
    #expect(vedl(["frobnicate"]).status == 2)
    #expect(vedl(["check"]).status == 2)
    #expect(vedl(["check", "--format", "xml", "a.vedl"]).status == 2)
    #expect(vedl(["fmt", "--check", "--write", "a.vedl"]).status == 2)
    #expect(vedl(["check", "--bogus", "a.vedl"]).stderr.contains("unknown option `--bogus`"))
  }

  @Test func everyCommandHasHelp() {
    for command in VEDLCommandLine.subcommands {
      let r = vedl([command.spec.name, "--help"])
      #expect(r.status == 0)
      #expect(r.stdout.hasPrefix("USAGE: vedl \(command.spec.name)"))
    }
    #expect(vedl(["--help"]).stdout.contains("check"))
  }

  @Test func checkExitCodesAndJSON() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = write(
      "vedl 1\ncanvas 640x360\ntrack main {\n  clip testpattern() duration: 1s\n}\n", "good.vedl", in: folder)
    let warn = write("canvas 641x360\ntrack main {\n  clip testpattern() duration: 1s\n}\n", "warn.vedl", in: folder)
    let bad = write("canvas 640x360\ngap 12q\n", "bad.vedl", in: folder)
    #expect(vedl(["check", good]).status == 0)
    let w = vedl(["check", warn])
    #expect(w.status == 0)
    #expect(w.stderr.contains("warning[W0403]"))
    let b = vedl(["check", "--format", "json", good, bad], in: folder.path)
    #expect(b.status == 1)
    let json = try JSONDecoder().decode([JSONDiagnostic].self, from: Data(b.stdout.utf8))
    let first = try #require(json.first)
    #expect(first.code == "E0103")
    #expect(first.severity == "error")
    #expect(first.file.hasSuffix("bad.vedl"))
    #expect(first.range.start.line == 2 && first.range.start.column == 5)
    #expect(first.range.end.line == 2 && first.range.end.column == 8)
  }

  @Test func textDiagnosticsAreUncolouredOffTerminal() {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = write("gap 12q\n", "bad.vedl", in: folder)
    let r = vedl(["check", bad])
    #expect(!r.stderr.contains("\u{1B}["))
    #expect(r.stderr.contains("error[E0103]: unknown unit `q` in `12q`"))
    #expect(r.stderr.contains("bad.vedl:1:5"))
  }

  @Test func missingFileIsE0501() throws {
    let r = vedl(["check", "--format", "json", "/nonexistent/x.vedl"])
    #expect(r.status == 1)
    #expect(r.stdout.contains("\"E0501\""))
  }

  /// Every summary starts in one column, two spaces past the longest command name.
  @Test func overviewColumnsFitTheLongestName() throws {
    let text = vedl(["--help"]).stdout
    let rows = text.split(separator: "\n").drop { $0 != "COMMANDS:" }.dropFirst().prefix { $0.hasPrefix("  ") }
    #expect(rows.count == VEDLCommandLine.subcommands.count)
    let editor = try #require(rows.first { $0.hasPrefix("  editor-config") })
    #expect(editor.hasPrefix("  editor-config  Print"), "\(editor)")
    let columns = Set(
      rows.map { row in
        let name = row.dropFirst(2).prefix { $0 != " " }
        return 2 + name.count + row.dropFirst(2 + name.count).prefix { $0 == " " }.count
      })
    #expect(columns == ["  editor-config  ".count], "\(rows)")
  }

  /// A directory, a FIFO or a device where a source should be is said to be one (E0511 at
  /// the source's string), not "not found"; the FIFO is never opened, so nothing blocks.
  @Test func sourcesThatAreNotFilesAreSaidToBeWhatTheyAre() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("dir.mp4"), withIntermediateDirectories: false)
    #expect(mkfifo(folder.appendingPathComponent("pipe.mp4").path, 0o644) == 0)
    for (name, kind) in [
      ("dir.mp4", "a directory"), ("pipe.mp4", "a named pipe (FIFO)"), ("/dev/zero", "a character device"),
    ] {
      _ = write("let v = video(\"\(name)\")\ntrack main { clip v duration: 1s }\n", "s.vedl", in: folder)
      let r = vedl(["check", "s.vedl"], in: folder.path)
      #expect(r.status == 1)
      #expect(
        r.stderr.contains("error[E0511]: cannot read `\(name)` as media: it is \(kind), not a regular file"),
        "\(r.stderr)")
      #expect(r.stderr.contains("--> s.vedl:1:15"), "at the source's string: \(r.stderr)")
      #expect(!r.stderr.contains("not found"))
    }
  }

  @Test func unwritableOutputIsE0502AndLeavesNothing() {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = write("editor {\n  expanded false\n}\n", "e.vedl", in: folder)
    _ = write("in the way\n", "no", in: folder)
    let r = vedl(["editor-config", good, "-o", "no/such/dir/out.json"], in: folder.path)
    #expect(r.status == 1)
    #expect(r.stderr.contains("error[E0502]: cannot write `no/such/dir/out.json`: "), "\(r.stderr)")
    #expect(r.stderr.contains("cannot create the folder"), "\(r.stderr)")
    // At the `-o` argument, not at a made-up line 1 of the output.
    #expect(r.stderr.contains("--> -o:1:1"), "\(r.stderr)")
    let ok = vedl(["editor-config", good, "-o", folder.appendingPathComponent("out.json").path])
    #expect(ok.status == 0)
    let contents = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    #expect(contents.sorted() == ["e.vedl", "no", "out.json"], "no temporary files left behind")
    // A missing folder is created, as `vedl render` creates it.
    let nested = vedl(["editor-config", good, "-o", "new/dir/out.json"], in: folder.path)
    #expect(nested.status == 0, "\(nested.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new/dir/out.json").path))
  }

  @Test func setOverridesParameters() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = write(
      "param title: String = \"Hi\"\nparam hold: Duration = 2s\ntrack main {\n  clip color(red) duration: hold\n}\ntrack overlay {\n  text \"\\(title)\" at: 0s until: end\n}\n",
      "t.vedl", in: folder)
    let ir = vedl(["ir", file, "--set", "title=Quotes \"and\" %{pts} : colons", "--set", "hold=3s"])
    #expect(ir.status == 0)
    let document = try JSONDecoder().decode(TimelineDocument.self, from: Data(ir.stdout.utf8))
    #expect(document.frameCount == 90)
    #expect(document.tracks[1].items.first?.text == "Quotes \"and\" %{pts} : colons")

    let unknown = vedl(["check", file, "--set", "titel=x"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("error[E0310]"))
    #expect(unknown.stderr.contains("did you mean `title`?"))
    let invalid = vedl(["check", file, "--format", "json", "--set", "hold=3"])
    #expect(invalid.status == 1)
    #expect(invalid.stdout.contains("\"E0311\""))
    #expect(vedl(["check", file, "--set", "novalue"]).status == 2)
  }

  @Test func formatCheckAndWrite() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let messy = write(
      "canvas   640x360   fps:30\ntrack main {\nclip testpattern()  duration:1s // keep me\n}\n", "m.vedl", in: folder)
    let printed = vedl(["fmt", messy])
    #expect(printed.status == 0)
    #expect(printed.stdout == "canvas 640x360 fps: 30\ntrack main {\n  clip testpattern() duration: 1s // keep me\n}\n")
    #expect(vedl(["fmt", "--check", messy]).status == 1)
    #expect(vedl(["fmt", "--write", messy]).status == 0)
    #expect(try String(contentsOfFile: messy, encoding: .utf8) == printed.stdout)
    #expect(vedl(["fmt", "--check", messy]).status == 0)
    let broken = write("gap 12q\n", "b.vedl", in: folder)
    let r = vedl(["fmt", "--write", broken])
    #expect(r.status == 1)
    #expect(try String(contentsOfFile: broken, encoding: .utf8) == "gap 12q\n", "files with errors are not touched")
  }

  @Test func explainPrintsThePage() {
    let r = vedl(["explain", "e0404"])
    #expect(r.status == 0)
    #expect(r.stdout.hasPrefix("# E0404: items overlap"))
    #expect(vedl(["explain", "E9999"]).status == 1)
  }
}
