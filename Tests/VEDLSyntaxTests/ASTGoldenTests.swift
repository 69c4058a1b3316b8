import Foundation
import Testing
import VEDLSource

@testable import VEDLSyntax

/// Golden AST dumps: every `Tests/Fixtures/ast/NAME.vedl` is parsed and its dump compared
/// with `NAME.ast`. Run with `UPDATE_EXPECT=1` to rewrite the golden files after an
/// intended change (and review the diff).
@Suite struct ASTGoldenTests {
  static let root: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    fatalError("repository root not found")
  }()

  static let inputs: [String] = {
    let folder = root.appendingPathComponent("Tests/Fixtures/ast")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".vedl") }.sorted()
  }()

  @Test func goldenFilesExist() { #expect(Self.inputs.count >= 3) }

  @Test(arguments: inputs)
  func golden(_ name: String) throws {
    let folder = Self.root.appendingPathComponent("Tests/Fixtures/ast")
    let input = folder.appendingPathComponent(name)
    let golden = input.deletingPathExtension().appendingPathExtension("ast")
    let data = try Data(contentsOf: input)
    let result = Parser.parse(SourceFile(path: name, bytes: [UInt8](data)))
    var dump = ASTDump().dump(result.syntax)
    for d in result.diagnostics {
      let at = result.file.lines.location(of: d.span.start)
      dump += "diagnostic \(d.code.id) \(at.line):\(at.column) \(d.message)\n"
    }
    if ProcessInfo.processInfo.environment["UPDATE_EXPECT"] == "1" {
      try dump.write(to: golden, atomically: true, encoding: .utf8)
      return
    }
    let expected = (try? String(contentsOf: golden, encoding: .utf8)) ?? "<missing \(golden.lastPathComponent)>"
    #expect(dump == expected, "AST of \(name) changed; rerun with UPDATE_EXPECT=1 and review the diff")
  }
}
