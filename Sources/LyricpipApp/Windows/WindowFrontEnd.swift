import SessionWiring
import Surface

/// The windowed front end of `play` and `follow` (main window and floating lyric strip): the
/// presenter for the windows of a run, or `Unavailable` (exit 69) when there is no display or
/// the windows cannot be made.
enum WindowFrontEnd {
  /// Why the windows could not be made; the command says what to do instead.
  enum Unavailable: Error {
    case noDisplay(NoDisplayError)
    case noPlaceholderPicture(PlaceholderPictureError)
    case other(any Error)
  }

  static func makePresenter(options: RunConfiguration) throws(Unavailable) -> LyricsPresenter {
    do {
      return try WindowPresenter(options: options)
    } catch let error as NoDisplayError {
      throw .noDisplay(error)
    } catch let error as PlaceholderPictureError {
      throw .noPlaceholderPicture(error)
    } catch {
      throw .other(error)
    }
  }
}
