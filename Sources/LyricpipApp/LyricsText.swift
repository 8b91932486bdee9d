import LyricsCore

/// The one place the play command turns LRC text into `Lyrics`, through LyricsCore's parser.
enum LyricsText {
  /// Parses text already decoded (embedded tags).
  static func parse(_ text: String) -> Lyrics {
    Lyrics()
  }

  /// Decodes and parses a file's bytes.
  static func parse(bytes: [UInt8], path: String) throws -> Lyrics {
    throw LyricsLookup.Unreadable(
      description: "\(path): the LRC parser has not landed on this branch yet")
  }
}
