import Foundation

/// The file operations that keep outputs whole — the one way VEDL writes a file, for the
/// render jobs and (through `AtomicFile`) for every command that writes one: every output is
/// first written to a hidden temporary file in its destination folder and renamed into place
/// only when complete (`rename(2)` within one folder is atomic), and every temporary file is
/// removed when the write fails or is interrupted.
///
/// A render killed outright (`SIGKILL`, a power cut) cannot remove its temporaries, so each
/// one is locked (`flock`, exclusive) by its render for as long as the render owns it — the
/// kernel drops the lock when the process ends, however it ends. Before a temporary is made
/// for an output, the temporaries of that output nobody holds a lock on are removed: they
/// belong to renders that no longer run. Another render's temporary for the same output is
/// locked and left alone.
final class OutputFiles {
  /// Temporary files created and not yet moved into place, each with the descriptor that
  /// holds its lock.
  private var temporaries: [String: Int32] = [:]
  /// Folders created for outputs, outermost first; removed again when they stay empty.
  private var createdFolders: [String] = []

  deinit { removeTemporaries() }

  /// Creates a fresh temporary file beside `path` — `.<name>.vedl-tmp-<UUID>.<ext>`, the
  /// extension kept for tools that look at it, in the same folder so the final rename cannot
  /// cross file systems — locks it, and returns its path. Stale temporaries of `path` are
  /// removed first (`removeStaleTemporaries(of:)`).
  func temporaryPath(for path: String) throws(RenderError) -> String {
    removeStaleTemporaries(of: path)
    let (folder, prefix, suffix) = Self.temporaryNameParts(for: path)
    // A render removing stale files may lock the new file between its creation and our lock
    // and remove it: then try another name.
    for _ in 0..<8 {
      let temporary = (folder as NSString).appendingPathComponent(prefix + UUID().uuidString + suffix)
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      guard descriptor >= 0 else { throw .unwritableOutput(path: path, reason: Self.errnoReason()) }
      // A file system without `flock` (some network mounts) keeps the file unlocked: it is
      // then never taken for stale either, as removing one needs its lock.
      let locked = flock(descriptor, LOCK_EX | LOCK_NB) == 0 || errno != EWOULDBLOCK
      if locked, Self.names(temporary, descriptor) {
        temporaries[temporary] = descriptor
        return temporary
      }
      close(descriptor)
    }
    throw .unwritableOutput(path: path, reason: "no temporary file could be kept beside it")
  }

  /// Removes the temporaries of `path` that no render holds: those of renders that were
  /// killed. A temporary another running render holds stays.
  func removeStaleTemporaries(of path: String) {
    let (folder, prefix, suffix) = Self.temporaryNameParts(for: path)
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for entry in entries where Self.isTemporaryName(entry, prefix: prefix, suffix: suffix) {
      let candidate = (folder as NSString).appendingPathComponent(entry)
      guard temporaries[candidate] == nil else { continue }
      let descriptor = open(candidate, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
      guard descriptor >= 0 else { continue }
      defer { close(descriptor) }
      // Locked: its render is running. Checked again after locking: the name may have been
      // moved into place (or removed) by its render meanwhile.
      if flock(descriptor, LOCK_EX | LOCK_NB) == 0, Self.names(candidate, descriptor) {
        unlink(candidate)
      }
    }
  }

  /// The folder, the name's start (`.<name>.vedl-tmp-`) and end (`.<ext>` or nothing) of the
  /// temporaries of `path`; a UUID goes between.
  static func temporaryNameParts(for path: String) -> (folder: String, prefix: String, suffix: String) {
    let url = URL(fileURLWithPath: path)
    let ext = url.pathExtension
    return (
      url.deletingLastPathComponent().path, ".\(url.deletingPathExtension().lastPathComponent).vedl-tmp-",
      ext.isEmpty ? "" : ".\(ext)"
    )
  }

  /// Whether `name` is a temporary name with this start and end: exactly a UUID between.
  static func isTemporaryName(_ name: String, prefix: String, suffix: String) -> Bool {
    guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count == prefix.count + 36 + suffix.count else {
      return false
    }
    let middle = String(name.dropFirst(prefix.count).dropLast(suffix.count))
    return UUID(uuidString: middle) != nil
  }

  /// Whether `path` still names the file open as `descriptor` (same device and inode).
  static func names(_ path: String, _ descriptor: Int32) -> Bool {
    var byPath = stat()
    var byDescriptor = stat()
    guard stat(path, &byPath) == 0, fstat(descriptor, &byDescriptor) == 0 else { return false }
    return byPath.st_dev == byDescriptor.st_dev && byPath.st_ino == byDescriptor.st_ino
  }

  /// `strerror(code)`, starting lowercase as our messages do.
  static func errnoReason(_ code: Int32 = errno) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
  }

