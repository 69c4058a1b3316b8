import Foundation
import Testing
import VEDLDiagnostics
import VEDLSema
import VEDLSource

/// The `.cube` reader behind `lut "…"`: a table in `lut3d`'s order, and every file FFmpeg's
/// `lut3d` would read otherwise, or VEDL does not take, refused with a diagnostic located in
/// the file; the checker labels the `lut` that reads it.
@Suite struct CubeLUTTests {
  /// The diagnostic of `text` as a `.cube` file, with its line and column.
  static func failure(_ text: String) -> (code: String, message: String, at: LineColumn)? {
    let file = SourceFile(path: "look.cube", text: text)
    guard case .failure(.malformed(let d)) = CubeLUT.parse(file) else { return nil }
    return (d.code.id, d.message, file.lines.location(of: d.span.start))
  }

  @Test func readsATableInLUT3DOrder() throws {
    // A 2³ table whose red output is the file's index: red fastest, then green, then blue.
    var text = "TITLE \"order\"\n# comment\nDOMAIN_MIN 0 0 0\nDOMAIN_MAX 1 1 1\nLUT_3D_SIZE 2\n"
    for i in 0..<8 { text += "\(i) 0.5 -0.25  # entry \(i)\n" }
    guard case .success(let lut) = CubeLUT.parse(SourceFile(path: "a.cube", text: text)) else {
      Issue.record("a valid table is refused")
      return
    }
    #expect(lut.size == 2 && lut.table.count == 24)
    // Table entry (r·2 + g)·2 + b holds file line r + 2g + 4b.
    for r in 0..<2 {
      for g in 0..<2 {
        for b in 0..<2 {
          let j = 3 * ((r * 2 + g) * 2 + b)
          #expect(lut.table[j] == Float(r + 2 * g + 4 * b))
          #expect(lut.table[j + 1] == 0.5 && lut.table[j + 2] == -0.25)
        }
      }
    }
  }

  @Test(arguments: [
    ("LUT_3D_SIZE 2\n0 0 0\n1 0\n", "E0455", "a colour is three numbers, red green blue; this line has 2", 3, 1),
    ("LUT_3D_SIZE 2\n0 0 0\n0 x 0\n", "E0455", "`x` is not a number", 3, 3),
    ("0 0 0\nLUT_3D_SIZE 2\n", "E0455", "a colour comes before `LUT_3D_SIZE`", 1, 1),
    ("LUT_3D_SIZE 1\n", "E0455", "`LUT_3D_SIZE 1` is out of range", 1, 13),
    ("LUT_3D_SIZE 300\n", "E0455", "`LUT_3D_SIZE 300` is out of range", 1, 13),
    ("TITLE \"x\"\n", "E0455", "no `LUT_3D_SIZE`", 2, 1),
    ("LUT_3D_SIZE 2\n0 0 0\n", "E0455", "1 colours, but `LUT_3D_SIZE 2` needs 8", 3, 1),
    ("  LUT_3D_SIZE 2\n", "E0455", "a keyword starts its line", 1, 3),
    ("LUT_3D_SIZE 2\nLUT_3D_INPUT_RANGE 0 1\n", "E0455", "`LUT_3D_INPUT_RANGE` comes after `LUT_3D_SIZE`", 2, 1),
    ("LUT_3D_SIZE 2\nGAMMA 2.2\n", "E0455", "unknown keyword `GAMMA`", 2, 1),
    ("LUT_3D_SIZE 2\n0 0 nan\n", "E0455", "`nan` is not a number", 2, 5),
    ("DOMAIN_MIN -0.1 -0.1 -0.1\nLUT_3D_SIZE 2\n", "E0456", "only the domain 0…1 is supported", 1, 1),
    ("LUT_3D_SIZE 2\nDOMAIN_MAX 2 2 2\n", "E0456", "only the domain 0…1 is supported", 2, 1),
    ("LUT_1D_SIZE 1024\n", "E0456", "a 1D table is not supported", 1, 1),
    ("LUT_3D_INPUT_RANGE -1 2\nLUT_3D_SIZE 2\n", "E0456", "only the input range 0…1 is supported", 1, 1),
  ])
  func refusesWhatLUT3DReadsOtherwise(
    _ text: String, _ code: String, _ message: String, _ line: Int, _ column: Int
  ) throws {
    let found = try #require(Self.failure(text), "accepted: \(text)")
    #expect(found.code == code)
    #expect(found.message == message)
    #expect(found.at == LineColumn(line: line, column: column), "\(found.at)")
  }

  @Test func moreColoursThanTheSizeAreRefused() throws {
    let text = "LUT_3D_SIZE 2\n" + String(repeating: "0 0 0\n", count: 9)
    let found = try #require(Self.failure(text))
    #expect(found.message == "more than 2³ = 8 colours" && found.at == LineColumn(line: 10, column: 1))
  }

  @Test func aLineLutThreeDWouldSplitIsRefused() throws {
    let text = "# " + String(repeating: "x", count: 600) + "\nLUT_3D_SIZE 2\n"
    #expect(try #require(Self.failure(text)).message == "the line is longer than 511 bytes")
  }

  /// The checker: a missing file is E0501 on the string; a malformed one is E0455 located in
  /// the `.cube` file (named as written) with the modifier labelled in the script.
  @Test func theCheckerReportsInTheFileAndLabelsTheModifier() throws {
    let folder = FileManager.default.temporaryDirectory.path + "/vedl-cube-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "LUT_3D_SIZE 2\n0 0 0\n1 1\n".write(toFile: folder + "/bad.cube", atomically: true, encoding: .utf8)
    try ("LUT_3D_SIZE 2\n" + String(repeating: "0.5 0.5 0.5\n", count: 8)).write(
      toFile: folder + "/good.cube", atomically: true, encoding: .utf8)
    let text = """
      vedl 1
      canvas 320x180
      track main {
        clip testpattern() duration: 1s { lut "good.cube" }
        clip testpattern() duration: 1s { lut "bad.cube" }
        clip testpattern() duration: 1s { lut "none.cube" }
      }
      """
    let file = SourceFile(path: "p.vedl", text: text)
    let media = FakeMediaFacts(fallback: MediaFacts(duration: nil, hasVideo: true, hasAudio: false))
    let result = Checker.check(file, options: CheckOptions(media: media, baseDirectory: folder))
    let errors = result.diagnostics.filter { $0.severity == .error }
    // Sorted by position, the other file's last.
    #expect(errors.map(\.code.id) == ["E0501", "E0455"], "\(errors.map(\.message))")
    let malformed = try #require(errors.last)
    #expect(malformed.file.path == "bad.cube")
    #expect(malformed.file.lines.location(of: malformed.span.start) == LineColumn(line: 3, column: 1))
    let label = try #require(malformed.labels.last)
    #expect(label.message == "read here" && label.file?.path == "p.vedl")
    #expect(file.text(label.span) == "lut \"bad.cube\"")
    let missing = errors[0]
    #expect(missing.message == "cannot read LUT file `none.cube`" && file.text(missing.span) == "\"none.cube\"")
    // The good table checks, and the clip keeps it as written.
    let good = SourceFile(
      path: "g.vedl", text: "vedl 1\ntrack main { clip testpattern() duration: 1s { lut \"good.cube\" } }\n")
    let checked = Checker.check(good, options: CheckOptions(media: media, baseDirectory: folder))
    #expect(!checked.hasErrors, "\(checked.diagnostics.map(\.message))")
    #expect(try #require(checked.timeline).tracks[0].items.map(\.resolved.lut) == ["good.cube"])
  }
}
