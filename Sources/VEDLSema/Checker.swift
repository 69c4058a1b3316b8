import Foundation
import VEDLDiagnostics
import VEDLSource
import VEDLSyntax
import VEDLTime

/// Options of one check.
public struct CheckOptions: Sendable {
  /// `--set NAME=VALUE` overrides, in command-line order.
  public var parameterOverrides: [(name: String, value: String)]
  /// Media facts; `nil` skips every check that needs a file's contents (the file's
  /// existence is not checked either).
  public var media: (any MediaFactsProvider)?
  /// Folder against which relative paths resolve (the script's folder).
  public var baseDirectory: String

  public init(
    parameterOverrides: [(name: String, value: String)] = [], media: (any MediaFactsProvider)? = nil,
    baseDirectory: String
  ) {
    self.parameterOverrides = parameterOverrides
    self.media = media
    self.baseDirectory = baseDirectory
  }
}

/// The result of checking one file.
public struct CheckResult: Sendable {
  public var parse: ParseResult
  /// Syntax and semantic diagnostics, sorted by position (other files last).
  public var diagnostics: [Diagnostic]
  /// The resolved timeline; `nil` when there are errors.
  public var timeline: Timeline?
  /// The editor configuration (defaults when the file has no `editor` block).
  public var editor: EditorConfiguration

  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Checks a parsed file against the schema and the timing rules and resolves its timeline.
///
/// The checker keeps going after errors: a value that cannot be computed becomes `nil` and
/// everything depending on it is skipped silently, so each mistake is reported once.
/// Values (`let`s, item timings, the main track) are computed on demand and memoised;
/// a request for a value that is being computed is a cycle (E0307).
public enum Checker {
  /// Parses and checks `file`.
  public static func check(_ file: SourceFile, options: CheckOptions) -> CheckResult {
    check(Parser.parse(file), options: options)
  }

  /// Checks an already parsed file.
  ///
  /// A file with syntax errors gets only its syntax diagnostics: meaning is not checked over
  /// a tree the parser had to repair, which would report cascades of follow-on errors.
  public static func check(_ parse: ParseResult, options: CheckOptions) -> CheckResult {
    if parse.hasErrors {
      return CheckResult(parse: parse, diagnostics: parse.diagnostics, timeline: nil, editor: EditorConfiguration())
    }
    let run = CheckRun(parse: parse, options: options)
    return run.run()
  }
}

/// A memoised value with cycle detection.
enum Cell<T> {
  case pending
  case active
  case done(T?)
}

/// One file's check: all the mutable state of the checker.
final class CheckRun {
  let parse: ParseResult
  let file: SourceFile
  let options: CheckOptions
  var diagnostics: [Diagnostic] = []

  var canvas = Canvas.default
  var grid: FrameGrid { canvas.grid }

  enum Binding {
    case param(ParamDecl)
    case `let`(LetDecl)
    case item(ItemNode)
  }

  var bindings: [String: Binding] = [:]
  /// Where each name was defined, for duplicate reports.
  var bindingSpans: [String: Span] = [:]
  var letCells: [String: Cell<Value>] = [:]
  var parameterValues: [String: Value] = [:]
  var sources: [SourceInfo] = []
  var sourceKeys: [String: Int] = [:]
  /// Spans of the source expressions, by source index (first use).
  var sourceSpans: [Int: Span] = [:]
  var tracks: [TrackNode] = []
  var mainTrack: TrackNode?
  var mainCell: Cell<Rational> = .pending
  /// The chain of values being computed, for cycle reports.
  var evaluationStack: [(what: String, span: Span)] = []

  var reportedParameters: Set<String> = []
  var captionsStatement: Statement?
  var exportStatements: [Statement] = []
  var editorStatement: Statement?

  init(parse: ParseResult, options: CheckOptions) {
    self.parse = parse
    self.file = parse.file
    self.options = options
  }

  // MARK: Reporting

  func report(
    _ code: DiagnosticCode, _ message: String, _ span: Span, labels: [Label] = [], notes: [String] = [],
    help: String? = nil, fixIts: [FixIt] = []
  ) {
    diagnostics.append(
      Diagnostic(code, message, file: file, span: span, labels: labels, notes: notes, help: help, fixIts: fixIts))
  }

  /// Runs `body` as the computation of `what`, memoised in the cell that `get`/`set` access;
  /// a request for the value while it is being computed is reported as a cycle. (The cell
  /// is reached through closures, not `inout`, because the body may read it again.)
  func memoised<T>(get: () -> Cell<T>, set: (Cell<T>) -> Void, _ what: String, _ span: Span, _ body: () -> T?) -> T? {
    switch get() {
    case .done(let value):
      return value
    case .active:
      reportCycle(what, span)
      return nil
    case .pending:
      set(.active)
      evaluationStack.append((what, span))
      let value = body()
      evaluationStack.removeLast()
      set(.done(value))
      return value
    }
  }

  private var reportedCycles: Set<String> = []

