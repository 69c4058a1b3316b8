import VEDLSema
import VEDLTime

/// What a track item plays, with the arguments that fix its length.
struct ItemPlan {
  /// `clip SOURCE trim: … speed: …` up to the timing arguments.
  var head: String
  /// Its length on the timeline, in frames.
  var frames: Int
  /// Whether `duration:` or `until:` must (or may not) be written.
  var timing: Timing
  /// Lines for the block besides the modifiers (a main-track clip's `freeze`).
  var blockLines: [String] = []

  enum Timing {
    /// The length is the trimmed (or whole) source's; nothing to add.
    case own
    /// `duration:` or `until:` is needed.
    case explicit
  }
}

extension EditWriter {
  static let speeds: [GeneratedSpeed] = [
    GeneratedSpeed(numerator: 1, denominator: 1, literal: "1x"),
    GeneratedSpeed(numerator: 2, denominator: 1, literal: "2x"),
    GeneratedSpeed(numerator: 1, denominator: 2, literal: "0.5x"),
    GeneratedSpeed(numerator: 3, denominator: 2, literal: "1.5x"),
    GeneratedSpeed(numerator: 3, denominator: 4, literal: "0.75x"),
  ]

  func milliseconds(_ ms: Int) -> String {
    if ms % 1000 == 0 { return "\(ms / 1000)s" }
    return rng.chance(0.5) ? "\(ms)ms" : decimal(ms, scale: 1000) + "s"
  }

  /// A clip of a video (or, with `sound`, a sound file) about `frames` long.
  func fileClip(frames target: Int, sound: Bool) -> ItemPlan {
    let speed = rng.chance(0.6) ? Self.speeds[0] : rng.pick(Self.speeds)
    let needed = milliseconds(frames: target, speed: speed)
    let (expression, length): (String, Int)
    if sound {
      let source = soundSource(milliseconds: needed)
      (expression, length) = (source.expression, source.file.milliseconds)
    } else {
      let source = videoSource(milliseconds: needed)
      (expression, length) = (source.expression, source.file.milliseconds)
    }
    var head = "clip \(expression)"
    use("clip")
    let speedText = speed.numerator == speed.denominator && rng.chance(0.7) ? "" : " speed: \(speed.literal)"
    if !speedText.isEmpty { use("clip speed:") }
    if rng.chance(0.75) {
      // trim: the length is the trimmed span at the speed, maybe shortened by duration:.
      let start = rng.int(0...max(0, (length - needed - 150) / 10)) * 10
      head += " trim: \(milliseconds(start))..\(milliseconds(start + needed))" + speedText
      use("clip trim:")
      let frames = self.frames(milliseconds: needed, speed: speed)
      if rng.chance(0.2), frames > 2 {
        return ItemPlan(head: head, frames: rng.int(1...frames), timing: .explicit)
      }
      // Off the frame grid, the trimmed length is rounded down to `frames` (W0401).
      return ItemPlan(head: head, frames: frames, timing: .own)
    }
    return ItemPlan(head: head + speedText, frames: target, timing: .explicit)
  }

  /// A clip of a picture without a length (still, colour, test pattern).
  func pictureClip(frames: Int) -> ItemPlan {
    use("clip")
    let source = rng.chance(0.4) ? stillSource() : generatedPicture()
    return ItemPlan(head: "clip \(source)", frames: frames, timing: .explicit)
  }

  /// `duration: D` or `until: T` for an item from `start` lasting `frames`.
  func timing(start: Int, frames: Int) -> String {
    if rng.chance(0.7) {
      use("duration")
      return "duration: \(time(frames))"
    }
    use("until")
    return "until: \(time(start + frames))"
  }

  // MARK: The main track

