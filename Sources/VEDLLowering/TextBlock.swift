/// How a measured text (`MeasuredText`) is cut into `drawtext`s and where each goes — the one
/// rule of both backends for text items and burnt-in captions (docs/graph.md §6).
///
/// `drawtext` computes `lh` and `ascent` (where its baseline lies below `y`) from the glyphs
/// of its own text, so lines drawn by separate `drawtext`s with `y = top + i·lh` would be
/// spaced unevenly (a line without descenders is shorter). Instead the lines are placed as
/// `drawtext` itself places the lines of ONE multi-line text: with the ascent `A` and line
/// height `LH` of the whole text (its lines joined with `\n`), line `i`'s baseline lies
/// `A + i·(LH + gap)` below the block's top, and each `drawtext` gets
/// `y = top + A + i·(LH + gap) − ascent` (its own `ascent`). The block is `L·LH + (L−1)·gap`
/// high, a constant.
///
/// - A text whose lines are each one run of one font, with one line or `align leading`, is
///   one `drawtext` (its box is then one box around all lines).
/// - Otherwise each run of each line is one `drawtext`; lines are `2·padding` apart (their
///   boxes touch) except for `align leading`, whose lines follow each other as in one
///   `drawtext`. A line of one run is placed with its own `tw`; a line of several runs
///   (characters the font lacks, drawn from a fallback font) with its measured width, each
///   run `offset` further right.
public enum TextBlock {
  /// One `drawtext` of a text block: its text and font, and the `x`/`y` it is given, as
  /// printed expressions and evaluated numerically as `drawtext` evaluates them.
  public struct Draw: Sendable {
    /// The characters (several lines joined with `\n` when the text is one `drawtext`).
    public var text: String
    /// The font (`fontfile=` or `font=`).
    public var font: TextFont
    /// The layout with the block's constant height (and, for a line of runs, its width).
    let layout: TextLayout
    /// The width the horizontal placement uses; `nil` is the `drawtext`'s own `tw`.
    let placementWidth: Int64?
    /// The run's offset along its line.
    let shift: Int64
    /// The baseline's distance below the block's top.
    let baseline: Int64
    /// The block's height.
    let blockHeight: Int64
    /// The measured width of the text drawn (`tw`).
    public let textWidth: Int64

    /// `drawtext`'s `x`.
    public var x: String {
      shift == 0 ? layout.x : "\(layout.x)+\(shift)"
    }

    /// `drawtext`'s `y`.
    public var y: String {
      "\(layout.y)\(baseline < 0 ? "-" : "+")\(baseline.magnitude)-ascent"
    }

    /// `x` for a `drawtext` whose text measures `textWidth` (`tw`); mirrors `x`.
    public func evaluatedX(textWidth: Double) -> Double {
      let x = layout.evaluatedX(textWidth: placementWidth.map(Double.init) ?? textWidth)
      return shift == 0 ? x : x + Double(shift)
    }

    /// `y` for a `drawtext` whose own `ascent` is `ascent`; mirrors `y`.
    public func evaluatedY(ascent: Double) -> Double {
      layout.evaluatedY(contentHeight: Double(blockHeight)) + Double(baseline) - ascent
    }
  }

  /// The block's line gap and height: lines `2·padding` apart unless the text is one
  /// `drawtext` or aligned leading.
  static func block(_ measured: MeasuredText, layout: TextLayout) -> (whole: Bool, gap: Int64, height: Int64) {
    let lines = measured.lines
    let count = Int64(lines.count)
    let leading = layout.align == .leading
    let fonts = Set(lines.flatMap { $0.runs.map(\.font) })
    let whole = lines.allSatisfy { $0.runs.count <= 1 } && fonts.count <= 1 && (count == 1 || leading)
    let gap = whole || leading ? 0 : 2 * layout.padding
    return (whole, gap, count * measured.lineHeight + (count - 1) * gap)
  }

  /// The text's box on the layout's frame — the block and its padding, or the fixed box —
  /// its corner truncated to whole pixels as `drawtext` places: what a `slide` moves out of
  /// the canvas.
  public static func box(_ measured: MeasuredText, layout: TextLayout) -> (x: Int64, y: Int64, size: PixelSize) {
    let height = block(measured, layout: layout).height
    let width = measured.lines.map(\.width).max() ?? 0
    let padding = layout.padding
    let x =
      layout.fixedWidth.map {
        TextLayout.boxOrigin(layout.position, horizontal: true, extent: $0, total: layout.frame.width).floor
          + layout.offset.x
      } ?? (Int64(layout.evaluatedX(textWidth: Double(width)).rounded(.down)) - padding)
    let y =
      layout.fixedHeight.map {
        TextLayout.boxOrigin(layout.position, horizontal: false, extent: $0, total: layout.frame.height).floor
          + layout.offset.y
      } ?? (Int64(layout.evaluatedY(contentHeight: Double(height)).rounded(.down)) - padding)
    let size = PixelSize(
      width: layout.fixedWidth ?? (width + 2 * padding), height: layout.fixedHeight ?? (height + 2 * padding))
    return (x, y, size)
  }

  /// The `drawtext`s of `measured`, placed by `layout` (its frame, box, padding, alignment
  /// and position; the content size is set here). Empty lines draw nothing but take their
  /// place.
  public static func draws(_ measured: MeasuredText, layout: TextLayout) -> [Draw] {
    let lines = measured.lines
    let leading = layout.align == .leading
    let fonts = Set(lines.flatMap { $0.runs.map(\.font) })
    let (whole, gap, blockHeight) = block(measured, layout: layout)
    let lineHeight = measured.lineHeight
    var sized = layout
    sized.contentHeight = String(blockHeight)

    if whole {
      guard let font = fonts.first else { return [] }
      let text = lines.map { $0.runs.first?.text ?? "" }.joined(separator: "\n")
      return [
        Draw(
          text: text, font: font, layout: sized, placementWidth: nil, shift: 0, baseline: measured.ascent,
          blockHeight: blockHeight, textWidth: lines.map(\.width).max() ?? 0)
      ]
    }
    let blockWidth = lines.map(\.width).max() ?? 0
    var draws: [Draw] = []
    for (i, line) in lines.enumerated() {
      let width: Int64? = leading ? blockWidth : (line.runs.count == 1 ? nil : line.width)
      var placed = sized
      if let width { placed.contentWidth = String(width) }
      let baseline = measured.ascent + Int64(i) * (lineHeight + gap)
      for run in line.runs where !run.text.isEmpty {
        draws.append(
          Draw(
            text: run.text, font: run.font, layout: placed, placementWidth: width, shift: run.offset,
            baseline: baseline, blockHeight: blockHeight, textWidth: run.width))
      }
    }
    return draws
  }
}
