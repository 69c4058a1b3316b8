import VEDLSema
import VEDLSource
import VEDLSyntax

/// Every statement of a parsed file, in source order, with the context it appears in, the
/// schema entry it matches there and the schema of each of its arguments — the syntactic
/// reading of the schema that hover, completion, references and highlighting share.
///
/// It binds arguments the way the checker does (labels by name, bare flag words, then
/// positionals in order) but reports nothing: the checker owns the diagnostics.
public struct StatementTable: Sendable {
  /// One argument of a statement, with what the schema says about it.
  public struct BoundArgument: Sendable {
    /// How the argument was matched.
    public enum Role: Sendable, Hashable {
      /// The n-th positional argument (0-based).
      case positional(Int)
      case labelled
      /// A bare switch word such as `muted`.
      case flag
      /// Not accepted by the schema (an unknown label, one positional too many).
      case unexpected
    }

    public let argument: Argument
    public let role: Role
    /// The schema of the argument, when the statement and the argument are known.
    public let schema: ArgumentSchema?
  }

  /// One statement occurrence.
  public struct Entry: Sendable {
    public let statement: Statement
    /// The context it appears in; `nil` inside the block of a statement that is unknown.
    public let context: StatementContext?
    /// The schema entry it matches in its context; `nil` when it is not allowed there.
    public let schema: StatementSchema?
    /// The context its block opens (`track overlay` → `.overlayTrack`).
    public let blockContext: StatementContext?
    /// Index of the statement whose block holds this one.
    public let parent: Int?
    /// Nesting depth: 0 at the top level.
    public let depth: Int
    /// The statement's arguments, in source order.
    public let arguments: [BoundArgument]

    /// The schema entry to document this statement with: the one of its context, or any
    /// statement of that name when it is misplaced.
    public var documentedSchema: StatementSchema? {
      schema ?? Schema.statements.first { $0.name == statement.name.name }
    }
  }

  /// Statements in pre-order (a statement before the statements of its block).
  public let entries: [Entry]
  /// Top-level `let` declarations, in order.
  public let lets: [LetDecl]
  /// Top-level `param` declarations, in order.
  public let params: [ParamDecl]

  /// Reads the statements of `syntax`.
  public init(_ syntax: SourceFileSyntax) {
    var builder = Builder()
    builder.visit(syntax.items, context: .file, parent: nil, depth: 0)
    entries = builder.entries
    lets = builder.lets
    params = builder.params
  }

  /// The deepest statement whose span contains `offset`.
  public func innermost(containing offset: Int) -> Int? {
    var found: Int? = nil
    var index = 0
    while index < entries.count {
      let entry = entries[index]
      if entry.statement.span.contains(offset) {
        found = index
        index += 1
      } else if entry.statement.span.start > offset, entry.depth == 0 {
        break
      } else {
        index += 1
      }
    }
    return found
  }

  /// Binds the arguments of `statement` against `schema` the way the checker does.
  public static func bind(_ statement: Statement, schema: StatementSchema?) -> [BoundArgument] {
    guard let schema else {
      return statement.arguments.map { BoundArgument(argument: $0, role: .unexpected, schema: nil) }
    }
    var bound: [BoundArgument] = []
    var positionalCount = 0
    var seenLabels = Set<String>()
    for argument in statement.arguments {
      if let label = argument.label {
        if let labelled = schema.labelled(label.name), seenLabels.insert(label.name).inserted {
          bound.append(BoundArgument(argument: argument, role: .labelled, schema: labelled))
        } else {
          bound.append(BoundArgument(argument: argument, role: .unexpected, schema: schema.labelled(label.name)))
        }
        continue
      }
      if case .name(let word) = argument.value.kind, schema.flags.contains(word.name) {
        bound.append(BoundArgument(argument: argument, role: .flag, schema: nil))
        continue
      }
      if positionalCount < schema.positional.count {
        bound.append(
          BoundArgument(
            argument: argument, role: .positional(positionalCount), schema: schema.positional[positionalCount]))
      } else {
        bound.append(BoundArgument(argument: argument, role: .unexpected, schema: nil))
      }
      positionalCount += 1
    }
    return bound
  }

  /// The context opened by the block of `statement` with schema `schema`.
  static func blockContext(of statement: Statement, schema: StatementSchema?) -> StatementContext? {
    guard let schema else { return nil }
    var kind: String? = nil
    if let first = statement.positional.first, case .name(let word) = first.value.kind { kind = word.name }
    return Schema.blockContext(of: statement.name.name, kind: kind, schema: schema)
  }

  private struct Builder {
    var entries: [Entry] = []
    var lets: [LetDecl] = []
    var params: [ParamDecl] = []

    mutating func visit(_ items: [Item], context: StatementContext?, parent: Int?, depth: Int) {
      for item in items {
        switch item {
        case .let(let d) where depth == 0: lets.append(d)
        case .param(let d) where depth == 0: params.append(d)
        case .statement(let s):
          let schema = context.flatMap { Schema.statement(s.name.name, in: $0) }
          let inner = StatementTable.blockContext(of: s, schema: schema)
          let index = entries.count
          entries.append(
            Entry(
              statement: s, context: context, schema: schema, blockContext: inner, parent: parent, depth: depth,
              arguments: StatementTable.bind(s, schema: schema)))
          if let block = s.block {
            visit(block.items, context: inner, parent: index, depth: depth + 1)
          }
        default:
          break
        }
      }
    }
  }
}
