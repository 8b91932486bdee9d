import LyricsContainers
import LyricsCore

/// Reads one song's TTML from the AMLL TTML database (`ncm-lyrics/<id>.ttml`) with lyricpip's
/// TTML reader: word timing, duets (`ttm:agent`), background vocals (`x-bg`), translations and
/// romanisations come through as the reader gives them.
public enum AMLLLyricsAnswer {
  static let service = "AMLL TTML"

  /// `locale` picks among several translations, as for a TTML file on disk; the caller passes
  /// the user's (`TTMLLanguage.preferred()`), so that this stays a function of its arguments.
  public static func read(_ bytes: [UInt8], locale: String?) throws(ProviderAnswerError)
    -> ProviderLyricsAnswer
  {
    guard !bytes.isEmpty else { throw .malformed("\(service): an empty file") }
    let result: LRCParseResult
    do {
      result = try TTMLParser.parse(bytes, locale: locale)
    } catch {
      throw .malformed("\(service): \(error)")
    }
    guard !result.lyrics.lines.isEmpty else {
      throw .malformed("\(service): the TTML has no timed line")
    }
    return .lyrics(ProviderLyrics(format: .ttml, result: result))
  }
}
