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
    let mods = ItemModifiers(item)
    let rotated = !mods.rotation.isZero
    // Drawn on the composite, colours go through drawtext's BT.601 conversion (PictureSpace);
    // a rotated text is drawn on its own RGBA layer.
    func color(_ c: UInt32) -> String { OptionText.color(rotated ? c : space.drawColor(c)) }
    let fontSize = max(1, ((mods.fontSize ?? defaultFontSize) * mods.scale).rounded)
    let padding = mods.box == nil ? 0 : max(0, ((mods.boxPadding ?? .zero) * mods.scale).rounded)
    var style: [Filter.Option] = [
      .init("fontsize", String(fontSize)), .init("fontcolor", color(mods.fontColor ?? 0xFFFF_FFFF)),
    ]
    if let box = mods.box {
      style += [.init("box", "1"), .init("boxcolor", color(box)), .init("boxborderw", String(padding))]
    }
    if let outline = mods.outline {
      let width = max(1, ((mods.outlineWidth ?? .one) * mods.scale).rounded)
      style += [.init("borderw", String(width)), .init("bordercolor", color(outline))]
    }
    let sized = mods.size.map {
      (w: $0.width.map { ($0 * mods.scale).rounded }, h: $0.height.map { ($0 * mods.scale).rounded })
    }
    let lines = wrappedLines(text, font: mods.font, size: fontSize, boxWidth: sized?.w, padding: padding)
    let align = mods.align ?? "center"
    let side =
      Int64((Double(canvas.width * canvas.width + canvas.height * canvas.height).squareRoot()).rounded(.up)) / 2 * 2 + 2
    let frame = rotated ? PixelSize(width: side, height: side) : canvas
    let position = rotated ? nil : mods.position

    var draws: [Filter] = []
    let font = TextFont.resolve(mods.font, baseDirectory: options.baseDirectory)
    if let measured = options.textMeasurer?.measure(lines, font: font, size: fontSize) {
      let layout = TextLayout(
        frame: frame, fixedWidth: sized?.w, fixedHeight: sized?.h, padding: padding, align: align, position: position)
      for draw in TextBlock.draws(measured, layout: layout) {
        let placement: [Filter.Option] = [
          .init("text", draw.text), .init("expansion", "none"), .init("x", draw.x), .init("y", draw.y),
        ]
        draws.append(Filter("drawtext", fontOptions(draw.font) + style + placement))
      }
    } else {
      // Without a measurer: the lines stacked by each line's own `lh` (uneven for lines
      // with different glyph heights; docs/graph.md §6).
      let drawnText = lines.joined(separator: "\n")
      let separateLines = lines.count > 1 && align != "leading"
      let gap = separateLines ? 2 * padding : 0
      let blockHeight = separateLines ? "(\(lines.count)*lh+\(Int64(lines.count - 1) * gap))" : "th"
      let layout = TextLayout(
        frame: frame, fixedWidth: sized?.w, fixedHeight: sized?.h, padding: padding, align: align,
        position: position, contentHeight: blockHeight)
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
      let alpha = textAlpha(item, mods)
      for var draw in draws {
        if let alpha { draw.options.append(.init("alpha", alpha)) }
        draw.options.append(.init("enable", "between(n,\(frames.first),\(frames.end - 1))"))
        composite.append(draw)
      }
      composite.append(contentsOf: keepOpaque)
      return
    }
    // Rotated text: drawtext cannot turn glyphs, so the text is drawn centred on a square
    // transparent layer large enough for any angle, the layer is turned about its centre
    // and overlaid so that its centre lands on the text's (estimated) centre.
    let layer = PixelSize(width: side, height: side)
    var stream = PendingStream(label: nil)
    stream.append(contentsOf: colorSource(0, size: layer, frames: 1))
    stream.append(Filter("format", ["pix_fmts": "rgba"]))
    stream.append(contentsOf: draws)
    stream.append(rotateFilter(mods.rotation, size: layer, fill: 0))
    if mods.opacity != .one { stream.append(Filter("colorchannelmixer", ["aa": OptionText.number(mods.opacity)])) }
    let count = frames.end - frames.first
    stream.append(contentsOf: loopFilters(count: count))
    stream.append(contentsOf: fadeFilters(item, mods, count: count, target: .overlay))
    let label = builder.close(stream, as: stem)
    let longest = lines.map(\.count).max() ?? 0
    let estimated = PixelSize(
      width: sized?.w ?? (Rational(3 * fontSize * Int64(longest), 5)!.rounded + 2 * padding),
      height: sized?.h ?? (Rational(6 * fontSize * Int64(lines.count), 5)!.rounded + 2 * padding))
    let corner = PictureLayout.place(estimated, on: canvas, position: mods.position)
    let centre = (x: corner.x + estimated.width / 2, y: corner.y + estimated.height / 2)
    overlay(
      PlacedPicture(label: label, x: centre.x - side / 2, y: centre.y - side / 2), from: frames.first, onto: &composite)
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

  /// Burns the caption cues in (none for `captions burnIn: false`): each cue's lines,
  /// centred, with the style's box and outline (`borderw`, 2 pixels), enabled on the cue's
  /// frames only (`between(n,…)` on frame numbers is exact at the boundaries). With a text
  /// measurer the lines are wrapped to the canvas width less the margin and the box padding
  /// on both sides (`CaptionPlacement`) and placed by `TextBlock`, as text items are.
  mutating func lowerCaptions(onto composite: inout PendingStream) {
    let style = timeline.captions.style
    let cues = timeline.captions.burntInCues
    let placement = CaptionPlacement(style: style, canvas: canvas)
    let (size, padding, margin) = (placement.size, placement.padding, placement.margin)
    var look: [Filter.Option] = [
      .init("fontsize", String(size)), .init("fontcolor", OptionText.color(space.drawColor(style.color))),
    ]
    if let box = style.box {
      look += [
        .init("box", "1"), .init("boxcolor", OptionText.color(space.drawColor(box))),
        .init("boxborderw", String(padding)),
      ]
    }
    if let outline = style.outline {
      look += [
        .init("borderw", String(Captions.Style.outlineWidth)),
        .init("bordercolor", OptionText.color(space.drawColor(outline))),
      ]
    }
    let font = TextFont.resolve(style.font, baseDirectory: options.baseDirectory)
    for cue in cues {
      let end = min(cue.endFrame, frameCount)
      guard cue.startFrame < end else { continue }
      let enable = Filter.Option("enable", "between(n,\(cue.startFrame),\(end - 1))")
      if let measurer = options.textMeasurer {
        let lines = TextWrapping.lines(cue.text, width: placement.wrapWidth) {
          measurer.width(of: $0, font: font, size: size) ?? 0
        }
        if let measured = measurer.measure(lines, font: font, size: size) {
          for draw in TextBlock.draws(measured, layout: placement.layout) {
            let drawn: [Filter.Option] = [
              .init("text", draw.text), .init("expansion", "none"), .init("x", draw.x), .init("y", draw.y), enable,
            ]
            composite.append(Filter("drawtext", fontOptions(draw.font) + look + drawn))
          }
          continue
        }
      }
      // Without a measurer: not wrapped, each line placed by its own `lh`.
      let lines = cue.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let count = Int64(lines.count)
      let step = "(lh+\(2 * padding))"
      for (i, line) in lines.enumerated() where !line.isEmpty {
        let index = Int64(i)
        let y: String
        let above = index == 0 ? "" : "+\(index)*\(step)"
        let below = index == count - 1 ? "" : "-\(count - 1 - index)*\(step)"
        switch style.position {
        case "top": y = "\(margin + padding)\(above)"
        case "center": y = "(h-(\(count)*lh+\((count - 1) * 2 * padding)))/2\(above)"
        default: y = "h-\(margin + padding)-lh\(below)"
        }
        let drawn: [Filter.Option] = [
          .init("text", line), .init("expansion", "none"), .init("x", "(w-tw)/2"), .init("y", y), enable,
        ]
        composite.append(Filter("drawtext", fontOptions(font) + look + drawn))
      }
    }
    if !cues.isEmpty { composite.append(contentsOf: keepOpaque) }
  }

  /// On an RGBA composite `drawtext` also blends the picture's alpha towards a translucent
  /// colour's, and a translucent overlay drawn later would then weigh itself against that
  /// alpha; the composite is made opaque again after drawing (a Y′CbCr composite has no
  /// alpha).
  var keepOpaque: [Filter] {
    space == .rgba ? [Filter("lutrgb", ["a": "maxval"])] : []
  }
}
