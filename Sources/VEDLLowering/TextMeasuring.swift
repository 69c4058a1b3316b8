import Foundation
import VEDLSema

/// Measures text the way `drawtext` draws it, so that the lowering can wrap a text at word
/// boundaries and place its lines and font runs exactly (`TextBlock`).
///
/// The lowering itself has no font rasteriser (it only writes filter options); whoever
/// builds the `LoweringOptions` for a render passes one in (the native renderer's font
/// library does it). Without one the lowering neither wraps nor resolves fonts, and stacks
/// lines with each line's own `lh` (the layout of earlier versions).
public protocol TextMeasuring: Sendable {
  /// The lines of one text (no `\n` inside a line) drawn in `font` at `size` pixels, split
  /// into runs by the font file that draws them (a Fontconfig fallback for characters the
  /// font lacks) and measured; `nil` when the font cannot be loaded.
  func measure(_ lines: [String], font: TextFont, size: Int64) -> MeasuredText?
}

extension TextMeasuring {
  /// The drawn width of one line (its runs' `tw` added up); `nil` when the font cannot be
  /// loaded (the text is then not wrapped).
  public func width(of line: String, font: TextFont, size: Int64) -> Int64? {
    measure([line], font: font, size: size)?.lines.first?.width
  }
}

/// A text's lines split into font runs and measured as `drawtext` measures them.
public struct MeasuredText: Sendable, Equatable {
  /// Consecutive characters of a line drawn with one font file: one `drawtext`.
  public struct Run: Sendable, Equatable {
    /// The characters.
    public var text: String
    /// The font that draws them, resolved to a file where possible (`fontfile=`).
    public var font: TextFont
    /// The run's left pen position along its line, in pixels.
    public var offset: Int64
    /// `drawtext`'s `tw` for the run.
    public var width: Int64

    /// A run of `text` in `font`, `offset` pixels into its line and `width` wide.
    public init(text: String, font: TextFont, offset: Int64, width: Int64) {
      self.text = text
      self.font = font
      self.offset = offset
      self.width = width
    }
  }

  /// One line: its runs and their total width.
  public struct Line: Sendable, Equatable {
    /// The runs, left to right (none for an empty line).
    public var runs: [Run]
    /// The line's width in pixels.
    public var width: Int64

    /// A line of `runs`, `width` pixels wide.
    public init(runs: [Run], width: Int64) {
      self.runs = runs
      self.width = width
    }
  }

  /// The lines, in order.
  public var lines: [Line]
  /// `drawtext`'s `ascent` for the whole text (all lines joined with `\n`).
  public var ascent: Int64
  /// `drawtext`'s `lh` for the whole text.
  public var lineHeight: Int64

  /// A measured text.
  public init(lines: [Line], ascent: Int64, lineHeight: Int64) {
    self.lines = lines
    self.ascent = ascent
    self.lineHeight = lineHeight
  }
}

/// The font of `font "…"` as the lowering passes it to `drawtext`: a Fontconfig family
/// (`font=`) or a font file (`fontfile=`).
public enum TextFont: Sendable, Hashable {
  /// `font=`: a Fontconfig pattern such as `DejaVu Sans`.
  case family(String)
  /// `fontfile=`: a path, already resolved against the script's folder.
  case file(String)

  /// The font `drawtext` is given for `font "…"`: a file when it contains `/` or ends in
  /// `.ttf`, `.otf`, `.ttc` (`FontName.isFile`; relative paths resolve against `baseDirectory`), otherwise a
  /// family; `sans-serif` when absent.
  public static func resolve(_ font: String?, baseDirectory: String?) -> TextFont {
    guard let font, !font.isEmpty else { return .family("sans-serif") }
    guard FontName.isFile(font) else { return .family(font) }
    guard let baseDirectory else { return .file(font) }
    // The checker's own rule (it reported a missing file as E0515 against this path).
    return .file(Checker.resolvePath(font, baseDirectory: baseDirectory))
  }
}
