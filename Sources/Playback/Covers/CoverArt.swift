import SystemSupport

/// Finds a track's cover: the audio file's attached picture (read through FFmpeg), else a picture
/// file beside it (`cover.jpg`, `cover.png`, `folder.jpg`, in that order, the case of the names
/// ignored). It opens and reads files, so it is called on a thread of its own, never with a lock
/// held or on the window thread.
public enum CoverArt {
  /// The names looked for beside the audio file, best first, lowercased.
  public static let besideNames = ["cover.jpg", "cover.jpeg", "cover.png", "folder.jpg"]

  /// A picture larger than this is not a cover anyone meant to show (nor to keep in memory).
  static let largestBytes = 16 << 20

  /// The cover of the audio file at `path`, nil when it has none. `attachedPicture` is what
  /// the track's decoder saw (`TrackInfo.hasAttachedPicture`): false skips opening the file.
  public static func find(forTrack path: String, attachedPicture: Bool? = nil) -> CoverPicture? {
    (attachedPicture == false ? nil : embedded(in: path)) ?? beside(path)
  }

  /// The attached picture, when FFmpeg opens the file and one is there.
  public static func embedded(in path: String) -> CoverPicture? {
    FFmpeg.quiet()
    guard let container = try? FormatContext(path: path, readingStreamInfo: false),
      let bytes = container.attachedPicture(), bytes.count <= largestBytes
    else { return nil }
    return CoverPicture(bytes: bytes, origin: .embedded)
  }

  /// The first of `besideNames` in the audio file's folder that holds a JPEG or PNG picture.
  public static func beside(_ path: String) -> CoverPicture? {
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    let entries = names(in: folder.isEmpty ? "/" : folder)
    for wanted in besideNames {
      for name in entries where name.lowercased() == wanted {
        let candidate = folder + "/" + name
        if let bytes = contents(of: candidate),
          let picture = CoverPicture(bytes: bytes, origin: .file(candidate))
        {
          return picture
        }
      }
    }
    return nil
  }

  /// The entries of `folder` (nothing when it cannot be read), sorted so that the choice
  /// between `Cover.jpg` and `cover.jpg` is always the same one.
  static func names(in folder: String) -> [String] {
    (FileStatus.names(in: folder) ?? []).sorted()
  }

  private static func contents(of path: String) -> [UInt8]? {
    guard let file = try? PosixFile(readingAt: path),
      let status = try? file.status(), status.kind == .regular, status.size <= largestBytes
    else { return nil }
    return try? file.read(upTo: largestBytes)
  }
}
