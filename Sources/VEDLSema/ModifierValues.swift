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
