import VEDLSema

/// Writes random but valid `.vedl` edits over generated media, for differential testing
/// (docs/testing.md): a canvas of a random small size and rate, a main track of clips joined
/// by every transition, overlay tracks of clips, text and shapes, audio tracks, captions
/// (imported and inline), an export with its watermark, thumbnail and sidecar, and an editor
/// block. The modifiers and labelled arguments of each item are taken from the statement
/// ``Schema`` (so a statement added there is generated as soon as the generator knows how to
/// make its values; the coverage test says which it does not), and the values from each
/// argument's type, within the ranges the checker accepts. Timing is computed in whole
/// frames of the canvas rate, so every transition fits its neighbours and no two items of a
/// track overlap. The same seed always gives the same edit.
public enum EditGenerator {
  /// The edit of `seed`.
  public static func generate(seed: UInt64, options: EditGeneratorOptions = EditGeneratorOptions()) -> GeneratedEdit {
    let writer = EditWriter(seed: seed, options: options)
    writer.write()
    return GeneratedEdit(seed: seed, script: writer.script(), media: writer.media, coverage: writer.coverage)
  }
}

/// A frame rate as a fraction and as written.
struct GeneratedRate {
  var numerator: Int
  var denominator: Int
  var literal: String
  /// The `ffmpeg` spelling (`30000/1001`).
  var ffmpeg: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
  /// The nominal rate that four-group timecodes count in (30 for 29.97).
  var nominal: Int { (numerator + denominator - 1) / denominator }
}

/// A playback speed as a fraction and as written.
struct GeneratedSpeed {
  var numerator: Int
  var denominator: Int
  var literal: String
}

/// The generator's state while it writes one edit.
final class EditWriter {
  var rng: SplitMix64
  /// The time operations' own draws (``withTimeOperations(_:)``), so that adding them left
  /// every other choice of a seed as it was.
  var timeOperationRNG: SplitMix64
  let options: EditGeneratorOptions
  /// The seed, for choices that must cycle through all their cases across seeds whatever
  /// the random stream before them (a new statement in the schema shifts that stream).
  let seed: UInt64
  var coverage: Set<String> = []
  var media: [MediaRecipe] = []
  /// `param` and `let` lines, written after the canvas.
  var declarations: [String] = []
  /// Everything after the declarations.
  var body: [String] = []
  var canvasWidth = 96
  var canvasHeight = 54
  var rate = GeneratedRate(numerator: 30, denominator: 1, literal: "30")
  /// The most frames the edit should have.
  var budget = 60
  /// Names declared so far (lets, params, ids).
  var names = 0
  /// Video files made so far.
  var videos: [VideoFile] = []
  var stills: [String] = []
  var sounds: [SoundFile] = []
  /// The main track's length in frames, when there is one.
  var mainFrames: Int?
  /// The latest end (frames) of an overlay or audio item.
  var placedEnd = 0
  /// Main-track clips with an `id:`, and their frames.
  var mainIDs: [(name: String, start: Int, end: Int)] = []
  var hasCaptions = false
  /// The names of the overlay and audio tracks written so far (what `duck under:` names).
  var namedTracks: [String] = []

  init(seed: UInt64, options: EditGeneratorOptions) {
    rng = SplitMix64(seed: seed)
    timeOperationRNG = SplitMix64(seed: seed ^ 0x7469_6D65_6F70_7321)
    self.options = options
    self.seed = seed
  }

  func script() -> String {
    (["vedl 1"] + canvasLines + declarations + body).joined(separator: "\n") + "\n"
  }

  var canvasLines: [String] = []

  func write() {
    writeCanvas()
    let hasMain = rng.chance(0.85)
    if hasMain { writeMainTrack() }
    for index in 0..<rng.int(hasMain ? 0...2 : 1...2) { writeOverlayTrack(index) }
    for index in 0..<rng.int(0...2) { writeAudioTrack(index) }
    let end = mainFrames ?? max(placedEnd, 1)
    if rng.chance(0.4) { writeCaptions(end: end) }
    writeExport(end: end)
    if rng.chance(0.25) { writeEditor() }
  }

  // MARK: Randomness and coverage

  func use(_ feature: String) { coverage.insert(feature) }

