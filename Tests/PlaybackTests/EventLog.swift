import Dispatch
import Locking
import LyricsCore
import Playback
import PlayerContract

/// Collects player events for assertions.
final class EventLog: Sendable {
  private let events = Mutex<[PlayerEvent]>([])
  private let ended = DispatchSemaphore(value: 0)

  init(_ player: Player) {
    player.addObserver { [weak self] event in self?.append(event) }
  }

  private func append(_ event: PlayerEvent) {
    events.withLock { $0.append(event) }
    if case .stateChanged(.ended, _) = event { ended.signal() }
  }

  /// Waits, at most `seconds`, for the player to say the queue ended: its event, not a poll.
  func waitForEnd(seconds: Double) -> Bool {
    ended.wait(timeout: .now() + seconds) == .success
  }

  var all: [PlayerEvent] { events.withLock { $0 } }

  var states: [PlayerState] {
    all.compactMap { if case .stateChanged(let state, _) = $0 { state } else { nil } }
  }

  var trackIndexes: [Int] {
    all.compactMap { if case .trackChanged(let index, _) = $0 { index } else { nil } }
  }
}
