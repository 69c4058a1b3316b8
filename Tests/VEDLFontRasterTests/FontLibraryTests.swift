import Foundation
import Testing

@testable import VEDLFontRaster

/// `FontLibrary` behaviour that does not need FFmpeg: errors, caching, concurrency.
@Suite struct FontLibraryTests {
  let sans = FontRequest(family: "DejaVu Sans", file: nil)

  @Test func aSizeBelowOneIsAnError() throws {
    let fonts = try FontLibrary()
    #expect(throws: FontError(message: "font size 0 is not positive")) {
      try fonts.render("x", font: sans, size: 0)
    }
  }

  @Test func aSizeBeyondFreeTypesLimitIsAnError() throws {
    let fonts = try FontLibrary()
    #expect(throws: FontError.self) { try fonts.render("x", font: sans, size: 70_000) }
    #expect(throws: FontError.self) { try fonts.outline("x", font: sans, size: Int.max, width: 2) }
  }

  @Test func aNegativeOutlineIsAnError() throws {
    let fonts = try FontLibrary()
    #expect(throws: FontError.self) { try fonts.outline("x", font: sans, size: 20, width: -1) }
  }

  @Test func aZeroOutlineIsEmptyWithTheTextsMetrics() throws {
    let fonts = try FontLibrary()
    let border = try fonts.outline("Hg", font: sans, size: 20, width: 0)
    let text = try fonts.render("Hg", font: sans, size: 20)
    #expect(border.mask.width == 0)
    #expect(border.textWidth == text.textWidth && border.lineHeight == text.lineHeight)
  }

  @Test func noFontsAtAllIsAnErrorNotACrash() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vedl-fc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let config = directory.appendingPathComponent("fonts.conf").path
    try "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".write(toFile: config, atomically: true, encoding: .utf8)
    let fonts = try FontLibrary(fontconfigFile: config)
    #expect(throws: FontError(message: "no font found for family `DejaVu Sans`")) {
      try fonts.render("x", font: sans, size: 20)
    }
    let missing = FontRequest(family: nil, file: directory.appendingPathComponent("none.ttf").path)
    let error = #expect(throws: FontError.self) { try fonts.fontFile(for: missing) }
    #expect(error?.message.contains("none.ttf") == true)
  }

  @Test func aFileThatIsNotAFontFallsBackToFontconfig() throws {
    let fonts = try FontLibrary()
    let notAFont = FontRequest(family: "DejaVu Serif", file: "/etc/hostname")
    #expect(try fonts.fontFile(for: notAFont).hasSuffix("DejaVuSerif.ttf"))
  }

  @Test func textStopsAtNULLikeDrawtextsCString() throws {
    let fonts = try FontLibrary()
    #expect(try fonts.render("ab\u{0}cd", font: sans, size: 20) == fonts.render("ab", font: sans, size: 20))
  }

  @Test func crlfIsOneLineBreak() throws {
    let fonts = try FontLibrary()
    let lf = try fonts.render("a\nb", font: sans, size: 20)
    #expect(try fonts.render("a\r\nb", font: sans, size: 20) == lf)
    #expect(lf.textHeight == 2 * lf.lineHeight)
  }

  @Test func concurrentRendersMatchSerialOnes() async throws {
    let fonts = try FontLibrary()
    let texts = (0..<24).map { "Line \($0) — AVA ßé \($0 * 37)" }
    let serial = try texts.map { try fonts.render($0, font: sans, size: 12 + $0.count % 5 * 10) }
    let parallel = try await withThrowingTaskGroup(of: (Int, RenderedText).self) { group in
      for (index, text) in texts.enumerated() {
        group.addTask { (index, try fonts.render(text, font: sans, size: 12 + text.count % 5 * 10)) }
      }
      var results = [RenderedText?](repeating: nil, count: texts.count)
      for try await (index, rendered) in group { results[index] = rendered }
      return results
    }
    #expect(parallel == serial)
  }
}
