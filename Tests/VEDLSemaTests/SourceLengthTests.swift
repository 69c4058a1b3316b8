import Foundation
import Testing
import VEDLDiagnostics
import VEDLSource
import VEDLTime

@testable import VEDLSema

/// Lengths that come from sources and the limits on every length (docs/language.md §4.6.4,
/// §4.7, §5.3): a clip within what its file has (E0406), trim ÷ speed on the frame grid
/// (W0401), at least one frame (E0407), at most 12 hours (E0411).
@Suite struct SourceLengthTests {
  static let media = FakeMediaFacts([
    "ten.mp4": .success(
      MediaFacts(
        duration: Rational(10), hasVideo: true, hasAudio: true, width: 640, height: 360, frameRate: Rational(30))),
    // A picture of 2 s and a sound of 2.5 s, as AAC padding or a recording can leave them.
    "v.mp4": .success(
      MediaFacts(
        duration: Rational(5, 2)!, hasVideo: true, hasAudio: true, width: 640, height: 360, frameRate: Rational(30),
        videoDuration: Rational(2), audioDuration: Rational(5, 2)!)),
    "song.wav": .success(MediaFacts(duration: Rational(3), hasVideo: false, hasAudio: true)),
    "film.mp4": .success(
      MediaFacts(
        duration: Rational(10 * 3600), hasVideo: true, hasAudio: true, width: 640, height: 360,
        frameRate: Rational(30))),
    "blip.mp4": .success(
      MediaFacts(
        duration: Rational(1, 100)!, hasVideo: true, hasAudio: false, width: 640, height: 360,
        frameRate: Rational(100))),
    "logo.png": .success(
      MediaFacts(duration: nil, hasVideo: true, hasAudio: false, isStillImage: true, width: 20, height: 10)),
    "gone.mp4": .failure(MediaFactsError(.missing, "no such file")),
  ])

  static func check(_ text: String, media: (any MediaFactsProvider)? = media) -> (CheckResult, SourceFile) {
    let file = SourceFile(path: "/tmp/t.vedl", text: text)
    return (Checker.check(file, options: CheckOptions(media: media, baseDirectory: "/tmp")), file)
  }

  /// The diagnostics as `code: text of the span`.
  static func located(_ text: String, media: (any MediaFactsProvider)? = media) -> [String] {
    let (result, file) = check(text, media: media)
    return result.diagnostics.map { "\($0.code.id): \(file.text($0.span))" }
  }

  static func messages(_ text: String, _ code: String) -> [String] {
    check(text).0.diagnostics.filter { $0.code.id == code }.map(\.message)
  }

  // MARK: E0406

  @Test func aClipLongerThanItsFileIsAnErrorNamingEveryParty() throws {
    let text = "let ten = video(\"ten.mp4\")\ntrack main {\n  clip ten duration: 12s\n}\n"
    #expect(Self.located(text) == ["E0406: 12s"])
    let (result, file) = Self.check(text)
    let d = try #require(result.diagnostics.first)
    #expect(d.message == "`clip ten` asks for 12s of `ten.mp4` (source time 0s..12s), but `ten.mp4` is only 10s long")
    #expect(d.labels.map { file.text($0.span) } == ["video(\"ten.mp4\")"])
    #expect(d.labels.first?.message == "`ten.mp4` lasts 10s")
    #expect(d.help == "make the clip at most 10s long, or repeat it with `loop: true`")
    #expect(result.timeline == nil)

    // From the trim start, at the clip's speed.
    let fast = "let ten = video(\"ten.mp4\")\ntrack main {\n  clip ten trim: 4s..6s speed: 2x duration: 4s\n}\n"
    #expect(Self.located(fast) == ["E0406: 4s"])
    let fastError = try #require(Self.check(fast).0.diagnostics.first)
    #expect(fastError.message.contains("asks for 8s of `ten.mp4` (source time 4s..12s)"))
    #expect(fastError.notes == ["at 2x its 4s play 8s of source"])
    #expect(fastError.help == "make the clip at most 3s long, or repeat it with `loop: true`")

    // Overlay clips, `until:` included.
    let overlay = """
      let ten = video("ten.mp4")
      track main {
        clip testpattern() duration: 15s
      }
      track overlay {
        clip ten at: 1s until: end
      }

      """
    // An overlay clip outlasting its file warns that its last picture is held (W0460,
    // docs/language.md §4.15); the main track's clips keep the error.
    #expect(Self.located(overlay) == ["W0460: end"])
    let held = try #require(Self.check(overlay).0.diagnostics.first)
    #expect(held.message.hasSuffix("only has pictures for 10s of it: its last picture is held for the rest"))
    let overlayItem = Self.check(overlay).0.timeline?.tracks.last?.items.first
    #expect(overlayItem?.sourceEnd == Rational(10) && overlayItem?.endFrame == 450)
    // Within the file: no error, and the source range is what the clip plays.
    let fits = "let ten = video(\"ten.mp4\")\ntrack main {\n  clip ten trim: 2s..4s duration: 8s\n}\n"
    let item = Self.check(fits).0.timeline?.tracks.first?.items.first
    #expect(item?.sourceStart == Rational(2) && item?.sourceEnd == Rational(10))
  }

