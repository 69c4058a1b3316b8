import Foundation

/// The file operations that keep outputs whole: every output is first written to a hidden
/// temporary file in its destination folder and renamed into place only when complete
/// (`rename(2)` within one folder is atomic), and every temporary file is removed when the
/// render fails or is interrupted.
final class OutputFiles {
  /// Temporary files created and not yet moved into place.
  private var temporaries: Set<String> = []
  /// Folders created for outputs, outermost first; removed again when they stay empty.
  private var createdFolders: [String] = []

  deinit { removeTemporaries() }

  /// A fresh temporary path beside `path`: `.<name>.vedl-tmp-<UUID>.<ext>` (the extension
  /// kept for tools that look at it), created in the same folder so the final rename cannot
  /// cross file systems.
  func temporaryPath(for path: String) -> String {
    let url = URL(fileURLWithPath: path)
    let name = url.deletingPathExtension().lastPathComponent
    let ext = url.pathExtension
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(name).vedl-tmp-\(UUID().uuidString)" + (ext.isEmpty ? "" : ".\(ext)")).path
    temporaries.insert(temporary)
    return temporary
  }

  /// Whether `name` is one of the temporary names `temporaryPath` makes.
  static func isTemporaryName(_ name: String) -> Bool {
    name.hasPrefix(".") && name.contains(".vedl-tmp-")
  }

  /// Creates the folder that will hold `path` (and its parents) when missing.
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
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      createdFolders += missing
    } catch {
      throw .unwritableOutput(path: path, reason: "cannot create the folder \"\(folder)\": \(Self.reason(error))")
    }
  }

  /// Renames `temporary` to `path`, replacing any previous file there.
  func moveIntoPlace(_ temporary: String, to path: String) throws(RenderError) {
    if rename(temporary, path) != 0 {
      let reason = String(cString: strerror(errno))
      throw .unwritableOutput(path: path, reason: reason.prefix(1).lowercased() + reason.dropFirst())
    }
    temporaries.remove(temporary)
  }

  /// Writes `text` to `path` through a temporary file.
  func write(_ text: String, to path: String) throws(RenderError) {
    try prepareFolder(for: path)
    let temporary = temporaryPath(for: path)
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
    } catch {
      throw .unwritableOutput(path: path, reason: Self.reason(error))
    }
    try moveIntoPlace(temporary, to: path)
  }

  /// Removes every temporary file not moved into place, then the folders this render
  /// created that are still empty (a failed render leaves nothing behind).
  func removeTemporaries() {
    for path in temporaries { unlink(path) }
    temporaries.removeAll()
    for folder in createdFolders.reversed() { rmdir(folder) }
    createdFolders.removeAll()
  }

  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      let text = String(cString: strerror(Int32(underlying.code)))
      return text.prefix(1).lowercased() + text.dropFirst()
    }
    return nsError.localizedDescription
  }
}
