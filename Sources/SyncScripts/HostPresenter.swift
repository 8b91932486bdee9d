import LyricsCore
import PlayerContract
import SessionWiring

/// The front end of a real-time run: the host's windows (or stand-ins), told what the session
/// shows; a line counts as shown once the frame with it was presented.
final class HostPresenter: LyricsPresenter {
  private let host: ScriptHost

  init(host: ScriptHost) {
    self.host = host
  }

  func trackChanged(_ info: TrackInfo, lyrics: Lyrics) { host.trackLoaded(info, lyrics: lyrics) }

  func show(_ display: LyricsDisplay, presented: @escaping @Sendable (Double?) -> Void) {
    if display.lineChanged {
      host.whenLineShown(display.lineIndex) { presented(nil) }
    } else {
      host.post { presented(nil) }
    }
  }

  func stateChanged(_ state: PlayerState, positionNanos: Int64) {}
  func clockChanged(_ clock: DisplayClock) { host.clockChanged(clock) }
  func finish() {}
}
