import PlaySetup
import RunOptions
import SessionWiring
import Surface
import WindowFrontEnd

/// The windowed front end of `play` and `follow` (main window and floating lyric strip, in
/// `WindowFrontEnd`) as the app makes it from the run's configuration (the settings file with
/// the flags over it): the presenter for the windows, or `Unavailable` (exit 69) when there is
/// no display or the windows cannot be made.
enum WindowSetup {
  /// Why the windows could not be made; the command says what to do instead.
  enum Unavailable: Error {
    case noDisplay(NoDisplayError)
    case noPlaceholderPicture(PlaceholderPictureError)
    case other(any Error)
  }

  /// `windowsLater`: the loop and the saved state only; the windows come with `makeWindows`
  /// (`play` starts the sound in between).
  static func makePresenter(configuration: RunConfiguration, windowsLater: Bool = false)
    throws(Unavailable) -> WindowPresenter
  {
    try unavailableOnError {
      try WindowPresenter(
        options: windowOptions(configuration), config: configuration.settings,
        queueTracks: { paths, warn in
          QueueTracks.tracks(for: paths, lyricsPath: nil, warn: warn)
            .mapError { QueueTracksRefusal(message: $0.message) }
        },
        queueToSave: QueueResume.queueToSave, windowsLater: windowsLater)
    }
  }

  /// The windows `makePresenter(windowsLater: true)` left for later, on the main thread.
  static func makeWindows(of presenter: WindowPresenter) throws(Unavailable) {
    try unavailableOnError { try presenter.makeWindows() }
  }

  private static func unavailableOnError<Made>(_ make: () throws -> Made) throws(Unavailable)
    -> Made
  {
    do {
      return try make()
    } catch let error as NoDisplayError {
      throw .noDisplay(error)
    } catch let error as PlaceholderPictureError {
      throw .noPlaceholderPicture(error)
    } catch {
      throw .other(error)
    }
  }

  /// The few flags the windows act on.
  static func windowOptions(_ configuration: RunConfiguration) -> WindowOptions {
    WindowOptions(
      followsPlayer: configuration.followsPlayer, pip: configuration.pip,
      offsetMs: configuration.offsetMs, quitsAtEnd: configuration.quitsAtEnd,
      screenshotPath: configuration.screenshotPath)
  }
}
