import Foundation
import VEDLSema
import VEDLTime

extension LoweringRun {
  /// The default text size: 1/22.5 of the canvas's shorter side (48 px on 1080).
  var defaultFontSize: Rational { timeline.canvas.defaultTextSize }

  /// `font=` (a Fontconfig pattern) or `fontfile=` (a path: it contains `/` or ends in
  /// `.ttf`, `.otf`, `.ttc`; relative paths resolve against the script's folder).
  func fontOptions(_ font: String?) -> [Filter.Option] {
    fontOptions(TextFont.resolve(font, baseDirectory: options.baseDirectory))
  }

  /// `font=` for a family, `fontfile=` for a file (with a text measurer, every run's font is
  /// a file: the measurer resolved the whole Fontconfig pattern, `DejaVu Sans:style=Bold`,
  /// which `drawtext`'s `font=` would take as a family name).
  func fontOptions(_ font: TextFont) -> [Filter.Option] {
    switch font {
    case .family(let family): [.init("font", family)]
    case .file(let path): [.init("fontfile", path)]
    }
  }

  /// A text item, drawn with `drawtext` (expansion off, so the text is literal) on the
  /// composite frames `[first, end)` — or, when it is rotated, drawn once on a transparent
  /// layer, turned and overlaid.
  mutating func lowerText(
    _ item: TimelineItem, frames: (first: Int64, end: Int64), stem: String, onto composite: inout PendingStream
  ) throws(LoweringError) {
    let text = item.text ?? ""
    guard !text.isEmpty else { return }
    let mods = ItemMotion.baseModifiers(item, grid: grid)
    var motion = motion(of: item, frames: frames)
    // A turned text, one whose scale or turn is animated, and a wiped one are drawn on a
    // layer.
    let rotated = !mods.rotation.isZero || item.transformsOverTime || item.presets.contains { $0.kind == .wipe }
    // A rotated text is drawn on its own RGBA layer, and overlaid; any other on the
    // composite, which is then RGB (or a still's RGBA), so colours are given as they are.
    if !rotated { composeInRGB(&composite) }
    let fontSize = max(1, ((mods.fontSize ?? defaultFontSize) * mods.scale).rounded)
    let padding = mods.box == nil ? 0 : max(0, ((mods.boxPadding ?? .zero) * mods.scale).rounded)
    var style: [Filter.Option] = [
      .init("fontsize", String(fontSize)), .init("fontcolor", OptionText.color(mods.fontColor ?? 0xFFFF_FFFF)),
    ]
    if let box = mods.box {
      style += [.init("box", "1"), .init("boxcolor", OptionText.color(box)), .init("boxborderw", String(padding))]
    }
    if let outline = mods.outline {
      let width = max(1, ((mods.outlineWidth ?? .one) * mods.scale).rounded)
      style += [.init("borderw", String(width)), .init("bordercolor", OptionText.color(outline))]
    }
    let sized = mods.size.map {
      (w: $0.width.map { ($0 * mods.scale).rounded }, h: $0.height.map { ($0 * mods.scale).rounded })
    }
    let lines = wrappedLines(text, font: mods.font, size: fontSize, boxWidth: sized?.w, padding: padding)
    let align = mods.align ?? .center
    let side =
      Int64((Double(canvas.width * canvas.width + canvas.height * canvas.height).squareRoot()).rounded(.up)) / 2 * 2 + 2
    let frame = rotated ? PixelSize(width: side, height: side) : canvas
    let position = rotated ? nil : mods.position

    var draws: [Filter] = []
    // With a measurer: each `drawtext`'s `x` as a number (a typewriter's partial text keeps
    // the whole text's place) and the text's box (where a slide starts from).
    var placedX: [String] = []
    var textBox: (x: Int64, y: Int64, size: PixelSize)? = nil
    let font = TextFont.resolve(mods.font, baseDirectory: options.baseDirectory)
    if let measured = options.textMeasurer?.measure(lines, font: font, size: fontSize) {
      var layout = TextLayout(
        frame: frame, fixedWidth: sized?.w, fixedHeight: sized?.h, padding: padding, align: align, position: position)
      if !rotated { layout.offset = (mods.offset.x.rounded, mods.offset.y.rounded) }
      textBox = TextBlock.box(measured, layout: layout)
      for draw in TextBlock.draws(measured, layout: layout) {
        let placement: [Filter.Option] = [
          .init("text", draw.text), .init("expansion", "none"), .init("x", draw.x), .init("y", draw.y),
        ]
        draws.append(Filter("drawtext", fontOptions(draw.font) + style + placement))
        placedX.append("\(draw.evaluatedX(textWidth: Double(draw.textWidth)))")
      }
    } else {
      // Without a measurer: the lines stacked by each line's own `lh` (uneven for lines
      // with different glyph heights; docs/graph.md §6).
      let drawnText = lines.joined(separator: "\n")
      let separateLines = lines.count > 1 && align != .leading
      let gap = separateLines ? 2 * padding : 0
      let blockHeight = separateLines ? "(\(lines.count)*lh+\(Int64(lines.count - 1) * gap))" : "th"
      var layout = TextLayout(
        frame: frame, fixedWidth: sized?.w, fixedHeight: sized?.h, padding: padding, align: align,
        position: position, contentHeight: blockHeight)
      if !rotated { layout.offset = (mods.offset.x.rounded, mods.offset.y.rounded) }
      let pieces: [(text: String, y: String)] =
        separateLines
        ? lines.enumerated().map { ($0.element, $0.offset == 0 ? layout.y : "\(layout.y)+\($0.offset)*(lh+\(gap))") }
        : [(drawnText, layout.y)]
      for piece in pieces where !piece.text.isEmpty {
        let placement: [Filter.Option] = [
          .init("text", piece.text), .init("expansion", "none"), .init("x", layout.x), .init("y", piece.y),
        ]
        draws.append(Filter("drawtext", fontOptions(font) + style + placement))
      }
    }

    guard rotated else {
      // A slide starts from the text's box (measured, or estimated without a measurer).
      if item.presets.contains(where: { $0.kind == .slide }) {
        let box = textBox ?? estimatedTextBox(lines, fontSize: fontSize, padding: padding, sized: sized, mods: mods)
        motion = ItemMotion(
          item, frameCount: frames.end - frames.first, grid: grid,
          layout: ItemMotion.Layout(
            box: box.size, picture: box.size, canvas: canvas, corner: ItemMotion.Shift(x: box.x, y: box.y)))
      }
      var alpha = textAlpha(item, mods)
      if let opacities = motion?.opacities {
        let table = motionTable(
          ItemMotion.runs(opacities).map { ($0.start, OptionText.number($0.value)) }, origin: frames.first)
        alpha = alpha.map { "(\(table))*\($0)" } ?? table
      }
      for var draw in typewritten(item, draws, placedX: placedX, frames: frames) {
        if let alpha { draw.options.append(.init("alpha", alpha)) }
        if let motion, motion.shifts != nil {
          // The laid-out place plus the frame's displacement (`drawtext` evaluates `x` and
          // `y` at every frame).
          for (i, option) in draw.options.enumerated() where option.key == "x" || option.key == "y" {
            let runs = motion.positionRuns(base: 0, horizontal: option.key == "x")
            guard runs.count > 1 else { continue }
            draw.options[i].value = "\(option.value)+(\(motionTable(runs, origin: frames.first)))"
          }
        }
        if !draw.options.contains(where: { $0.key == "enable" }) {
          draw.options.append(
            .init("enable", "between(n,\(frameNumber(frames.first)),\(frameNumber(frames.end - 1)))"))
        }
        composite.append(draw)
      }
      composite.append(contentsOf: keepOpaque)
      return
    }
    // Rotated text: drawtext cannot turn glyphs, so the text is drawn centred on a square
    // transparent layer large enough for any angle, the layer is turned about its centre
    // and overlaid so that its centre lands on the text's (estimated) centre.
    let layer = PixelSize(width: side, height: side)
    // `drawtext` on a transparent RGBA picture leaves premultiplied colours (an edge pixel
    // of white text is grey with the edge's alpha) but blends the alpha byte like a colour,
    // towards the colour's own alpha: a translucent box ends with its alpha squared. So the
    // colours are drawn on a transparent layer and the coverage, the same draws in white
    // with each colour's alpha, on an opaque black picture, whose red plane `alphamerge`
    // makes the layer's alpha: a consistent premultiplied picture, which `rotate` interpolates
    // correctly and which is made straight after the turn (`overlay` takes straight alpha).
    var ink = PendingStream(label: nil)
    ink.append(contentsOf: colorSource(0, size: layer, frames: 1))
    ink.append(Filter("format", ["pix_fmts": "rgba"]))
    ink.append(contentsOf: draws)
    let inkLabel = builder.close(ink, as: "\(stem)_ink")
    var coverage = PendingStream(label: nil)
    coverage.append(contentsOf: colorSource(0x0000_00FF, size: layer, frames: 1))
    coverage.append(Filter("format", ["pix_fmts": "rgba"]))
    coverage.append(contentsOf: draws.map(Self.coverageDraw))
    // Its red plane as it is: `drawtext` on `gray` draws white as studio white, 235.
    coverage.append(Filter("extractplanes", ["planes": "r"]))
    let coverageLabel = builder.close(coverage, as: "\(stem)_coverage")
    let merged = builder.label("\(stem)_layer")
    builder.add([inkLabel, coverageLabel], [Filter("alphamerge")], [merged])
    let estimated = estimatedTextBox(lines, fontSize: fontSize, padding: padding, sized: sized, mods: mods).size
    let count = frames.end - frames.first
    if item.isAnimated {
      motion = ItemMotion(
        item, frameCount: count, grid: grid,
        layout: ItemMotion.Layout(box: estimated, picture: layer, canvas: canvas, turnsInPlace: true))
    }
    let turns = motion?.transform?.angles != nil
    var stream = PendingStream(label: merged)
    if !mods.rotation.isZero {
      stream.append(contentsOf: premultipliedRotation(mods.rotation, size: layer, fill: 0, premultiplied: true))
    } else if !turns {
      stream.append(contentsOf: [
        Filter("format", ["pix_fmts": "gbrap"]), Filter("unpremultiply", ["inplace": "1"]),
        Filter("format", ["pix_fmts": "rgba"]),
      ])
    }
    // An animated turn works on the premultiplied layer, frame by frame, after its loop.
    let opacity =
      mods.opacity != .one ? [Filter("colorchannelmixer", ["aa": OptionText.number(mods.opacity)])] : []
    if !turns { stream.append(contentsOf: opacity) }
    // Made from the window's first frame on when the text starts before it.
    let skipped = max(0, origin - frames.first)
    stream.append(contentsOf: loopFilters(count: count, from: skipped))
    if turns {
      stream.append(contentsOf: turnFilters(motion, premultiplied: true))
      stream.append(contentsOf: opacity)
    }
    stream.append(contentsOf: fadeFilters(item, mods, count: count, target: .overlay))
    stream.append(contentsOf: opacityFilters(motion))
    stream = wipe(
      stream, motion: motion, frame: motion?.transform?.turnedSize ?? layer, count: count, from: skipped, stem: stem)
    stream.append(contentsOf: resizeFilters(motion))
    let label = builder.close(stream, as: stem)
    let corner = PictureLayout.place(estimated, on: canvas, position: mods.position, offset: mods.offset)
    let centre = (x: corner.x + estimated.width / 2, y: corner.y + estimated.height / 2)
    let origin = motion?.origin.map { ($0.x, $0.y) } ?? (centre.x - side / 2, centre.y - side / 2)
    overlay(
      PlacedPicture(label: label, x: origin.0, y: origin.1, motion: motion), from: frames.first, onto: &composite)
  }

