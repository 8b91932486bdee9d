import LyricsCore

/// Writes a document in any writable format (TTML here, the text formats through
/// `LyricsTextFormats`), with the list of what the format could not hold.
public enum LyricsDocumentWriter {
  public static func write(_ lyrics: Lyrics, as format: LyricsFormat) -> (
    text: String, losses: [String]
  )? {
    let text =
      format == .ttml ? TTMLWriter.write(lyrics) : LyricsTextFormats.write(lyrics, as: format)
    return text.map { ($0, format.losses(writing: lyrics)) }
  }
}
