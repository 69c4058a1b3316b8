import VEDLSema
import VEDLSource
import VEDLSyntax

/// The names of a file — `let`s, `param`s and item ids (`id: opening`) — with where each is
/// defined and every place it is used. Names have one scope, the file. Built from the syntax
/// alone, so it serves go-to-definition, references, rename and completion even while the
/// file has errors.
public struct SymbolIndex: Sendable {
  /// What a name stands for.
  public enum Kind: String, Sendable, Hashable {
    case `let`
    case param
    /// A clip, text or shape named with `id:`.
    case item
  }

  /// One definition of a name.
  public struct Definition: Sendable, Hashable {
    public let name: String
    public let kind: Kind
    /// The name as written in the definition.
    public let nameSpan: Span
    /// The whole declaration: the `let`/`param` line, or the item's statement.
    public let declarationSpan: Span
  }

  /// One place a name is written.
  public struct Occurrence: Sendable, Hashable {
    public let name: String
    public let span: Span
    /// Whether this is the definition rather than a use.
    public let isDefinition: Bool
  }

  /// Definitions in source order (a name defined twice appears twice; the first one counts).
  public let definitions: [Definition]
  /// Definitions and uses, sorted by position.
  public let occurrences: [Occurrence]
  private let firstDefinition: [String: Int]

  /// Indexes the names of `syntax`.
  public init(_ syntax: SourceFileSyntax, statements: StatementTable) {
    var definitions: [Definition] = []
    for item in syntax.items {
      switch item {
      case .let(let d):
        definitions.append(Definition(name: d.name.name, kind: .let, nameSpan: d.name.span, declarationSpan: d.span))
      case .param(let d):
        definitions.append(Definition(name: d.name.name, kind: .param, nameSpan: d.name.span, declarationSpan: d.span))
      default:
        break
      }
    }
    for entry in statements.entries {
      for bound in entry.arguments where bound.role == .labelled && bound.schema?.type == .newIdentifier {
        if case .name(let id) = bound.argument.value.kind {
          definitions.append(
            Definition(name: id.name, kind: .item, nameSpan: id.span, declarationSpan: entry.statement.span))
        }
      }
    }
    var first: [String: Int] = [:]
    for (index, d) in definitions.enumerated() where first[d.name] == nil { first[d.name] = index }

    var occurrences = definitions.map { Occurrence(name: $0.name, span: $0.nameSpan, isDefinition: true) }
    let definitionSpans = Set(definitions.map(\.nameSpan))
    func collect(_ expr: Expr, _ expected: ValueType?) {
      ExpressionWalk.visit(expr, expected: expected) { e, type in
        guard case .name(let id) = e.kind, !definitionSpans.contains(id.span), first[id.name] != nil else { return }
        if let type, type.admitsWord(id.name) { return }
        occurrences.append(Occurrence(name: id.name, span: id.span, isDefinition: false))
      }
    }
    for item in syntax.items {
      switch item {
      case .let(let d): collect(d.value, nil)
      case .param(let d): if let v = d.defaultValue { collect(v, ParameterTypes.table[d.type.name]) }
      default: break
      }
    }
    for entry in statements.entries {
      for bound in entry.arguments { collect(bound.argument.value, bound.schema?.type) }
    }
    occurrences.sort { $0.span < $1.span }
    self.definitions = definitions
    self.occurrences = occurrences
    self.firstDefinition = first
  }

  /// The definition that counts for `name` (the first, when it is defined twice).
  public func definition(named name: String) -> Definition? {
    firstDefinition[name].map { definitions[$0] }
  }

  /// The occurrence under `offset` (the cursor may be just after the name).
  public func occurrence(at offset: Int) -> Occurrence? {
    var lo = 0
    var hi = occurrences.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if occurrences[mid].span.end < offset { lo = mid + 1 } else { hi = mid }
    }
    guard lo < occurrences.count, occurrences[lo].span.contains(offset) else { return nil }
    return occurrences[lo]
  }

  /// Every occurrence of `name`, definitions included, in source order.
  public func occurrences(of name: String) -> [Occurrence] {
    occurrences.filter { $0.name == name }
  }

  /// Definitions of one kind, first definitions only, in source order.
  public func definitions(of kind: Kind) -> [Definition] {
    definitions.enumerated().filter { $0.element.kind == kind && firstDefinition[$0.element.name] == $0.offset }
      .map(\.element)
  }
}
