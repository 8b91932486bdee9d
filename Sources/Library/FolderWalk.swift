import FoundationEssentials
import SystemSupport

/// The audio files under a folder, subfolders included, in album order: a folder's own files
/// (by disc and track number from their tags, then by name in `NaturalOrder`), then its
/// subfolders by name. Hidden entries (`.name`) and files that are not audio (by extension:
/// covers, logs, cue sheets) are left out quietly; a folder reached twice through a link is
/// walked once.
public struct FolderWalk: Sendable {
  /// The extensions the decoder plays.
  public static let audioExtensions: Set<String> = [
    "mp3", "flac", "ogg", "oga", "opus", "m4a", "mp4", "aac", "wav", "wma", "ape", "wv", "mka",
  ]

  /// Reads a file's album position (its tags); called once per audio file of the walk.
  public var position: @Sendable (String) -> AlbumPosition

  public init(position: @escaping @Sendable (String) -> AlbumPosition) {
    self.position = position
  }

  /// Whether `path` names an audio file by its extension.
  public static func isAudio(_ path: String) -> Bool {
    guard let dot = path.lastIndex(of: "."), path[dot...].count > 1 else { return false }
    return audioExtensions.contains(path[path.index(after: dot)...].lowercased())
  }

  /// The audio files under `folder`, in album order. A folder that cannot be listed gives
  /// nothing (and a warning through `warn`).
  public func files(under folder: String, warn: (String) -> Void = { _ in }) -> [String] {
    var files: [String] = []
    var visited: Set<String> = []
    walk(folder, into: &files, visited: &visited, warn: warn)
    return files
  }

  private func walk(
    _ folder: String, into files: inout [String], visited: inout Set<String>,
    warn: (String) -> Void
  ) {
    guard visited.insert(Self.realPath(folder) ?? folder).inserted else { return }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      warn("cannot list the folder \(folder)")
      return
    }
    let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    var tracks: [String] = []
    var subfolders: [String] = []
    for name in names.sorted(by: NaturalOrder.precedes) where !name.hasPrefix(".") {
      let path = base + "/" + name
      switch FileKind.at(path) {
      case .directory: subfolders.append(path)
      case .other: if Self.isAudio(name) { tracks.append(path) }
      case .missing: break  // a dangling link
      }
    }
    files += AlbumOrder.sorted(tracks, position: position)
    for subfolder in subfolders { walk(subfolder, into: &files, visited: &visited, warn: warn) }
  }

  private static func realPath(_ path: String) -> String? {
    try? FileStatus.resolvedPath(path).get()
  }
}
