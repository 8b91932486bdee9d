import Surface

/// The windowed front end of `play` (main window and floating lyric strip, issue 4) plugs in
/// here: it returns a presenter for the windows, or throws `Unavailable` (exit 69) when there is
/// no display.
enum WindowFrontEnd {
  struct Unavailable: Error, CustomStringConvertible {
    var description: String
  }

  static func makePresenter(options: PlayOptions) throws -> LyricsPresenter {
    do {
      return try WindowPresenter(options: options)
    } catch let error as NoDisplayError {
      throw Unavailable(description: error.description)
    }
  }
}
