/// The text formats by name: parse UTF-8 text as one of them, or write a document in one.
/// TTML and lyricsfile need a C library and live in `LyricsContainers`, which calls these for
/// everything else.
public enum LyricsTextFormats {
  /// Nil for a format that is not plain text (TTML, lyricsfile).
  public static func parse(utf8: [UInt8], as format: LyricsFormat) -> LRCParseResult? {
    switch format {
    case .lrc, .enhancedLRC: LRCParser.parse(utf8: utf8)
    case .krc: KRCParser.parse(utf8: utf8)
    case .qrc: QRCParser.parse(utf8: utf8)
    case .yrc: YRCParser.parse(utf8: utf8)
    case .eslyric: ESLyricParser.parse(utf8: utf8)
    case .lrcx: LRCXParser.parse(utf8: utf8)
    case .lys: LyricifySyllableParser.parse(utf8: utf8)
    case .lyl: LyricifyLinesParser.parse(utf8: utf8)
    case .ttml, .lyricsfile: nil
    }
  }

  /// Nil for a format that is not written here (TTML is written by `LyricsContainers`; LRCX
  /// and lyricsfile are read only). Plain LRC drops word timing; enhanced LRC keeps it.
  public static func write(_ lyrics: Lyrics, as format: LyricsFormat) -> String? {
    switch format {
    case .lrc: LRCWriter.write(lyrics.withoutWordTiming())
    case .enhancedLRC: LRCWriter.write(lyrics)
    case .krc: KRCWriter.write(lyrics)
    case .qrc: QRCWriter.write(lyrics)
    case .yrc: YRCWriter.write(lyrics)
    case .eslyric: ESLyricWriter.write(lyrics)
    case .lys: LyricifySyllableWriter.write(lyrics)
    case .lyl: LyricifyLinesWriter.write(lyrics)
    case .ttml, .lrcx, .lyricsfile: nil
    }
  }

  /// The format a parsed LRC document turned out to be: enhanced when a line has word timing.
  public static func refined(_ format: LyricsFormat, _ lyrics: Lyrics) -> LyricsFormat {
    guard format == .lrc || format == .enhancedLRC else { return format }
    return lyrics.lines.contains { !$0.words.isEmpty } ? .enhancedLRC : .lrc
  }
}

extension Lyrics {
  /// The same lines without their words, word ends, line ends, voices or background vocals:
  /// what plain LRC holds.
  public func withoutWordTiming() -> Lyrics {
    var copy = self
    for index in copy.lines.indices {
      copy.lines[index].words = []
      copy.lines[index].endMs = nil
      copy.lines[index].agent = nil
      copy.lines[index].background = nil
    }
    return copy
  }
}