  func newName(_ prefix: String) -> String {
    names += 1
    return "\(prefix)\(names)"
  }

  // MARK: The canvas

  static let rates: [GeneratedRate] = [
    GeneratedRate(numerator: 24, denominator: 1, literal: "24"),
    GeneratedRate(numerator: 25, denominator: 1, literal: "25"),
    GeneratedRate(numerator: 30000, denominator: 1001, literal: "29.97"),
    GeneratedRate(numerator: 30, denominator: 1, literal: "30"),
    GeneratedRate(numerator: 60, denominator: 1, literal: "60"),
    GeneratedRate(numerator: 24000, denominator: 1001, literal: "23.976"),
    GeneratedRate(numerator: 60000, denominator: 1001, literal: "59.94"),
  ]

  func writeCanvas() {
    // Landscape, portrait, square and odd sizes (made even by the checker, with a warning).
    let sizes: [(Int, Int)] = [(96, 54), (54, 96), (64, 64), (96, 54), (80, 60), (97, 55), (48, 86), (120, 68)]
    let (width, height) = rng.pick(sizes)
    canvasWidth = width & ~1
    canvasHeight = height & ~1
    rate = rng.pick(Self.rates)
    let seconds = rng.pick([1, 2, 2, 3])
    budget = seconds * rate.numerator / rate.denominator
    var line = "canvas \(width)x\(height) fps: \(rate.literal)"
    use("canvas")
    use("canvas fps:")
    if rng.chance(0.4) {
      line += " background: \(color())"
      use("canvas background:")
    }
    canvasLines = [line]
  }

  // MARK: Time

  /// Frames a trimmed source span of `milliseconds` lasts at `speed` (rounded down, as the
  /// checker rounds a computed clip length).
  func frames(milliseconds: Int, speed: GeneratedSpeed) -> Int {
    milliseconds * rate.numerator * speed.denominator / (1000 * rate.denominator * speed.numerator)
  }

  /// Milliseconds of source that `frames` frames at `speed` need at least.
  func milliseconds(frames: Int, speed: GeneratedSpeed) -> Int {
    let numerator = frames * 1000 * rate.denominator * speed.numerator
    let denominator = rate.numerator * speed.denominator
    return (numerator + denominator - 1) / denominator
  }

  /// A literal for the instant (or length) of `frames` frames: `12f`, `500ms`, `1.5s`,
  /// `00:00:01:05`, or rarely a time a little after it (off the grid: a warning, snapped down
  /// to the same frame).
  func time(_ frames: Int) -> String {
    let exactMilliseconds = frames * 1000 * rate.denominator % rate.numerator == 0
    let ms = frames * 1000 * rate.denominator / rate.numerator
    switch rng.int(0...9) {
    case 0...3:
      return "\(frames)f"
    case 4...5 where exactMilliseconds:
      return ms % 1000 == 0 ? "\(ms / 1000)s" : "\(ms)ms"
    case 6 where exactMilliseconds && ms % 100 == 0 && ms >= 1000:
      return "\(ms / 1000).\(ms % 1000 / 100)s"
    case 7:
      let seconds = frames / rate.nominal
      return String(format: "00:00:%02d:%02d", seconds, frames % rate.nominal)
    case 8 where !exactMilliseconds && frames > 0:
      // Off the grid by less than a frame: snapped down to `frames` with W0401.
      return "\(ms + 1)ms"
    default:
      return "\(frames)f"
    }
  }

  // MARK: Values

  func color() -> String {
    if rng.chance(0.3) {
      return rng.pick(["black", "white", "red", "navy", "teal", "yellow", "fuchsia", "gray", "lime", "transparent"])
    }
    let digits = Array("0123456789ABCDEF")
    var text = "#"
    let count = rng.chance(0.2) ? 8 : (rng.chance(0.15) ? 3 : 6)
    for _ in 0..<count { text.append(rng.pick(digits)) }
    return text
  }

  /// `value` / `scale` as a decimal (`125`, 100 → `1.25`).
  func decimal(_ value: Int, scale: Int) -> String {
    let sign = value < 0 ? "-" : ""
    let magnitude = abs(value)
    let whole = magnitude / scale
    let fraction = magnitude % scale
    guard fraction != 0 else { return sign + "\(whole)" }
    var digits = String(fraction)
    while digits.count < String(scale).count - 1 { digits = "0" + digits }
    while digits.hasSuffix("0") { digits.removeLast() }
    return sign + "\(whole).\(digits)"
  }

