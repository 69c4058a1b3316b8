import Foundation

/// How a keyframed value moves between two keys (ANIMATION.md §2): a function `E` with
/// `E(0) = 0` and `E(1) = 1` of the segment's progress `p`, applied as
/// `v = vᵢ + (vᵢ₊₁ − vᵢ) · E(p)`. Both backends evaluate this one function, so they move
/// alike. Values may leave 0…1 between the ends (`Back`, `Elastic`, an overshooting
/// `cubicBezier` or `spring`).
public enum Easing: Sendable, Hashable {
  /// `E(p) = p`.
  case linear
  /// The value jumps at the key: `E(p) = 0` before the segment's end, 1 at it.
  case hold
  /// One of the named curves: CSS's `easeIn`/`easeOut`/`easeInOut` and Penner's set.
  case named(Curve, Direction)
  /// CSS `cubic-bezier(x1, y1, x2, y2)`: `x1` and `x2` in 0…1.
  case cubicBezier(Double, Double, Double, Double)
  /// A damped spring from 0 to 1 released at rest, its time scaled so that the segment ends
  /// when it has settled (``Spring``).
  case spring(Spring)

  /// The families of named curves. `css` is CSS's `ease-in`/`-out`/`-in-out` (cubic Béziers
  /// `(0.42, 0, 1, 1)`, `(0, 0, 0.58, 1)`, `(0.42, 0, 0.58, 1)`); the others are Penner's,
  /// with the formulas of easings.net.
  public enum Curve: String, Sendable, Hashable, CaseIterable {
    case css = "", sine = "Sine", quad = "Quad", cubic = "Cubic", quart = "Quart", quint = "Quint"
    case expo = "Expo", circ = "Circ", back = "Back", elastic = "Elastic", bounce = "Bounce"
  }

  /// Which end a named curve eases.
  public enum Direction: String, Sendable, Hashable, CaseIterable {
    case `in` = "easeIn", out = "easeOut", inOut = "easeInOut"
  }

  /// A spring's physical parameters (all positive) and, worked out once, how long it takes
  /// to settle: from that instant on it stays within 0.005 of 1.
  public struct Spring: Sendable, Hashable {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    /// Seconds (of the spring's own time) until it has settled.
    public let settlingTime: Double

    /// The spring, or `nil` when a parameter is not a positive finite number (without
    /// damping a spring never settles).
    public init?(mass: Double = 1, stiffness: Double = 100, damping: Double = 10) {
      guard [mass, stiffness, damping].allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
      self.mass = mass
      self.stiffness = stiffness
      self.damping = damping
      settlingTime = Self.settlingTime(mass: mass, stiffness: stiffness, damping: damping)
    }

    /// The spring's position at `t` seconds of its own time: 0 at rest at 0, heading to 1.
    public func position(at t: Double) -> Double {
      Self.position(at: t, mass: mass, stiffness: stiffness, damping: damping)
    }

    static func position(at t: Double, mass: Double, stiffness: Double, damping: Double) -> Double {
      let omega = (stiffness / mass).squareRoot()
      let zeta = damping / (2 * (stiffness * mass).squareRoot())
      if zeta < 1 {
        let damped = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
      }
      if zeta == 1 { return 1 - exp(-omega * t) * (1 + omega * t) }
      let root = (zeta * zeta - 1).squareRoot()
      let r1 = -omega * (zeta - root)
      let r2 = -omega * (zeta + root)
      return 1 + (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r1 - r2)
    }

