import VEDLSema
import VEDLTime

/// An item's animations sampled at each frame it shows (ANIMATION.md §1): how far its
/// animated `position` and `offset` move it from where it is at its first frame, and its
/// animated `opacity`. Both backends draw from these samples — the FFmpeg lowering prints
/// them as per-frame tables (``expression(_:variable:origin:rate:)``), the native renderer
/// reads them — so the two agree on every frame by construction.
///
/// An animated `scale` or `rotate` resizes and turns the laid-out picture (``Transform``).
/// Position and offset move the laid-out picture by whole pixels (a `position x: y:` puts
/// the box's corner at the point, and an offset adds to it), so the item at frame `k` is the
/// item at its first frame moved by the difference of the two; nothing else about it changes.
public struct ItemMotion: Sendable {
  /// A whole-pixel displacement.
  public struct Shift: Hashable, Sendable {
    public var x: Int64
    public var y: Int64

    public init(x: Int64, y: Int64) {
      self.x = x
      self.y = y
    }

    public static let zero = Shift(x: 0, y: 0)
  }

  /// Per item-local frame, the displacement from the first frame; `nil` when neither
  /// position nor offset is animated.
  public let shifts: [Shift]?
  /// Per item-local frame, the opacity; `nil` when opacity is not animated and the item is
  /// drawn at every frame (a frame where an animated scale is 0 has opacity 0).
  public let opacities: [Rational]?
  /// How an animated `scale` or `rotate` resizes and turns the laid-out picture, frame by
  /// frame; `nil` when neither changes (or no ``Layout`` was given).
  public let transform: Transform?
  /// With a ``transform``, the picture's top-left corner on the canvas at the item's first
  /// frame (before any slide), from which ``shifts`` count.
  public let origin: Shift?

  /// Where a backend drew an item's picture, for the motion of an item that is resized or
  /// turned over time: its placement follows the size of each frame.
  public struct Layout: Sendable {
    /// The item's unturned box, laid out at ``baseModifiers(_:grid:)``'s scale.
    public var box: PixelSize
    /// The picture as drawn before the transform: the box, or the frame of a static turn.
    public var picture: PixelSize
    public var canvas: PixelSize
    /// Whether the picture turns inside its own frame (a text's square layer, which holds
    /// any turn) rather than in a frame that grows to hold the turned box.
    public var turnsInPlace: Bool
    /// The box at scale 1 and the static turn, when the box is `scale` times it (clips and
    /// shapes): each frame's size is then the static layout's, rounded from it.
    public var unscaledBox: PixelSize?
    public var turn: Rational
    /// Where the picture's top-left corner is at the first frame, when the backend places
    /// it by its own rule (a text drawn straight onto the composite); by default the
    /// picture is centred on the box placed by `position` and `offset`.
    public var corner: Shift?

    public init(
      box: PixelSize, picture: PixelSize, canvas: PixelSize, turnsInPlace: Bool = false,
      unscaledBox: PixelSize? = nil, turn: Rational = .zero, corner: Shift? = nil
    ) {
      self.box = box
      self.picture = picture
      self.canvas = canvas
      self.turnsInPlace = turnsInPlace
      self.unscaledBox = unscaledBox
      self.turn = turn
      self.corner = corner
    }

    /// The unturned box at `scale` (of a layout at `layoutScale`).
    func box(atScale scale: Rational, layoutScale: Rational) -> PixelSize {
      unscaledBox.map { PictureLayout.scaled($0, by: scale) } ?? PictureLayout.scaled(box, by: scale / layoutScale)
    }
  }

  /// An animated `scale` and/or `rotate` (ANIMATION.md §1) as both backends draw it: the
  /// picture is laid out once at the largest scale of the item's frames (``layoutScale``),
  /// with no turn when the turn is animated; at each frame it is turned about its centre by
  /// that frame's angle into a fixed frame (``turnedSize``), then resized by the frame's
  /// scale over the layout scale (``sizes``), and placed so that its centre is the centre
  /// of the item's box at that frame's scale, as a static `scale`/`rotate` places it.
  public struct Transform: Sendable {
    /// The scale the picture is laid out at.
    public let layoutScale: Rational
    /// Per item-local frame, the turn in degrees; `nil` when the turn is not animated.
    public let angles: [Rational]?
    /// The frame the picture is turned into: large enough for every frame's turn, with the
    /// picture's own parity so that its centre stays on a pixel boundary.
    public let turnedSize: PixelSize
    /// Per item-local frame, the size the turned picture is resized to; `nil` when the
    /// scale is not animated.
    public let sizes: [PixelSize]?
  }

