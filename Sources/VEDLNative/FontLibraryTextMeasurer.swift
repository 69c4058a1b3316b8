import VEDLFontRaster
import VEDLLowering
import VEDLSema

/// The lowering's `TextMeasuring` answered by the font library that draws the native
/// renderer's text: a line's width is `drawtext`'s `tw` for it, so the FFmpeg backend wraps
/// and places text exactly where the native renderer does.
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

  /// The measurer a lowering of `timeline` needs: the system's when it draws text (text
  /// items or burnt-in captions), else `nil` (no font library is set up for nothing).
  public static func needed(by timeline: Timeline) -> FontLibraryTextMeasurer? {
    timeline.drawsText ? system() : nil
  }

  /// The lines measured by the font library (`FontLibrary.measure`); `nil` when the font
  /// cannot be loaded.
  public func measure(_ lines: [String], font: TextFont, size: Int64) -> MeasuredText? {
    try? measured(lines, font: font, size: size)
  }

  /// The lines measured by the font library, or why they cannot be.
  func measured(_ lines: [String], font: TextFont, size: Int64) throws(FontError) -> MeasuredText {
    guard let size = Int(exactly: size) else { throw FontError(message: "font size \(size) is too large") }
    let measurement = try fonts.measure(lines, font: Self.request(font), size: size)
    return MeasuredText(
      lines: measurement.lines.map { line in
        MeasuredText.Line(
          runs: line.runs.map {
            MeasuredText.Run(
              text: $0.text, font: Self.textFont($0.font), offset: Int64($0.offset), width: Int64($0.width))
          }, width: Int64(line.width))
      }, ascent: Int64(measurement.ascent), lineHeight: Int64(measurement.lineHeight))
  }

  /// The lowering's font for a font-library request (a file when it has one).
  static func textFont(_ request: FontRequest) -> TextFont {
    if let file = request.file { return .file(file) }
    return .family(request.family ?? "sans-serif")
  }

  /// The font library's request for a font the lowering passes to `drawtext`.
  static func request(_ font: TextFont) -> FontRequest {
    switch font {
    case .family(let family): FontRequest(family: family, file: nil)
    case .file(let path): FontRequest(family: nil, file: path)
    }
  }
}

extension FontLibraryTextMeasurer {
  /// Every font file that draws `timeline`'s text — text items and burnt-in captions, with
  /// the fallback fonts their characters need — sorted: the native render's font inputs, as
  /// the graph's `fontFiles` are the FFmpeg backend's (a font changed on disk makes the
  /// render out of date). A text whose font cannot be loaded adds nothing: the render
  /// reports it.
  public func fontFiles(of timeline: Timeline, baseDirectory: String?) -> [String] {
    var texts: [TextFont: Set<String>] = [:]
    for track in timeline.tracks {
      for item in track.items {
        guard let text = item.text, !text.isEmpty else { continue }
        texts[TextFont.resolve(item.resolved.font, baseDirectory: baseDirectory), default: []].insert(text)
      }
    }
    let captionFont = TextFont.resolve(timeline.captions.style.font, baseDirectory: baseDirectory)
    for cue in timeline.captions.burntInCues { texts[captionFont, default: []].insert(cue.text) }
    var files: Set<String> = []
    for (font, lines) in texts {
      if case .file(let path) = font { files.insert(path) }
      // Which fonts draw a character does not depend on the size.
      let split = lines.flatMap { $0.split(separator: "\n").map(String.init) }
      guard let measured = try? fonts.measure(split, font: Self.request(font), size: 16) else { continue }
      for line in measured.lines {
        for run in line.runs {
          if let file = run.font.file { files.insert(file) }
        }
      }
    }
    return files.sorted()
  }
}
