import VEDLSema
import VEDLTime

/// An animated `volume` as FFmpeg expressions: the gain of each sample for `aeval`, whose
/// variable `n` is the clip's sample number (from 0 after `asetpts=N`). The keys and the
/// segment of each sample are those of ``Animation/SampledVolume`` (the native mixer's);
/// the easings are written out in FFmpeg's expression language (``easing(_:of:)``).
enum VolumeExpression {
  /// `val(ch)` times the gain at sample `n`: `10^(v/20)`, `v` the value in decibels.
  static func aevalExpression(_ animation: Animation, sampleRate: Int64) -> String {
    let sampled = Animation.SampledVolume(animation, sampleRate: sampleRate)
    return "val(ch)*pow(10,(\(decibels(sampled)))/20)"
  }

  /// The value in decibels at sample `n`: a balanced tree of `if(lt(n,…),…,…)` over the
  /// regions before the first key, between each pair of keys and after the last (FFmpeg's
  /// parser allows some 100 levels of nesting; a tree of 1,000 keys is 11 deep).
  static func decibels(_ sampled: Animation.SampledVolume) -> String {
    let keys = sampled.animation.keys
    let bounds = sampled.boundaries
    func constant(_ i: Int) -> String { number(keys[i].value.components.0) }
    // Region r: r = 0 before key 0, r = i + 1 between keys i and i + 1, r = keys.count after
    // the last; region r starts at bounds[r − 1].
    func region(_ r: Int) -> String {
      if r == 0 { return constant(0) }
      if r == keys.count { return constant(keys.count - 1) }
      let i = r - 1
      let (a, b) = (keys[i].value.components.0, keys[i + 1].value.components.0)
      if keys[i + 1].easing == .hold || a == b { return number(a) }
      let p = "((n-\(exact(bounds[i])))/\(exact(bounds[i + 1] - bounds[i])))"
      return "(\(number(a))+(\(number(b - a)))*(\(easing(keys[i + 1].easing, of: p))))"
    }
    func tree(_ low: Int, _ high: Int) -> String {
      if low == high { return region(low) }
      let middle = (low + high + 1) / 2
      return "if(lt(n,\(exact(bounds[middle - 1]))),\(tree(low, middle - 1)),\(tree(middle, high)))"
    }
    return tree(0, keys.count)
  }

  /// `E(p)` (``Easing/value(at:)``) in FFmpeg's expression language, for `p` in 0…1.
  static func easing(_ easing: Easing, of p: String) -> String {
    switch easing {
    case .linear: return p
    case .hold: return "0"
    case .named(let curve, let direction): return named(curve, direction, p)
    case .cubicBezier(let x1, let y1, let x2, let y2): return bezier(x1, y1, x2, y2, p)
    case .spring(let spring): return springPosition(spring, "(\(p)*\(number(spring.settlingTime)))")
    }
  }

  private static func named(_ curve: Easing.Curve, _ direction: Easing.Direction, _ x: String) -> String {
    func inOut(_ low: String, _ high: String) -> String { "if(lt(\(x),0.5),\(low),\(high))" }
    switch curve {
    case .css:
      switch direction {
      case .in: return bezier(0.42, 0, 1, 1, x)
      case .out: return bezier(0, 0, 0.58, 1, x)
      case .inOut: return bezier(0.42, 0, 0.58, 1, x)
      }
    case .sine:
      switch direction {
      case .in: return "1-cos(\(x)*PI/2)"
      case .out: return "sin(\(x)*PI/2)"
      case .inOut: return "-(cos(PI*\(x))-1)/2"
      }
    case .quad, .cubic, .quart, .quint:
      let n = curve == .quad ? 2 : curve == .cubic ? 3 : curve == .quart ? 4 : 5
      switch direction {
      case .in: return "pow(\(x),\(n))"
      case .out: return "1-pow(1-\(x),\(n))"
      case .inOut: return inOut("pow(2,\(n - 1))*pow(\(x),\(n))", "1-pow(-2*\(x)+2,\(n))/2")
      }
    case .expo:
      // E(0) = 0 exactly, as `Easing` has it (the formula gives 2⁻¹⁰ there).
      switch direction {
      case .in: return "if(eq(\(x),0),0,pow(2,10*\(x)-10))"
      case .out: return "1-pow(2,-10*\(x))"
      case .inOut:
        return "if(eq(\(x),0),0,\(inOut("pow(2,20*\(x)-10)/2", "(2-pow(2,-20*\(x)+10))/2")))"
      }
    case .circ:
      switch direction {
      case .in: return "1-sqrt(1-\(x)*\(x))"
      case .out: return "sqrt(1-(\(x)-1)*(\(x)-1))"
      case .inOut:
        return inOut("(1-sqrt(1-4*\(x)*\(x)))/2", "(sqrt(1-(-2*\(x)+2)*(-2*\(x)+2))+1)/2")
      }
    case .back:
      let c1 = "1.70158"
      let c3 = "2.70158"
      let c2 = number(1.70158 * 1.525)
      switch direction {
      case .in: return "\(c3)*\(x)*\(x)*\(x)-\(c1)*\(x)*\(x)"
      case .out: return "1+\(c3)*pow(\(x)-1,3)+\(c1)*pow(\(x)-1,2)"
      case .inOut:
        return inOut(
          "(pow(2*\(x),2)*((\(c2)+1)*2*\(x)-\(c2)))/2", "(pow(2*\(x)-2,2)*((\(c2)+1)*(\(x)*2-2)+\(c2))+2)/2")
      }
    case .elastic:
      switch direction {
      case .in: return "if(eq(\(x),0),0,-pow(2,10*\(x)-10)*sin((\(x)*10-10.75)*(2*PI/3)))"
      case .out: return "if(eq(\(x),0),0,pow(2,-10*\(x))*sin((\(x)*10-0.75)*(2*PI/3))+1)"
      case .inOut:
        return
          "if(eq(\(x),0),0,"
          + inOut(
            "-(pow(2,20*\(x)-10)*sin((20*\(x)-11.125)*(2*PI/4.5)))/2",
            "(pow(2,-20*\(x)+10)*sin((20*\(x)-11.125)*(2*PI/4.5)))/2+1") + ")"
      }
    case .bounce:
      switch direction {
      case .in: return "1-\(bounceOut("(1-\(x))"))"
      case .out: return bounceOut(x)
      case .inOut: return inOut("(1-\(bounceOut("(1-2*\(x))")))/2", "(1+\(bounceOut("(2*\(x)-1)")))/2")
      }
    }
  }

