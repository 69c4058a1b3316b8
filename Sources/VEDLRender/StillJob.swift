import Foundation
import VEDLDiagnostics
import VEDLNative
import VEDLRaster
import VEDLSema
import VEDLSource
import VEDLTime

/// One frame of the edit drawn by the native renderer and written as a PNG, JPEG or WebP
/// picture (`vedl still`), beside `RenderJob`: the frame is drawn without the watermark
/// unless an export is given (its quality's size and its watermark), encoded, then written
/// atomically (`AtomicFile`), so a reader never sees half a picture.
///
/// Refusing an output that is the script or a file it reads is the caller's, before the job
/// runs (`ProtectedFiles`), as for the commands' other `-o` files.
public struct StillJob: Sendable {
  /// The checked timeline.
  public var timeline: Timeline
  /// The frame to draw, on the canvas grid.
  public var frame: Int64
  /// The export whose picture is drawn (size and watermark); `nil` for the canvas as it is.
  public var export: Export?
  /// The picture's format.
  public var format: StillPictureFormat
  /// The picture to write (absolute).
  public var output: String
  /// The folder relative paths in the script resolve against (its own folder).
  public var baseDirectory: String

  /// A job; every property is documented above.
  public init(
    timeline: Timeline, frame: Int64, export: Export?, format: StillPictureFormat, output: String,
    baseDirectory: String
  ) {
    self.timeline = timeline
    self.frame = frame
    self.export = export
    self.format = format
    self.output = output
    self.baseDirectory = baseDirectory
  }

  /// Fails when this FFmpeg cannot encode the format (a build without `libwebp`), which
  /// `run()` would find only after drawing.
  public func checkEncoder() throws(StillError) {
    guard StillPictureEncoder.isAvailable(format) else { throw .encoderUnavailable }
  }

  /// Draws, encodes and writes the picture.
  public func run() throws(StillError) -> StillOutcome {
    try checkEncoder()
    let picture: RGBAImage
    do throws(NativeRenderError) {
      let renderer = try NativeFrameRenderer(timeline: timeline, export: export, baseDirectory: baseDirectory)
      picture = try renderer.frame(frame)
    } catch {
      throw .drawing(error)
    }
    let bytes: [UInt8]
    do throws(StillEncodingError) {
      bytes = try StillPictureEncoder.encode(picture, as: format)
    } catch {
      throw .encoding(error)
    }
    do throws(AtomicFileError) {
      try AtomicFile.write(Data(bytes), to: output)
    } catch {
      throw .writing(error)
    }
    return StillOutcome(
      frame: frame, time: timeline.canvas.grid.time(ofFrame: frame), width: picture.width, height: picture.height)
  }

  /// The diagnostic of `error`, for the script `script`; `outputName` is the `-o` value that
  /// named the picture, where diagnostics about the picture point.
  public func diagnostic(for error: StillError, script: SourceFile, outputName: String) -> Diagnostic {
    let argument = SourceFile(path: "-o", text: outputName)
    let argumentSpan = Span(start: 0, end: argument.bytes.count)
    switch error {
    case .encoderUnavailable:
      return Diagnostic(
        .renderEncodingFailed,
        "this FFmpeg has no `\(format.encoderName)` encoder, so it cannot write `\(outputName)`",
        file: argument, span: argumentSpan, help: "write a .png or .jpg instead, or install an FFmpeg with libwebp")
    case .drawing(let error):
      return Self.drawingDiagnostic(error, script: script, timeline: timeline)
    case .encoding(let error):
      return Diagnostic(
        .renderEncodingFailed, "cannot encode `\(outputName)`: \(error.message)", file: argument, span: argumentSpan)
    case .writing(let error):
      return error.diagnostic(name: outputName)
    }
  }

  /// The diagnostic of a picture the native renderer could not draw: E0818 at the item whose
  /// file has no picture for the frame (the frame `render` would stop at), E0811 at the
  /// source's string in the script when a media file is involved, E0817 otherwise.
  static func drawingDiagnostic(_ error: NativeRenderError, script: SourceFile, timeline: Timeline) -> Diagnostic {
    if let frame = error.stoppedAtFrame, let item = RenderDiagnostics.item(playingAt: frame, in: timeline),
      let span = item.span
    {
      return Diagnostic(
        .renderIncomplete, "cannot draw frame \(frame): \(error.message)", file: script, span: span,
        labels: [Label(span: span, message: "this item plays at frame \(frame)")],
        help: "`vedl render` stops at this frame too: shorten the item or trim less of its file")
    }
    guard let path = error.path else {
      return Diagnostic(
        .nativeDrawingFailed, "cannot draw the picture: \(error.message)", file: script, span: .point(0))
    }
    if let span = timeline.sources.first(where: { $0.path == path })?.pathSpan {
      return Diagnostic(
        .renderMediaUnreadable, error.message, file: script, span: span,
        help: "check the file with `vedl probe \(path)`")
    }
    return Diagnostic(
      .renderMediaUnreadable, error.message, file: SourceFile(path: path, bytes: []), span: .point(0),
      help: "check the file with `vedl probe \(path)`")
  }
}

/// Why a still picture was not written.
public enum StillError: Error, Sendable, Equatable {
  /// This FFmpeg has no encoder for the format.
  case encoderUnavailable
  /// The native renderer could not draw the frame.
  case drawing(NativeRenderError)
  /// The picture could not be encoded.
  case encoding(StillEncodingError)
  /// The file could not be written.
  case writing(AtomicFileError)
}

/// What a still job wrote.
public struct StillOutcome: Sendable, Hashable {
  /// The frame drawn, and its time on the canvas grid.
  public var frame: Int64
  public var time: Rational
  /// The picture's size.
  public var width: Int
  public var height: Int

  /// `wrote out/s.png (frame 48 at 2s, 640x360)`, with its line break; `name` is the picture
  /// as the user named it.
  public func summary(name: String) -> String {
    let moment = time.exactDecimal.map { "\($0)s" } ?? "≈\(time.decimalText(fractionDigits: 3))s"
    return "wrote \(name) (frame \(frame) at \(moment), \(width)x\(height))\n"
  }
}

extension AtomicFileError {
  /// E0502 for the file `name`, at the command-line `option` that names it (shown as a
  /// one-line file named after the option).
  public func diagnostic(name: String, option: String = "-o", help: String? = nil) -> Diagnostic {
    let argument = SourceFile(path: option, text: name)
    return Diagnostic(
      .cannotWriteFile, "cannot write `\(name)`: \(reason)", file: argument,
      span: Span(start: 0, end: argument.bytes.count), help: help)
  }
}
