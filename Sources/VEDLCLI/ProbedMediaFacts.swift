import Foundation
import VEDLFontRaster
import VEDLMedia
import VEDLNative
import VEDLRender
import VEDLSema

/// Media facts for the checker, read with libavformat (`VEDLMedia`) and cached per path for
/// the life of the process, so a source used by many clips is opened once.
///
/// An answer is reused only while the file is the one it was read from: each lookup compares
/// the file's identity (`stat`: inode, size, modification and change times; none when there
/// is no file) with the one taken before the probe. A file that appears, changes or goes away
/// is probed again — the language server keeps one of these for its whole session, so a
/// "missing" answer must not outlive the missing file.
final class ProbedMediaFacts: MediaFactsProvider, @unchecked Sendable {
  private struct Entry {
    var result: Result<MediaFacts, MediaFactsError>
    var identity: FileIdentity?
  }

  private let lock = NSLock()
  private var cache: [String: Entry] = [:]
  private let probe: @Sendable (String) -> Result<MediaFacts, MediaFactsError>

  /// A cache over `probe` (libavformat; tests count the probes).
  init(probe: @escaping @Sendable (String) -> Result<MediaFacts, MediaFactsError> = ProbedMediaFacts.probe) {
    self.probe = probe
  }

  func facts(forPath path: String) -> Result<MediaFacts, MediaFactsError> {
    // Taken before the probe: a file that changes during it is then seen as changed next time.
    let identity = FileIdentity.of(path: path)
    if let cached = lock.withLock({ cache[path] }), cached.identity == identity { return cached.result }
    let result = probe(path)
    lock.withLock { cache[path] = Entry(result: result, identity: identity) }
    return result
  }

  /// Whether a font file is at `path` and FreeType can scale it (E0515).
  func fontFile(atPath path: String) -> FontFileStatus {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .missing }
    guard !isFolder.boolValue else { return .unusable("it is a folder") }
    return FontFileCheck.problem(atPath: path).map(FontFileStatus.unusable) ?? .usable
  }

  static func probe(_ path: String) -> Result<MediaFacts, MediaFactsError> {
    do {
      let info = try MediaProbe.probe(path: path, options: ProbeOptions(frameCounting: .never))
      return .success(MediaFacts(probed: info))
    } catch {
      switch error {
      case .fileMissing:
        return .failure(MediaFactsError(.missing, error.message))
      case .notAFile(let path):
        // There is something at the path: "not found" would send the user looking for it.
        return .failure(MediaFactsError(.unreadable, "it is \(kind(of: path)), not a regular file"))
      case .truncated, .emptyFile, .noStreams:
        return .failure(MediaFactsError(.truncated, error.message))
      default:
        return .failure(MediaFactsError(.unreadable, error.message))
      }
    }
  }

  /// What a path that is not a regular file names, from `stat(2)` (which never opens it, so
  /// a FIFO cannot block): "a directory", "a named pipe (FIFO)", ….
  static func kind(of path: String) -> String {
    var status = stat()
    guard stat(path, &status) == 0 else { return "a special file" }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a named pipe (FIFO)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    default: return "a special file"
    }
  }
}
