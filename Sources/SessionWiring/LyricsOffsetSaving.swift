import FoundationEssentials
import LyricsCore
import LyricsFiles
import SystemSupport

/// Saves a live offset change into a lyrics file, when the user asks (Ctrl+S in a window): the
/// file's `[offset:]` tag becomes its current value plus the change, and nothing else in the
/// file changes (`LRCOffsetEdit`). The file is replaced atomically, with its permissions; a
/// symbolic link is followed, so the link stays and its target changes.
public enum LyricsOffsetSaving {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The lyrics as they read after the save, and the offset now in the file.
  public struct Saved: Sendable {
    public var lyrics: Lyrics
    public var fileOffsetMs: Int
  }

  public static func save(addingMs change: Int, to path: String) throws(Failure) -> Saved {
    let target: String
    let status: FileStatus
    switch FileStatus.resolvedPath(path).flatMap({ resolved in
      FileStatus.of(resolved).map { (resolved, $0) }
    }) {
    case .success(let found): (target, status) = found
    case .failure(let error): throw Failure(description: "\(path): \(error)")
    }
    do {
      let bytes = try LyricsFileReader.read(path: target)
      let edited = try LRCOffsetEdit.moving(byMs: change, in: bytes)
      try AtomicFile.write(
        Data(edited.bytes), to: URL(fileURLWithPath: target),
        permissions: status.permissions)
      return Saved(lyrics: edited.lyrics, fileOffsetMs: edited.lyrics.offsetMs)
    } catch {
      throw Failure(description: "\(path): \(error)")
    }
  }
}
