import VEDLSema
import VEDLTime

/// An item's animations sampled at each frame it shows (ANIMATION.md §1): how far its
/// animated `position` and `offset` move it from where it is at its first frame, and its
/// animated `opacity`. Both backends draw from these samples — the FFmpeg lowering prints
/// them as per-frame tables (``expression(_:variable:origin:rate:)``), the native renderer
/// reads them — so the two agree on every frame by construction.
///
/// Position and offset move the laid-out picture by whole pixels (a `position x: y:` puts
/// the box's corner at the point, and an offset adds to it), so the item at frame `k` is the
/// item at its first frame moved by the difference of the two; nothing else about it changes.
public struct ItemMotion: Sendable {
  /// A whole-pixel displacement.
  public struct Shift: Hashable, Sendable {
    public var x: Int64
    public var y: Int64

    public static let zero = Shift(x: 0, y: 0)
  }

  /// Per item-local frame, the displacement from the first frame; `nil` when neither
  /// position nor offset is animated.
  public let shifts: [Shift]?
  /// Per item-local frame, the opacity; `nil` when opacity is not animated.
  public let opacities: [Rational]?

  /// The motion of `item` over its first `frameCount` frames, or `nil` when it has no
  /// animation that changes over time.
  public init?(_ item: TimelineItem, frameCount: Int64, grid: FrameGrid) {
    guard item.isAnimated, frameCount > 0 else { return nil }
    let moves = item.animations.contains { $0.property != .opacity && !$0.isConstant }
    let fades = item.animations.contains { $0.property == .opacity && !$0.isConstant }
    var shifts: [Shift] = []
    var opacities: [Rational] = []
    let first = item.resolved(atFrame: item.startFrame, grid: grid)
    let origin = Self.corner(first)
    for j in 0..<frameCount {
      let mods = j == 0 ? first : item.resolved(atFrame: item.startFrame + j, grid: grid)
      if moves {
        let c = Self.corner(mods)
        shifts.append(Shift(x: c.x - origin.x, y: c.y - origin.y))
      }
      if fades { opacities.append(mods.opacity) }
    }
    self.shifts = moves ? shifts : nil
    self.opacities = fades ? opacities : nil
  }

  /// Where position and offset put the box's corner, up to what does not depend on them.
  private static func corner(_ mods: ItemModifiers) -> Shift {
    var x = mods.offset.x.rounded
    var y = mods.offset.y.rounded
    if case .point(let px, let py)? = mods.position {
      x += px?.rounded ?? 0
      y += py?.rounded ?? 0
    }
    return Shift(x: x, y: y)
  }

  /// The displacement at item-local frame `j` (none when position and offset are still).
  public func shift(atLocalFrame j: Int64) -> Shift {
    guard let shifts, !shifts.isEmpty else { return .zero }
    return shifts[Int(min(max(j, 0), Int64(shifts.count - 1)))]
  }

  /// The opacity at item-local frame `j`, or `nil` when opacity is not animated.
  public func opacity(atLocalFrame j: Int64) -> Rational? {
    guard let opacities, !opacities.isEmpty else { return nil }
    return opacities[Int(min(max(j, 0), Int64(opacities.count - 1)))]
  }

  /// The runs of equal values: each run's first index and value.
  public static func runs<T: Equatable>(_ values: [T]) -> [(start: Int, value: T)] {
    var runs: [(start: Int, value: T)] = []
    for (i, v) in values.enumerated() where runs.last?.value != v { runs.append((i, v)) }
    return runs
  }

  /// An FFmpeg expression in `variable` (a time in seconds, e.g. `t`) worth each run's value
  /// on its frames: `v0*lt(t,a1)+v1*between(t,a1,a2)+…+vn*gte(t,an)`. Item-local frame `j`
  /// is at `(origin + j)/F`; each boundary sits half a frame before its run's first frame, so
  /// that the table is exact whatever the rounding of the timestamps. Exactly one term is not
  /// zero at any frame, so the sum is that run's constant exactly, as written.
  static func expression(
    _ runs: [(start: Int, value: String)], variable t: String, origin: Int64, rate: FrameRate
  ) -> String {
    guard runs.count > 1 else { return runs.first?.value ?? "0" }
    func boundary(_ j: Int) -> String { halfFrameBefore(origin + Int64(j), rate: rate) }
    var terms: [String] = []
    for (i, run) in runs.enumerated() {
      let v = run.value.hasPrefix("-") ? "(\(run.value))" : run.value
      if i == 0 {
        terms.append("\(v)*lt(\(t),\(boundary(runs[1].start)))")
      } else if i == runs.count - 1 {
        terms.append("\(v)*gte(\(t),\(boundary(run.start)))")
      } else {
        terms.append("\(v)*between(\(t),\(boundary(run.start)),\(boundary(runs[i + 1].start)))")
      }
    }
    return sum(terms)
  }

  /// `(k − ½)/F` seconds, half a frame before frame `k`, as an exact fraction the evaluator
  /// divides once: a boundary no frame's timestamp can fall on, whatever its rounding.
  static func halfFrameBefore(_ k: Int64, rate: FrameRate) -> String {
    let f = rate.framesPerSecond
    return "(\((2 * k - 1) * f.denominator)/\(2 * f.numerator))"
  }

  /// `terms` added up as an FFmpeg expression. FFmpeg's parser takes some 90 terms in one
  /// sum, so longer ones are grouped in parentheses, 32 to a group, as a shallow tree
  /// (32 768 terms are three levels deep).
  static func sum(_ terms: [String]) -> String {
    let width = 32
    guard terms.count > width else { return terms.joined(separator: "+") }
    var size = width
    while (terms.count + size - 1) / size > width { size *= width }
    return stride(from: 0, to: terms.count, by: size).map {
      "(" + sum(Array(terms[$0..<min($0 + size, terms.count)])) + ")"
    }.joined(separator: "+")
  }
}

extension ItemMotion {
  /// The modifiers both backends lay `item` out with: those of its first frame, with an
  /// animated opacity left at 1, as it is applied frame by frame after the fades
  /// (``opacity(atLocalFrame:)``).
  public static func baseModifiers(_ item: TimelineItem, grid: FrameGrid) -> ItemModifiers {
    var mods = item.resolved(atFrame: item.startFrame, grid: grid)
    if item.animations.contains(where: { $0.property == .opacity && !$0.isConstant }) { mods.opacity = .one }
    return mods
  }

  /// The runs of the displacement along one axis, as absolute values `base + shift`.
  func positionRuns(base: Int64, horizontal: Bool) -> [(start: Int, value: String)] {
    guard let shifts else { return [(0, String(base))] }
    return Self.runs(shifts.map { base + (horizontal ? $0.x : $0.y) }).map { ($0.start, String($0.value)) }
  }
}
