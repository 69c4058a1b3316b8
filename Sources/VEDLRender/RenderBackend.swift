/// Which renderer makes the pictures of a render (`vedl render --backend`). Both encode with
/// the same `EncodingSettings`, write through the same temporary file, metadata, thumbnails
/// and up-to-date rule; the backend is recorded in `OUT.json` and is part of the fingerprint,
/// so switching it renders again.
public enum RenderBackend: String, Sendable, Hashable, CaseIterable {
  /// The lowered filter graph run in-process through libavfilter (docs/render.md) — the
  /// default.
  case ffmpeg
  /// The Swift compositor: every frame drawn by `NativeFrameRenderer`, the sound mixed by
  /// `TimelineAudioMixer`, both encoded by `NativeRenderer` (docs/native.md).
  case native
}