  /// A clip showing a picture needs a picture for each frame (§5.4): the source time of its
  /// last frame must come before the picture stream ends — however long the sound is.
  @Test func aPictureShorterThanItsFileLimitsClipsShowingIt() throws {
    let untrimmed = Self.check("canvas 320x180 fps: 30\ntrack main {\n  clip video(\"v.mp4\")\n}\n").0
    let item = untrimmed.timeline?.tracks.first?.items.first
    #expect(item?.end == Rational(2) && item?.endFrame == 60, "an untrimmed clip lasts as long as its picture")
    #expect(item?.sourceEnd == Rational(2))

    let trimmed = "canvas 320x180 fps: 30\ntrack main {\n  clip video(\"v.mp4\") trim: 0s..2.5s\n}\n"
    #expect(Self.located(trimmed) == ["E0406: 0s..2.5s"])
    let error = try #require(Self.check(trimmed).0.diagnostics.first)
    #expect(error.message.hasSuffix("but `v.mp4`'s picture is only 2s long"))
    #expect(error.notes == ["the file lasts 2.5s, but its picture only 2s"])
    #expect(error.help == "end the trim at 2s at the latest")

    // At 25 fps a 2 s clip has 50 frames; its last (frame 49, 1.96 s in) must show source
    // time before 2 s: from a trim start of 0.034 s it does (1.994 s), from 0.04 s it does not.
    func atStart(_ s0: String) -> [String] {
      Self.located("canvas 320x180 fps: 25\ntrack main {\n  clip video(\"v.mp4\") trim: \(s0)..2s duration: 2s\n}\n")
    }
    #expect(atStart("0.034s") == [])
    #expect(atStart("0.04s") == ["E0406: 2s"])

    // A clip playing only sound goes by the sound: up to 2.5 s.
    let sound = """
      canvas 320x180 fps: 30
      let v = video("v.mp4")
      track audio {
        clip v at: 0s
        clip v at: 3s duration: 2.5s
        clip v at: 6s duration: 2.6s
      }

      """
    // Past it, the rest is silent (W0461, docs/language.md §4.15).
    #expect(Self.located(sound) == ["W0461: 2.6s"])
    #expect(
      Self.check(sound).0.diagnostics.first?.message.hasSuffix("only has sound for 2.5s of it: the rest is silent")
        == true)
    #expect(Self.located("track audio {\n  clip audio(\"song.wav\") at: 0s duration: 4s\n}\n") == ["W0461: 4s"])
  }

  @Test func sourcesWithoutALengthAndUnknownFilesHaveNoLimit() {
    let text = """
      track main {
        clip image("logo.png") duration: 11h
      }
      track overlay {
        clip testpattern() at: 0s duration: 11h
      }
      track audio {
        clip tone(440) at: 0s duration: 11h
      }

      """
    #expect(Self.located(text) == [])
    // A missing file is reported once; its clip asks nothing more.
    let gone = "track main {\n  clip video(\"gone.mp4\") duration: 5s\n}\n"
    #expect(Self.located(gone) == ["E0510: \"gone.mp4\""])
    #expect(Self.located(gone, media: nil) == [])
  }

  // MARK: W0401 and E0407

  @Test func aTrimmedLengthOffTheGridWarnsAtTheTrimOrTheSpeedAndIsRoundedDown() throws {
    func clip(_ arguments: String) -> String {
      "canvas 320x180 fps: 30\nlet ten = video(\"ten.mp4\")\ntrack main {\n  clip ten \(arguments)\n}\n"
    }
    #expect(Self.located(clip("trim: 0s..1.01s")) == ["W0401: 0s..1.01s"])
    let (result, file) = Self.check(clip("trim: 0s..1.01s"))
    let warning = try #require(result.diagnostics.first)
    #expect(warning.message == "clip length trim `0s..1.01s` = 1.01s is not on the 30 fps frame grid")
    #expect(warning.notes == ["it is rounded down to 30 frames (1s)"])
    #expect(warning.fixIts.map { "\(file.text($0.span)) → \($0.replacement)" } == ["1.01s → 1s"])
    let item = result.timeline?.tracks.first?.items.first
    #expect(item?.end == Rational(1) && item?.endFrame == 30 && item?.sourceEnd == Rational(1))

    // 1 s at 7x is 30/7 frames: the speed makes it fall between frames.
    #expect(Self.located(clip("trim: 0s..1s speed: 7x")) == ["W0401: 7x"])
    let seven = Self.check(clip("trim: 0s..1s speed: 7x")).0
    #expect(seven.timeline?.tracks.first?.items.first?.endFrame == 4)
    #expect(seven.diagnostics.first?.fixIts.map(\.replacement) == ["28f"])
    // The trim's own length off the grid: the warning is at the trim.
    #expect(Self.located(clip("trim: 0s..1.01s speed: 2x")) == ["W0401: 0s..1.01s"])
    // On the grid: nothing.
    #expect(Self.located(clip("trim: 0s..1s speed: 3x")) == [])
  }

  @Test func aClipOfLessThanAFrameIsEmpty() {
    let untrimmed = "canvas 320x180 fps: 30\ntrack main {\n  clip video(\"ten.mp4\") speed: 100000x\n}\n"
    #expect(Self.located(untrimmed) == ["E0407: 100000x"])
    #expect(Self.messages(untrimmed, "E0407").first?.contains("lasts less than one frame") == true)
    let trimmed = "canvas 320x180 fps: 30\ntrack main {\n  clip video(\"ten.mp4\") trim: 0s..1s speed: 100000x\n}\n"
    #expect(Self.located(trimmed) == ["E0407: 100000x"])
    #expect(Self.check(trimmed).0.timeline == nil)
    let blip = "canvas 320x180 fps: 30\ntrack main {\n  clip video(\"blip.mp4\")\n}\n"
    #expect(Self.located(blip) == ["E0407: clip"])
  }

  @Test func anEditWithoutFramesIsAnError() {
    #expect(Self.located("track main {\n}\n") == ["E0407: track main {\n}"])
    #expect(Self.located("track overlay \"titles\" {\n}\n") == ["E0407: track overlay \"titles\" {\n}"])
    #expect(Self.located("export \"out.mp4\"\n") == ["E0407: export \"out.mp4\""])
    // A fragment with neither tracks nor exports is left alone.
    #expect(Self.located("canvas 320x180 fps: 30\nlet a = 1s\n") == [])
  }

  // MARK: E0411

  @Test func anEditLongerThanTwelveHoursIsAnError() {
    #expect(Self.located("track main {\n  clip testpattern() duration: 1000000h\n}\n") == ["E0411: 1000000h"])
    let twelve = Self.check("canvas 320x180 fps: 30\ntrack main {\n  clip testpattern() duration: 12h\n}\n").0
    #expect(twelve.diagnostics.isEmpty && twelve.timeline?.frameCount == 12 * 3600 * 30)
    // The sum passes the limit at the second clip; reported once.
    let two = "track main {\n  clip testpattern() duration: 7h\n  clip color(red) duration: 7h\n  gap 1h\n}\n"
    #expect(Self.located(two) == ["E0411: 7h"])
    #expect(Self.located(two).count == 1)
    #expect(
      (Self.check(two).0.diagnostics.first?.span.start ?? 0)
        > "track main {\n  clip testpattern() duration: 7h".utf8.count)
    // An item placed after the limit, at its `at:`.
    let late = "track overlay {\n  text \"x\" at: 13h duration: 1s\n}\n"
    #expect(Self.located(late) == ["E0411: 13h"])
    // Times past what a frame index holds were a crash; now they are the same error.
    let absurd = """
      track main {
        clip testpattern() duration: 1000000000000000h
        clip testpattern() duration: 1000000000000000h
      }
      track overlay {
        text "x" at: 1000000000000000h duration: 1000000000000000h
      }

      """
    #expect(Self.located(absurd) == ["E0411: 1000000000000000h", "E0411: 1000000000000000h"])
    // A trimmed length ÷ a slow speed.
    let slow = "track main {\n  clip video(\"film.mp4\") trim: 0s..10h speed: 0.5x\n}\n"
    #expect(Self.located(slow) == ["E0411: 0.5x"])
  }

  /// Cues and thumbnails far past the limit were a crash (frame indices overflowed) when the
  /// main track's end was unknown; now they are located errors.
  @Test func cuesAndThumbnailsPastTheLimitAreErrors() throws {
    let folder = NSTemporaryDirectory() + "vedl-sema-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "1\n1000000:00:00,000 --> 1000000:00:01,000\nhi\n".write(
      toFile: folder + "/late.srt", atomically: true, encoding: .utf8)
    let text = """
      track main {
        clip testpattern() duration: 1f
        crossfade 1000000000000000h
        clip testpattern() duration: 1f
      }
      captions {
        import "late.srt"
        cue 13h..14h "late"
      }
      export "a.mp4" {
        thumbnail "t.jpg" at: 1000000000000000h
      }

      """
    let file = SourceFile(path: folder + "/t.vedl", text: text)
    let result = Checker.check(file, options: CheckOptions(media: Self.media, baseDirectory: folder))
    let located = result.diagnostics.map {
      "\($0.code.id): \($0.file.path.split(separator: "/").last!) \($0.file.text($0.span))"
    }
    #expect(
      located == [
        "E0405: t.vedl crossfade 1000000000000000h", "E0411: t.vedl 13h..14h",
        "E0803: t.vedl 1000000000000000h", "E0411: late.srt 1\n1000000:00:00,000 --> 1000000:00:01,000\nhi",
      ])
  }
}
