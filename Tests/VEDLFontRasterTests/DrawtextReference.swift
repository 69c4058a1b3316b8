import Foundation
import VEDLTestSupport

/// What FFmpeg's own `drawtext` draws and reports for one text, obtained by running the
/// `ffmpeg` CLI: the red channel of white text drawn on a black RGB frame (which equals the
/// glyph coverage) and the variables `tw`, `th`, `lh`, `max_glyph_a` read from its debug log.
struct DrawtextReference {
  /// The frame's width and height.
  var width: Int
  var height: Int
  /// `width * height` values, rows top to bottom.
  var pixels: [UInt8]
  var textWidth: Int
  var textHeight: Int
  var lineHeight: Int
  var ascent: Int
  /// The file `drawtext` reported using (`Using "…"`), when it asked Fontconfig.
  var fontconfigFile: String?

  /// How `drawtext` is asked for its font.
  enum Font {
    case family(String)
    case file(String)

    var option: String {
      switch self {
      case .family(let name): return "font=" + DrawtextReference.escaped(name)
      case .file(let path): return "fontfile=" + DrawtextReference.escaped(path)
      }
    }
  }

  /// What `drawtext` draws in white: the text itself, or only its `borderw=` border (the text
  /// is then fully transparent, so `drawtext` skips it).
  enum Layer {
    case text
    case border(Int)
  }

  /// Runs `drawtext` at (`x`, `y`) on a black `width`×`height` frame.
  static func draw(
    _ text: String, font: Font, size: Int, x: Int, y: Int, width: Int = 400, height: Int = 120, layer: Layer = .text
  ) throws -> DrawtextReference {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("vedl-drawtext-\(UUID().uuidString).raw").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let common = "\(font.option):fontsize=\(size):expansion=none:text=\(escaped(text))"
    let look: String
    switch layer {
    case .text: look = "fontcolor=white"
    case .border(let width): look = "fontcolor=black@0:borderw=\(width):bordercolor=white"
    }
    // The second, invisible drawtext only reports lh and max_glyph_a through its x and y.
    let graph =
      "format=rgb24,drawtext=\(common):\(look):x=\(x):y=\(y),"
      + "drawtext=\(common):fontcolor=black@0:x=lh:y=max_glyph_a"
    let result = try FFmpegCLI.run([
      "-loglevel", "debug", "-y", "-f", "lavfi", "-i", "color=black:s=\(width)x\(height)", "-vf", graph, "-frames:v",
      "1", "-f", "rawvideo", "-pix_fmt", "rgb24", output,
    ])
    let logText = result.stderr
    guard result.status == 0 else { throw ReferenceError.ffmpegFailed(logText) }
    let rgb = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
    guard rgb.count == width * height * 3 else { throw ReferenceError.ffmpegFailed("short output") }
    let drawn = try values(in: logText, filter: "Parsed_drawtext_1")
    let probe = try values(in: logText, filter: "Parsed_drawtext_2")
    return DrawtextReference(
      width: width, height: height, pixels: stride(from: 0, to: rgb.count, by: 3).map { rgb[$0] },
      textWidth: drawn["text_w"]!, textHeight: drawn["text_h"]!, lineHeight: probe["x"]!, ascent: probe["y"]!,
      fontconfigFile: usedFile(in: logText))
  }

  /// The `name:value` integers of `drawtext`'s per-frame debug line for one filter instance.
  private static func values(in log: String, filter: String) throws -> [String: Int] {
    guard let line = log.split(separator: "\n").first(where: { $0.contains(filter) && $0.contains("text_w:") })
    else { throw ReferenceError.ffmpegFailed("no debug line for \(filter)") }
    var result: [String: Int] = [:]
    for field in line.split(separator: " ") {
      let parts = field.split(separator: ":")
      if parts.count == 2, let value = Int(parts[1]) { result[String(parts[0])] = value }
    }
    return result
  }

  /// The path in `drawtext`'s `Using "…"` line.
  private static func usedFile(in log: String) -> String? {
    guard let line = log.split(separator: "\n").first(where: { $0.contains("Using \"") }),
      let start = line.firstIndex(of: "\"")
    else { return nil }
    return String(line[line.index(after: start)...].dropLast())
  }

  /// `value` escaped for both levels of filter-graph parsing (the filter's options, then the
  /// graph), with every whitespace character escaped too so that none is trimmed.
  static func escaped(_ value: String) -> String {
    let whitespace: Set<Character> = [" ", "\n", "\t", "\r"]
    func backslashed(_ text: String, _ special: Set<Character>) -> String {
      var out = ""
      for scalar in text.unicodeScalars {
        let character = Character(scalar)
        if special.contains(character) || whitespace.contains(character) { out.append("\\") }
        out.append(character)
      }
      return out
    }
    return backslashed(backslashed(value, ["\\", "'", ":"]), ["\\", "'", "[", "]", ",", ";"])
  }

  enum ReferenceError: Error {
    case ffmpegFailed(String)
  }
}
