import Testing
import VEDLRaster

/// `shape` against the `geq` expressions VEDLLowering's `ShapeMask` writes, rebuilt here
/// term for term.
@Suite struct ShapeTests {
  struct Case {
    var kind: ShapeKind
    var width: Int
    var height: Int
    var fill: UInt32
    var stroke: (color: UInt32, width: Int)?
    var radius: Int
  }

  static let cases = [
    Case(kind: .ellipse, width: 37, height: 23, fill: 0xFF80_00FF, stroke: nil, radius: 0),
    Case(kind: .ellipse, width: 40, height: 30, fill: 0x2060_A0C0, stroke: (0xFFFF_FFFF, 3), radius: 0),
    Case(kind: .rectangle, width: 41, height: 29, fill: 0x00FF_00FF, stroke: (0x0000_FF80, 2), radius: 8),
    Case(kind: .rectangle, width: 30, height: 30, fill: 0xC0C0_C0FF, stroke: nil, radius: 20),
    Case(kind: .rectangle, width: 21, height: 10, fill: 0x1234_56FF, stroke: (0xFEDC_BAFF, 4), radius: 0),
    Case(kind: .ellipse, width: 10, height: 8, fill: 0xFFFF_FFFF, stroke: (0xFF00_00FF, 5), radius: 0),
  ]

  /// A multiple of ½ as `OptionText.expression` writes it: `n` or `(n/2)`.
  static func half(_ twice: Int) -> String {
    if twice % 2 == 0 { return twice < 0 ? "(\(twice / 2))" : String(twice / 2) }
    return "(\(twice)/2)"
  }

  /// `ShapeMask.inside(inset:radius:)`, with all values in halves.
  static func inside(_ c: Case, inset: Int, radius: Int) -> String {
    let px = "(X+0.5)"
    let py = "(Y+0.5)"
    let a2 = c.width - 2 * inset
    let b2 = c.height - 2 * inset
    guard a2 > 0 && b2 > 0 else { return "0" }
    switch c.kind {
    case .ellipse:
      return "lte(pow((\(px)-\(half(c.width)))/\(half(a2)),2)+pow((\(py)-\(half(c.height)))/\(half(b2)),2),1)"
    case .rectangle:
      let r2 = min(2 * radius, a2, b2)
      let dx = "abs(\(px)-\(half(c.width)))"
      let dy = "abs(\(py)-\(half(c.height)))"
      guard r2 > 0 else { return "lte(\(dx),\(half(a2)))*lte(\(dy),\(half(b2)))" }
      let ox = "max(\(dx)-\(half(a2 - r2)),0)"
      let oy = "max(\(dy)-\(half(b2 - r2)),0)"
      let rr = r2 * r2
      let square = rr % 4 == 0 ? String(rr / 4) : "(\(rr)/4)"
      return "lte(pow(\(ox),2)+pow(\(oy),2),\(square))"
    }
  }

  /// The `geq` filter chain of `ShapeMask.filters` (without the `color` source).
  static func geq(_ c: Case) -> String {
    let radius = max(0, min(c.radius, min(c.width, c.height) / 2))
    let outer = inside(c, inset: 0, radius: radius)
    let inner = c.stroke.map { inside(c, inset: $0.width, radius: max(0, radius - $0.width)) }
    func parts(_ v: UInt32) -> [Int] { [Int(v >> 24), Int((v >> 16) & 0xFF), Int((v >> 8) & 0xFF), Int(v & 0xFF)] }
    let f = parts(c.fill)
    let s = c.stroke.map { parts($0.color) } ?? f
    func channel(_ i: Int) -> String {
      guard let inner, f[i] != s[i] else { return String(f[i]) }
      return "if(\(inner),\(f[i]),\(s[i]))"
    }
    let alpha = inner.map { "if(\($0),\(f[3]),if(\(outer),\(s[3]),0))" } ?? "if(\(outer),\(f[3]),0)"
    return "format=gbrap,geq=r='\(channel(0))':g='\(channel(1))':b='\(channel(2))':a='\(alpha)',format=rgba"
  }

  @Test func matchesShapeMaskGeqExactly() throws {
    var graph = ""
    for (i, c) in Self.cases.enumerated() {
      if i > 0 { graph += ";" }
      graph += "color=c=0x00000000:s=\(c.width)x\(c.height):r=1,trim=end_frame=1,\(Self.geq(c))[s\(i)]"
    }
    let results = try FFmpegReference.graph(
      graph,
      outputs: Self.cases.enumerated().map {
        .init(label: "s\($0.offset)", width: $0.element.width, height: $0.element.height)
      })
    for (c, result) in zip(Self.cases, results) {
      let actual = RGBAImage.shape(
        c.kind, width: c.width, height: c.height, fill: PremultipliedColor(straightRGBA: c.fill),
        stroke: c.stroke.map { PremultipliedColor(straightRGBA: $0.color) }, strokeWidth: c.stroke?.width ?? 1,
        cornerRadius: c.radius)
      let expected = Compare.premultiplied(result[0].pixels)
      let differences = zip(actual.pixels, expected).filter { $0 != $1 }.count
      #expect(differences == 0, "\(c.kind) \(c.width)x\(c.height)")
      // Not vacuous: the picture holds transparent, fill and (if any) stroke pixels.
      let colours = Set(stride(from: 0, to: expected.count, by: 4).map { Array(expected[$0..<$0 + 4]) })
      #expect(colours.contains([0, 0, 0, 0]) || c.kind == .rectangle)
      #expect(colours.count >= (c.stroke == nil ? 1 : 2))
    }
  }

  @Test func plainRectangleIsFilled() {
    let colour = PremultipliedColor(straightRGBA: 0x3366_99FF)
    #expect(
      RGBAImage.shape(.rectangle, width: 7, height: 3, fill: colour) == RGBAImage(width: 7, height: 3, fill: colour))
    // A stroke as wide as the shape leaves no fill.
    let ring = RGBAImage.shape(.rectangle, width: 6, height: 6, fill: colour, stroke: .black, strokeWidth: 3)
    #expect(
      Set(stride(from: 0, to: ring.pixels.count, by: 4).map { ring.pixel(x: ($0 / 4) % 6, y: $0 / 24) }) == [.black])
  }
}
