import Foundation
import Testing

@testable import VEDLSema

/// The statement schema is the single description of the language: it must be documented
/// in docs/language.md, unambiguous, and documented in itself (hover text).
@Suite struct SchemaTests {
  static let root: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    fatalError("repository root not found")
  }()

  @Test func everyStatementIsInTheLanguageReference() throws {
    let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/language.md"), encoding: .utf8)
    let appendix = try #require(doc.range(of: "## Appendix A")).upperBound
    let reference = doc[appendix...]
    for statement in Schema.statements {
      #expect(
        reference.contains("`\(statement.name)"), "`\(statement.name)` is missing from docs/language.md Appendix A")
    }
  }

  @Test func entriesAreDocumentedAndUnambiguous() {
    var seen: Set<String> = []
    for statement in Schema.statements {
      #expect(!statement.documentation.isEmpty, "\(statement.name) has no documentation")
      for argument in statement.positional + statement.labelled {
        #expect(!argument.documentation.isEmpty, "\(statement.name) \(argument.label ?? "_") has no documentation")
      }
      for context in statement.contexts {
        #expect(
          seen.insert("\(context.rawValue).\(statement.name)").inserted,
          "\(statement.name) is declared twice in \(context)")
      }
      let labels = statement.labelled.compactMap(\.label)
      #expect(Set(labels).count == labels.count, "\(statement.name) repeats a label")
    }
  }

  @Test func everyContextHasStatementsAndIsReachable() {
    var reachable: Set<StatementContext> = [.file, .mainTrack, .overlayTrack, .audioTrack]
    for statement in Schema.statements { if let block = statement.block { reachable.insert(block) } }
    for context in StatementContext.allCases {
      #expect(!Schema.statements(in: context).isEmpty, "no statement is allowed in \(context)")
      #expect(reachable.contains(context), "no block opens \(context)")
    }
  }
}