  private static func bounceOut(_ x: String) -> String {
    let (n1, d1) = ("7.5625", 2.75)
    func part(_ shift: Double, _ add: String) -> String {
      "\(n1)*(\(x)-\(number(shift / d1)))*(\(x)-\(number(shift / d1)))+\(add)"
    }
    return "if(lt(\(x),\(number(1 / d1))),\(n1)*\(x)*\(x),if(lt(\(x),\(number(2 / d1))),\(part(1.5, "0.75")),"
      + "if(lt(\(x),\(number(2.5 / d1))),\(part(2.25, "0.9375")),\(part(2.625, "0.984375")))))"
  }

  /// CSS `cubic-bezier`: `y(t)` where `x(t) = p`, `t` found by bisection (64 halvings, as the
  /// native solver ends when Newton's method stalls) in `aeval`'s variables 0…2.
  private static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ p: String) -> String {
    func coordinate(_ a: Double, _ b: Double, _ t: String) -> String {
      "(3*(1-\(t))*(1-\(t))*\(t)*\(number(a))+3*(1-\(t))*\(t)*\(t)*\(number(b))+\(t)*\(t)*\(t))"
    }
    // `;` evaluates left to right (FFmpeg's `+` leaves the order to the C compiler).
    let middle = "((ld(0)+ld(1))/2)"
    return "(st(0,0);st(1,1);st(2,0);while(lt(ld(2),64),"
      + "if(lt(\(coordinate(x1, x2, middle)),\(p)),st(0,\(middle)),st(1,\(middle)));st(2,ld(2)+1));"
      + coordinate(y1, y2, middle) + ")"
  }

  /// The spring's position at time `t` (its own seconds), as ``Easing/Spring/position(at:)``.
  private static func springPosition(_ s: Easing.Spring, _ t: String) -> String {
    let omega = (s.stiffness / s.mass).squareRoot()
    let zeta = s.damping / (2 * (s.stiffness * s.mass).squareRoot())
    if zeta < 1 {
      let damped = omega * (1 - zeta * zeta).squareRoot()
      return "1-exp(\(number(-zeta * omega))*\(t))*(cos(\(number(damped))*\(t))+\(number(zeta * omega / damped))"
        + "*sin(\(number(damped))*\(t)))"
    }
    if zeta == 1 { return "1-exp(\(number(-omega))*\(t))*(1+\(number(omega))*\(t))" }
    let root = (zeta * zeta - 1).squareRoot()
    let r1 = -omega * (zeta - root)
    let r2 = -omega * (zeta + root)
    return "1+(\(number(r2))*exp(\(number(r1))*\(t))-\(number(r1))*exp(\(number(r2))*\(t)))/\(number(r1 - r2))"
  }

  /// A double as FFmpeg's parser reads it back exactly (Swift's shortest round-trip text).
  static func number(_ v: Double) -> String {
    let text = v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
    return text.hasPrefix("-") ? "(\(text))" : text
  }

  /// An exact rational for an expression: `n` or `(n/d)`.
  static func exact(_ r: Rational) -> String { OptionText.expression(r) }
}