  func writeMainTrack() {
    let count = rng.int(1...4)
    let most = max(6, budget / count)
    var plans: [ItemPlan] = []
    for _ in 0..<count {
      let frames = rng.int(min(6, most)...most)
      plans.append(rng.chance(0.55) ? fileClip(frames: frames, sound: false) : pictureClip(frames: frames))
      plans[plans.count - 1] = withTimeOperations(plans[plans.count - 1])
    }
    // Joins: a transition no longer than what both neighbours have left, a gap, or a cut.
    var left = plans.map(\.frames)
    var joins: [(line: String, overlap: Int, gap: Int)?] = []
    for i in 0..<(count - 1) {
      let room = min(left[i], left[i + 1], 20)
      let roll = rng.int(0...9)
      if roll < 5, room >= 1 {
        let length = rng.int(1...room)
        left[i] -= length
        left[i + 1] -= length
        joins.append((transitionLine(frames: length), length, 0))
      } else if roll < 7 {
        let length = rng.int(1...8)
        use("gap")
        joins.append(("gap \(time(length))", 0, length))
      } else {
        joins.append(nil)
      }
    }
    use("track")
    body.append("track main {")
    var start = 0
    var ids: [(name: String, start: Int, end: Int)] = []
    for (i, plan) in plans.enumerated() {
      var line = plan.head
      if case .explicit = plan.timing {
        line += " " + timing(start: start, frames: plan.frames)
      }
      let handled = Self.timeOperationLabels.union(["at", "duration", "until", "trim", "speed"])
      let extra = otherArguments(of: "clip", in: .mainTrack, handled: handled, p: 0.2)
      line += extra.isEmpty ? "" : " " + extra.joined(separator: " ")
      if let id = extra.first(where: { $0.hasPrefix("id: ") }) {
        ids.append((String(id.dropFirst(4)), start, start + plan.frames))
      }
      line += block(
        modifiers(
          .clip, excluding: ["position", "offset", "size", "scale", "enter", "exit", "chromakey", "colorkey"],
          frames: plan.frames,
          animatable: line.contains("volume:") ? [.zoom, .pan] : [.volume, .zoom, .pan]) + plan.blockLines)
      body.append("  " + line)
      if i < joins.count {
        if let join = joins[i] {
          body.append("  " + join.line)
          start += plan.frames - join.overlap + join.gap
        } else {
          start += plan.frames
        }
      } else {
        start += plan.frames
      }
    }
    body.append("}")
    mainFrames = start
    mainIDs = ids
  }

  /// ` {\n    LINE\n  }` for a non-empty list of block lines, else nothing.
  func block(_ lines: [String], indent: String = "  ") -> String {
    guard !lines.isEmpty else { return rng.chance(0.05) ? " {}" : "" }
    return " {\n" + lines.map { indent + "  " + $0 }.joined(separator: "\n") + "\n" + indent + "}"
  }

  // MARK: Modifiers

  /// Modifier lines for an item of `frames` frames in `context`, each statement of the
  /// schema's context (less `excluding`) with some probability, in random order (the order
  /// they are written in does not matter).
  func modifiers(
    _ context: StatementContext, excluding: Set<String>, frames: Int, shape: String? = nil,
    animatable: [Animation.Property]? = nil
  ) -> [String] {
    var lines: [String] = []
    let p = rng.pick([0.15, 0.3, 0.5])
    var written: Set<String> = []
    for schema in Schema.statements(in: context).shuffled(using: &rng)
    where !excluding.contains(schema.name) && !Self.generatedApart.contains(schema.name) && rng.chance(p) {
      if schema.name == "cornerRadius", shape != "rect" { continue }
      // One key per clip (E0454).
      if schema.name.hasSuffix("key"), written.contains(where: { $0.hasSuffix("key") }) { continue }
      if let line = modifier(schema, frames: frames) {
        use(schema.name)
        lines.append(line)
        written.insert(schema.name)
      }
    }
    // Animations, of properties without a static modifier (one each).
    if !excluding.contains("animate"), Schema.statement("animate", in: context) != nil, rng.chance(0.4) {
      let candidates = animatable ?? Animation.Property.animatable(in: context)
      let free = candidates.filter { !written.contains($0.rawValue) }.shuffled(using: &rng)
      for property in free.prefix(rng.int(1...2)) {
        lines.append(animation(property, frames: frames))
      }
    }
    // Entrances and exits, each at most half the item.
    if !excluding.contains("enter"), Schema.statement("enter", in: context) != nil, frames >= 2, rng.chance(0.3) {
      // A typewriter text draws straight onto the picture: not with a turn, a scale over
      // time, a pop or a wipe.
      let layered = lines.contains {
        $0.hasPrefix("rotate") || $0.hasPrefix("animate scale") || $0.hasPrefix("animate rotate")
      }
      var kinds: [String] = ["fade", "slide", "pop", "wipe"]
      if context == .text && !layered { kinds.append("typewriter") }
      let phases = rng.pick([["enter"], ["exit"], ["enter", "exit"]])
      var chosen: [String] = []
      for phase in phases {
        var kind = rng.pick(kinds)
        if chosen.contains("typewriter") && (kind == "pop" || kind == "wipe") { kind = "fade" }
        if kind == "typewriter" && chosen.contains(where: { $0 == "pop" || $0 == "wipe" }) { kind = "slide" }
        chosen.append(kind)
        use(phase)
        var line = "\(phase) \(kind) duration: \(rng.int(1...frames / 2))f"
        use("\(phase) duration:")
        if kind == "slide" || kind == "wipe", rng.chance(0.6) {
          let label = phase == "enter" ? "from" : "to"
          line += " \(label): \(rng.pick(Preset.Edge.allCases).rawValue)"
          use("\(phase) \(label):")
        }
        if rng.chance(0.3) {
          line += " easing: \(rng.pick(Easing.names))"
          use("\(phase) easing:")
        }
        lines.append(line)
      }
    }
    return lines
  }

