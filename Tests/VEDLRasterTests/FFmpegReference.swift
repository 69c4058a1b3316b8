import Foundation
import VEDLRaster
import VEDLTestSupport

/// Reference pictures made by the `ffmpeg` CLI at test time: test patterns, and the same
/// pictures sent through one FFmpeg filter with the options the lowering writes, read back as
/// raw `rgba`. Every call runs one short `ffmpeg` process on a private temporary folder.
enum FFmpegReference {
  /// The error of a failed `ffmpeg` run, with its standard error.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// A translucent test picture: `testsrc2` with an alpha plane from a `geq` gradient with
  /// fully transparent and fully opaque regions, as straight `rgba` (FFmpeg's convention).
  static func translucentPattern(width: Int, height: Int) throws -> [UInt8] {
    let alpha = "clip(2*(X/W+Y/H)*255-200,0,255)"
    let picture = try render(
      inputs: ["-f", "lavfi", "-i", "testsrc2=s=\(width)x\(height):r=1"],
      filter: "format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='\(alpha)'", width: width, height: height)
    return picture.pixels
  }

  /// One filter chain of a batch and the size of its result.
  struct Chain {
    var filter: String
    var width: Int
    var height: Int
  }

  /// Runs straight `rgba` bytes through several filter chains in one `ffmpeg` process (the
  /// input is `split`), returning one picture per chain.
  static func filters(straight bytes: [UInt8], width: Int, height: Int, _ chains: [Chain]) throws -> [RGBAImage] {
    let folder = TestFolder.fresh("vedl-raster")
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.rgba")
    try Data(bytes).write(to: input)
    return try run(inputs: rawInput(input, width: width, height: height), chains, folder: folder)
  }

  /// A `testsrc2` picture of `width` × `height` (opaque `rgba`) and the results of sending it
  /// through each chain, from one `ffmpeg` process.
  static func testPattern(width: Int, height: Int, through chains: [Chain]) throws -> (RGBAImage, [RGBAImage]) {
    let folder = TestFolder.fresh("vedl-raster")
    defer { try? FileManager.default.removeItem(at: folder) }
    let all = [Chain(filter: "null", width: width, height: height)] + chains
    let pictures = try run(
      inputs: ["-f", "lavfi", "-i", "testsrc2=s=\(width)x\(height):r=1,format=rgba"], all, folder: folder)
    return (pictures[0], Array(pictures.dropFirst()))
  }

