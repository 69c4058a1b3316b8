/// Collects the inputs and chains of a graph under construction and hands out unique pad
/// labels. Lowering code builds streams as "a label plus the filters still to apply"
/// (``PendingStream``) and closes a chain whenever a stream is split, merged or finished, so
/// the printed graph has one chain per step a reader cares about.
struct GraphBuilder {
  private(set) var inputs: [GraphInput] = []
  private(set) var chains: [FilterChain] = []
  private var used: [String: Int] = [:]

  /// A fresh label starting with `stem` (`main0`, `main0_1`, …).
  mutating func label(_ stem: String) -> String {
    let count = used[stem, default: 0]
    used[stem] = count + 1
    return count == 0 ? stem : "\(stem)_\(count)"
  }

  /// Adds a file input and returns its index (`[k:v]`, `[k:a]`).
  mutating func addInput(_ input: GraphInput) -> Int {
    inputs.append(input)
    return inputs.count - 1
  }

  /// Adds a chain.
  mutating func add(_ inputs: [String], _ filters: [Filter], _ outputs: [String]) {
    chains.append(FilterChain(inputs: inputs, filters: filters, outputs: outputs))
  }

  /// Puts the chains at `indices` into `group` (see `FilterChain.group`).
  mutating func setGroup(_ group: Int, of indices: Range<Int>) {
    for i in indices { chains[i].group = group }
  }

  /// Closes a pending stream into a chain ending at a new label made from `stem`; returns the
  /// label. A stream with no filters still to apply is already labelled and returned as is.
  mutating func close(_ stream: PendingStream, as stem: String) -> String {
    if stream.filters.isEmpty, let label = stream.label { return label }
    let out = label(stem)
    // A chain needs at least one filter; `null`/`anull` pass frames through unchanged.
    let filters = stream.filters.isEmpty ? [Filter(stream.isAudio ? "anull" : "null")] : stream.filters
    add(stream.label.map { [$0] } ?? [], filters, [out])
    return out
  }
}

/// A stream being built: an input label (or none, for a source filter at the head of the
/// chain) and the filters to apply in order.
struct PendingStream {
  var label: String?
  var filters: [Filter]
  var isAudio: Bool

  init(label: String?, filters: [Filter] = [], isAudio: Bool = false) {
    self.label = label
    self.filters = filters
    self.isAudio = isAudio
  }

  /// Appends a filter.
  mutating func append(_ filter: Filter) { filters.append(filter) }

  /// Appends filters.
  mutating func append(contentsOf more: [Filter]) { filters += more }
}