  func fraction(_ low: Int, _ high: Int) -> String {
    let value = rng.int(low...high)
    return rng.chance(0.5) ? "\(value)%" : decimal(value, scale: 100)
  }

  func string(_ text: String) -> String {
    "\"" + text + "\""
  }

  /// A value of `type` for argument `label` of `statement`, within the range the checker
  /// accepts and small enough for a 96×54 canvas.
  func value(_ type: ValueType, statement: String, label: String?) -> String {
    switch (statement, label) {
    case ("zoom", nil): return rng.pick(["1", "1.1", "1.25", "1.5", "2"])
    case ("pan", _), ("offset", _): return "\(rng.int(-20...20))"
    case ("rotate", nil): return rng.pick(["90deg", "180deg", "270deg", "-90deg", "15deg", "-30deg", "45deg", "5deg"])
    case ("adjust", "brightness"): return decimal(rng.int(-30...30), scale: 100)
    case ("adjust", "contrast"): return decimal(rng.int(50...200), scale: 100)
    case ("adjust", "saturation"): return decimal(rng.int(0...200), scale: 100)
    case ("blur", "radius"): return decimal(rng.int(30...400), scale: 100)
    case ("opacity", nil): return fraction(30, 100)
    case ("position", "x"): return "\(rng.int(-10...canvasWidth))"
    case ("position", "y"): return "\(rng.int(-10...canvasHeight))"
    case ("position", "margin"), ("watermark", "margin"): return "\(rng.int(0...8))"
    case ("size", "width"): return "\(rng.int(8...canvasWidth))"
    case ("size", "height"): return "\(rng.int(8...canvasHeight))"
    case ("scale", nil): return fraction(30, 150)
    case ("font", nil), ("style", "font"):
      return string(
        rng.pick(["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "sans-serif", "DejaVu Sans:style=Bold"]))
    case ("font", "size"), ("style", "size"): return "\(rng.int(6...20))"
    case ("box", "padding"): return "\(rng.int(0...4))"
    case ("outline", "width"), ("text", "outlineWidth"): return "\(rng.int(1...3))"
    case ("stroke", "width"): return "\(rng.int(1...4))"
    case ("cornerRadius", nil): return "\(rng.int(0...12))"
    case ("style", "margin"): return "\(rng.int(0...10))"
    case ("clip", "volume"): return "\(rng.int(-12...6))dB"
    default: break
    }
    switch type {
    case .enumeration(let e):
      let word = rng.pick(e.cases)
      use("\(statement) \(label.map { $0 + ":" } ?? "")\(word)")
      return word
    case .oneOf(let types): return value(rng.pick(types), statement: statement, label: label)
    case .color: return color()
    case .bool: return rng.pick(["true", "false"])
    case .number: return "\(rng.int(0...10))"
    case .integer: return "\(rng.int(0...4))"
    case .fraction: return fraction(10, 100)
    case .gain: return "\(rng.int(-12...6))dB"
    case .angle: return "\(rng.int(-45...45))deg"
    case .ratio: return rng.pick(["9:16", "1:1", "4:5", "16:9", "3:2"])
    case .newIdentifier: return newName("n")
    case .string: return string(rng.pick(["Hi", "VEDL", "Ça va", "two words"]))
    default:
      preconditionFailure("the generator cannot make a \(type) for \(statement) \(label ?? "")")
    }
  }

  /// The labelled arguments of `statement` not in `handled`, each with probability `p`.
  func otherArguments(of statement: String, in context: StatementContext, handled: Set<String>, p: Double)
    -> [String]
  {
    guard let schema = Schema.statement(statement, in: context) else { return [] }
    var parts: [String] = []
    for argument in schema.labelled {
      guard let label = argument.label, !handled.contains(label), rng.chance(p) else { continue }
      parts.append("\(label): \(value(argument.type, statement: statement, label: label))")
      use("\(statement) \(label):")
    }
    return parts
  }
}
