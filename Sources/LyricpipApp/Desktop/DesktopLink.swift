import Desktop
import DesktopControl
import FoundationEssentials
import LyricsCore
import PlaySetup
import Playback
import PlayerContract
import RunOptions
import SessionWiring
import SystemSupport
import WindowFrontEnd

/// `lyricpip play` on the desktop's session bus: MPRIS2 in every front end, and, with windows,
/// one player at a time (a second `lyricpip FILE` hands its files to the first and exits).
///
/// Names: a windowed player takes `org.mpris.MediaPlayer2.lyricpip` when it is free; with
/// `--no-window` it always takes `….lyricpip.instance<pid>`, so terminal and scripted players
/// stay independent (and can run side by side) and a desktop launch never hands files to them.
/// Only a desktop launch hands over: windows, a display, and none of `--events`,
/// `--exit-at-end`, `--screenshot` (runs that scripts and tests check, which must stay
/// independent) or `--new-instance`; the others take the instance name when the plain one is
/// owned. No session bus: MPRIS is off, silently.
enum DesktopLink {
  enum Outcome {
    /// Play here; MPRIS runs when the service is there.
    case alone(MPRISService?)
    /// The running player took the files (count).
    case handedOff(Int)
    case failed(PlayCommand.Failure)
  }

  static func join(_ options: PlayOptions) -> Outcome {
    guard let service = try? MPRISService() else { return .alone(nil) }
    do {
      if options.noWindow {
        try service.claimInstanceName()
        return .alone(service)
      }
      if try service.claimPlainName() { return .alone(service) }
      if !handsOver(options) {
        try service.claimInstanceName()
        return .alone(service)
      }
    } catch {
      printError("desktop controls (MPRIS) off: \(error)")
      return .alone(nil)
    }
    return handOff(options.files, through: service)
  }

  /// Whether this run is a desktop launch that gives its files to a running player.
  static func handsOver(
    _ options: PlayOptions,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains {
      !($0 ?? "").isEmpty
    }
    return hasDisplay && !options.noWindow && options.eventsPath == nil && !options.exitAtEnd
      && options.screenshotPath == nil && !options.newInstance
  }

  /// Gives the files (absolute paths) to the running player and raises its window.
  private static func handOff(_ files: [String], through service: MPRISService) -> Outcome {
    let paths = files.map { AbsolutePath.of($0) }
    for path in paths where FileKind.at(path) == .missing {
      return .failed(
        PlayCommand.Failure(status: .unreadableInput, message: "\(path): no such file"))
    }
    do {
      try service.handOff(paths: paths)
      return .handedOff(paths.count)
    } catch let error where error.name == "org.freedesktop.DBus.Error.Failed" {
      // The running player could not play a file: its reason, as `play` would say it.
      return .failed(PlayCommand.Failure(status: .unreadableInput, message: error.message))
    } catch {
      printError("already running but it did not answer (\(error)); playing here")
      if (try? service.claimInstanceName()) == nil { return .alone(nil) }
      return .alone(service)
    }
  }

  /// Starts MPRIS on the playing session: Raise and Quit go to the windows when there are some.
  static func start(
    _ service: MPRISService, player: Player, session: LyricsSession, covers: CoverArtFeed,
    frontEnd: FrontEnd
  ) {
    let windows = frontEnd.windows
    let control = PlayerDesktopControl(
      player: player, session: session, covers: covers, canRaise: windows != nil,
      raise: { windows?.raiseMainWindow() },
      quit: { frontEnd.quit(session) },
      tracks: { paths in
        QueueTracks.tracks(for: paths, lyricsPath: nil, warn: { printError("warning: \($0)") })
          .mapError { QueueTracksRefusal(message: $0.message) }
      })
    DesktopWiring.start(service, control: control, windows: windows)
  }
}
