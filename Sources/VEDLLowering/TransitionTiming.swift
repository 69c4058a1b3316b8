import VEDLSema
import VEDLTime

/// What both backends share about a main-track transition: the `xfade` transition it is, and
/// for an eased one (`easing:`) the progress of each of its frames.
///
/// `xfade` has no easing: its progress at a frame is `clip(1 − (pts − first)/duration, 0,
/// 1)` in single precision, from the first input's timestamps. An eased transition therefore
/// retimes that input: in a time base of microseconds, with `duration` printed as exactly
/// `D` µs, frame `k` of `n` gets `pts = round(clip(E(k/n), 0, 1)·D)` (`setpts` from a table
/// of the frames' values), so `xfade` blends it at `1 − pts/D` — the eased progress — and
/// frames from `n` on run past `D`, which ends the blend. The native renderer takes the same
/// integers and the same single-precision division (`progress(frame:of:easing:rate:)`).
public enum TransitionTiming {
  /// The `xfade` transition drawing `t`.
  public static func xfadeName(_ t: Transition) -> String {
    let direction = (t.direction ?? .left).rawValue
    switch t.kind {
    case .crossfade: return "fade"
    case .fade: return "fadeblack"
    case .fadeWhite: return "fadewhite"
    case .wipe: return "wipe" + direction
    case .slide, .push: return "slide" + direction
    case .smoothWipe: return "smooth" + direction
    case .circleOpen: return "circleopen"
    case .circleClose: return "circleclose"
    case .radial: return "radial"
    case .zoom: return "zoomin"
    case .pixelize: return "pixelize"
    case .blur: return "hblur"
    }
  }

  /// `D`: an eased transition's `duration` in whole microseconds, the length of its `frames`
  /// at `rate` rounded down (at least 1).
  public static func durationMicroseconds(frames: Int64, rate: FrameRate) -> Int64 {
    let seconds = FrameGrid(rate: rate).time(ofFrame: max(1, frames))
    return max(1, (seconds * Rational(1_000_000)).floor)
  }

  /// The timestamp (µs) the lowering gives frame `k` of an eased transition `frames` long:
  /// `round(clip(E(k/frames), 0, 1)·D)` while `k < frames`, then `D + k − frames + 1`.
  public static func easedTicks(_ easing: Easing, frame k: Int64, frames: Int64, duration: Int64) -> Int64 {
    guard k < frames else { return duration + k - frames + 1 }
    let e = min(max(easing.value(at: Double(k) / Double(max(1, frames))), 0), 1)
    return Int64((e * Double(duration)).rounded())
  }

  /// `xfade`'s progress at frame `k` (0-based) of an eased transition `frames` long: `1 −
  /// pts/D` in single precision, clipped to 0…1 (1 shows only the outgoing picture).
  public static func progress(frame k: Int64, of frames: Int64, easing: Easing, rate: FrameRate) -> Double {
    let d = durationMicroseconds(frames: frames, rate: rate)
    let pts = easedTicks(easing, frame: k, frames: frames, duration: d)
    let p = Float(1) - Float(pts) / Float(d)
    return Double(min(max(p, 0), 1))
  }

  /// The `setpts` expression giving an eased transition's first input those timestamps:
  /// `if(lt(N,n),Σ vₖ·eq(N,k),D+N−n+1)` (zero terms left out).
  static func retimingExpression(_ easing: Easing, frames: Int64, duration: Int64) -> String {
    let terms = (0..<frames).compactMap { k -> String? in
      let v = easedTicks(easing, frame: k, frames: frames, duration: duration)
      return v == 0 ? nil : "\(v)*eq(N,\(k))"
    }
    let table = terms.isEmpty ? "0" : terms.joined(separator: "+")
    return "if(lt(N,\(frames)),\(table),\(duration)+N-\(frames - 1))"
  }

  /// `D` µs printed as seconds with six decimals, which FFmpeg parses back to exactly `D`.
  static func microsecondsText(_ d: Int64) -> String {
    let fraction = String(d % 1_000_000)
    return "\(d / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
  }
}