  /// A text's box estimated from its font size (3/5 of it per character, 6/5 per line)
  /// and placed by `position`: where a turned text's layer goes, and, without a text
  /// measurer, where a slide starts from.
  func estimatedTextBox(
    _ lines: [String], fontSize: Int64, padding: Int64, sized: (w: Int64?, h: Int64?)?, mods: ItemModifiers
  ) -> (x: Int64, y: Int64, size: PixelSize) {
    let longest = lines.map(\.count).max() ?? 0
    let size = PixelSize(
      width: sized?.w ?? (Rational(3 * fontSize * Int64(longest), 5)!.rounded + 2 * padding),
      height: sized?.h ?? (Rational(6 * fontSize * Int64(lines.count), 5)!.rounded + 2 * padding))
    let corner = PictureLayout.place(size, on: canvas, position: mods.position, offset: mods.offset)
    return (corner.x, corner.y, size)
  }

  /// A text's `drawtext`s with its `typewriter` entrance or exit (ANIMATION.md §3): at each
  /// frame the first ⌊presence · N⌋ of its N characters (line breaks not counted) show,
  /// cut across the `drawtext`s in order — each distinct prefix one `drawtext`, at the
  /// whole text's `x` (`placedX`, when measured), `enable`d on its frames. Without a
  /// typewriter, `draws` as they are.
  func typewritten(
    _ item: TimelineItem, _ draws: [Filter], placedX: [String], frames: (first: Int64, end: Int64)
  ) -> [Filter] {
    guard item.presets.contains(where: { $0.kind == .typewriter }) else { return draws }
    let texts = draws.map { d in Array(d.options.first { $0.key == "text" }?.value ?? "") }
    let lengths = texts.map { $0.filter { $0 != "\n" }.count }
    let total = lengths.reduce(0, +)
    let shown = Typewriter.visibleCharacters(item, total: total, frames: frames.end - frames.first, grid: grid)
    var result: [Filter] = []
    var before = 0
    for (i, draw) in draws.enumerated() {
      let visible = shown.map { min(max($0 - before, 0), lengths[i]) }
      before += lengths[i]
      let runs = ItemMotion.runs(visible)
      for value in Set(visible).sorted() where value > 0 {
        var spans: [String] = []
        for (r, run) in runs.enumerated() where run.value == value {
          let end = r + 1 < runs.count ? runs[r + 1].start : visible.count
          spans.append(
            "between(n,\(frameNumber(frames.first + Int64(run.start))),\(frameNumber(frames.first + Int64(end) - 1)))")
        }
        var d = draw
        for (o, option) in d.options.enumerated() {
          if option.key == "text" { d.options[o].value = Typewriter.prefix(texts[i], value) }
          if option.key == "x", value < lengths[i], i < placedX.count { d.options[o].value = placedX[i] }
        }
        d.options.append(.init("enable", ItemMotion.sum(spans)))
        result.append(d)
      }
    }
    return result
  }