  func reportCycle(_ what: String, _ span: Span) {
    guard let start = evaluationStack.lastIndex(where: { $0.what == what }) else { return }
    let chain = Array(evaluationStack[start...])
    let key = chain.map(\.what).sorted().joined(separator: ",")
    guard reportedCycles.insert(key).inserted else { return }
    let path = (chain.map(\.what) + [what]).joined(separator: " → ")
    report(
      .cyclicReference, "\(chain[0].what) depends on itself", chain[0].span,
      labels: chain.dropFirst().map { Label(span: $0.span, message: "needs \($0.what)") }
        + [Label(span: span, message: "which needs \(what) again")],
      notes: ["the chain is \(path)"], help: "give one of these values directly")
  }

  // MARK: Driver

  func run() -> CheckResult {
    var diags = parse.diagnostics
    collectDeclarations()
    checkCanvas()
    bindParameters()
    collectTracks()
    resolveTracks()
    let captions = checkCaptions()
    let exports = checkExports()
    let editor = checkEditor()
    evaluateUnusedLets()
    diags += diagnostics
    let ownFile = file
    diags.sort { a, b in
      let aOwn = a.file === ownFile
      let bOwn = b.file === ownFile
      if aOwn != bOwn { return aOwn }
      if a.file.path != b.file.path { return a.file.path < b.file.path }
      return a.span.start < b.span.start
    }
    var timeline: Timeline? = nil
    if !diags.contains(where: { $0.severity == .error }) {
      timeline = buildTimeline(captions: captions, exports: exports)
    }
    return CheckResult(parse: parse, diagnostics: diags, timeline: timeline, editor: editor)
  }

  // MARK: Declarations

  func define(_ name: Identifier, _ binding: Binding) {
    if let first = bindingSpans[name.name] {
      report(
        .duplicateDefinition, "`\(name.name)` is defined more than once", name.span,
        labels: [Label(span: first, message: "first defined here")], help: "rename one of the definitions")
      return
    }
    bindingSpans[name.name] = name.span
    bindings[name.name] = binding
  }

  func collectDeclarations() {
    var topLevelSeen: [String: Span] = [:]
    for item in parse.syntax.items {
      switch item {
      case .version, .error:
        break
      case .param(let d):
        define(d.name, .param(d))
      case .let(let d):
        define(d.name, .let(d))
        letCells[d.name.name] = .pending
      case .statement(let s):
        guard let checked = validate(s, in: .file, seen: &topLevelSeen) else { continue }
        switch checked.schema.name {
        case "canvas": canvasStatement = s
        case "track": tracks.append(TrackNode(statement: s))
        case "captions": captionsStatement = s
        case "export": exportStatements.append(s)
        case "editor": editorStatement = s
        default: break
        }
      }
    }
  }

  var canvasStatement: Statement?

  /// Evaluates every `let` nobody used, so its errors are still reported.
  func evaluateUnusedLets() {
    for item in parse.syntax.items {
      if case .let(let d) = item, case .pending? = letCells[d.name.name] {
        _ = letValue(d)
      }
    }
  }

  func letValue(_ d: LetDecl) -> Value? {
    let name = d.name.name
    return memoised(
      get: { letCells[name] ?? .pending }, set: { letCells[name] = $0 }, "`\(name)`", d.name.span
    ) {
      evaluate(d.value, expected: nil)
    }
  }

  // MARK: Canvas

  func checkCanvas() {
    guard let s = canvasStatement, let schema = Schema.statement("canvas", in: .file) else { return }
    let args = bind(s, schema)
    if let e = args.positional.first {
      switch evaluate(e, expected: schema.positional[0].type) {
      case .size(let w, let h)?:
        if w <= 0 || h <= 0 || w > 16384 || h > 16384 {
          report(
            .valueOutOfRange, "canvas size \(w)x\(h) is out of range", e.span,
            notes: ["each side must be between 2 and 16384 pixels"])
        } else {
          var width = w
          var height = h
          if w % 2 != 0 || h % 2 != 0 {
            width += w % 2
            height += h % 2
            report(
              .oddCanvas, "canvas \(w)x\(h) has an odd dimension; using \(width)x\(height)", e.span,
              notes: ["video encoders need even frame sizes"],
              fixIts: [FixIt(span: e.span, replacement: "\(width)x\(height)", message: "use \(width)x\(height)")])
          }
          canvas.width = width
          canvas.height = height
        }
      case .word(let name)?:
        if let preset = CanvasPresets.preset(name) {
          canvas.width = preset.width
          canvas.height = preset.height
        }
      default:
        break
      }
    }
    if let a = args.labelled["fps"] {
      if case .number(let r)? = evaluate(a.value, expected: .number) {
        let written = file.text(a.value.span)
        if let rate = FrameRate(parsing: written) ?? FrameRate(r), r.isPositive, r <= Rational(1000) {
          canvas.rate = rate
        } else {
          report(
            .valueOutOfRange, "frame rate `\(written)` is out of range", a.value.span,
            notes: ["the rate must be above 0 and at most 1000"])
        }
      }
    }
    if let a = args.labelled["background"], case .color(let c)? = evaluate(a.value, expected: .color) {
      canvas.background = c
    }
  }
}
