/// How the in-process runner splits a lowered graph: the chains that turn one input stream
/// into one main-track piece run in graphs of their own, freed as soon as the piece ends,
/// and the rest is the main graph that reads their outputs by label. Together they are
/// exactly the `-filter_complex` the `ffmpeg` command runs, so the frames are the same;
/// what changes is that the render holds only the chains of the items it is playing, which
/// keeps its memory flat in the length of the timeline (docs/graph.md, "Memory").
///
/// A chain is isolated when it reads one stream (`[k:v]`/`[k:a]`) of an input with a last
/// use, writes one label, ends in a `format`/`aformat` that pins its output (so the rest of
/// the graph cannot change how its filters negotiate), and feeds `concat`, `xfade` or
/// `acrossfade` (which ignore the timestamp an input ends at, the one thing a chain run on
/// its own cannot pass on exactly).
public struct RunnerPartition: Sendable, Hashable {
  /// The main graph's text.
  public var main: String
  /// The isolated chains' texts, in the graph's order.
  public var isolated: [String]

  /// The filters that may read an isolated chain's output.
  /// (`split` too: a main-track piece with transitions is split into its parts, each cut
  /// by `trim` and joined by `concat` or `xfade`.)
  static let joiningFilters: Set<String> = ["concat", "xfade", "acrossfade", "split"]

  /// Splits `graph`.
  public init(_ graph: FilterGraph) {
    var consumers: [String: String] = [:]
    for chain in graph.chains {
      for label in chain.inputs { consumers[label] = chain.filters.first?.name }
    }
    var groups: [Int: [FilterChain]] = [:]
    for chain in graph.chains { if let g = chain.group { groups[g, default: []].append(chain) } }
    let isolatedGroups = Set(
      groups.filter { Self.isIsolatable(group: $0.value, in: graph, consumers: consumers) }.keys)
    var main: [FilterChain] = []
    var isolated: [String] = []
    for chain in graph.chains {
      if let g = chain.group, isolatedGroups.contains(g) {
        // A group is printed once, where its first chain was.
        if chain == groups[g]?.first {
          isolated.append(groups[g]!.map(FilterGraphPrinter.chainText).joined(separator: ";\n"))
        }
      } else if Self.isIsolatable(chain, in: graph, consumers: consumers) {
        isolated.append(FilterGraphPrinter.chainText(chain))
      } else {
        main.append(chain)
      }
    }
    self.main = main.map(FilterGraphPrinter.chainText).joined(separator: ";\n")
    self.isolated = isolated
  }

  /// A group of chains (a run of main-track items joined by transitions) runs apart when it
  /// reads only file streams of inputs with a last use, and each label it hands out of the
  /// group is pinned by a `format` and read by `concat`.
  private static func isIsolatable(group: [FilterChain], in graph: FilterGraph, consumers: [String: String]) -> Bool {
    let produced = Set(group.flatMap(\.outputs))
    var readsAFile = false
    for chain in group {
      for label in chain.inputs where !produced.contains(label) {
        readsAFile = true
        let parts = label.split(separator: ":")
        guard parts.count == 2, let index = Int(parts[0]), graph.inputs.indices.contains(index),
          graph.inputs[index].lastUse != nil, parts[1] == "v" || parts[1] == "a"
        else { return false }
      }
    }
    let consumed = Set(group.flatMap(\.inputs))
    var outputs = 0
    for chain in group {
      for label in chain.outputs where !consumed.contains(label) {
        guard consumers[label] == "concat", let last = chain.filters.last, last.name == "format",
          last.options.count == 1, !last.options[0].value.contains("|")
        else { return false }
        outputs += 1
      }
    }
    return outputs > 0 && readsAFile
  }

  private static func isIsolatable(_ chain: FilterChain, in graph: FilterGraph, consumers: [String: String]) -> Bool {
    guard chain.inputs.count == 1, chain.outputs.count == 1,
      let consumer = consumers[chain.outputs[0]], joiningFilters.contains(consumer),
      let last = chain.filters.last
    else { return false }
    let parts = chain.inputs[0].split(separator: ":")
    guard parts.count == 2, let index = Int(parts[0]), graph.inputs.indices.contains(index),
      graph.inputs[index].lastUse != nil
    else { return false }
    switch parts[1] {
    case "v":
      return last.name == "format" && last.options.count == 1 && !last.options[0].value.contains("|")
    case "a":
      let keys = Set(last.options.compactMap(\.key))
      return last.name == "aformat" && keys == ["sample_fmts", "sample_rates", "channel_layouts"]
        && !last.options.contains { $0.value.contains("|") }
    default:
      return false
    }
  }
}
