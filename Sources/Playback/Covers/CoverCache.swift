import FoundationEssentials
import SystemSupport

/// Copies of covers in a cache folder, for the desktop (MPRIS's `mpris:artUrl` is a URI that
/// panels and notifications read the picture from). Each copy is named by its content
/// (`CoverPicture.contentName`), written atomically, and written only when it is not there yet.
public struct CoverCache: Sendable {
  /// `$XDG_CACHE_HOME/lyricpip/covers` as a rule.
  public var folder: String

  public init(folder: String) {
    self.folder = folder
  }

  /// The folder under the user's cache folder; nil without one (no `HOME`).
  public static func standard(environment: [String: String]) -> CoverCache? {
    XDGDirectories(environment: environment).cache.map {
      CoverCache(folder: $0 + "/lyricpip/covers")
    }
  }

  /// The path of `picture`'s copy, written first when it is missing.
  public func store(_ picture: CoverPicture) throws -> String {
    let path = folder + "/" + picture.contentName
    if FileKind.at(path) == .other { return path }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try AtomicFile.write(Data(picture.bytes), to: URL(fileURLWithPath: path))
    return path
  }
}
