extension FilterGraph {
  /// The input pads of the graph's chains (`0:v`, `1:a`, …): the streams it reads from its
  /// inputs.
  var inputPads: [String] {
    chains.flatMap(\.inputs).filter { label in
      guard let colon = label.firstIndex(of: ":") else { return false }
      return Int(label[..<colon]) != nil
    }
  }

  /// Hands the turn of a graph's only input pad back to the CLI's autorotation. FFmpeg 5.1's
  /// CLI ties a graph with a single input pad to that input's stream and copies its display
  /// matrix to the output unless its autorotation is on (then it writes "no rotation"): with
  /// `-noautorotate` the upright output would carry the matrix and players would turn it
  /// again. So such a graph leaves the turn to the CLI (`transpose`, `hflip`/`vflip`, ahead
  /// of the chain; the in-process runner does the same, docs/graph.md §1), and only graphs
  /// with several pads turn the pictures themselves. The pictures are the same either way
  /// for quarter turns; for a mirrored matrix FFmpeg 5.1's CLI (unlike 6.1's and the
  /// runner's) ignores the mirror.
  mutating func leaveTheTurnToTheCLI() {
    let pads = inputPads
    guard pads.count == 1, let colon = pads[0].firstIndex(of: ":"), let k = Int(pads[0][..<colon]),
      inputs.indices.contains(k), !inputs[k].turn.isEmpty
    else { return }
    let turn = inputs[k].turn
    guard let c = chains.firstIndex(where: { $0.inputs.contains(pads[0]) }) else { return }
    let filters = chains[c].filters
    guard let start = filters.indices.first(where: { Array(filters[$0...].prefix(turn.count)) == turn }) else { return }
    chains[c].filters.removeSubrange(start..<(start + turn.count))
    if chains[c].filters.isEmpty { chains[c].filters = [Filter("null")] }
    inputs[k].turn = []
  }
}
