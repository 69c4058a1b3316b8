import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A test run's folder for the media it generates once (`NSTemporaryDirectory()/PREFIX-PID`
/// with a `media` folder inside): the test library has no hook to clean up after the last
/// test, so each run removes the folders of earlier runs whose process has ended.
public enum TestMediaFolder {
  /// Creates this process's folder for `prefix` (e.g. `vedl-lowering-`) and its `media`
  /// folder, after removing the stale ones, and returns its path.
  public static func make(prefix: String) throws -> String {
    let temporary = NSTemporaryDirectory()
    removeStaleFolders(prefix: prefix, in: temporary)
    let directory = temporary + prefix + "\(ProcessInfo.processInfo.processIdentifier)"
    try FileManager.default.createDirectory(atPath: directory + "/media", withIntermediateDirectories: true)
    return directory
  }

  /// Removes the folders `PREFIX-PID` in `temporary` whose process has ended.
  static func removeStaleFolders(prefix: String, in temporary: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
    for name in names where name.hasPrefix(prefix) {
      guard let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
      try? FileManager.default.removeItem(atPath: temporary + name)
    }
  }
}
