import VEDLSema

/// Choices of one lowering that the timeline does not hold.
public struct LoweringOptions: Sendable, Hashable {
  /// Folder that relative font-file paths in `font "…"` resolve against (the script's
  /// folder); `nil` leaves them relative to the working directory.
  public var baseDirectory: String?
  /// Overrides the export's `quality:` (what `vedl render --quality` does).
  public var quality: QualityPreset.Name?
  /// Overrides the export's format, as when `-o OUT` names another kind of file: `.png`
  /// renders only the still frame (the export's `at:`, or the first frame).
  public var format: Export.Format?
  /// Measures text as `drawtext` draws it, to wrap a text in a `size width:` box at word
  /// boundaries; `nil` (tests, the language server) does not wrap.
  public var textMeasurer: (any TextMeasuring)?
  /// The timeline frames to render (a chunk of a chunked render), or `nil` for all. The
  /// graph's clock then starts at the window's first frame: its output is exactly the
  /// window's frames, numbered from 0 (``FilterGraph/firstFrame`` says where they lie), and
  /// has no sound (the whole edit's graph makes that). Items that show none of them are left
  /// out; an item that starts before the window makes its frames from the window's first on
  /// where its filters allow, else from its own start, cut (docs/scale-out.md); every
  /// output frame number and time the graph prints (`enable`, motion tables, caption
  /// commands, the inputs' last uses) is counted from the window's first frame. The frames
  /// are the whole edit's graph's, since no filter carries state from one item to another.
  public var window: Range<Int64>?
  /// The measured loudness correction of an export with `loudness:` (VEDLNativeAudio's
  /// `LoudnessNormaliser`, run by `vedl render` and `vedl graph`): its filters end the
  /// graph's sound. `nil` lowers the mix uncorrected (the lowering itself reads no media).
  public var loudnessCorrection: LoudnessCorrection?
  /// The envelope image of each `waveform(…)` source a clip shows, by source index: the
  /// path of the file ``WaveformPicture/envelopeImage`` wrote and the number of source
  /// frames it holds (VEDLRender's `WaveformEnvelopes`, run by `vedl render` and `vedl
  /// graph`: the lowering reads no media). A waveform clip without one cannot be lowered.
  public var waveformEnvelopes: [Int: WaveformEnvelope] = [:]

  /// Options; every one defaults to "as the timeline says" (and no wrapping).
  public init(
    baseDirectory: String? = nil, quality: QualityPreset.Name? = nil, format: Export.Format? = nil,
    textMeasurer: (any TextMeasuring)? = nil, window: Range<Int64>? = nil,
    loudnessCorrection: LoudnessCorrection? = nil
  ) {
    self.loudnessCorrection = loudnessCorrection
    self.baseDirectory = baseDirectory
    self.quality = quality
    self.format = format
    self.textMeasurer = textMeasurer
    self.window = window
  }

  /// Equal when the choices are equal and both have a text measurer or neither has one (a
  /// measurer has no identity to compare; any one measures as `drawtext` does).
  public static func == (lhs: LoweringOptions, rhs: LoweringOptions) -> Bool {
    lhs.baseDirectory == rhs.baseDirectory && lhs.quality == rhs.quality && lhs.format == rhs.format
      && lhs.window == rhs.window && (lhs.textMeasurer == nil) == (rhs.textMeasurer == nil)
      && lhs.loudnessCorrection == rhs.loudnessCorrection && lhs.waveformEnvelopes == rhs.waveformEnvelopes
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(baseDirectory)
    hasher.combine(quality)
    hasher.combine(format)
    hasher.combine(window?.lowerBound)
    hasher.combine(window?.upperBound)
    hasher.combine(textMeasurer == nil)
    hasher.combine(loudnessCorrection)
    hasher.combine(waveformEnvelopes)
  }
}

/// A waveform's envelope image on disk (``LoweringOptions/waveformEnvelopes``).
public struct WaveformEnvelope: Sendable, Hashable {
  /// The absolute path of the PGM file.
  public var path: String
  /// The source frames it holds (`2·frames` rows).
  public var frames: Int64

  public init(path: String, frames: Int64) {
    self.path = path
    self.frames = frames
  }
}
