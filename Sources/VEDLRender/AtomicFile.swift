import Foundation

/// Why a file could not be written: a one-line reason, lower case, for `cannot write …: REASON`.
public struct AtomicFileError: Error, Sendable, Hashable {
  public var reason: String

  public init(reason: String) { self.reason = reason }
}

/// How every command but `render` and `batch` writes a file (`fmt --write`, `editor-config
/// -o`, `timeline -o`, `still -o`): through `OutputFiles`, as a render writes its outputs, so
/// readers see either the old content or the complete new content, never a partial file, and
/// a failed write leaves no temporary file or folder behind.
///
/// What is replaced is the file the path leads to: a symbolic link is followed (the link
/// stays, its target gets the new content) and the file's permission bits are kept. A file
/// with more than one hard link is the exception: a rename would detach this name from the
/// others, so it is rewritten in place instead (truncated and written from memory, the
/// content being complete beforehand) — every name keeps seeing the same file, at the cost
/// of atomicity. Missing folders are created, as `vedl render` creates them.
public enum AtomicFile {
  /// Writes `data` to `path` (absolute) as described above.
  public static func write(_ data: Data, to path: String) throws(AtomicFileError) {
    let destination = try resolvedDestination(path)
    var status = stat()
    let exists = stat(destination, &status) == 0
    if exists, status.st_mode & S_IFMT == S_IFREG, status.st_nlink > 1 {
      try writeInPlace(data, to: destination)
      return
    }
    let files = OutputFiles()
    // On failure: the temporary file and any folder created for it.
    defer { files.removeTemporaries() }
    do throws(RenderError) {
      try files.write(data, to: destination, mode: exists ? status.st_mode & 0o7777 : nil)
    } catch {
      guard case .unwritableOutput(_, let reason) = error else { throw AtomicFileError(reason: error.message) }
      throw AtomicFileError(reason: reason)
    }
  }

  /// Fails as `write` would for want of a folder: the output's folder, or the nearest one
  /// that exists above it (where the missing ones would be created), is not a folder or
  /// cannot be written to. For commands that work a while before writing.
  public static func checkWritable(_ path: String) throws(AtomicFileError) {
    let folder = (try resolvedDestination(path) as NSString).deletingLastPathComponent
    var ancestor = folder
    while !ancestor.isEmpty, ancestor != "/", !FileManager.default.fileExists(atPath: ancestor) {
      ancestor = (ancestor as NSString).deletingLastPathComponent
    }
    let lead = ancestor == folder ? "" : "cannot create the folder \"\(folder)\": "
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: ancestor, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw AtomicFileError(reason: lead + "\"\(ancestor)\" is not a folder")
    }
    guard access(ancestor, W_OK | X_OK) == 0 else { throw AtomicFileError(reason: lead + OutputFiles.errnoReason()) }
  }

  /// `path` with its symbolic links followed to the file they name, which may not exist yet
  /// (a dangling link names the file it would create). At most 40 links, as the kernel allows.
  static func resolvedDestination(_ path: String) throws(AtomicFileError) -> String {
    var current = path
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count >= 0 else { throw AtomicFileError(reason: OutputFiles.errnoReason()) }
      let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        target.hasPrefix("/")
        ? target : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
    }
    throw AtomicFileError(reason: "too many levels of symbolic links")
  }

  /// Truncates `path` and writes `data` into it: the same inode, so its other hard links
  /// see the new content.
  private static func writeInPlace(_ data: Data, to path: String) throws(AtomicFileError) {
    let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else { throw AtomicFileError(reason: OutputFiles.errnoReason()) }
    var failure = OutputFiles.writeAll(data, to: descriptor)
    if failure == nil, fsync(descriptor) != 0 { failure = OutputFiles.errnoReason() }
    if close(descriptor) != 0, failure == nil { failure = OutputFiles.errnoReason() }
    if let failure { throw AtomicFileError(reason: failure) }
  }
}
