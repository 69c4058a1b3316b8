import VEDLRaster

/// Decodes the picture of an `image(…)` source (or the first picture of any file), as the
/// FFmpeg backend's `-loop 1 -i FILE` + `trim=end_frame=1` takes it: the file's first picture,
/// converted to premultiplied RGBA. The file is closed again at once; the renderer keeps the
/// picture (processed) for as long as an item shows it.
enum StillSourceDecoder {
  /// The first picture of the file at `path`.
  static func firstPicture(of path: String) throws(NativeRenderError) -> RGBAImage {
    let reader = try MediaPictureReader(path: path)
    guard let picture = try reader.next() else {
      throw NativeRenderError("`\(path)` has no picture", path: path)
    }
    guard let image = PictureConverter().convert(picture.frame) else {
      throw NativeRenderError("cannot convert the picture of `\(path)` to RGBA", path: path)
    }
    return image
  }
}
