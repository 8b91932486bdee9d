import LyricsCore
import Playback
import Synchronization

/// Collects player events for assertions.
final class EventLog: Sendable {
  private let events = Mutex<[PlayerEvent]>([])

  init(_ player: Player) {
    player.addObserver { [weak self] event in self?.append(event) }
  }

  private func append(_ event: PlayerEvent) { events.withLock { $0.append(event) } }

  var all: [PlayerEvent] { events.withLock { $0 } }

  var states: [PlayerState] {
    all.compactMap { if case .stateChanged(let state, _) = $0 { state } else { nil } }
  }

  var trackIndexes: [Int] {
    all.compactMap { if case .trackChanged(let index, _) = $0 { index } else { nil } }
  }
}