  /// Statements the modifier loop leaves to their own generators.
  static let generatedApart: Set<String> = ["animate", "enter", "exit", "duck", "freeze"]

  /// The clip labels of the time operations, written by ``withTimeOperations(_:)`` and
  /// ``overlayTimeOperations(_:)`` only (each is valid on some tracks and sources only).
  static let timeOperationLabels: Set<String> = ["loop", "reverse", "frame"]

  /// A main-track clip plan, maybe reversed, looped to a longer length or with a freeze, or
  /// replaced by a one-frame clip of a video (docs/language.md §4.15).
  func withTimeOperations(_ plan: ItemPlan) -> ItemPlan {
    swap(&rng, &timeOperationRNG)
    defer { swap(&rng, &timeOperationRNG) }
    var plan = plan
    let isVideo =
      plan.head.hasPrefix("clip video(")
      || videos.contains { $0.name != nil && plan.head.hasPrefix("clip \($0.name!) ") }
    if case .explicit = plan.timing, !isVideo, let file = videos.first(where: { $0.milliseconds >= 400 }),
      rng.chance(0.2)
    {
      // A one-frame clip of a video made earlier, for the plan's length.
      let at = rng.int(0...((file.milliseconds - 300) / 10)) * 10
      use("clip")
      use("source video")
      use("clip frame:")
      let expression = file.name ?? "video(\(string(file.path)))"
      return ItemPlan(head: "clip \(expression) frame: \(milliseconds(at))", frames: plan.frames, timing: .explicit)
    }
    guard isVideo, case .own = plan.timing, plan.head.contains("trim:") else { return plan }
    if rng.chance(0.25) {
      plan.head += rng.chance(0.5) ? " reverse" : " reverse: true"
      use("clip reverse:")
    }
    if rng.chance(0.15), plan.frames >= 1 {
      // Looped to a `duration:` up to twice the pass (the frames the checker's pass gives
      // a trimmed clip are `plan.frames`).
      plan.head += " loop: true"
      use("clip loop:")
      plan.frames += rng.int(1...plan.frames)
      plan.timing = .explicit
      return plan
    }
    if rng.chance(0.2), plan.frames >= 1 {
      let hold = rng.int(1...6)
      plan.blockLines.append("freeze at: \(time(rng.int(0...(plan.frames - 1)))) duration: \(time(hold))")
      plan.frames += hold
      use("freeze")
      use("freeze at:")
      use("freeze duration:")
    }
    return plan
  }

