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
  /// Parses and checks `file`. (The parse does not keep the token stream, which the checker
  /// does not need: ``CheckResult/parse`` lexes it again if asked for it.)
  public static func check(_ file: SourceFile, options: CheckOptions) -> CheckResult {
    check(Parser.parse(file, keepingTokens: false), options: options)
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

/// A value the checker computes on demand, named for cycle reports only when one is found
/// (describing every computation up front cost more than the computations).
enum Computation: Equatable, CustomStringConvertible {
  /// The value of the `let` of that name.
  case letValue(String)
  /// The layout of the main track.
  case mainTrack
  /// The placement of an item.
  case timing(ItemNode)

  static func == (a: Computation, b: Computation) -> Bool {
    switch (a, b) {
    case (.letValue(let x), .letValue(let y)): x == y
    case (.mainTrack, .mainTrack): true
    case (.timing(let x), .timing(let y)): x === y
    default: false
    }
  }

  var description: String {
    switch self {
    case .letValue(let name): "`\(name)`"
    case .mainTrack: "the main track"
    case .timing(let item): "the timing of \(item.describe)"
    }
  }
}

/// One file's check: all the mutable state of the checker.
final class CheckRun {
  let parse: ParseResult
  let file: SourceFile
  let options: CheckOptions
  var diagnostics: [Diagnostic] = []

  var canvas = Canvas.default
  var grid: FrameGrid { canvas.grid }

  /// What a name defined in the file refers to (small, as files define one name per item).
  enum Binding {
    /// The index of the declaration in ``params``.
    case param(Int)
    /// The index of the declaration in ``lets`` (and of its value in ``letCells``).
    case `let`(Int)
    case item(ItemNode)
  }

  /// Every name defined in the file, with where it was defined (for duplicate reports).
  var bindings = NameTable<(binding: Binding, span: Span)>()
  var params: [ParamDecl] = []
  var lets: [LetDecl] = []
  var letCells: [Cell<Value>] = []
  var parameterValues: [String: Value] = [:]
  var sources: [SourceInfo] = []
  var sourceKeys: [String: Int] = [:]
  /// Spans of the source expressions, by source index (first use).
  var sourceSpans: [Int: Span] = [:]
  var tracks: [TrackNode] = []
  /// Whether an `animate` block is being checked, and the item's length, which the name
  /// `length` stands for there (`nil` when the item's timing failed).
  var inAnimation = false
  var animationLength: Rational?
  var mainTrack: TrackNode?
  var mainCell: Cell<Rational> = .pending
  /// A computation under way, and where it was asked for.
  struct Request {
    let what: Computation
    let span: Span
  }

  /// The chain of values being computed, for cycle reports.
  var evaluationStack: [Request] = []
  /// How many values may wait on one another (`let b = a + 1` before `let a = …`, `at: a.end`)
  /// before the chain is reported (E0204) instead of followed: each link costs the stack about
  /// 10 KB in a debug build, and the language server's threads have 8 MB.
  static let maximumEvaluationDepth = 256
  private var reportedDeepEvaluation = false

  var reportedParameters: Set<String> = []
  /// The values of the modifier being checked (reused from one modifier to the next).
  var modifierValues = ModifierValues()
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
  func memoised<T>(
    get: () -> Cell<T>, set: (Cell<T>) -> Void, _ what: Computation, _ span: Span, _ body: () -> T?
  ) -> T? {
    switch get() {
    case .done(let value):
      return value
    case .active:
      reportCycle(what, span)
      return nil
    case .pending:
      guard evaluationStack.count < Self.maximumEvaluationDepth else {
        if !reportedDeepEvaluation {
          reportedDeepEvaluation = true
          report(
            .nestingTooDeep,
            "\(what) needs a chain of more than \(Self.maximumEvaluationDepth) values, each waiting on the next", span,
            labels: [Label(span: evaluationStack[0].span, message: "the chain starts with \(evaluationStack[0].what)")],
            help: "define values before they are used, or compute this one from fewer steps")
        }
        return nil
      }
      set(.active)
      evaluationStack.append(Request(what: what, span: span))
      let value = body()
      evaluationStack.removeLast()
      set(.done(value))
      return value
    }
  }

  private var reportedCycles: Set<String> = []

  func reportCycle(_ what: Computation, _ span: Span) {
    guard let start = evaluationStack.lastIndex(where: { $0.what == what }) else { return }
    let chain = evaluationStack[start...].map { (what: $0.what.description, span: $0.span) }
    let key = chain.map(\.what).sorted().joined(separator: ",")
    guard reportedCycles.insert(key).inserted else { return }
    let again = what.description
    let path = (chain.map(\.what) + [again]).joined(separator: " → ")
    report(
      .cyclicReference, "\(chain[0].what) depends on itself", chain[0].span,
      labels: chain.dropFirst().map { Label(span: $0.span, message: "needs \($0.what)") }
        + [Label(span: span, message: "which needs \(again) again")],
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

  /// What `name` refers to, if the file defines it.
  func binding(of name: Identifier) -> Binding? {
    bindings.value(of: name.name, at: name.span, in: file.bytes)?.binding
  }

  /// Binds `name`, or reports it as a duplicate and returns `false`.
  @discardableResult
  func define(_ name: Identifier, _ binding: Binding) -> Bool {
    if let first = bindings.value(of: name.name, at: name.span, in: file.bytes) {
      report(
        .duplicateDefinition, "`\(name.name)` is defined more than once", name.span,
        labels: [Label(span: first.span, message: "first defined here")], help: "rename one of the definitions")
      return false
    }
    bindings.insert(name.name, (binding, name.span), at: name.span, in: file.bytes)
    return true
  }

  func collectDeclarations() {
    var topLevelSeen = SeenStatements()
    for item in parse.syntax.items {
      switch item {
      case .version, .error:
        break
      case .param(let d):
        define(d.name, .param(params.count))
        params.append(d)
      case .let(let d):
        let index = lets.count
        lets.append(d)
        if !define(d.name, .let(index)), case .let? = binding(of: d.name) {
          letCells.append(.done(nil))  // a second `let` of a name: reported, never evaluated
        } else {
          letCells.append(.pending)
        }
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
    for index in lets.indices {
      if case .pending = letCells[index] { _ = letValue(index) }
    }
  }

  /// The value of the `let` at `index` of ``lets``.
  func letValue(_ index: Int) -> Value? {
    let d = lets[index]
    return memoised(get: { letCells[index] }, set: { letCells[index] = $0 }, .letValue(d.name.name), d.name.span) {
      evaluate(d.value, expected: nil)
    }
  }

  // MARK: Canvas

  func checkCanvas() {
    guard let s = canvasStatement, let entry = Schema.entry("canvas", in: .file) else { return }
    let schema = entry.schema
    let args = bind(s, entry)
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
