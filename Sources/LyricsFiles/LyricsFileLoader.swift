import LyricsContainers
import LyricsCore
import SystemSupport

/// Reads and parses one lyrics file, the one way `play --lyrics`, the lookup beside the audio
/// and a script's `lyrics` do, in any format lyricpip reads (told by its content); a file that
/// cannot be read, or a damaged container, says so in one line.
public enum LyricsFileLoader {
  public struct Unreadable: Error, CustomStringConvertible {
    public var description: String
  }

  /// - Parameter name: how the message names the file (a script's path as written); by default
  ///   the path.
  public static func read(_ path: String, shownAs name: String? = nil) throws(Unreadable)
    -> Lyrics
  {
    let shown = name ?? path
    let kind = FileKind.at(path)
    guard kind != .missing else { throw Unreadable(description: "\(shown): no such file") }
    guard kind != .directory else { throw Unreadable(description: "\(shown) is a directory") }
    do {
      let bytes = try LyricsFileReader.read(path: path)
      return try LyricsDocumentReader.read(bytes, transcoder: IconvTranscoder()).result.lyrics
    } catch {
      throw Unreadable(description: "\(shown): \(error)")
    }
  }
}