  /// ` loop: true` and ` reverse` for an overlay or audio clip of a file with an explicit
  /// length, sometimes.
  func overlayTimeOperations(_ plan: ItemPlan) -> String {
    guard case .explicit = plan.timing, !plan.head.contains("tone(") else { return "" }
    swap(&rng, &timeOperationRNG)
    defer { swap(&rng, &timeOperationRNG) }
    var text = ""
    if rng.chance(0.25) {
      text += " loop: true"
      use("clip loop:")
    }
    if rng.chance(0.15) {
      text += " reverse"
      use("clip reverse:")
    }
    return text
  }

  /// `animate PROPERTY { key … }` over an item of `frames` frames: one to four keys at
  /// increasing whole frames within the item (the last sometimes at `length`), each with an
  /// easing now and then.
  func animation(_ property: Animation.Property, frames: Int) -> String {
    use("animate")
    use("animate \(property.rawValue)")
    use("key")
    let count = min(rng.int(1...4), max(1, frames))
    var times = Set<Int>()
    while times.count < count { times.insert(rng.int(0...max(0, frames - 1))) }
    var keys: [String] = []
    for (i, j) in times.sorted().enumerated() {
      var key = "key " + (i == count - 1 && i > 0 && rng.chance(0.3) ? "length" : "\(j)f")
      switch property {
      case .opacity:
        key += " " + fraction(0, 100)
      case .offset:
        for label in ["x", "y"] where rng.chance(0.8) {
          key += " \(label): \(rng.int(-canvasWidth / 2...canvasWidth / 2))"
          use("key \(label):")
        }
      case .position:
        key += " x: \(rng.int(-10...canvasWidth)) y: \(rng.int(-10...canvasHeight))"
        use("key x:")
        use("key y:")
      case .volume:
        key += " \(rng.int(-30...6))dB"
      case .zoom:
        key += " " + decimal(rng.int(100...200), scale: 100)
      case .pan:
        for label in ["x", "y"] where rng.chance(0.8) {
          key += " \(label): \(rng.int(-20...20))"
          use("key \(label):")
        }
      case .scale:
        key += " " + decimal(rng.int(0...150), scale: 100)
      case .rotate:
        key += " \(rng.int(-200...200))deg"
      }
      if i > 0, rng.chance(0.6) {
        use("key easing:")
        switch rng.int(0...9) {
        case 0:
          key +=
            " easing: cubicBezier(\(decimal(rng.int(0...100), scale: 100)), \(decimal(rng.int(-50...150), scale: 100)), \(decimal(rng.int(0...100), scale: 100)), \(decimal(rng.int(-50...150), scale: 100)))"
        case 1:
          key +=
            " easing: spring(mass: \(rng.int(1...3)), stiffness: \(rng.int(50...300)), damping: \(rng.int(5...30)))"
        default: key += " easing: \(rng.pick(Easing.names))"
        }
      }
      keys.append(key)
    }
    return "animate \(property.rawValue) { " + keys.joined(separator: "; ") + " }"
  }

