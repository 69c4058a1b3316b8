import Foundation

/// Why a file could not be written: a one-line reason, lower case, for `cannot write …: REASON`.
struct AtomicFileError: Error, Sendable, Hashable {
  var reason: String
}

/// How every command but `render` and `batch` writes a file (`fmt --write`, `editor-config
/// -o`, `timeline -o`, `still -o`): readers see either the old content or the complete new
/// content, never a partial file — a temporary file is written in the same folder, flushed,
/// then renamed over the destination.
///
/// What is replaced is the file the path leads to: a symbolic link is followed (the link
/// stays, its target gets the new content) and the file's permission bits are kept. A file
/// with more than one hard link is the exception: a rename would detach this name from the
/// others, so it is rewritten in place instead (truncated and written from memory, the
/// content being complete beforehand) — every name keeps seeing the same file, at the cost
/// of atomicity. Missing folders are created, as `vedl render` creates them.
enum AtomicFile {
  /// Writes `data` to `path` (absolute) as described above. On failure the temporary file
  /// and any folder created for it are removed.
  static func write(_ data: Data, to path: String) throws(AtomicFileError) {
    let destination = try resolvedDestination(path)
    var status = stat()
    let exists = stat(destination, &status) == 0
    if exists, status.st_mode & S_IFMT == S_IFREG, status.st_nlink > 1 {
      try writeInPlace(data, to: destination)
      return
    }
    let created = try createFolders(for: destination)
    do throws(AtomicFileError) {
      try replace(destination, with: data, mode: exists ? status.st_mode & 0o7777 : nil)
    } catch {
      for folder in created.reversed() { rmdir(folder) }
      throw error
    }
  }

  /// Fails as `write` would for want of a folder: the output's folder, or the nearest one
  /// that exists above it (where the missing ones would be created), is not a folder or
  /// cannot be written to. For commands that work a while before writing.
  static func checkWritable(_ path: String) throws(AtomicFileError) {
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
    guard access(ancestor, W_OK | X_OK) == 0 else { throw AtomicFileError(reason: lead + errnoReason()) }
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
      guard count >= 0 else { throw AtomicFileError(reason: errnoReason()) }
      let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        target.hasPrefix("/")
        ? target : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
    }
    throw AtomicFileError(reason: "too many levels of symbolic links")
  }

  /// Creates the missing folders above `path`; returns them, outermost first.
  private static func createFolders(for path: String) throws(AtomicFileError) -> [String] {
    let folder = (path as NSString).deletingLastPathComponent
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw AtomicFileError(reason: "\"\(folder)\" is not a folder") }
      return []
    }
    var missing: [String] = []
    var ancestor = folder
    while !ancestor.isEmpty, ancestor != "/", !FileManager.default.fileExists(atPath: ancestor) {
      missing.insert(ancestor, at: 0)
      ancestor = (ancestor as NSString).deletingLastPathComponent
    }
    for (index, created) in missing.enumerated() where mkdir(created, 0o777) != 0 {
      let reason = errnoReason()
      for done in missing[..<index].reversed() { rmdir(done) }
      throw AtomicFileError(reason: "cannot create the folder \"\(created)\": \(reason)")
    }
    return missing
  }

  /// Writes a temporary file beside `path` with `data` (with permission bits `mode`, else
  /// the usual `0666` less the umask), flushes it and renames it over `path`.
  private static func replace(_ path: String, with data: Data, mode: mode_t?) throws(AtomicFileError) {
    let url = URL(fileURLWithPath: path)
    let temporary = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).vedl-tmp-\(UUID().uuidString)"
    ).path
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw AtomicFileError(reason: errnoReason()) }
    var failure: String?
    if let mode, fchmod(descriptor, mode) != 0 { failure = errnoReason() }
    if failure == nil { failure = writeAll(data, to: descriptor) }
    if failure == nil, fsync(descriptor) != 0 { failure = errnoReason() }
    if close(descriptor) != 0, failure == nil { failure = errnoReason() }
    if failure == nil, rename(temporary, path) != 0 { failure = errnoReason() }
    if let failure {
      unlink(temporary)
      throw AtomicFileError(reason: failure)
    }
  }

  /// Truncates `path` and writes `data` into it: the same inode, so its other hard links
  /// see the new content.
  private static func writeInPlace(_ data: Data, to path: String) throws(AtomicFileError) {
    let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else { throw AtomicFileError(reason: errnoReason()) }
    var failure = writeAll(data, to: descriptor)
    if failure == nil, fsync(descriptor) != 0 { failure = errnoReason() }
    if close(descriptor) != 0, failure == nil { failure = errnoReason() }
    if let failure { throw AtomicFileError(reason: failure) }
  }

  /// Writes every byte of `data`; the reason of a failure, else `nil`.
  private static func writeAll(_ data: Data, to descriptor: Int32) -> String? {
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> String? in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errnoReason()
        }
        offset += written
      }
      return nil
    }
  }

  /// `strerror(errno)`, starting lowercase as our messages do.
  private static func errnoReason() -> String {
    let text = String(cString: strerror(errno))
    return text.prefix(1).lowercased() + text.dropFirst()
  }
}