  /// Runs the first video of `inputs` through each chain (after a `split`).
  private static func run(inputs: [String], _ chains: [Chain], folder: URL) throws -> [RGBAImage] {
    let labels = chains.indices.map { "[s\($0)]" }.joined()
    var graph = "[0:v]split=\(chains.count)\(labels)"
    var outputs: [String] = []
    for (i, chain) in chains.enumerated() {
      graph += ";[s\(i)]\(chain.filter)[o\(i)]"
      let file = folder.appendingPathComponent("out\(i).rgba").path
      outputs += ["-map", "[o\(i)]", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-y", file]
    }
    try run(["-v", "error"] + inputs + ["-filter_complex", graph] + outputs)
    return try chains.enumerated().map { i, chain in
      let data = [UInt8](try Data(contentsOf: folder.appendingPathComponent("out\(i).rgba")))
      guard data.count == chain.width * chain.height * 4 else {
        throw Failure(
          description: "`\(chain.filter)` made \(data.count) bytes, expected \(chain.width)x\(chain.height)")
      }
      return RGBAImage(width: chain.width, height: chain.height, pixels: data)
    }
  }

  /// An output of a filter graph: its label and the size of its pictures.
  struct Output {
    var label: String
    var width: Int
    var height: Int
    var frames: Int = 1
  }

  /// An input of a filter graph: `rgba` frames written to a file.
  struct Input {
    var frames: [RGBAImage]
  }

  /// Runs a `filter_complex` `graph` over `lavfi` sources and raw pictures, in that order
  /// (`lavfi` strings first as inputs 0…, then the pictures), returning each output's frames.
  static func graph(lavfi: [String] = [], pictures: [Input] = [], _ graph: String, outputs: [Output]) throws
    -> [[RGBAImage]]
  {
    let folder = TestFolder.fresh("vedl-raster")
    defer { try? FileManager.default.removeItem(at: folder) }
    var arguments = ["-v", "error"]
    for source in lavfi { arguments += ["-f", "lavfi", "-i", source] }
    for (i, input) in pictures.enumerated() {
      let file = folder.appendingPathComponent("in\(i).rgba")
      try Data(input.frames.flatMap(\.pixels)).write(to: file)
      arguments += rawInput(file, width: input.frames[0].width, height: input.frames[0].height)
    }
    arguments += ["-filter_complex", graph]
    for (i, output) in outputs.enumerated() {
      let file = folder.appendingPathComponent("out\(i).rgba").path
      arguments += [
        "-map", "[\(output.label)]", "-frames:v", String(output.frames), "-f", "rawvideo", "-pix_fmt", "rgba", "-y",
        file,
      ]
    }
    try run(arguments)
    return try outputs.enumerated().map { i, output in
      let data = [UInt8](try Data(contentsOf: folder.appendingPathComponent("out\(i).rgba")))
      let size = output.width * output.height * 4
      guard data.count == size * output.frames else {
        throw Failure(description: "[\(output.label)] made \(data.count) bytes, expected \(output.frames) frames")
      }
      return (0..<output.frames).map {
        RGBAImage(width: output.width, height: output.height, pixels: Array(data[$0 * size..<($0 + 1) * size]))
      }
    }
  }

  /// The first frame of an `ffmpeg` run on `inputs` through `filter` (a one-input chain),
  /// as `rgba`.
  static func render(
    inputs: [String], filter: String, width: Int, height: Int, folder: URL? = nil
  ) throws -> RGBAImage {
    let place = folder ?? TestFolder.fresh("vedl-raster")
    defer { if folder == nil { try? FileManager.default.removeItem(at: place) } }
    let output = place.appendingPathComponent("out.rgba")
    try run(
      ["-v", "error"] + inputs + [
        "-vf", filter, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-y", output.path,
      ])
    let data = [UInt8](try Data(contentsOf: output))
    guard data.count == width * height * 4 else {
      throw Failure(description: "ffmpeg made \(data.count) bytes, expected \(width)x\(height) rgba")
    }
    return RGBAImage(width: width, height: height, pixels: data)
  }

  /// `-f rawvideo` input arguments for an `rgba` file.
  static func rawInput(_ file: URL, width: Int, height: Int) -> [String] {
    ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-r", "1", "-i", file.path]
  }

  /// Runs `/usr/bin/ffmpeg` (or `ffmpeg` on the `PATH`) with `arguments`.
  static func run(_ arguments: [String]) throws {
    try FFmpegCLI.mustRun(["-threads", "1"] + arguments)
  }
}

/// Picture comparisons for the tests.
enum Compare {
  /// Peak signal-to-noise ratio in dB over all four channels (infinity when identical).
  static func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    psnr(a.pixels, b.pixels)
  }

  /// PSNR of two byte arrays of the same length.
  static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    precondition(a.count == b.count, "compared pictures differ in size")
    return PSNR.decibels(a, b)
  }

  /// The largest difference of any channel of any pixel.
  static func maxDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
    zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
  }

  /// Premultiplies straight `rgba` bytes (rounding to nearest), FFmpeg's pictures in VEDL's form.
  static func premultiplied(_ straight: [UInt8]) -> [UInt8] {
    var out = straight
    for i in stride(from: 0, to: out.count, by: 4) {
      let a = Int(out[i + 3])
      for c in 0..<3 { out[i + c] = UInt8((Int(out[i + c]) * a + 127) / 255) }
    }
    return out
  }
}
