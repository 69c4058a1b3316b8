/// Counts what a run's readers gave their picture decoders, for its summary
/// (`FilterGraphRunSummary`). Used on the filtering thread only.
final class DecodingTally {
  /// Picture packets sent to decoders.
  var picturePackets: Int64 = 0
  /// Pictures the decoders gave back.
  var decodedPictures: Int64 = 0
}
