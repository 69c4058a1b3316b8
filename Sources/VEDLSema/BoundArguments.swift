import VEDLSyntax

/// A statement's arguments as its schema sorts them: positional values, flags and labels.
///
/// This is a view of the statement's own argument list, not a copy: it is made for every
/// statement of a file, and sorting the arguments into arrays cost more (three allocations a
/// statement, and as many to free) than reading the few arguments of a statement again when
/// asked. The rules are those of ``CheckRun/bind(_:_:reporting:)``, which reports what breaks them:
///
/// - a bare word that is one of the schema's flags is a flag;
/// - other arguments without a label are positional, up to as many as the schema takes;
/// - a labelled argument counts when the schema has its label and it is the first with it.
struct BoundArguments {
  /// The statement's arguments, in source order.
  let all: [Argument]
  let entry: SchemaEntry

  /// The positional arguments the schema takes, in order.
  var positional: PositionalArguments { PositionalArguments(self) }

  /// The labelled arguments the schema takes, each label's first.
  var labelled: LabelledArguments { LabelledArguments(self) }

  /// Whether the flag `name` (a bare word the schema lists as a flag) is given.
  func hasFlag(_ name: String) -> Bool {
    guard entry.schema.flags.contains(name) else { return false }
    for i in all.indices where all[i].label == nil {
      if case .name(let word) = all[i].value.kind, word.name == name { return true }
    }
    return false
  }

  /// Whether every argument the schema requires is given (``CheckRun/bind(_:_:reporting:)``
  /// reports each one that is not). The meaning of a statement reads its required arguments
  /// only when this holds.
  var hasRequiredArguments: Bool {
    if let last = entry.requiredPositional.last, last >= positional.count { return false }
    for slot in entry.requiredLabels {
      guard let label = entry.schema.labelled[slot].label, labelled[label] != nil else { return false }
    }
    return true
  }

  /// Whether the argument at `index` of ``all`` (one without a label) is a flag.
  func isFlag(at index: Int) -> Bool {
    let flags = entry.schema.flags
    guard !flags.isEmpty, case .name(let word) = all[index].value.kind else { return false }
    return flags.contains(word.name)
  }

  /// Calls `body` with each labelled argument the schema takes, in source order, and the
  /// index of its label in ``StatementSchema/labelled``; `source` holds the labels' bytes.
  func forEachLabelled(source: [UInt8], _ body: (_ slot: Int, _ argument: Argument) -> Void) {
    for i in all.indices {
      guard let label = all[i].label, let slot = entry.labelIndex(label, source: source),
        !isRepeatedLabel(at: i)
      else { continue }
      body(slot, all[i])
    }
  }

  /// Whether an argument before `index` has the same label as the one at `index`.
  func isRepeatedLabel(at index: Int) -> Bool {
    guard let name = all[index].label?.name else { return false }
    for j in 0..<index where all[j].label?.name == name { return true }
    return false
  }
}

/// The positional arguments of a statement (see ``BoundArguments``).
struct PositionalArguments: RandomAccessCollection {
  private let arguments: BoundArguments
  let startIndex = 0
  let endIndex: Int

  init(_ arguments: BoundArguments) {
    self.arguments = arguments
    var count = 0
    for i in arguments.all.indices where arguments.all[i].label == nil && !arguments.isFlag(at: i) { count += 1 }
    endIndex = Swift.min(count, arguments.entry.schema.positional.count)
  }

  subscript(position: Int) -> Expr {
    var seen = 0
    for i in arguments.all.indices where arguments.all[i].label == nil && !arguments.isFlag(at: i) {
      if seen == position { return arguments.all[i].value }
      seen += 1
    }
    preconditionFailure("positional argument \(position) out of range")
  }
}

/// The labelled arguments of a statement (see ``BoundArguments``): looked up by label, or
/// iterated in source order with the schema's spelling of each label.
struct LabelledArguments: Sequence {
  private let arguments: BoundArguments

  init(_ arguments: BoundArguments) {
    self.arguments = arguments
  }

  /// The argument labelled `label`, one of the schema's labels (the first, when repeated).
  subscript(label: String) -> Argument? {
    let all = arguments.all
    for i in all.indices where all[i].label?.name == label { return all[i] }
    return nil
  }

  /// Whether no argument has one of the schema's labels.
  var isEmpty: Bool {
    var iterator = makeIterator()
    return iterator.next() == nil
  }

  func makeIterator() -> Iterator { Iterator(arguments) }

  /// Yields `(label, argument)` for each labelled argument the schema takes.
  struct Iterator: IteratorProtocol {
    private let arguments: BoundArguments
    private var index = 0

    init(_ arguments: BoundArguments) {
      self.arguments = arguments
    }

    mutating func next() -> (key: String, value: Argument)? {
      let all = arguments.all
      while index < all.count {
        let i = index
        index += 1
        guard let name = all[i].label?.name,
          let schemaLabel = arguments.entry.schema.labelled.first(where: { $0.label == name })?.label,
          !arguments.isRepeatedLabel(at: i)
        else { continue }
        return (schemaLabel, all[i])
      }
      return nil
    }
  }
}
