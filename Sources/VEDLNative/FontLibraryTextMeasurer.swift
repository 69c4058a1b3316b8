import VEDLFontRaster
import VEDLLowering
import VEDLSema

/// The lowering's `TextMeasuring` answered by the font library that draws the native
/// renderer's text: a line's width is `drawtext`'s `tw` for it, so the FFmpeg backend wraps
/// a text in a `size width:` box exactly where the native renderer does.
public struct FontLibraryTextMeasurer: TextMeasuring {
  /// The library the lines are laid out with.
  public let fonts: FontLibrary

  /// A measurer laying lines out with `fonts`.
  public init(fonts: FontLibrary) {
    self.fonts = fonts
  }

  /// A measurer with the system's Fontconfig configuration; `nil` when FreeType or
  /// Fontconfig cannot be set up (the lowering then does not wrap).
  public static func system() -> FontLibraryTextMeasurer? {
    (try? FontLibrary()).map(FontLibraryTextMeasurer.init(fonts:))
  }

  /// The measurer a lowering of `timeline` needs: the system's when it has a text in a
  /// `size width:` box, else `nil` (no font library is set up for nothing).
  public static func needed(by timeline: Timeline) -> FontLibraryTextMeasurer? {
    timeline.hasSizedText ? system() : nil
  }

  /// `drawtext`'s `tw` for `line` in `font` at `size` pixels; `nil` when the font cannot be
  /// loaded.
  public func width(of line: String, font: TextFont, size: Int64) -> Int64? {
    guard let size = Int(exactly: size) else { return nil }
    return (try? fonts.render(line, font: Self.request(font), size: size)).map { Int64($0.textWidth) }
  }

  /// The font library's request for a font the lowering passes to `drawtext`.
  static func request(_ font: TextFont) -> FontRequest {
    switch font {
    case .family(let family): FontRequest(family: family, file: nil)
    case .file(let path): FontRequest(family: nil, file: path)
    }
  }
}
