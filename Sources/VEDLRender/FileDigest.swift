import Foundation
import VEDLMedia

/// SHA-256 of files, read in blocks so that large media never sits in memory whole.
public enum FileDigest {
  /// How much is read at a time.
  static let blockSize = 1 << 20

  /// The hexadecimal SHA-256 of the contents of `path`, or `nil` when `cancellation` is
  /// raised before the end (it is looked at between blocks).
  ///
  /// - Throws: `RenderError.unreadableInput` when the file cannot be opened or read.
  public static func sha256(
    ofFileAt path: String, cancellation: CancellationFlag? = nil
  ) throws(RenderError) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
      throw .unreadableInput(path: path, reason: reason)
    }
    defer { try? handle.close() }
    var hasher = SHA256()
    while true {
      if cancellation?.isCancelled == true { return nil }
      let block: Data?
      do {
        block = try handle.read(upToCount: blockSize)
      } catch {
        throw .unreadableInput(path: path, reason: error.localizedDescription)
      }
      guard let block, !block.isEmpty else { break }
      block.withUnsafeBytes { hasher.update($0) }
    }
    return SHA256.hex(hasher.finalize())
  }
}
