/// The rendered texts of one lyric line on the strip: the line itself (shrunk to fit, down to a
/// minimum size) and what goes below it (the translation, else the next line).
struct LineImages {
  var index: Int
  var main: RenderedText?
  var sub: RenderedText?
  /// Whether `main` gets a karaoke fill (false for the title shown before the first line).
  var fills: Bool
}