  /// The lines of a text: split at `\n` and, with a `size width:` box and a text measurer,
  /// wrapped at spaces to the box's width less its padding on both sides
  /// (`TextWrapping`). Without a measurer the text is only split at `\n`.
  func wrappedLines(_ text: String, font: String?, size: Int64, boxWidth: Int64?, padding: Int64) -> [String] {
    guard let measurer = options.textMeasurer, let boxWidth else {
      return TextWrapping.lines(text, width: nil) { _ in 0 }
    }
    let resolved = TextFont.resolve(font, baseDirectory: options.baseDirectory)
    return TextWrapping.lines(text, width: boxWidth - 2 * padding) {
      measurer.width(of: $0, font: resolved, size: size) ?? 0
    }
  }

  /// `drawtext`'s `alpha` for opacity and fades, at each frame's instant `t`; `nil` when the
  /// text is simply opaque.
  func textAlpha(_ item: TimelineItem, _ mods: ItemModifiers) -> String? {
    var factors: [String] = []
    if mods.opacity != .one { factors.append(OptionText.number(mods.opacity)) }
    if mods.fadeIn.isPositive {
      factors.append("clip((t-\(OptionText.expression(item.start)))/\(OptionText.expression(mods.fadeIn)),0,1)")
    }
    if mods.fadeOut.isPositive {
      factors.append("clip((\(OptionText.expression(item.end))-t)/\(OptionText.expression(mods.fadeOut)),0,1)")
    }
    return factors.isEmpty ? nil : factors.joined(separator: "*")
  }

