import Foundation
import VEDLMedia

/// The lock that makes a render job the only one working on its output, from the up-to-date
/// check to the metadata: two renders of one output at once (another `--set`, a second
/// terminal, a `vedl batch` beside a `vedl render`) would otherwise leave the picture of one
/// and the `OUT.json` of the other, and the next render would call that pair up to date.
///
/// The lock is an exclusive `flock` on `.<name>.vedl-lock` beside the output, held by the job
/// from start to end; a second job waits for it (raising its cancellation flag stops the
/// wait), then checks again whether the output is up to date. The holder removes the file
/// before it lets go, so no lock file stays behind (except after `kill -9`; the next render
/// of that output takes it over and removes it). A job that got the lock on a file that was
/// removed meanwhile tries again with the file now at that name: only the file the name
/// points to locks anything. The kernel drops the lock however the process ends. On a file
/// system without `flock` (some network mounts) the job goes on without the lock, as before.
final class OutputLock {
  /// The lock file.
  let path: String
  /// The descriptor holding the lock, until `release()`.
  private var descriptor: Int32?

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit { release() }

  /// `.<name>.vedl-lock` in the folder of `output`.
  static func lockPath(for output: String) -> String {
    let url = URL(fileURLWithPath: output)
    return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).vedl-lock").path
  }

  /// How long a waiting job sleeps between two attempts (signals are observed through
  /// dispatch sources, so a blocking `flock` could not be interrupted by Ctrl-C).
  static let retryInterval: useconds_t = 50_000

  /// Takes the lock of `output`, creating its folder through `files` when missing (so a
  /// failed render removes it again). While another job holds it, calls `waiting` once and
  /// waits.
  ///
  /// - Throws: `RenderError.media(.cancelled, …)` when `cancellation` is raised while
  ///   waiting; `.unwritableOutput` when the lock file cannot be made.
  static func acquire(
    for output: String, files: OutputFiles, cancellation: CancellationFlag?, waiting: (() -> Void)?
  ) throws(RenderError) -> OutputLock {
    let path = lockPath(for: output)
    var announced = false
    while true {
      try files.prepareFolder(for: output)
      let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o666)
      guard descriptor >= 0 else { throw .unwritableOutput(path: output, reason: OutputFiles.errnoReason()) }
      while true {
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { break }
        let code = errno
        if code == EINTR { continue }
        // No `flock` here: go on unlocked rather than fail the render.
        guard code == EWOULDBLOCK else { return OutputLock(path: path, descriptor: descriptor) }
        if cancellation?.isCancelled == true {
          close(descriptor)
          throw .media(.cancelled, output: output)
        }
        if !announced {
          announced = true
          waiting?()
        }
        usleep(retryInterval)
      }
      // The holder removes the file before it lets go: a lock on a removed file is no lock.
      if OutputFiles.names(path, descriptor) { return OutputLock(path: path, descriptor: descriptor) }
      close(descriptor)
    }
  }

  /// Removes the lock file, then lets go of the lock (in that order, so a job waiting on
  /// this file finds it removed and takes the next one).
  func release() {
    guard let descriptor else { return }
    self.descriptor = nil
    unlink(path)
    close(descriptor)
  }
}