  /// Creates the folder that will hold `path` (and its parents) when missing. The folders it
  /// makes are removed again by `removeTemporaries()` when they stay empty; one that fails
  /// takes those made before it along.
  func prepareFolder(for path: String) throws(RenderError) {
    let folder = (path as NSString).deletingLastPathComponent
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
      if !isDirectory.boolValue { throw .unwritableOutput(path: path, reason: "\"\(folder)\" is not a folder") }
      return
    }
    var missing: [String] = []
    var ancestor = folder
    while !ancestor.isEmpty, ancestor != "/", !FileManager.default.fileExists(atPath: ancestor) {
      missing.insert(ancestor, at: 0)
      ancestor = (ancestor as NSString).deletingLastPathComponent
    }
    var created: [String] = []
    for next in missing {
      if mkdir(next, 0o777) == 0 {
        created.append(next)
        continue
      }
      // Another job (a batch's) may have made it meanwhile: then it is not ours to remove.
      let code = errno
      if code == EEXIST, FileManager.default.fileExists(atPath: next, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        continue
      }
      for done in created.reversed() { rmdir(done) }
      throw .unwritableOutput(
        path: path, reason: "cannot create the folder \"\(folder)\": \(Self.errnoReason(code))")
    }
    createdFolders += created
  }

  /// Renames `temporary` to `path`, replacing any previous file there.
  func moveIntoPlace(_ temporary: String, to path: String) throws(RenderError) {
    if rename(temporary, path) != 0 { throw .unwritableOutput(path: path, reason: Self.errnoReason()) }
    if let descriptor = temporaries.removeValue(forKey: temporary) { close(descriptor) }
  }

  /// Writes `text` to `path` through a temporary file.
  func write(_ text: String, to path: String) throws(RenderError) {
    try write(Data(text.utf8), to: path)
  }

  /// Writes `data` to `path` through a temporary file (with permission bits `mode`, else the
  /// usual `0666` less the umask), flushed to the disk before it is moved into place, so
  /// that a crash leaves the old file or the new one.
  func write(_ data: Data, to path: String, mode: mode_t? = nil) throws(RenderError) {
    try prepareFolder(for: path)
    let temporary = try temporaryPath(for: path)
    // The descriptor that holds the temporary's lock is open for writing: write through it.
    guard let descriptor = temporaries[temporary] else {
      throw .unwritableOutput(path: path, reason: "the temporary file was closed")
    }
    var failure: String?
    if let mode, fchmod(descriptor, mode) != 0 { failure = Self.errnoReason() }
    if failure == nil { failure = Self.writeAll(data, to: descriptor) }
    if failure == nil, fsync(descriptor) != 0 { failure = Self.errnoReason() }
    if let failure { throw .unwritableOutput(path: path, reason: failure) }
    try moveIntoPlace(temporary, to: path)
  }

  /// Writes every byte of `data` at the descriptor's offset; the reason of a failure, else
  /// `nil`.
  static func writeAll(_ data: Data, to descriptor: Int32) -> String? {
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

  /// Removes every temporary file not moved into place, then the folders this render
  /// created that are still empty (a failed render leaves nothing behind).
  func removeTemporaries() {
    // Removed before the lock is dropped, so no other render sees them unlocked.
    for (path, descriptor) in temporaries {
      unlink(path)
      close(descriptor)
    }
    temporaries.removeAll()
    for folder in createdFolders.reversed() { rmdir(folder) }
    createdFolders.removeAll()
  }
}
