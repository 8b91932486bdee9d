/// The playlist formats `play` reads, told by the file's extension.
public enum PlaylistKind: String, Sendable, CaseIterable {
  /// `.m3u` and `.m3u8` (the same format; M3U8 is always UTF-8).
  case m3u
  case pls
  case xspf

  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "m3u", "m3u8": self = .m3u
    case "pls": self = .pls
    case "xspf": self = .xspf
    default: return nil
    }
  }

  /// The entries of a playlist of this kind.
  func entries(_ bytes: [UInt8]) throws(XSPFReader.Malformed) -> [PlaylistEntry] {
    switch self {
    case .m3u: M3UReader.entries(bytes)
    case .pls: PLSReader.entries(bytes)
    case .xspf: try XSPFReader.entries(bytes)
    }
  }
}
