/// The evaluated arguments of one modifier statement (`fade in: 1s`, `crop 9:16`), before
/// they become a ``Modifier``: positional values in order, labelled values in source order.
///
/// The checker keeps one and refills it for each modifier, so evaluating and range-checking a
/// modifier allocates nothing; labels are looked up by a scan (a modifier has a few).
struct ModifierValues {
  private(set) var positional: [Value] = []
  private(set) var labels: [String] = []
  private(set) var values: [Value] = []

  /// Empties the values, keeping the storage. (One at a time: `removeAll(keepingCapacity:)`
  /// takes the general, much slower path of `replaceSubrange`.)
  mutating func removeAll() {
    while !positional.isEmpty { positional.removeLast() }
    while !labels.isEmpty { labels.removeLast() }
    while !values.isEmpty { values.removeLast() }
  }

  mutating func append(_ value: Value) { positional.append(value) }

  mutating func append(_ label: String, _ value: Value) {
    labels.append(label)
    values.append(value)
  }

  /// The value labelled `label`.
  subscript(label: String) -> Value? {
    for i in labels.indices where labels[i] == label { return values[i] }
    return nil
  }

  /// Whether no labelled value was given.
  var hasNoLabels: Bool { labels.isEmpty }
}

/// The modifiers a check has built, so that identical ones share one ``Modifier`` (its arrays
/// and its dictionary of labelled values).
///
/// An edit repeats the same modifiers over and over (`fade in: 250ms`, `position bottom`), and a
/// dictionary costs more to build than everything else about a modifier. The few modifiers
/// built last for each statement of the schema are remembered and compared with a new one's
/// values before a new ``Modifier`` is made.
struct ModifierInterner {
  private struct Built {
    let modifier: Modifier
    let labels: [String]
    let values: [Value]
  }

  /// How many modifiers are remembered per statement.
  private static let depth = 4
  /// For each statement of the schema (by ``SchemaEntry/id``), the modifiers built last.
  private var recent: [[Built]] = Array(repeating: [], count: Schema.statements.count)
  /// Where the next one replaces an old one, per statement.
  private var next: [Int] = Array(repeating: 0, count: Schema.statements.count)

  /// The modifier of `entry`'s statement with `arguments`: one built before, or a new one.
  mutating func modifier(_ entry: SchemaEntry, _ arguments: ModifierValues) -> Modifier {
    for built in recent[entry.id]
    where built.modifier.positional == arguments.positional && built.labels == arguments.labels
      && built.values == arguments.values
    {
      return built.modifier
    }
    var labelled: [String: Value] = [:]
    if !arguments.labels.isEmpty {
      labelled.reserveCapacity(arguments.labels.count)
      for (label, value) in zip(arguments.labels, arguments.values) { labelled[label] = value }
    }
    let modifier = Modifier(name: entry.schema.name, positional: arguments.positional, labelled: labelled)
    let built = Built(modifier: modifier, labels: arguments.labels, values: arguments.values)
    if recent[entry.id].count < Self.depth {
      recent[entry.id].append(built)
    } else {
      recent[entry.id][next[entry.id]] = built
      next[entry.id] = (next[entry.id] + 1) % Self.depth
    }
    return modifier
  }
}
