import Testing
import VEDLCaptions
import VEDLSource
import VEDLTestSupport

/// The parser must never trap, whatever the bytes: seeded random files and seeded mutations of
/// valid files. Every cue it returns is well-formed and every span lies inside the file.
@Suite struct CaptionFuzzTests {
  @Test func arbitraryBytesNeverCrash() {
    // Seeded so that a failure can be reproduced; the seed is in the failure message.
    var generator = SplitMix64(seed: 0x5EED_CAB1)
    let alphabet: [UInt8] =
      Array("0123456789:,.-> \t\r\nWEBVTNOSYLRGI<>/&;#{}\\abcx".utf8) + [0x00, 0xC3, 0xA9, 0xFF, 0xEF, 0xBB, 0xBF]
    for round in 0..<400 {
      let length = Int(generator.next() % 120)
      let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      for path in ["f.srt", "f.vtt", "f.txt"] {
        let p = ParsedCaptions(bytes: bytes, path: path)
        for cue in p.cues {
          #expect(cue.start < cue.end, "round \(round), seed 0x5EED_CAB1")
          #expect(cue.span.end <= bytes.count && cue.timingSpan.start >= cue.span.start)
        }
        for diagnostic in p.diagnostics {
          #expect(diagnostic.span.end <= bytes.count, "round \(round): \(diagnostic.message)")
          #expect(diagnostic.file.path == path)
        }
      }
    }
  }

  @Test func mutatedValidFilesNeverCrash() {
    let seed: UInt64 = 0x0BAD_F11E
    var generator = SplitMix64(seed: seed)
    let valid = [
      (
        "f.srt",
        "1\r\n00:00:01,500 --> 00:00:04,000\r\n<i>Hello</i> &amp; {\\an8}\r\n\r\n2\r\n00:00:05,000 --> 00:00:06,000\r\nBye\r\n"
      ),
      (
        "f.vtt",
        "WEBVTT\n\nNOTE x\n\nid\n01:02.500 --> 01:03.000 align:start\n<v A>Hi <00:01:02.750>there\n\n00:01:04.000 --> 00:01:05.000\nx\n"
      ),
    ]
    let inserts: [UInt8] = Array("0:,.->\r\n <>&;".utf8) + [0x00, 0xC3, 0xFF]
    for round in 0..<600 {
      let (path, text) = valid[round % valid.count]
      var bytes = Array(text.utf8)
      for _ in 0..<Int(generator.next() % 4 + 1) {
        let position = Int(generator.next() % UInt64(bytes.count + 1))
        switch generator.next() % 3 {
        case 0: bytes.insert(inserts[Int(generator.next() % UInt64(inserts.count))], at: position)
        case 1: if position < bytes.count { bytes.remove(at: position) }
        default: if position < bytes.count { bytes[position] = inserts[Int(generator.next() % UInt64(inserts.count))] }
        }
      }
      let p = ParsedCaptions(bytes: bytes, path: path)
      for cue in p.cues {
        #expect(cue.start < cue.end, "seed \(seed) round \(round)")
        #expect(cue.span.end <= bytes.count && cue.timingSpan.end <= cue.span.end, "seed \(seed) round \(round)")
      }
      for diagnostic in p.diagnostics {
        #expect(diagnostic.span.end <= bytes.count, "seed \(seed) round \(round): \(diagnostic.message)")
        #expect(!diagnostic.message.contains("\n"), "seed \(seed) round \(round): \(diagnostic.message)")
      }
    }
  }
}
