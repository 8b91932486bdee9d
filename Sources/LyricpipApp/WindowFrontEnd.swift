/// The windowed front end of `play` (main window and floating lyric strip, issue 4) plugs in
/// here: it returns a presenter for the windows, or throws `Unavailable` (exit 69) when there is
/// no display.
enum WindowFrontEnd {
  struct Unavailable: Error, CustomStringConvertible {
    var description: String
  }

  static func makePresenter(options: PlayOptions) throws -> LyricsPresenter {
    throw Unavailable(description: "no window support yet; use --no-window")
  }
}
