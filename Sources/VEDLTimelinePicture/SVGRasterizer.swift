import Foundation

/// Turns the picture's SVG into PNG with `rsvg-convert` (Debian's `librsvg2-bin`), run as a
/// subprocess: the project links no SVG library, and librsvg is the renderer the GNOME
/// desktop uses, so what it draws is what users see in an image viewer.
public struct SVGRasterizer: Sendable {
  /// The `rsvg-convert` executable.
  public var executable: String

  /// The name of the tool looked up on `PATH`.
  public static let toolName = "rsvg-convert"

  /// A rasterizer running the executable at `executable`.
  public init(executable: String) {
    self.executable = executable
  }

  /// The rasterizer found on `PATH` in `environment` (or, without a `PATH`, in the usual
  /// system folders), or `nil` when `rsvg-convert` is not installed.
  public static func locate(environment: [String: String]) -> SVGRasterizer? {
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = (String(folder) as NSString).appendingPathComponent(toolName)
      if FileManager.default.isExecutableFile(atPath: candidate) { return SVGRasterizer(executable: candidate) }
    }
    return nil
  }

  /// The PNG image of `svg`, one SVG pixel to one image pixel. Throws when the tool cannot
  /// be started or fails; the error carries what it printed.
  public func png(fromSVG svg: String) throws(SVGRasterizerError) -> Data {
    let folder = FileManager.default.temporaryDirectory
    let stem = "vedl-timeline-\(UUID().uuidString)"
    let input = folder.appendingPathComponent(stem + ".svg")
    let output = folder.appendingPathComponent(stem + ".png")
    defer {
      try? FileManager.default.removeItem(at: input)
      try? FileManager.default.removeItem(at: output)
    }
    do {
      try Data(svg.utf8).write(to: input)
    } catch {
      throw SVGRasterizerError(message: "cannot write a temporary SVG file: \(error.localizedDescription)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--format", "png", "--output", output.path, input.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw SVGRasterizerError(message: "cannot run `\(executable)`: \(error.localizedDescription)")
    }
    // The only pipe is stderr, so reading it to the end cannot deadlock against the child.
    let printed = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      let detail = printed.trimmingCharacters(in: .whitespacesAndNewlines)
      throw SVGRasterizerError(
        message: "`\(Self.toolName)` failed (status \(process.terminationStatus))"
          + (detail.isEmpty ? "" : ": \(detail)"))
    }
    guard let data = FileManager.default.contents(atPath: output.path), !data.isEmpty else {
      throw SVGRasterizerError(message: "`\(Self.toolName)` wrote no image")
    }
    return data
  }
}

/// Why an SVG could not be rasterised: the tool's own message, or why it could not run.
public struct SVGRasterizerError: Error, Sendable, Equatable {
  /// What went wrong, lowercase, without a trailing period (it ends up in a diagnostic).
  public var message: String

  /// An error saying `message`.
  public init(message: String) {
    self.message = message
  }
}
