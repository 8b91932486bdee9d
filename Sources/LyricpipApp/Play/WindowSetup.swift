import FoundationEssentials
import PlaySetup
import SessionWiring
import Settings
import Surface
import WindowFrontEnd

/// The windowed front end of `play` and `follow` (main window and floating lyric strip, in
/// `WindowFrontEnd`) as the app makes it: reads the settings, puts the flags over them, and
/// returns the presenter for the windows, or throws `Unavailable` (exit 69) when there is no
/// display or the windows cannot be made.
enum WindowSetup {
  struct Unavailable: Error, CustomStringConvertible {
    var description: String
  }

  static func makePresenter(options: PlayOptions) throws -> WindowPresenter {
    let environment = ProcessInfo.processInfo.environment
    var config = AppConfig()
    if let path = AppConfig.defaultPath(environment: environment) {
      config = AppConfig.load(path: path)
      for warning in config.warnings { printError("warning: \(warning)") }
    }
    config = withFlags(options, over: config)
    do {
      return try WindowPresenter(
        options: windowOptions(options), config: config,
        queueTracks: { paths, warn in
          QueueTracks.tracks(for: paths, lyricsPath: nil, warn: warn)
            .mapError { QueueTracksRefusal(message: $0.message) }
        },
        queueToSave: QueueResume.queueToSave)
    } catch let error as NoDisplayError {
      throw Unavailable(
        description: "\(error); run with --no-window to show the lyrics in the terminal")
    } catch let error as PlaceholderPictureError {
      throw Unavailable(
        description: "\(error); --no-window plays without it, with the lyrics in the terminal")
    } catch {
      throw Unavailable(description: "cannot open the windows (\(error)); try --no-window")
    }
  }
  /// The few flags the windows act on.
  static func windowOptions(_ options: PlayOptions) -> WindowOptions {
    WindowOptions(
      followsPlayer: options.followsPlayer, pip: options.pip, offsetMs: options.offsetMs,
      quitsAtEnd: options.quitsAtEnd, screenshotPath: options.screenshotPath)
  }

  /// The settings file's strip keys with the flags given over them: flags win.
  static func withFlags(_ options: PlayOptions, over settings: AppConfig) -> AppConfig {
    var config = settings
    if let controls = options.stripControls.flatMap(StripSettings.Controls.init(rawValue:)) {
      config.strip.controls = controls
    }
    if let opacity = options.stripOpacity { config.strip.opacity = opacity }
    if let family = options.fontFamily { config.strip.fontFamily = family }
    if let size = options.fontSize { config.strip.fontSize = size }
    if let background = options.background { config.strip.background = background }
    if let look = options.look { config.strip.lookName = look }
    if let choice = options.secondLine.flatMap(SecondLine.init(rawValue:)) {
      config.strip.secondLine = choice
    }
    return config
  }
}
