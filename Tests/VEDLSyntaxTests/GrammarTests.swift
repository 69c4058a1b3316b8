import Foundation
import Testing

@testable import VEDLSyntax

/// Keeps Grammar/vedl.ebnf (normative) and the lexer in step: the grammar's keyword list and
/// literal kinds must be exactly the lexer's, and every rule the parser's doc comments cite
/// must exist in the grammar.
@Suite struct GrammarTests {
  static let grammar: String = {
    let url = ASTGoldenTests.root.appendingPathComponent("Grammar/vedl.ebnf")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }()

  /// The words after `(* NAME:` up to `*)` on the machine-readable line.
  static func list(_ name: String) -> [String] {
    guard let line = grammar.split(separator: "\n").first(where: { $0.hasPrefix("(* \(name):") }) else { return [] }
    return line.dropFirst("(* \(name):".count).replacingOccurrences(of: "*)", with: "")
      .split(separator: " ").map(String.init)
  }

  @Test func keywordsMatchTheLexer() {
    #expect(Set(Self.list("keywords")) == Set(Keyword.allCases.map(\.rawValue)))
  }

  @Test func literalKindsMatchTheLexer() {
    // One sample per literal kind, lexed, gives the kind names the grammar must list.
    let samples: [(String, String)] = [
      ("number", "3"), ("duration", "2s"), ("timecode", "00:00:01:02"), ("ratio", "9:16"), ("size", "1x2"),
      ("percent", "5%"), ("gain", "3dB"), ("speed", "2x"), ("angle", "9deg"), ("color", "#fff"), ("string", "\"a\""),
    ]
    var lexed: Set<String> = []
    for (name, text) in samples {
      let kind = Lexer.lex(.init(path: "t", text: text)).tokens[0].kind
      switch kind {
      case .literal, .string: lexed.insert(name)
      default: Issue.record("`\(text)` did not lex as a literal")
      }
    }
    #expect(Set(Self.list("literal-kinds")) == lexed)
    // Every literal value case of the lexer is covered by a kind (timecodes are durations).
    #expect(lexed.count == 11)
  }

  @Test func citedRulesExist() throws {
    let parser = try String(
      contentsOf: ASTGoldenTests.root.appendingPathComponent("Sources/VEDLSyntax/Parser.swift"), encoding: .utf8)
    let cited = Set(parser.matches(of: /\/\/\/ `([a-z_]+) :=/).map { String($0.output.1) })
    #expect(cited.count >= 10)
    for rule in cited {
      #expect(
        Self.grammar.contains("\(rule) ")
          && Self.grammar.range(of: "\n\(rule)\\s*=", options: .regularExpression) != nil,
        "rule `\(rule)` cited by the parser is not defined in Grammar/vedl.ebnf")
    }
  }
}
