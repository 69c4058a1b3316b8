import Foundation

/// Which file a path names, for telling whether an output would write over an input: the
/// device and inode of the file (symbolic links followed) when it exists, so that `./a.mp4`,
/// a symbolic link and a hard link to `a.mp4` are all the same file; otherwise the path made
/// absolute with `.`, `..` and the symbolic links of its existing folders resolved, so that
/// an output that does not exist yet still matches an input named by another spelling.
///
/// Paths are compared, never opened: a FIFO or a device is looked at with `stat(2)` only.
public enum FileKey: Sendable, Hashable {
  /// An existing file.
  case file(device: UInt64, inode: UInt64)
  /// A path with no file (yet).
  case absent(String)

  /// The key of `path`; a relative path is taken against the process's current folder.
  public init(path: String) {
    var status = stat()
    if stat(path, &status) == 0 {
      self = .file(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
      return
    }
    // `missing/../a.mp4` names no file today, but a command that creates the missing
    // folders for it writes `a.mp4`: `..` is taken away first, then the file looked for.
    let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    if stat(resolved, &status) == 0 {
      self = .file(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    } else {
      self = .absent(resolved)
    }
  }
}
