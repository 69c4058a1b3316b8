import CFFmpeg
import Foundation

/// The head of the chain that feeds one stream of an input file into a graph, built as the
/// `ffmpeg` CLI builds it, for the main graph and for isolated chains alike.
enum InputSourceChain {
  /// What the source's trim keeps, for ending a stream as soon as the trim would drop the
  /// rest: a stream the graph no longer wants is never asked for again, and its reader (a
  /// demuxer, a decoder and its threads) would otherwise live until the render ends.
  struct TrimWindow {
    var start: Int64
    var duration: Int64?
    var firstKept: Int64?

    /// Notes a frame sent through the trim; `true` when it, and so every later frame, lies
    /// past the trim's end.
    mutating func isPastEnd(_ pts: Int64) -> Bool {
      guard pts >= start else { return false }
      if firstKept == nil { firstKept = pts }
      guard let duration, let firstKept else { return false }
      return pts - firstKept >= duration
    }
  }

  /// The source chain of one input pad, as the CLI builds it: `buffer` (parameters from the
  /// first decoded picture, or the stream's when they are complete), the rotation the file
  /// asks for, and `trim` at 0 for the seek and the duration; `abuffer` and `atrim` for sound.
  /// `name` names the source filter in FFmpeg's messages. Returns the source filter.
  static func make(
    in graph: FilterGraphContext, for pad: FilterGraphContext.OpenPad, reader: InputFileReader, kind: StreamKind,
    name: String, timestampMode: InputTimestampMode
  ) throws(MediaRenderError) -> UnsafeMutablePointer<AVFilterContext> {
    let source: UnsafeMutablePointer<AVFilterContext>
    var last: UnsafeMutablePointer<AVFilterContext>
    if kind == .video {
      source = try graph.createFilter("buffer", instance: name, arguments: videoSourceArguments(reader))
      last = source
      for (filter, arguments) in reader.options.autorotate ? rotationFilters(reader) : [] {
        let next = try graph.createFilter(filter, instance: "\(name) \(filter)", arguments: arguments)
        try graph.link(last, 0, to: next, 0)
        last = next
      }
    } else {
      source = try graph.createFilter("abuffer", instance: name, arguments: audioSourceArguments(reader))
      last = source
    }
    let options = reader.options
    if options.seek != nil || options.duration != nil {
      var integers: [(String, Int64)] = []
      // The trim starts where the seek point lies in the graph's time: 0 when inputs start at
      // their seek, the seek itself under `-copyts -start_at_zero`.
      if let seek = options.seek {
        integers.append(("starti", timestampMode == .sourceTime ? InputFileReader.microseconds(seek) : 0))
      }
      if let duration = options.duration { integers.append(("durationi", InputFileReader.microseconds(duration))) }
      let trim = try graph.createFilter(
        kind == .video ? "trim" : "atrim", instance: "\(name) trim", integerOptions: integers)
      try graph.link(last, 0, to: trim, 0)
      last = trim
    }
    try graph.link(last, 0, to: pad.filter, pad.pad)
    return source
  }

  /// The window of the trim `make` puts after a source, in the time base of the
  /// source's frames (the stream's for pictures, `1/sample_rate` for sound).
  static func trimWindow(_ reader: InputFileReader, kind: StreamKind, timestampMode: InputTimestampMode) -> TrimWindow?
  {
    let options = reader.options
    guard options.seek != nil || options.duration != nil else { return nil }
    let timeBase: AVRational
    switch kind {
    case .video:
      guard let stream = reader.stream(of: .video) else { return nil }
      timeBase = stream.pointee.time_base
    case .audio:
      guard let rate = reader.codecParameters(of: .audio)?.pointee.sample_rate, rate > 0 else { return nil }
      timeBase = AVRational(num: 1, den: rate)
    case .subtitle, .other:
      return nil
    }
    func rescale(_ microseconds: Int64) -> Int64 { av_rescale_q(microseconds, vedl_av_time_base_q(), timeBase) }
    var start: Int64 = 0
    if let seek = options.seek, timestampMode == .sourceTime {
      start = rescale(InputFileReader.microseconds(seek))
    }
    // Rounded up, so the stream is ended only once the trim has surely ended it.
    let duration = options.duration.map { rescale(InputFileReader.microseconds($0)) + 1 }
    return TrimWindow(start: start, duration: duration)
  }