  func modifier(_ schema: StatementSchema, frames: Int) -> String? {
    let name = schema.name
    switch name {
    case "crop":
      if rng.chance(0.5) {
        var line = "crop \(value(.ratio, statement: name, label: nil))"
        if rng.chance(0.5) {
          line += " anchor: \(value(.enumeration(Enumerations.anchor), statement: name, label: "anchor"))"
          use("crop anchor:")
        }
        return line
      }
      let x = rng.int(0...40)
      let y = rng.int(0...40)
      let width = rng.int(20...(100 - x))
      let height = rng.int(20...(100 - y))
      for label in ["x", "y", "width", "height"] { use("crop \(label):") }
      return "crop x: \(decimal(x, scale: 100)) y: \(y)% width: \(decimal(width, scale: 100)) height: \(height)%"
    case "position":
      if rng.chance(0.5) {
        var line = "position \(value(.enumeration(Enumerations.anchor), statement: name, label: nil))"
        if rng.chance(0.5) {
          line += " margin: \(value(.number, statement: name, label: "margin"))"
          use("position margin:")
        }
        return line
      }
      var parts: [String] = []
      for label in ["x", "y"] where parts.isEmpty || rng.chance(0.7) {
        parts.append("\(label): \(value(.number, statement: name, label: label))")
        use("position \(label):")
      }
      return "position " + parts.joined(separator: " ")
    case "fade":
      // A frame to spare: `time` may write a length a little past its frame (off the grid),
      // and fade lengths are not snapped.
      let room = frames - 1
      guard room >= 2 else { return nil }
      let fadeIn = rng.int(0...(room / 2))
      let fadeOut = rng.int(0...(room - fadeIn))
      var parts: [String] = []
      if rng.chance(0.7) {
        parts.append("in: \(time(fadeIn))")
        use("fade in:")
      }
      if parts.isEmpty || rng.chance(0.6) {
        parts.append("out: \(time(fadeOut))")
        use("fade out:")
      }
      return "fade " + parts.joined(separator: " ")
    case "lut":
      // A small table of random colours, a little outside 0…1 now and then (clipped).
      let n = rng.int(2...5)
      var lines = ["LUT_3D_SIZE \(n)"]
      for _ in 0..<(n * n * n) {
        lines.append((0..<3).map { _ in decimal(rng.int(-10...110), scale: 100) }.joined(separator: " "))
      }
      let path = "media/look\(media.count).cube"
      media.append(MediaRecipe(path: path, content: .text(lines.joined(separator: "\n") + "\n")))
      return "lut \(string(path))"
    case "fit":
      let kind = value(schema.positional[0].type, statement: name, label: nil)
      guard kind == "contain", rng.chance(0.6) else { return "fit \(kind)" }
      use("fit background:")
      return "fit contain background: \(rng.chance(0.5) ? "blur" : color())"
    default:
      var parts = [name]
      for argument in schema.positional where argument.isRequired || rng.chance(0.5) {
        parts.append(value(argument.type, statement: name, label: nil))
      }
      var labelled: [String] = []
      for argument in schema.labelled where rng.chance(0.5) {
        labelled.append("\(argument.label!): \(value(argument.type, statement: name, label: argument.label))")
        use("\(name) \(argument.label!):")
      }
      // `size` and `adjust` need at least one of their labels.
      if labelled.isEmpty, schema.positional.isEmpty, let argument = schema.labelled.first {
        labelled.append("\(argument.label!): \(value(argument.type, statement: name, label: argument.label))")
        use("\(name) \(argument.label!):")
      }
      return (parts + labelled).joined(separator: " ")
    }
  }

  // MARK: Overlay tracks

