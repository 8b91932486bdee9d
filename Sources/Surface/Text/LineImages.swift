import LyricsCore

/// The rendered texts of one lyric line on the strip: the line itself (shrunk to fit, down to a
/// minimum size) and what goes below it (the translation, else the next line).
struct LineImages {
  var index: Int
  var main: RenderedText?
  var sub: RenderedText?
  /// Whether `main` gets a karaoke fill (false for the title shown before the first line).
  var fills: Bool
  /// The current line's background vocals (drawn in the second line's place), if any.
  var background: RenderedText? = nil
  /// Left, centred or right, by the line's voice in a duet.
  var alignment: LineAlignment = .centred
  /// The line's words by time, for its karaoke fill, made once with the images.
  var words = WordsByTime([])
  /// The same for the background vocals' words.
  var backgroundWords = WordsByTime([])
}