    /// The last instant at which the spring is 0.005 or more from 1, found on a fine grid
    /// (a thousand steps per natural period, refined by bisection) up to the time after
    /// which its envelope keeps it closer.
    static func settlingTime(mass: Double, stiffness: Double, damping: Double) -> Double {
      let tolerance = 0.005
      let omega = (stiffness / mass).squareRoot()
      let zeta = damping / (2 * (stiffness * mass).squareRoot())
      // |x − 1| is at most A·e^(−λt): λ the slowest decay rate, A a bound on the amplitude
      // (critical damping: (1 + ωt)·e^(−ωt) ≤ 2·e^(−ωt/2)).
      let decay: Double
      let amplitude: Double
      if zeta < 1 {
        decay = zeta * omega
        amplitude = 1 / (1 - zeta * zeta).squareRoot()
      } else if zeta == 1 {
        decay = omega / 2
        amplitude = 2
      } else {
        let root = (zeta * zeta - 1).squareRoot()
        decay = omega * (zeta - root)
        amplitude = zeta / root
      }
      let horizon = min(max(log(amplitude / tolerance) / decay, 0), 1e6)
      let step = min(2 * Double.pi / omega / 1000, max(horizon, 1e-9) / 1000)
      func away(_ t: Double) -> Bool {
        abs(position(at: t, mass: mass, stiffness: stiffness, damping: damping) - 1) >= tolerance
      }
      // Scanning back from the horizon meets the last excursion within a few periods. Should
      // it not within the cap, the horizon itself is a settled instant (the envelope's).
      var t = horizon
      var steps = 0
      while t > 0 && !away(t) {
        t -= step
        steps += 1
        if steps == 10_000_000 { return horizon }
      }
      guard t > 0 else { return step }
      // Between t (away) and t + step (within): bisect to the crossing.
      var low = t
      var high = t + step
      for _ in 0..<60 {
        let middle = (low + high) / 2
        if away(middle) { low = middle } else { high = middle }
      }
      return high
    }
  }

  /// The easing a name written in a script stands for: `linear`, `hold`, `easeIn`,
  /// `easeOut`, `easeInOut` and Penner's `easeInSine` … `easeInOutBounce`. `nil` for any
  /// other name (`cubicBezier(…)` and `spring(…)` take arguments and are built directly).
  public init?(name: String) {
    switch name {
    case "linear": self = .linear
    case "hold": self = .hold
    default:
      for direction in Direction.allCases where name.hasPrefix(direction.rawValue) {
        let rest = name.dropFirst(direction.rawValue.count)
        // `easeInOut…` also starts with `easeIn`: the longer prefix must win.
        if direction == .in && rest.hasPrefix("Out") { continue }
        if let curve = Curve(rawValue: String(rest)) {
          self = .named(curve, direction)
          return
        }
      }
      return nil
    }
  }