  func writeOverlayTrack(_ index: Int) {
    use("track")
    let named = rng.chance(0.6)
    body.append(named ? "track overlay \(string("overlay \(index)")) {" : "track overlay {")
    if named { namedTracks.append("overlay \(index)") }
    let limit = mainFrames ?? budget
    var cursor = 0
    var previousID: String?
    for item in 0..<rng.int(1...3) {
      let gap = rng.int(0...6)
      let start = cursor + gap
      guard start < limit - 2 else { break }
      let frames = rng.int(min(3, limit - start)...min(40, limit - start))
      var at = "at: \(time(start))"
      if gap == 0, let previousID, rng.chance(0.6) { at = "at: \(previousID).end" }
      if let id = mainIDs.first(where: { $0.start == start || $0.end == start }), rng.chance(0.6) {
        at = "at: \(id.name).\(id.start == start ? "start" : "end")"
      }
      use("at")
      let last = item == 2 || start + frames >= limit - 3
      var line: String
      var length = frames
      var modifierFrames: Int?
      var handled: Set<String> = Self.timeOperationLabels.union(["at", "duration", "until"])
      let roll = rng.int(0...9)
      var context = StatementContext.clip
      var excluding: Set<String> = []
      var shape: String?
      if roll < 4 {
        let fromFile = rng.chance(0.5)
        var plan = fromFile ? fileClip(frames: frames, sound: false) : pictureClip(frames: frames)
        handled.formUnion(["trim", "speed"])
        if !plan.head.contains("trim:"),
          plan.head.contains("video")
            || videos.contains(where: {
              $0.name != nil && plan.head.hasPrefix("clip \($0.name!)")
            })
        {
          // A whole video file: its own length, as long as nothing comes after it.
          if last, mainFrames != nil, rng.chance(0.3) { plan.timing = .own }
        }
        line = plan.head + (fromFile ? overlayTimeOperations(plan) : "")
        length = plan.frames
        switch plan.timing {
        case .own where !plan.head.contains("trim:"):
          // The file's whole length (not known exactly here): nothing may follow.
          line += " " + at
          modifierFrames = plan.frames
          length = limit - start
        case .own:
          line += " " + at
        case .explicit:
          let longest = fromFile ? plan.frames : nil
          line += " " + at + " " + timingOrEnd(start: start, frames: &length, last: last, longest: longest)
        }
      } else if roll < 7 {
        use("text")
        context = .text
        line = "text \(string(rng.pick(Self.texts))) \(at) " + timingOrEnd(start: start, frames: &length, last: last)
      } else {
        use("shape")
        context = .shape
        let kind = value(.enumeration(Enumerations.shapeKind), statement: "shape", label: nil)
        shape = kind
        excluding = []
        line = "shape \(kind) \(at) " + timingOrEnd(start: start, frames: &length, last: last)
      }
      let statement = String(line.prefix { $0 != " " })
      let extra = otherArguments(of: statement, in: .overlayTrack, handled: handled, p: 0.25)
      line += extra.isEmpty ? "" : " " + extra.joined(separator: " ")
      previousID = extra.first(where: { $0.hasPrefix("id: ") }).map { String($0.dropFirst(4)) }
      // (A clip's `volume:` is its static volume: no `animate volume` beside it.)
      let animatable: [Animation.Property] =
        context == .clip
        ? Animation.Property.allCases.filter { $0 != .volume || !line.contains("volume:") }
        : Animation.Property.animatable(in: context)
      line += block(
        modifiers(context, excluding: excluding, frames: modifierFrames ?? length, shape: shape, animatable: animatable)
      )
      body.append("  " + line)
      cursor = start + length
      placedEnd = max(placedEnd, cursor)
      if cursor >= limit - 2 { break }
    }
    body.append("}")
  }

  /// `duration:`/`until:` for an item, or `until: end` for the last item of a track over a
  /// main track (then `frames` becomes the length up to the end) when the item may be that
  /// long: a file clip no longer than `longest`, the frames its source range holds.
  func timingOrEnd(start: Int, frames: inout Int, last: Bool, longest: Int? = nil) -> String {
    // The chance is drawn first either way, so that the seeds' other choices stay as they were.
    if last, let main = mainFrames, start < main, rng.chance(0.3), main - start <= longest ?? Int.max {
      frames = main - start
      use("until")
      return "until: end"
    }
    return timing(start: start, frames: frames)
  }

  static let texts = [
    "Hi", "VEDL", "Ça va?", "two words here", "Line one\\nline two", "\\(canvas.width) px", "A", "Grüße — 5 €",
    "wrap me please if you can",
  ]

  // MARK: Audio tracks

