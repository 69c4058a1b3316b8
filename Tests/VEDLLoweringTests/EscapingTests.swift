import Foundation
import Testing
import VEDLSema
import VEDLTestSupport
import VEDLTime

@testable import VEDLLowering

/// FFmpeg's `av_get_token` (libavutil/avstring.c), ported to read back what the printer
/// writes: `\x` is `x`, `'…'` is verbatim, unescaped whitespace at the ends is dropped, and
/// the token ends at an unescaped, unquoted terminator.
func avGetToken(_ text: inout Substring, terminators: Set<Character>) -> String {
  let whitespace: Set<Character> = [" ", "\n", "\t", "\r"]
  while let c = text.first, whitespace.contains(c) { text = text.dropFirst() }
  var out: [Character] = []
  var end = 0
  while let c = text.first, !terminators.contains(c) {
    text = text.dropFirst()
    if c == "\\", let next = text.first {
      out.append(next)
      text = text.dropFirst()
      end = out.count
    } else if c == "'" {
      while let q = text.first, q != "'" {
        out.append(q)
        text = text.dropFirst()
      }
      if text.first == "'" {
        text = text.dropFirst()
        end = out.count
      }
    } else {
      out.append(c)
    }
  }
  while out.count > end, let last = out.last, whitespace.contains(last) { out.removeLast() }
  return String(out)
}

/// Parses one printed filter (`name=key=value:…`) the way `avfilter_graph_parse2` and the
/// filter's option parser do, returning its name and options.
func parseFilter(_ printed: String) -> (name: String, options: [(String, String)]) {
  var rest = Substring(printed)
  let name = avGetToken(&rest, terminators: ["=", ",", ";", "["])
  guard rest.first == "=" else { return (name, []) }
  rest = rest.dropFirst()
  let args = avGetToken(&rest, terminators: ["[", "]", ",", ";"])
  var options: [(String, String)] = []
  var a = Substring(args)
  while !a.isEmpty {
    let key = String(a.prefix { $0 != "=" })
    a = a.dropFirst(key.count + 1)
    options.append((key, avGetToken(&a, terminators: [":"])))
    if a.first == ":" { a = a.dropFirst() }
  }
  return (name, options)
}

@Suite struct EscapingTests {
  static let nasty = [
    "It's 5:00, ok; [x] \\ back\\slash %{pts} 100%",
    "two\nlines",
    "  padded both ends  ",
    "'quoted'",
    "\\",
    "",
    "a,b;c[d]e:f=g",
    "/media/my clip's: a,b [1].mp4",
    "ünïcödé — 😀",
    "trailing newline\n",
  ]

  @Test(arguments: nasty)
  func valuesSurviveBothLevels(_ value: String) {
    let printed = FilterGraphPrinter.filterText(Filter("drawtext", ["text": value, "x": "(w-tw)/2"]))
    let parsed = parseFilter(printed)
    #expect(parsed.name == "drawtext")
    #expect(parsed.options.count == 2)
    #expect(parsed.options.first?.0 == "text")
    #expect(parsed.options.first?.1 == value, "printed as \(printed)")
    #expect(parsed.options.last?.1 == "(w-tw)/2")
  }

