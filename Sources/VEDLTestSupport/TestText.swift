import Foundation
import VEDLSource

/// Finding places in a test's script text, and the demo edit the editor tests share.
public enum TestText {
  /// The byte offset of the `n`-th occurrence (0-based) of `needle` in `text`; a test whose
  /// needle is missing is wrong, so that stops the run.
  public static func byteOffset(of needle: String, in text: String, occurrence n: Int = 0) -> Int {
    span(of: needle, in: Array(text.utf8), occurrence: n).start
  }

  /// The byte span of the `n`-th occurrence (0-based) of `needle` in `file`.
  public static func span(of needle: String, in file: SourceFile, occurrence n: Int = 0) -> Span {
    span(of: needle, in: file.bytes, occurrence: n)
  }

  /// The byte span of the `n`-th occurrence (0-based) of `needle` in `bytes`.
  public static func span(of needle: String, in bytes: [UInt8], occurrence n: Int = 0) -> Span {
    let pattern = Array(needle.utf8)
    var found = 0
    var i = 0
    while i + pattern.count <= bytes.count {
      if bytes[i..<(i + pattern.count)].elementsEqual(pattern) {
        if found == n { return Span(start: i, end: i + pattern.count) }
        found += 1
      }
      i += 1
    }
    preconditionFailure("`\(needle)` occurs fewer than \(n + 1) times in the test's text")
  }

  /// A small valid edit with every kind of statement and a resolved timeline, and no media
  /// files: the editor tests (VEDLIDE and the language server) read it.
  public static let demoEdit = """
    vedl 1

    param title: String = "Hello"
    param accent: Color = #FF6600

    canvas 640x360 fps: 30 background: #101018

    let bars = testpattern()
    let night = color(#1E3A8A)
    let beep = tone(440)

    track main {
      clip bars duration: 3s id: opening
      crossfade 1s
      clip night duration: 4s id: closing {
        fade out: 500ms
      }
    }

    track overlay "titles" {
      text "\\(title)" at: opening.start + 1s duration: 2s {
        position bottom margin: 24
      }
      shape rect at: 3s until: closing.end {
        fill accent
      }
    }

    track audio "tone" {
      clip beep at: 0s until: end volume: -18dB
    }

    captions {
      cue 500ms..2500ms "Captions"
    }

    export "out/demo.mp4" quality: medium {
      thumbnail "out/demo.jpg" at: 1s
    }
    """
}

/// Fresh folders for a test's files.
public enum TestFolder {
  /// A new empty folder under the temporary directory, named `PREFIX-UUID`; the caller
  /// removes it.
  public static func fresh(_ prefix: String = "vedl-test") -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
