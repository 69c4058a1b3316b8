import Foundation
import Testing
import VEDLFontRaster

/// `FontFileCheck` (E0515 at check time): an outline font passes; a file FreeType cannot open
/// and a bitmap-only colour emoji font — both of which `drawtext` would quietly replace — do not.
@Suite struct FontFileCheckTests {
  @Test func anOutlineFontPasses() {
    #expect(FontFileCheck.problem(atPath: DrawtextMatchTests.dejaVuSans) == nil)
  }

  @Test func bytesThatAreNotAFontAreNamed() throws {
    let path = NSTemporaryDirectory() + "not-a-font-\(UUID().uuidString).ttf"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(to: URL(fileURLWithPath: path))
    let problem = try #require(FontFileCheck.problem(atPath: path))
    #expect(problem.hasPrefix("it is not a font FreeType can open"), "\(problem)")
  }

  @Test func aBitmapOnlyFontIsNamed() throws {
    // Installed by scripts/install-deps.sh (fonts-noto-color-emoji).
    let emoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
    try #require(FileManager.default.fileExists(atPath: emoji), "install fonts-noto-color-emoji")
    #expect(
      FontFileCheck.problem(atPath: emoji) == "it is a bitmap font with fixed sizes only, which text cannot scale")
  }
}