  @Test func randomValuesRoundTrip() {
    var rng = SplitMix64(seed: 0x5EED_1234)
    let alphabet = Array("ab \\':,;[]=%{}\n\t\"é😀")
    for _ in 0..<2000 {
      let length = Int(rng.next() % 12)
      let value = String((0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
      let printed = FilterGraphPrinter.filterText(Filter("f", ["k": value, "last": value]))
      let parsed = parseFilter(printed)
      #expect(
        parsed.options.map(\.1) == [value, value], "seed 0x5EED1234, value \(value.debugDescription) printed \(printed)"
      )
    }
  }

  @Test func plainValuesStayReadable() {
    #expect(FilterEscaping.filterOption("1920") == "1920")
    #expect(FilterEscaping.filterOption("between(n,0,89)") == "'between(n,0,89)'")
    #expect(FilterEscaping.filterOption("DejaVu Sans:style=Bold") == "'DejaVu Sans\\:style=Bold'")
    #expect(FilterEscaping.optionValue("a:b") == "a\\:b")
    #expect(FilterEscaping.graphLevel("x[1]") == "'x[1]'")
  }

  @Test func shellQuoting() {
    #expect(FilterEscaping.shellQuoted("-filter_complex") == "-filter_complex")
    #expect(FilterEscaping.shellQuoted("[v]") == "'[v]'")
    #expect(FilterEscaping.shellQuoted("it's") == "'it'\\''s'")
    #expect(FilterEscaping.shellQuoted("") == "''")
  }

  /// Renders one frame of text with the printed `text=` and with `textfile=` (which is read
  /// raw), and expects the same pixels: the escaped string reached `drawtext` literally.
  @Test(arguments: ["It's 5:00, ok; [x] \\ back\\slash %{pts} 100%", " lead [a]\nsecond: 'line'"])
  func drawtextGetsTheLiteralString(_ text: String) throws {
    let media = try GeneratedMedia.get()
    let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    let textFile = media.directory + "/text-\(UUID().uuidString).txt"
    try Data(text.utf8).write(to: URL(fileURLWithPath: textFile))
    func render(_ options: KeyValuePairs<String, String>) throws -> Data {
      var draw = Filter("drawtext", options)
      draw.options += [
        .init("fontfile", font), .init("fontsize", "14"), .init("fontcolor", "white"), .init("x", "4"), .init("y", "4"),
      ]
      let graph = FilterGraph(
        inputs: [],
        chains: [
          FilterChain(
            inputs: [],
            filters: [
              Filter("color", ["color": "black", "size": "400x48", "rate": "1"]), Filter("trim", ["end_frame": "1"]),
              draw,
            ], outputs: ["v"])
        ],
        videoOutput: "v", audioOutput: nil, frameRate: FrameRate(1)!, width: 400, height: 48, duration: .one,
        frameCount: 1)
      let result = try FFmpegCLI.run(
        [
          "-v", "error", "-filter_complex", FilterGraphPrinter.filterComplex(graph), "-map", "[v]", "-f", "rawvideo",
          "-pix_fmt", "gray", "-",
        ])
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout
    }
    let escaped = try render(["text": text, "expansion": "none"])
    let fromFile = try render(["textfile": textFile, "expansion": "none"])
    #expect(escaped.count == 400 * 48)
    #expect(escaped == fromFile)
    #expect(escaped.contains { $0 > 128 }, "some text was drawn")
  }

  /// Paths with spaces, quotes, colons, commas and brackets work as inputs (argv) and as a
  /// `fontfile=` option value (escaped).
  @Test func awkwardPathsRender() throws {
    let media = try GeneratedMedia.get()
    let folder = media.directory + "/odd dir's [1]; a,b"
    try FileManager.default.createDirectory(atPath: folder + "/media", withIntermediateDirectories: true)
    let video = folder + "/media/my clip: a,b.mp4"
    let font = folder + "/Font: a,b's [x].ttf"
    if !FileManager.default.fileExists(atPath: video) {
      try FileManager.default.copyItem(atPath: media.index30, toPath: video)
      try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: font)
    }
    let script = """
      canvas 64x48
      track main { clip video("media/my clip: a,b.mp4") trim: 0s..10f }
      track overlay { text "x" at: 0s duration: 10f { font "Font: a,b's [x].ttf" size: 10 } }
      """
    let facts = FakeMediaFacts(["my clip: a,b.mp4": .success(GeneratedMedia.indexFacts)])
    let timeline = try Harness.timeline(script, directory: folder, media: facts)
    let graph = try Harness.graph(timeline, options: LoweringOptions(baseDirectory: folder))
    let output = folder + "/out put's.mp4"
    let settings = EncodingSettings(format: .mp4, preset: QualityPreset.named(.low), speed: .fastest)
    try FFmpegCLI.mustRun(FilterGraphPrinter.command(graph, output: output, encoding: settings))
    #expect(try FFmpegCLI.grayFrames(output, width: 64, height: 48).count == 10)
  }
}
