import VEDLSema

/// How one export is encoded: codecs, their options and the container's, derived from the
/// export's format and a ``QualityPreset``.
///
/// Options are libav `AVOption` names and values, so the in-process runner passes them to
/// `avcodec_open2`/`avformat_write_header` as dictionaries and ``FilterGraphPrinter`` writes
/// them as `-name:v value` on the `ffmpeg` command line: one table, two backends.
public struct EncodingSettings: Sendable, Hashable {
  /// How hard the encoder works. `.fastest` is for tests and previews.
  public enum Speed: String, Sendable, Hashable {
    /// libx264 `medium`, libvpx-vp9 `cpu-used 2`.
    case standard
    /// libx264 `ultrafast`, libvpx-vp9 `cpu-used 8` with the `realtime` deadline.
    case fastest
  }

  /// One `AVOption` of an encoder or muxer.
  public struct Option: Sendable, Hashable {
    /// The option's libav name (`crf`, `b`, `movflags`).
    public var name: String
    /// Its value as libav parses it.
    public var value: String

    /// The option `name` set to `value`.
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The container, from the export's extension.
  public var format: Export.Format
  /// The quality row in force.
  public var preset: QualityPreset
  /// How hard the encoders work.
  public var speed: Speed

  /// Settings for `format` at `preset`.
  public init(format: Export.Format, preset: QualityPreset, speed: Speed = .standard) {
    self.format = format
    self.preset = preset
    self.speed = speed
  }

  /// Settings for an export: its format and quality, unless `quality` overrides it (as
  /// `vedl render --quality` does).
  public init(export: Export, quality: QualityPreset.Name? = nil, speed: Speed = .standard) {
    let preset = quality.map(QualityPreset.named) ?? QualityPreset.named(export.quality) ?? QualityPreset.named(.high)
    self.init(format: export.format, preset: preset, speed: speed)
  }

  /// Whether the export is a single picture (`.png`).
  public var isStill: Bool { format == .png }

  /// The video encoder's libav name.
  public var videoCodec: String {
    switch format {
    case .mp4, .mov: "libx264"
    case .webm: "libvpx-vp9"
    case .png: "png"
    }
  }

  /// Pixel format the graph delivers and the encoder receives.
  public var pixelFormat: String { isStill ? "rgb24" : "yuv420p" }

  /// Options of the video encoder.
  public var videoOptions: [Option] {
    switch format {
    case .mp4, .mov:
      return [Option("preset", speed == .fastest ? "ultrafast" : "medium"), Option("crf", String(preset.h264CRF))]
    case .webm:
      var options = [
        preset.vp9CRF.map { Option("crf", String($0)) } ?? Option("lossless", "1"), Option("b", "0"),
        Option("row-mt", "1"),
      ]
      if speed == .fastest {
        options += [Option("deadline", "realtime"), Option("cpu-used", "8")]
      } else {
        options += [Option("deadline", "good"), Option("cpu-used", "2")]
      }
      return options
    case .png:
      return []
    }
  }

  /// The Y′CbCr matrix of a video `height` lines tall: BT.709 from 720 lines up (HD), BT.601
  /// below — the rule both backends convert and tag with.
  public static func colorMatrix(forHeight height: Int64) -> String { height >= 720 ? "bt709" : "bt601" }

  /// Options that tag the video with its colour properties, so players turn it back into the
  /// colours it was made from: the matrix of ``colorMatrix(forHeight:)`` with that
  /// standard's primaries and transfer, limited range. None for a still (RGB).
  public func colorOptions(height: Int64) -> [Option] {
    guard !isStill else { return [] }
    let name = Self.colorMatrix(forHeight: height) == "bt709" ? "bt709" : "smpte170m"
    return [
      Option("colorspace", name), Option("color_primaries", name), Option("color_trc", name),
      Option("color_range", "tv"),
    ]
  }

  /// The audio encoder's libav name; `nil` for a still.
  public var audioCodec: String? {
    switch format {
    case .mp4, .mov: "aac"
    case .webm: "libopus"
    case .png: nil
    }
  }

  /// Samples per frame the audio encoder takes: 1024 for AAC, 960 for Opus at 48 kHz.
  /// The graph delivers frames of exactly this size: the `ffmpeg` CLI may pull the first
  /// frame before it tells the sink the encoder's size, and both encoders reject larger
  /// frames (and take a smaller one only as the last).
  public static func audioFrameSize(for format: Export.Format) -> Int {
    format == .webm ? 960 : 1024
  }

  /// Options of the audio encoder.
  public var audioOptions: [Option] {
    audioCodec == nil ? [] : [Option("b", String(preset.audioBitRate))]
  }

  /// Options of the muxer: `movflags +faststart` puts the index first in `.mp4`/`.mov`, so
  /// players can start before the whole file has arrived.
  public var muxerOptions: [Option] {
    switch format {
    case .mp4, .mov: [Option("movflags", "+faststart")]
    case .png: [Option("update", "1")]
    case .webm: []
    }
  }
}
