/// The lyrics formats lyricpip reads, by the names `check --json` reports and `--format`
/// takes.
public enum LyricsFormat: String, CaseIterable, Sendable {
  case lrc
  case enhancedLRC = "enhanced-lrc"
  case krc
  case qrc
  case yrc
  case ttml
  case eslyric
  case lrcx
  case lyricsfile
  /// Lyricify Syllable, word-timed with duet sides and background vocals.
  case lys
  /// Lyricify Lines, `[start,end]text`.
  case lyl

  /// The formats a document can be written in.
  public static let writable: [LyricsFormat] = [
    .lrc, .enhancedLRC, .krc, .qrc, .yrc, .ttml, .eslyric, .lys, .lyl,
  ]

  public var isWritable: Bool { Self.writable.contains(self) }

  /// Whether reading it needs a C library (zlib, libxml2, libyaml) and so the
  /// `LyricsContainers` module: TTML and lyricsfile always; KRC and QRC only in their binary or
  /// XML forms, which `LyricsFormatDetector.container` tells apart.
  public var isTextFormat: Bool { self != .ttml && self != .lyricsfile }
}