  private static func videoSourceArguments(_ reader: InputFileReader) -> String {
    let timeBase = reader.stream(of: .video)!.pointee.time_base
    var width: Int32
    var height: Int32
    var format: Int32
    var aspect: AVRational
    if let frame = reader.firstFrames[.video]?.frame.pointee {
      (width, height, format, aspect) = (frame.width, frame.height, frame.format, frame.sample_aspect_ratio)
    } else {
      let parameters = reader.codecParameters(of: .video)!.pointee
      (width, height, format, aspect) = (
        parameters.width, parameters.height, parameters.format, parameters.sample_aspect_ratio
      )
    }
    if aspect.den == 0 { aspect = AVRational(num: 0, den: 1) }
    var arguments =
      "video_size=\(width)x\(height):pix_fmt=\(format):time_base=\(timeBase.num)/\(timeBase.den)"
      + ":pixel_aspect=\(aspect.num)/\(aspect.den)"
    if let rate = reader.guessedFrameRate() { arguments += ":frame_rate=\(rate.num)/\(rate.den)" }
    return arguments
  }

  private static func audioSourceArguments(_ reader: InputFileReader) -> String {
    var sampleRate: Int32
    var format: Int32
    var layout: AVChannelLayout
    if let frame = reader.firstFrames[.audio]?.frame.pointee {
      (sampleRate, format, layout) = (frame.sample_rate, frame.format, frame.ch_layout)
    } else {
      let parameters = reader.codecParameters(of: .audio)!.pointee
      (sampleRate, format, layout) = (parameters.sample_rate, parameters.format, parameters.ch_layout)
    }
    let formatName = av_get_sample_fmt_name(AVSampleFormat(rawValue: format)).map { String(cString: $0) } ?? "\(format)"
    var arguments = "time_base=1/\(sampleRate):sample_rate=\(sampleRate):sample_fmt=\(formatName)"
    var description = [CChar](repeating: 0, count: 128)
    if av_channel_layout_check(&layout) != 0, layout.order != AV_CHANNEL_ORDER_UNSPEC,
      av_channel_layout_describe(&layout, &description, description.count) > 0
    {
      arguments += ":channel_layout=" + String(nulTerminated: description)
    } else {
      arguments += ":channels=\(layout.nb_channels)"
    }
    return arguments
  }

  /// The CLI's autorotation (`-autorotate`, on by default): filters that turn a picture the
  /// way its display matrix says.
  private static func rotationFilters(_ reader: InputFileReader) -> [(String, String?)] {
    guard let stream = reader.stream(of: .video) else { return [] }
    var size = 0
    guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size),
      size >= 9 * MemoryLayout<Int32>.size
    else { return [] }
    let matrix = data.withMemoryRebound(to: Int32.self, capacity: 9) { Array(UnsafeBufferPointer(start: $0, count: 9)) }
    let rotation = matrix.withUnsafeBufferPointer { av_display_rotation_get($0.baseAddress!) }
    guard rotation.isFinite else { return [] }
    var theta = -rotation.rounded()
    theta -= 360 * (theta / 360 + 0.9 / 360).rounded(.down)
    if abs(theta - 90) < 1 { return [("transpose", matrix[3] > 0 ? "cclock_flip" : "clock")] }
    if abs(theta - 180) < 1 {
      var filters: [(String, String?)] = []
      if matrix[0] < 0 { filters.append(("hflip", nil)) }
      if matrix[4] < 0 { filters.append(("vflip", nil)) }
      return filters
    }
    if abs(theta - 270) < 1 { return [("transpose", matrix[3] < 0 ? "clock_flip" : "cclock")] }
    if abs(theta) > 1 { return [("rotate", String(format: "%f*PI/180", theta))] }
    return matrix[4] < 0 ? [("vflip", nil)] : []
  }

}
