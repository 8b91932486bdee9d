import Playback
import PlayerContract
import Session

extension PlaybackActivity {
  /// The session's (and a script's) view of the player's state.
  public init(_ state: PlayerState) {
    switch state {
    case .playing: self = .playing
    case .paused: self = .paused
    case .stopped: self = .stopped
    case .ended: self = .ended
    }
  }
}