  /// A `wipe`'s window: the part of the picture's frame that shows, `[x0, x1) × [y0, y1)`.
  public struct Window: Hashable, Sendable {
    public var x0: Int64
    public var y0: Int64
    public var x1: Int64
    public var y1: Int64

    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
  }

  /// Per item-local frame, the window a `wipe` shows of the picture (in the frame of
  /// ``Transform/turnedSize``, else of ``Layout/picture``, before any resize); `nil` when
  /// the item has no wipe.
  public let windows: [Window]?

  /// The motion of `item` over its first `frameCount` frames, or `nil` when nothing about it
  /// changes over time. An animated `scale` or `rotate`, a `slide` and a `wipe` need the
  /// `layout` the backend drew the picture with.
  public init?(_ item: TimelineItem, frameCount: Int64, grid: FrameGrid, layout: Layout? = nil) {
    guard item.isAnimated, frameCount > 0 else { return nil }
    let changing = item.changingProperties
    let transforms = layout != nil && (changing.contains(.scale) || changing.contains(.rotate))
    let slides = layout == nil ? [] : item.presets.filter { $0.kind == .slide }
    let moves =
      transforms || changing.contains(.position) || changing.contains(.offset)
    var fades = changing.contains(.opacity)
    var frames: [ItemModifiers] = []
    frames.reserveCapacity(Int(frameCount))
    for j in 0..<frameCount { frames.append(item.resolved(atFrame: item.startFrame + j, grid: grid)) }
    var transform: Transform? = nil
    var corners: [Shift]
    if transforms, let layout {
      let t = Self.transform(
        frames, changing: changing, layout: layout, layoutScale: Self.layoutScale(item, grid: grid))
      transform = t
      // Each frame's picture centred on the item's box at that frame's scale (a picture the
      // scale makes vanish is hidden: it has no size).
      corners = frames.indices.map { j in
        let mods = frames[j]
        let box = t.sizes == nil ? layout.box : layout.box(atScale: mods.scale, layoutScale: t.layoutScale)
        let size = t.sizes?[j] ?? t.turnedSize
        let c = PictureLayout.turnedCorner(
          box: box, bounds: size, on: layout.canvas, position: mods.position, offset: mods.offset)
        return Shift(x: c.x, y: c.y)
      }
      if t.sizes != nil && frames.contains(where: { Self.vanishes($0.scale, layout: layout, t) }) {
        fades = true
      }
    } else {
      corners = frames.map(Self.corner)
    }
    // Shifts count from the first frame's place without a slide: where the backend lays the
    // picture out.
    let origin = corners[0]
    let instants = frames.indices.map { item.localTime(ofFrame: item.startFrame + Int64($0), grid: grid) }
    // A slide (ANIMATION.md §3): (1 − presence) of the way from where the picture is laid
    // out at the first frame to just outside a canvas edge, rounded to whole pixels.
    if let layout, !slides.isEmpty {
      let m = frames[0]
      let start =
        layout.corner
        ?? {
          let c = PictureLayout.turnedCorner(
            box: layout.box, bounds: layout.picture, on: layout.canvas, position: m.position, offset: m.offset)
          return Shift(x: c.x, y: c.y)
        }()
      let size = layout.picture
      for j in frames.indices {
        var (dx, dy) = (0.0, 0.0)
        for slide in slides {
          let away = 1 - slide.presence(at: instants[j], itemLength: item.length)
          switch slide.edge {
          case .leading: dx -= away * Double(start.x + size.width)
          case .trailing: dx += away * Double(layout.canvas.width - start.x)
          case .top: dy -= away * Double(start.y + size.height)
          case .bottom: dy += away * Double(layout.canvas.height - start.y)
          }
        }
        corners[j].x += Self.pixel(dx)
        corners[j].y += Self.pixel(dy)
      }
    }
    // A wipe: the window of the frame within presence of the box's extent from the edge.
    var windows: [Window]? = nil
    let wipes = item.presets.filter { $0.kind == .wipe }
    if let layout, !wipes.isEmpty {
      let frame = transform?.turnedSize ?? layout.picture
      let box = layout.box
      // The box centred in the frame, as ``PictureLayout/turnedCorner`` places it.
      let inset = (
        x: -(Rational(box.width - frame.width) / 2).floor, y: -(Rational(box.height - frame.height) / 2).floor
      )
      windows = instants.map { u in
        var w = Window(x0: 0, y0: 0, x1: frame.width, y1: frame.height)
        for wipe in wipes {
          let p = min(max(wipe.presence(at: u, itemLength: item.length), 0), 1)
          guard p < 1 else { continue }
          let across = Self.pixel(p * Double(wipe.edge.isHorizontal ? box.width : box.height))
          switch wipe.edge {
          case .leading: w.x1 = min(w.x1, inset.x + across)
          case .trailing: w.x0 = max(w.x0, inset.x + box.width - across)
          case .top: w.y1 = min(w.y1, inset.y + across)
          case .bottom: w.y0 = max(w.y0, inset.y + box.height - across)
          }
        }
        return w
      }
      if windows!.contains(where: \.isEmpty) { fades = true }
    }
    self.windows = windows
    self.shifts = moves || !slides.isEmpty ? corners.map { Shift(x: $0.x - origin.x, y: $0.y - origin.y) } : nil
    self.origin = transform == nil ? nil : origin
    self.transform = transform
    if fades {
      self.opacities = frames.indices.map { j in
        let mods = frames[j]
        if let t = transform, t.sizes != nil, let layout, Self.vanishes(mods.scale, layout: layout, t) {
          return .zero
        }
        if windows?[j].isEmpty == true { return .zero }
        return changing.contains(.opacity) ? mods.opacity : .one
      }
    } else {
      self.opacities = nil
    }
  }

