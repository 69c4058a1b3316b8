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
///
/// A group of chains (`FilterChain.group`: an item of a run joined by transitions, or one of
/// the transitions) is isolated when every label it reads is a file stream of an input with
/// a last use or an output of another isolated group, and every label it hands out is pinned
/// by a `format` and read by `concat` or by another isolated group. A transition's group thus
/// reads the parts of the two items' groups it joins, each graph fed by the ones before it.
public struct RunnerPartition: Sendable, Hashable {
  /// The main graph's text.
  public var main: String
  /// The isolated chains' texts, in the graph's order (a group before the groups reading it).
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
    let isolatedGroups = Self.isolatableGroups(groups, in: graph)
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

  /// The groups that run apart: every group that passes the test of `isIsolatable(group:…)`
  /// against the others, dropped one after another until the rest all pass (a group whose
  /// neighbour stays in the main graph cannot read from or hand to it).
  private static func isolatableGroups(_ groups: [Int: [FilterChain]], in graph: FilterGraph) -> Set<Int> {
    var producer: [String: Int] = [:]
    var consumer: [String: (group: Int?, filter: String?)] = [:]
    for chain in graph.chains {
      if let g = chain.group { for label in chain.outputs { producer[label] = g } }
      for label in chain.inputs { consumer[label] = (chain.group, chain.filters.first?.name) }
    }
    var isolated = Set(groups.keys)
    var changed = true
    while changed {
      changed = false
      for g in isolated.sorted()
      where !isIsolatable(
        group: g, groups[g]!, in: graph, isolated: isolated, producer: producer, consumer: consumer)
      {
        isolated.remove(g)
        changed = true
      }
    }
    return isolated
  }

  /// Whether group `g` may run apart while the groups in `isolated` do.
  private static func isIsolatable(
    group g: Int, _ group: [FilterChain], in graph: FilterGraph, isolated: Set<Int>, producer: [String: Int],
    consumer: [String: (group: Int?, filter: String?)]
  ) -> Bool {
    let produced = Set(group.flatMap(\.outputs))
    for chain in group {
      for label in chain.inputs where !produced.contains(label) {
        if let source = producer[label], source != g, isolated.contains(source) { continue }
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
        guard let reader = consumer[label], let last = chain.filters.last, last.name == "format",
          last.options.count == 1, !last.options[0].value.contains("|")
        else { return false }
        let readByIsolatedGroup = reader.group.map { $0 != g && isolated.contains($0) } ?? false
        guard reader.filter == "concat" || readByIsolatedGroup else { return false }
        outputs += 1
      }
    }
    return outputs > 0
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
