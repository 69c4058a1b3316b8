import VEDLLowering
import VEDLRaster

/// Decodes the picture of an `image(…)` source (or the first picture of any file), as the
/// FFmpeg backend's `-loop 1 -i FILE` + `trim=end_frame=1` takes it: the file's first picture,
/// converted to premultiplied RGBA. The file is closed again at once; the renderer keeps the
/// picture (processed) for as long as an item shows it.
enum StillSourceDecoder {
  /// The first picture of the file at `path`, read and turned as `treatment` says.
  static func firstPicture(of path: String, treatment: SourcePictureTreatment = SourcePictureTreatment(nil))
    throws(NativeRenderError) -> RGBAImage
  {
    let reader = try MediaPictureReader(path: path, decoder: treatment.decoder)
    guard let picture = try reader.next() else {
      throw NativeRenderError("`\(path)` has no picture", path: path)
    }
    return try SourceFrameSelector.converted(
      picture, by: PictureConverter(), filter: SourcePictureFilter(treatment, path: path), path: path)
  }
}