  /// `v` rounded to a whole pixel, halves up (as the layout rounds).
  static func pixel(_ v: Double) -> Int64 {
    let limit = Double(1 << 40)
    return Int64((min(max(v, -limit), limit) + 0.5).rounded(.down))
  }

  /// The scale an item whose scale is animated is laid out at: the largest of its frames
  /// (1 when it never shows), so that each frame's picture is made smaller, never larger.
  public static func layoutScale(_ item: TimelineItem, grid: FrameGrid) -> Rational {
    guard item.changingProperties.contains(.scale) else {
      return item.resolved(atFrame: item.startFrame, grid: grid).scale
    }
    var largest = Rational.zero
    for k in item.startFrame..<max(item.startFrame + 1, item.endFrame) {
      largest = max(largest, item.resolved(atFrame: k, grid: grid).scale)
    }
    return largest.isPositive ? largest : .one
  }

  /// Whether the box at `scale` is less than half a pixel on a side: the picture is not
  /// drawn at that frame.
  private static func vanishes(_ scale: Rational, layout: Layout, _ t: Transform) -> Bool {
    let exact =
      layout.unscaledBox.map { (Rational($0.width) * scale, Rational($0.height) * scale) }
      ?? (Rational(t.turnedSize.width) * scale / t.layoutScale, Rational(t.turnedSize.height) * scale / t.layoutScale)
    return exact.0.rounded == 0 || exact.1.rounded == 0
  }

  private static func transform(
    _ frames: [ItemModifiers], changing: Set<Animation.Property>, layout: Layout, layoutScale: Rational
  ) -> Transform {
    var turned = layout.picture
    var angles: [Rational]? = nil
    if changing.contains(.rotate) {
      angles = frames.map(\.rotation)
      if !layout.turnsInPlace {
        var (w, h) = (layout.picture.width, layout.picture.height)
        for a in Set(angles!) {
          let b = PictureLayout.rotatedBounds(layout.picture, degrees: a)
          (w, h) = (max(w, b.width), max(h, b.height))
        }
        // Each turned bounds has the picture's parity, and so has the largest.
        turned = PixelSize(width: w, height: h)
      }
    }
    var sizes: [PixelSize]? = nil
    if changing.contains(.scale) {
      sizes = frames.map { mods in
        // Unturned over time: the static layout of the frame's scale (its box, turned).
        if angles == nil, layout.unscaledBox != nil {
          return PictureLayout.rotatedBounds(
            layout.box(atScale: mods.scale, layoutScale: layoutScale), degrees: layout.turn)
        }
        return PictureLayout.scaled(turned, by: mods.scale / layoutScale)
      }
    }
    return Transform(layoutScale: layoutScale, angles: angles, turnedSize: turned, sizes: sizes)
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
    let changing = item.changingProperties
    if changing.contains(.opacity) { mods.opacity = .one }
    // An animated scale or turn: laid out at the largest scale, unturned (``Transform``).
    if changing.contains(.scale) { mods.scale = layoutScale(item, grid: grid) }
    if changing.contains(.rotate) { mods.rotation = .zero }
    return mods
  }

  /// The runs of the displacement along one axis, as absolute values `base + shift`.
  func positionRuns(base: Int64, horizontal: Bool) -> [(start: Int, value: String)] {
    guard let shifts else { return [(0, String(base))] }
    return Self.runs(shifts.map { base + (horizontal ? $0.x : $0.y) }).map { ($0.start, String($0.value)) }
  }
}
