import Foundation
import VEDLSource

/// File and folder proposals inside path strings: the entries of the folder typed so far
/// (relative to the script's folder), filtered by the extensions the argument accepts.
enum PathCompletion {
  /// Extensions (lowercase, without the dot) accepted for a kind of path; `nil` for any.
  static func extensions(for kind: CompletionSite.PathKind?) -> Set<String>? {
    switch kind {
    case .video?: ["mp4", "mov", "m4v", "mkv", "webm", "avi", "mpg", "mpeg", "ts", "mxf", "gif"]
    case .image?: ["png", "jpg", "jpeg", "webp", "bmp", "gif", "tif", "tiff"]
    case .audio?: ["wav", "mp3", "m4a", "aac", "flac", "ogg", "opus", "aif", "aiff"]
    case .captions?: ["srt", "vtt"]
    case .thumbnail?: ["jpg", "jpeg"]
    case .export?: ["mp4", "mov", "webm", "png"]
    case .look?: ["cube"]
    case nil: nil
    }
  }

  /// At most this many entries are listed from one folder.
  static let maximumEntries = 500

  /// Proposals for the text `typed` so far inside the string; each replaces the part after
  /// the last `/` (`replacing`).
  static func items(kind: CompletionSite.PathKind?, typed: String, baseDirectory: String, replacing: Span)
    -> [CompletionItem]
  {
    let folderPart: String
    let namePrefix: String
    if let slash = typed.lastIndex(of: "/") {
      folderPart = String(typed[...slash])
      namePrefix = String(typed[typed.index(after: slash)...])
    } else {
      folderPart = ""
      namePrefix = typed
    }
    let expanded = (folderPart as NSString).expandingTildeInPath
    let folder = expanded.hasPrefix("/") ? expanded : (baseDirectory as NSString).appendingPathComponent(expanded)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
    let accepted = extensions(for: kind)
    var folders: [String] = []
    var files: [String] = []
    for name in names.sorted() {
      if name.hasPrefix("."), !namePrefix.hasPrefix(".") { continue }
      var isDirectory: ObjCBool = false
      guard
        FileManager.default.fileExists(
          atPath: (folder as NSString).appendingPathComponent(name), isDirectory: &isDirectory)
      else { continue }
      if isDirectory.boolValue {
        folders.append(name)
      } else if accepted.map({ $0.contains((name as NSString).pathExtension.lowercased()) }) ?? true {
        files.append(name)
      }
      if folders.count + files.count >= maximumEntries { break }
    }
    var items: [CompletionItem] = []
    for name in folders {
      items.append(
        CompletionItem(
          label: name + "/", kind: .folder, detail: "folder", insertText: name + "/", replacing: replacing,
          sortKey: "0" + name))
    }
    for name in files {
      items.append(
        CompletionItem(
          label: name, kind: .file, detail: folderPart + name, insertText: name, replacing: replacing,
          sortKey: "1" + name))
    }
    return items
  }
}