  /// The easing as a script writes it: `easeOutBack`, `cubicBezier(0.4, 0, 0.2, 1)`,
  /// `spring(mass: 1, stiffness: 100, damping: 10)`.
  public var scriptText: String {
    func number(_ v: Double) -> String {
      v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
    switch self {
    case .linear: return "linear"
    case .hold: return "hold"
    case .named(let curve, let direction): return direction.rawValue + curve.rawValue
    case .cubicBezier(let x1, let y1, let x2, let y2):
      return "cubicBezier(\([x1, y1, x2, y2].map(number).joined(separator: ", ")))"
    case .spring(let s):
      return "spring(mass: \(number(s.mass)), stiffness: \(number(s.stiffness)), damping: \(number(s.damping)))"
    }
  }

  /// Every name ``init(name:)`` accepts, for completion and "did you mean".
  public static let names: [String] =
    ["linear", "hold"]
    + Curve.allCases.flatMap { curve in Direction.allCases.map { $0.rawValue + curve.rawValue } }

  /// `E(p)`, `p` clamped to 0…1; exactly 0 at 0 and 1 at 1.
  public func value(at progress: Double) -> Double {
    let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
    if p == 0 { return 0 }
    if p == 1 { return 1 }
    switch self {
    case .linear: return p
    case .hold: return 0
    case .named(let curve, let direction): return Self.named(curve, direction, p)
    case .cubicBezier(let x1, let y1, let x2, let y2): return Self.bezier(x1, y1, x2, y2, at: p)
    case .spring(let spring): return spring.position(at: p * spring.settlingTime)
    }
  }

  static func named(_ curve: Curve, _ direction: Direction, _ x: Double) -> Double {
    switch curve {
    case .css:
      switch direction {
      case .in: return bezier(0.42, 0, 1, 1, at: x)
      case .out: return bezier(0, 0, 0.58, 1, at: x)
      case .inOut: return bezier(0.42, 0, 0.58, 1, at: x)
      }
    case .sine:
      switch direction {
      case .in: return 1 - cos(x * .pi / 2)
      case .out: return sin(x * .pi / 2)
      case .inOut: return -(cos(.pi * x) - 1) / 2
      }
    case .quad: return power(2, direction, x)
    case .cubic: return power(3, direction, x)
    case .quart: return power(4, direction, x)
    case .quint: return power(5, direction, x)
    case .expo:
      switch direction {
      case .in: return pow(2, 10 * x - 10)
      case .out: return 1 - pow(2, -10 * x)
      case .inOut: return x < 0.5 ? pow(2, 20 * x - 10) / 2 : (2 - pow(2, -20 * x + 10)) / 2
      }
    case .circ:
      switch direction {
      case .in: return 1 - (1 - x * x).squareRoot()
      case .out: return (1 - (x - 1) * (x - 1)).squareRoot()
      case .inOut:
        return x < 0.5
          ? (1 - (1 - 4 * x * x).squareRoot()) / 2 : ((1 - (-2 * x + 2) * (-2 * x + 2)).squareRoot() + 1) / 2
      }
    case .back:
      let c1 = 1.70158
      let c3 = c1 + 1
      switch direction {
      case .in: return c3 * x * x * x - c1 * x * x
      case .out: return 1 + c3 * pow(x - 1, 3) + c1 * pow(x - 1, 2)
      case .inOut:
        let c2 = c1 * 1.525
        return x < 0.5
          ? (pow(2 * x, 2) * ((c2 + 1) * 2 * x - c2)) / 2
          : (pow(2 * x - 2, 2) * ((c2 + 1) * (x * 2 - 2) + c2) + 2) / 2
      }
    case .elastic:
      switch direction {
      case .in:
        return -pow(2, 10 * x - 10) * sin((x * 10 - 10.75) * (2 * .pi / 3))
      case .out:
        return pow(2, -10 * x) * sin((x * 10 - 0.75) * (2 * .pi / 3)) + 1
      case .inOut:
        let c5 = 2 * Double.pi / 4.5
        return x < 0.5
          ? -(pow(2, 20 * x - 10) * sin((20 * x - 11.125) * c5)) / 2
          : (pow(2, -20 * x + 10) * sin((20 * x - 11.125) * c5)) / 2 + 1
      }
    case .bounce:
      switch direction {
      case .in: return 1 - bounceOut(1 - x)
      case .out: return bounceOut(x)
      case .inOut: return x < 0.5 ? (1 - bounceOut(1 - 2 * x)) / 2 : (1 + bounceOut(2 * x - 1)) / 2
      }
    }
  }

  /// Penner's polynomial curves of degree `n`.
  static func power(_ n: Double, _ direction: Direction, _ x: Double) -> Double {
    switch direction {
    case .in: return pow(x, n)
    case .out: return 1 - pow(1 - x, n)
    case .inOut: return x < 0.5 ? pow(2, n - 1) * pow(x, n) : 1 - pow(-2 * x + 2, n) / 2
    }
  }

  static func bounceOut(_ x: Double) -> Double {
    let n1 = 7.5625
    let d1 = 2.75
    if x < 1 / d1 { return n1 * x * x }
    if x < 2 / d1 {
      let y = x - 1.5 / d1
      return n1 * y * y + 0.75
    }
    if x < 2.5 / d1 {
      let y = x - 2.25 / d1
      return n1 * y * y + 0.9375
    }
    let y = x - 2.625 / d1
    return n1 * y * y + 0.984375
  }

  /// CSS `cubic-bezier`: the curve through (0, 0), (x1, y1), (x2, y2), (1, 1); its `y` where
  /// its `x` is `p`, solved by Newton's method from `p` and by bisection where that stalls.
  static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at p: Double) -> Double {
    func coordinate(_ a: Double, _ b: Double, _ t: Double) -> Double {
      let u = 1 - t
      return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }
    func slope(_ a: Double, _ b: Double, _ t: Double) -> Double {
      let u = 1 - t
      return 3 * u * u * a + 6 * u * t * (b - a) + 3 * t * t * (1 - b)
    }
    var t = p
    for _ in 0..<8 {
      let error = coordinate(x1, x2, t) - p
      if abs(error) < 1e-12 { return coordinate(y1, y2, t) }
      let d = slope(x1, x2, t)
      if abs(d) < 1e-9 { break }
      t -= error / d
      if t < 0 || t > 1 { break }
    }
    // x(t) rises monotonically on 0…1 when x1 and x2 lie in 0…1 (CSS requires it).
    var low = 0.0
    var high = 1.0
    t = p
    for _ in 0..<64 {
      t = (low + high) / 2
      if coordinate(x1, x2, t) < p { low = t } else { high = t }
    }
    return coordinate(y1, y2, t)
  }
}
