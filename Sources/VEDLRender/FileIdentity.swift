import Foundation

/// What `stat(2)` says of a file — device, inode, size, modification and status-change times
/// to the nanosecond — recorded beside its digest in `OUT.json` so that the next render of the
/// same output can take the digest over instead of reading the file again (what `git` does
/// with its index). A file whose contents change gets a new status-change time (`st_ctime`,
/// which no program can set back) and usually a new size or modification time; a file
/// replaced by another gets a new inode.
///
/// The one way a change could go unseen is a write within the same clock tick as the recorded
/// times, so an identity is only recorded when both times are `settlingTime` older than the
/// moment the file is looked at (`isSettled(at:)`): a later write then always moves them.
public struct FileIdentity: Sendable, Hashable {
  /// `st_dev`.
  public var device: UInt64
  /// `st_ino`.
  public var inode: UInt64
  /// `st_size`.
  public var bytes: Int64
  /// `st_mtim`, nanoseconds since 1970.
  public var modified: Int64
  /// `st_ctim`, nanoseconds since 1970.
  public var changed: Int64

  /// An identity; every property is documented above.
  public init(device: UInt64, inode: UInt64, bytes: Int64, modified: Int64, changed: Int64) {
    self.device = device
    self.inode = inode
    self.bytes = bytes
    self.modified = modified
    self.changed = changed
  }

  /// How old both times must be for the identity to stand for the contents: longer than any
  /// file system's timestamp granularity (FAT's is two seconds).
  public static let settlingTime: Int64 = 3_000_000_000

  /// The identity of the regular file at `path` (symbolic links followed), or `nil` when it
  /// cannot be examined or is not a regular file.
  public static func of(path: String) -> FileIdentity? {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }
    return FileIdentity(
      device: UInt64(status.st_dev), inode: UInt64(status.st_ino), bytes: Int64(status.st_size),
      modified: nanoseconds(status.st_mtim), changed: nanoseconds(status.st_ctim))
  }

  /// Whether both times are at least `settlingTime` before `now`.
  public func isSettled(at now: Date) -> Bool {
    let limit = Int64((now.timeIntervalSince1970 * 1e9).rounded(.down)) - Self.settlingTime
    return modified < limit && changed < limit
  }
}