  /// A `drawtext` that draws what `draw` covers, as a grey level: every colour white with
  /// its own alpha.
  static func coverageDraw(_ draw: Filter) -> Filter {
    var draw = draw
    for (i, option) in draw.options.enumerated()
    where ["fontcolor", "boxcolor", "bordercolor"].contains(option.key ?? "") {
      draw.options[i].value = "0xFFFFFF" + option.value.suffix(2)
    }
    return draw
  }

  /// Burns the caption cues in (none for `captions burnIn: false`): each cue's lines,
  /// centred, with the style's box and outline (`borderw`, 2 pixels). With a text measurer
  /// the lines are wrapped to the canvas width less the margin and the box padding on both
  /// sides (`CaptionPlacement`) and placed by `TextBlock`, as text items are.
  ///
  /// A captions file may hold thousands of cues, and one `drawtext` per cue line (each with
  /// its own FreeType library and face, ~280 KB, all configured before the first frame) took
  /// 3.4 GB and minutes for 12,000 cues. The lines are drawn instead by a few `drawtext`
  /// *slots* — as many as lines are ever on screen at once — which timed commands
  /// (``FilterGraph/commands``) give their next line (`reinit` with its text, position and
  /// font) and switch on and off (`enable`) at the cue's frames. Commands act on timestamps:
  /// the composite's frame `n` is stamped `n/F`, and each is placed half a frame before its
  /// frame, so it is exact whatever the rate.
  mutating func lowerCaptions(onto composite: inout PendingStream) {
    let style = timeline.captions.style
    let placement = CaptionPlacement(style: style, canvas: canvas)
    let (size, padding, margin) = (placement.size, placement.padding, placement.margin)
    let font = TextFont.resolve(style.font, baseDirectory: options.baseDirectory)
    // Every line to draw: its frames and what changes from line to line (font, text,
    // position). Within one graph the font options always have the same key (`fontfile=`
    // with a measurer, the style's font without), so a `reinit` replaces them all.
    var lines: [CaptionLine] = []
    // The words highlighted while spoken (`style highlight:`), each its own line drawn over
    // its cue's at the place of the word, at its frames.
    var highlights: [CaptionLine] = []
    for cue in timeline.captions.burntInCues {
      let end = min(cue.endFrame, frameCount)
      guard cue.startFrame < end else { continue }
      func line(_ font: TextFont, _ text: String, x: String, y: String) {
        lines.append(
          CaptionLine(
            first: cue.startFrame, end: end,
            options: fontOptions(font) + [.init("text", text), .init("x", x), .init("y", y)]))
      }
      if let measurer = options.textMeasurer {
        let wrapped = TextWrapping.lines(cue.text, width: placement.wrapWidth) {
          measurer.width(of: $0, font: font, size: size) ?? 0
        }
        if let measured = measurer.measure(wrapped, font: font, size: size) {
          let draws = TextBlock.draws(measured, layout: placement.layout)
          for draw in draws {
            line(draw.font, draw.text, x: draw.x, y: draw.y)
          }
          if style.highlight != nil {
            for piece in CaptionHighlight.pieces(
              cue, drawTexts: draws.map(\.text), grid: grid, cueFirst: cue.startFrame, cueEnd: end)
            {
              let draw = draws[piece.draw]
              // The word at the line's `x` plus the advance of the text before it; its `y`
              // puts its baseline on the line's (`drawtext` offsets by its own ascent).
              let x =
                draw.evaluatedX(textWidth: Double(draw.textWidth))
                + Double(measurer.width(of: piece.prefix, font: draw.font, size: size) ?? 0)
              highlights.append(
                CaptionLine(
                  first: piece.first, end: piece.end,
                  options: fontOptions(draw.font) + [.init("text", piece.word), .init("x", "\(x)"), .init("y", draw.y)])
              )
            }
          }
          continue
        }
      }
      // Without a measurer: not wrapped, each line placed by its own `lh`.
      let texts = cue.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let count = Int64(texts.count)
      let step = "(lh+\(2 * padding))"
      for (i, text) in texts.enumerated() where !text.isEmpty {
        let index = Int64(i)
        let y: String
        let above = index == 0 ? "" : "+\(index)*\(step)"
        let below = index == count - 1 ? "" : "-\(count - 1 - index)*\(step)"
        switch style.position {
        case .top: y = "\(margin + padding)\(above)"
        case .center: y = "(h-(\(count)*lh+\((count - 1) * 2 * padding)))/2\(above)"
        case .bottom: y = "h-\(margin + padding)-lh\(below)"
        }
        line(font, text, x: "(w-tw)/2", y: y)
      }
    }
    guard !lines.isEmpty else { return }
    composeInRGB(&composite)
    // With a window, the lines that show none of its frames are left out; the slots stay
    // the whole edit's (overlapping lines are drawn in the same order). A line that starts
    // before the window is its slot's first and is switched on at the first frame.
    func shown(_ line: CaptionLine) -> Bool { isInWindow(line.first..<line.end) }
    guard lines.contains(where: shown) || highlights.contains(where: shown) else { return }
    for line in lines {
      for option in line.options where option.key == "fontfile" { fontFiles.insert(option.value) }
    }
    var look: [Filter.Option] = [
      .init("fontsize", String(size)), .init("fontcolor", OptionText.color(style.color)),
    ]
    if let box = style.box {
      look += [
        .init("box", "1"), .init("boxcolor", OptionText.color(box)),
        .init("boxborderw", String(padding)),
      ]
    }
    if let outline = style.outline {
      look += [
        .init("borderw", String(Captions.Style.outlineWidth)),
        .init("bordercolor", OptionText.color(outline)),
      ]
    }
    // The highlighted words: the style's outline, no box.
    var highlightLook: [Filter.Option] = [
      .init("fontsize", String(size)), .init("fontcolor", OptionText.color(style.highlight ?? style.color)),
    ]
    if let outline = style.outline {
      highlightLook += [
        .init("borderw", String(Captions.Style.outlineWidth)), .init("bordercolor", OptionText.color(outline)),
      ]
    }
    highlights.sort { ($0.first, $0.end) < ($1.first, $1.end) }
    for line in highlights {
      for option in line.options where option.key == "fontfile" { fontFiles.insert(option.value) }
    }
    // Half a frame before frame `k` (0 for the first frame).
    func instant(_ k: Int64) -> Rational {
      k == 0 ? .zero : (Rational(k) - Rational(1, 2)!) / rate.framesPerSecond
    }
    // In time order; at one instant a slot is switched off before it gets its next line.
    var timed: [(time: Int64, order: Int, command: FilterGraph.TimedCommand)] = []
    var slotFilters: [Filter] = []
    for (family, familyLines, familyLook) in [("caption", lines, look), ("highlight", highlights, highlightLook)] {
      guard !familyLines.isEmpty else { continue }
      let slots = CaptionLine.slots(familyLines)
      var firstLine: [Int: CaptionLine] = [:]
      for (line, slot) in zip(familyLines, slots) where shown(line) {
        let target = CaptionLine.filterName(family: family, slot: slot)
        func add(_ frame: Int64, _ order: Int, _ command: String, _ argument: String) {
          timed.append(
            (
              frame, order,
              FilterGraph.TimedCommand(time: instant(frame), target: target, command: command, argument: argument)
            ))
        }
        if firstLine[slot] == nil {
          firstLine[slot] = line
        } else {
          add(
            line.first, 1, "reinit",
            line.options.map { "\($0.key!)=\(FilterEscaping.optionValue($0.value))" }.joined(separator: ":"))
        }
        add(line.first, 2, "enable", "1")
        add(line.end, 0, "enable", "0")
      }
      for slot in firstLine.keys.sorted() {
        let options = firstLine[slot]!.options + familyLook + [.init("expansion", "none"), .init("enable", "0")]
        slotFilters.append(Filter(CaptionLine.filterName(family: family, slot: slot), options))
      }
    }
    timed.sort { ($0.time, $0.order) < ($1.time, $1.order) }
    let queued = timed.map(\.command)
    commands += queued
    composite.append(Filter("sendcmd", ["commands": FilterGraph.sendcmdText(queued)]))
    composite.append(contentsOf: slotFilters)
    composite.append(contentsOf: keepOpaque)
  }

