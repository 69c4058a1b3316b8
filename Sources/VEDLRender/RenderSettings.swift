import VEDLLowering
import VEDLSource

/// Choices of one `vedl render` that are not in the timeline: where the script came from
/// (for the fingerprint), the `--set` values, `--quality`, `--backend`, `--force`.
public struct RenderSettings: Sendable {
  /// The script as read; its bytes are part of the fingerprint.
  public var script: SourceFile
  /// The folder relative paths in the script resolve against (its own folder).
  public var baseDirectory: String
  /// `--set NAME=VALUE` values in the order given.
  public var parameters: [ParameterValue]
  /// `--quality`, overriding every export's `quality:`.
  public var quality: QualityPreset.Name?
  /// How hard the encoders work (`.fastest` for tests and previews).
  public var speed: EncodingSettings.Speed
  /// Which renderer makes the pictures (`--backend`).
  public var backend: RenderBackend
  /// Render even when the output is up to date (`--force`).
  public var force: Bool
  /// The compiler's version, recorded in the metadata and part of the fingerprint (a new
  /// compiler may lower the same script differently).
  public var toolVersion: String
  /// Where digests of settled inputs are kept between outputs (`DigestMemo`): in memory by
  /// default; the CLI uses the user's cache folder (`DigestMemo.forUser`).
  public var digests: DigestMemo
  /// Files the job must not write over besides the timeline's own inputs, which it adds
  /// itself: the CLI gives the script and `vedl batch`'s data (`ProtectedFiles`).
  public var protected: ProtectedFiles = ProtectedFiles()
  /// The plan a job of a plan must match (`--expect-plan`, docs/scale-out.md): the render
  /// refuses (`RenderError.planChanged`) when its fingerprint, or a chunked render's plan
  /// hash, differs.
  public var expectedPlan: String? = nil

  /// Settings; every property is documented above.
  public init(
    script: SourceFile, baseDirectory: String, parameters: [ParameterValue] = [], quality: QualityPreset.Name? = nil,
    speed: EncodingSettings.Speed = .standard, backend: RenderBackend = .ffmpeg, force: Bool = false,
    toolVersion: String, digests: DigestMemo = .shared
  ) {
    self.script = script
    self.baseDirectory = baseDirectory
    self.parameters = parameters
    self.quality = quality
    self.speed = speed
    self.backend = backend
    self.force = force
    self.toolVersion = toolVersion
    self.digests = digests
  }
}

/// One `--set NAME=VALUE`.
public struct ParameterValue: Sendable, Hashable {
  /// The parameter's name.
  public var name: String
  /// The value as written on the command line.
  public var value: String

  /// `name=value`.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}
