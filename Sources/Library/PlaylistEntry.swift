import SystemSupport

/// One entry of a playlist as written in it (a path, relative or absolute, or a `file://` URI),
/// with the line it is on for messages.
public struct PlaylistEntry: Sendable, Equatable {
  public var location: String
  /// The title the playlist gives it (`#EXTINF`, `TitleN=`, `<title>`), if any.
  public var title: String?
  /// Where it is in the playlist (line for M3U and PLS, the track's number for XSPF).
  public var line: Int

  public init(location: String, title: String? = nil, line: Int) {
    self.location = location
    self.title = title
    self.line = line
  }

  /// The local path of this entry, relative paths resolved against `folder` (the playlist's
  /// own folder); nil for a URI that is not a local file (`http://…`).
  public func path(relativeTo folder: String) -> String? {
    if location.hasPrefix("file:") { return FileURI.path(fromURI: location) }
    if Self.hasScheme(location) { return nil }
    if location.hasPrefix("/") { return location }
    return (folder.hasSuffix("/") ? folder : folder + "/") + location
  }

  /// `scheme:` at the start (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`), and not
  /// a one-letter drive (`C:\…`).
  static func hasScheme(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":") else { return false }
    let scheme = text[..<colon]
    guard scheme.count > 1, let first = scheme.first, first.isASCII, first.isLetter else {
      return false
    }
    return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }
}
