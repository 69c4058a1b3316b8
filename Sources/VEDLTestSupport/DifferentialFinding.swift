/// One property of a differential render that did not hold (docs/testing.md).
public struct DifferentialFinding: Sendable, Hashable, CustomStringConvertible {
  /// Which property failed, by class: the minimiser keeps a smaller script only while a
  /// finding of the same kind remains.
  public enum Kind: String, Sendable, Hashable {
    /// The generated script does not check (a generator bug).
    case doesNotCheck = "does not check"
    /// A render or the ejected command did not exit with 0.
    case exitStatus = "exit status"
    /// A render has another number of frames than the timeline.
    case frameCount = "frame count"
    /// A render's sound is longer or shorter than its video by more than one audio frame.
    case soundLength = "sound length"
    /// One backend's render has sound and the other's has none.
    case soundPresence = "sound presence"
    /// A frame of the FFmpeg and the native render differ (PSNR below the floor).
    case crossBackendPSNR = "cross-backend PSNR"
    /// A frame of the in-process render and the ejected command's differ.
    case ejectedPSNR = "ejected-command PSNR"
    /// A render took more memory than the bound.
    case memory = "peak memory"
  }

  /// The failed property.
  public var kind: Kind
  /// Which render (`ffmpeg`, `native`, `ejected`), if it concerns one.
  public var render: String?
  /// The figures.
  public var detail: String
  /// For a PSNR finding, the worst frame's PSNR (dB): the minimiser keeps a smaller script
  /// only while its worst frame is about as bad, so that a gross disagreement does not
  /// shrink into a milder one of another cause.
  public var worst: Double?

  /// A finding; every property is documented above.
  public init(_ kind: Kind, render: String? = nil, _ detail: String, worst: Double? = nil) {
    self.kind = kind
    self.render = render
    self.detail = detail
    self.worst = worst
  }

  /// Whether `other` shows the same failure: the same kind on the same render, and for a
  /// PSNR finding a worst frame no more than 3 dB better.
  public func isReproduced(by other: DifferentialFinding) -> Bool {
    guard other.signature == signature else { return false }
    guard let worst else { return true }
    return (other.worst ?? .infinity) <= worst + 3
  }

  /// `frame count (native): 44 frames, expected 45`.
  public var description: String {
    "\(kind.rawValue)\(render.map { " (\($0))" } ?? ""): \(detail)"
  }

  /// The class a minimised script must keep showing: the kind and the render.
  public var signature: String { "\(kind.rawValue)/\(render ?? "-")" }
}