  func writeAudioTrack(_ index: Int) {
    use("track")
    let named = rng.chance(0.6)
    body.append(named ? "track audio \(string("audio \(index)")) {" : "track audio {")
    // Ducking under a track written before: the whole track's, or one clip's (below).
    let voices = namedTracks
    if named { namedTracks.append("audio \(index)") }
    var trackDucks = false
    if !voices.isEmpty, rng.chance(0.35) {
      body.append("  " + duck(under: rng.pick(voices)))
      trackDucks = true
    }
    let limit = mainFrames ?? max(budget, placedEnd)
    var cursor = 0
    for _ in 0..<rng.int(1...2) {
      let start = cursor + rng.int(0...10)
      guard start < limit - 2 else { break }
      var length = rng.int(min(3, limit - start)...min(60, limit - start))
      var line: String
      let roll = rng.int(0...9)
      var handled: Set<String> = Self.timeOperationLabels.union(["at", "duration", "until", "trim", "speed"])
      if roll < 5 {
        let plan = fileClip(frames: length, sound: roll < 3)
        line = plan.head + overlayTimeOperations(plan) + " at: \(time(start))"
        length = plan.frames
        if case .explicit = plan.timing { line += " " + timingOrEnd(start: start, frames: &length, last: false) }
      } else {
        use("clip")
        use("source tone")
        handled.insert("muted")
        line =
          "clip tone(\(rng.pick(["220", "440", "1000", "523.25"]))) at: \(time(start)) "
          + timingOrEnd(start: start, frames: &length, last: true)
      }
      use("at")
      let extra = otherArguments(of: "clip", in: .audioTrack, handled: handled, p: 0.3)
      line += extra.isEmpty ? "" : " " + extra.joined(separator: " ")
      if rng.chance(0.2), line.contains("muted") == false, line.contains("tone(") == false {
        line += " muted"
        use("clip muted")
      }
      var lines = modifiers(
        .clip, excluding: Self.notForSound, frames: length, animatable: line.contains("volume:") ? [] : [.volume])
      // A clip's own `duck` (not beside its own `animate volume`: E0442).
      // (Only on a clip with sound: a video file made without it would be E0444.)
      let sounds = roll < 3 || roll >= 5
      if !trackDucks, sounds, !voices.isEmpty, !lines.contains(where: { $0.hasPrefix("animate volume") }),
        rng.chance(0.3)
      {
        lines.append(duck(under: rng.pick(voices)))
      }
      line += block(lines)
      body.append("  " + line)
      cursor = start + length
      placedEnd = max(placedEnd, cursor)
    }
    body.append("}")
  }

  /// `duck under: "NAME"` with, now and then, `by:` and `ramp:` (`ramp: 0s` among them).
  func duck(under name: String) -> String {
    use("duck")
    use("duck under:")
    var line = "duck under: \(string(name))"
    if rng.chance(0.6) {
      line += " by: -\(rng.pick(["3", "6", "12", "20.5", "40"]))dB"
      use("duck by:")
    }
    if rng.chance(0.6) {
      line += " ramp: \(rng.pick(["0s", "40ms", "100ms", "200ms", "1s"]))"
      use("duck ramp:")
    }
    return line
  }

  /// Every clip modifier but `fade`: audio clips take only `fade`.
  static let notForSound: Set<String> = Set(Schema.statements(in: .clip).map(\.name)).subtracting([
    "fade", "animate",
  ])
}

extension EditWriter {
  /// Easings a generated transition may take: those that stay within 0…1 (an overshooting
  /// one is clamped, with W0450, and the generator makes edits without warnings of that kind).
  static let transitionEasings = [
    "easeIn", "easeOut", "easeInOut", "easeInSine", "easeOutCubic", "easeInOutQuad", "easeInQuart", "easeOutExpo",
  ].filter { Easing(name: $0) != nil }

  /// A main-track transition `frames` long: one of the short forms or `transition NAME`
  /// (every name of the catalogue), with `direction:` where the kind takes one and sometimes
  /// an easing (a name or `cubicBezier` within 0…1).
  func transitionLine(frames: Int) -> String {
    let statement = rng.pick(["crossfade", "fade", "wipe", "slide", "transition", "transition"])
    use(statement)
    var line = statement
    var kind: Transition.Kind
    switch statement {
    case "crossfade": kind = .crossfade
    case "fade": kind = .fade
    case "wipe": kind = .wipe
    case "slide": kind = .slide
    default:
      let entry = rng.pick(Transition.catalogue)
      kind = entry.kind
      use("transition \(entry.name)")
      line += " \(entry.name)"
    }
    line += " \(time(frames))"
    if kind.takesDirection, rng.chance(0.7) {
      let direction = rng.pick(Enumerations.direction.cases)
      use("\(statement) direction:")
      use("\(statement) direction:\(direction)")
      line += " direction: \(direction)"
    }
    if rng.chance(0.4) {
      use("\(statement) easing:")
      if rng.chance(0.25) {
        line +=
          " easing: cubicBezier(\(decimal(rng.int(0...100), scale: 100)), \(decimal(rng.int(0...100), scale: 100)), \(decimal(rng.int(0...100), scale: 100)), \(decimal(rng.int(0...100), scale: 100)))"
      } else {
        line += " easing: \(rng.pick(Self.transitionEasings))"
      }
    }
    return line
  }
}
