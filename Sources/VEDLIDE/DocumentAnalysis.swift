import Foundation
import VEDLDiagnostics
import VEDLSema
import VEDLSource
import VEDLSyntax

/// The syntax-only view of a document: its parse, every statement with the schema entry it
/// matches, and its names. Completion needs nothing more. The statement table and the name
/// index are built on first use (once, whichever thread asks first), so that the diagnostics
/// of an edit — which need only the parse — never wait for them.
public final class SyntaxAnalysis: Sendable {
  public let file: SourceFile
  public let parse: ParseResult
  private let indexes: LazyIndexes

  /// Parses `file`.
  public convenience init(file: SourceFile) {
    self.init(parse: Parser.parse(file))
  }

  /// Wraps an existing parse.
  public init(parse: ParseResult) {
    self.file = parse.file
    self.parse = parse
    self.indexes = LazyIndexes(syntax: parse.syntax)
  }

  /// Every statement with its context and schema.
  public var statements: StatementTable { indexes.statements }
  /// `let`, `param` and item-id definitions and their uses.
  public var symbols: SymbolIndex { indexes.symbols }
}

/// The indexes of a ``SyntaxAnalysis``, computed once on first use.
private final class LazyIndexes: @unchecked Sendable {
  private let syntax: SourceFileSyntax
  private let lock = NSLock()
  private var statementTable: StatementTable?
  private var symbolIndex: SymbolIndex?

  init(syntax: SourceFileSyntax) {
    self.syntax = syntax
  }

  var statements: StatementTable {
    lock.withLock {
      if let statementTable { return statementTable }
      let table = StatementTable(syntax)
      statementTable = table
      return table
    }
  }

  var symbols: SymbolIndex {
    let table = statements
    return lock.withLock {
      if let symbolIndex { return symbolIndex }
      let index = SymbolIndex(syntax, statements: table)
      symbolIndex = index
      return index
    }
  }
}

/// Everything the editor features know about one open document: the syntax view plus the
/// checker's diagnostics and resolved timeline. Plain data, safe to share across threads.
public struct DocumentAnalysis: Sendable {
  public let syntax: SyntaxAnalysis
  /// The checker's result (syntax diagnostics only when the file does not parse cleanly).
  public let check: CheckResult
  /// The options the document was analysed with (base folder, media cache).
  public let options: AnalysisOptions
  /// Media files whose facts were not cached yet. While any are pending, the diagnostics
  /// leave out every check that needs a file's contents; the facts are being probed in the
  /// background, and analysing again once they arrive gives the full result.
  public let pendingMediaPaths: [String]

  public var file: SourceFile { syntax.file }
  public var parse: ParseResult { syntax.parse }
  /// Syntax and semantic diagnostics, in source order (other files last).
  public var diagnostics: [Diagnostic] { check.diagnostics }
  /// The resolved timeline, when the file checks without errors.
  public var timeline: Timeline? { check.timeline }

  /// Checks an indexed document. Media facts come from the cache only: paths it cannot
  /// answer are queued for probing and the check is redone without media, so no diagnostic
  /// is ever based on facts that are not known yet.
  public static func analyze(_ syntax: SyntaxAnalysis, options: AnalysisOptions) -> DocumentAnalysis {
    var checkOptions = CheckOptions(
      parameterOverrides: options.parameterOverrides, media: nil, baseDirectory: options.baseDirectory)
    guard let cache = options.media else {
      let result = Checker.check(syntax.parse, options: checkOptions)
      return DocumentAnalysis(syntax: syntax, check: result, options: options, pendingMediaPaths: [])
    }
    let lookup = cache.lookup()
    checkOptions.media = lookup
    var result = Checker.check(syntax.parse, options: checkOptions)
    var pending = lookup.misses
    if !pending.isEmpty {
      var seen = Set<String>()
      pending = pending.filter { seen.insert($0).inserted }
      cache.request(pending)
      checkOptions.media = nil
      result = Checker.check(syntax.parse, options: checkOptions)
    }
    return DocumentAnalysis(syntax: syntax, check: result, options: options, pendingMediaPaths: pending)
  }

  /// Parses, indexes and checks `file`.
  public static func analyze(_ file: SourceFile, options: AnalysisOptions) -> DocumentAnalysis {
    analyze(SyntaxAnalysis(file: file), options: options)
  }
}
