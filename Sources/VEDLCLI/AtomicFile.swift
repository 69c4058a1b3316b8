import Foundation

/// Writes files so that readers see either the old content or the complete new content,
/// never a partial file: write a temporary file in the same folder, flush it, then rename.
public enum AtomicFile {
  /// Writes `data` to `path` atomically. When `replacingPermissionsOf` names an existing
  /// file, its permission bits are kept. On failure the temporary file is removed.
  public static func write(_ data: Data, to path: String, replacingPermissionsOf original: String? = nil) throws {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).vedl-tmp-\(UUID().uuidString)")
    do {
      try data.write(to: temporary, options: [])
      if let original, let attributes = try? FileManager.default.attributesOfItem(atPath: original),
        let permissions = attributes[.posixPermissions]
      {
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
      }
      if rename(temporary.path, path) != 0 {
        throw CocoaError(
          .fileWriteUnknown,
          userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: String(cString: strerror(errno))])
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
  }
}