  /// On an RGBA composite `drawtext` also blends the picture's alpha towards a translucent
  /// colour's, and a translucent overlay drawn later would then weigh itself against that
  /// alpha; the composite is made opaque again after drawing (a Y′CbCr composite has no
  /// alpha).
  var keepOpaque: [Filter] {
    compositeSpace == .rgba ? [Filter("lutrgb", ["a": "maxval"])] : []
  }
}

/// One caption line to draw on the composite frames `[first, end)`, and the `drawtext`
/// options that change from line to line.
struct CaptionLine {
  var first: Int64
  var end: Int64
  var options: [Filter.Option]

  /// The `drawtext` instance of slot `slot` of `family` (`caption`, `highlight`; `sendcmd`
  /// finds it by this name).
  static func filterName(family: String = "caption", slot: Int) -> String { "drawtext@vedl_\(family)\(slot)" }

  /// The slot of each line: the first slot free when the line starts (lines in order of
  /// their first frame), so there are as many slots as lines on screen at once.
  static func slots(_ lines: [CaptionLine]) -> [Int] {
    var freeFrom: [Int64] = []
    var slots: [Int] = []
    for line in lines {
      if let slot = freeFrom.firstIndex(where: { $0 <= line.first }) {
        freeFrom[slot] = line.end
        slots.append(slot)
      } else {
        freeFrom.append(line.end)
        slots.append(freeFrom.count - 1)
      }
    }
    return slots
  }
}
