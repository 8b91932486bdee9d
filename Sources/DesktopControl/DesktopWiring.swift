import Desktop
import PlayerContract
import SessionWiring
import SystemSupport
import WindowFrontEnd

/// The MPRIS service wired to a running session, the same for `play` and `follow`: what it is
/// told as the player and the session move, and its start with the strip of the windows.
public enum DesktopWiring {
  /// Tells the service when the player's state moves (on the player's threads) and each line
  /// the session shows (on the clock's or the window loop's thread). Every seek, whatever asked
  /// for it (keys, clicks, MPRIS, a script), goes through the session's commands to the player,
  /// whose `sought` event becomes MPRIS's Seeked here.
  /// `covers`: `play`'s cover art, whose late arrival changes the metadata; `follow` has none.
  public static func observe(
    _ player: any FollowablePlayer, session: LyricsSession, covers: CoverArtFeed?,
    for service: MPRISService
  ) {
    // A cover found after the track changed changes the metadata again (its artUrl).
    covers?.addListener { [weak service] _ in service?.playerChanged() }
    session.addLineListener { [weak service, weak session] index in
      guard let service, let session else { return }
      service.lineChanged(LyricsBusLine.line(index, of: session.currentLyrics))
    }
    player.addObserver { [weak service] event in
      switch event {
      case .sought(let nanos): service?.seeked(toMicros: nanos / 1_000)
      case .trackChanged, .stateChanged, .volumeChanged, .orderChanged: service?.playerChanged()
      case .outputStarted, .outputLost, .outputWaiting, .outputReconnected, .outputUnderflow,
        .trackFailed, .trackEndedEarly:
        break
      }
    }
  }

  /// Starts the service on `control`, with the strip of `windows` (the tray, `ctl`) when the
  /// run has windows.
  public static func start(
    _ service: MPRISService, control: any MPRISPlayerControl, windows: WindowPresenter?
  ) {
    do {
      windows?.stripState.onChange { [weak service] in service?.stripChanged() }
      try service.start(
        control: control, strip: windows?.stripState,
        lost: { error in
          printError("desktop controls (MPRIS) lost the session bus (\(error)); reconnecting")
        },
        back: { name in printError("desktop controls (MPRIS) back on the session bus as \(name)") })
    } catch {
      printError("desktop controls (MPRIS) off: \(error)")
    }
  }
}
