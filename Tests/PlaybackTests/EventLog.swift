import LyricsCore
import Playback

/// Collects player events for assertions.
final class EventLog: @unchecked Sendable {
  private let lock = Mutex()
  private var events: [PlayerEvent] = []

  init(_ player: Player) {
    player.addObserver { [weak self] event in self?.append(event) }
  }

  private func append(_ event: PlayerEvent) { lock.withLock { events.append(event) } }

  var all: [PlayerEvent] { lock.withLock { events } }

  var states: [PlayerState] {
    all.compactMap { if case .stateChanged(let state, _) = $0 { state } else { nil } }
  }

  var trackIndexes: [Int] {
    all.compactMap { if case .trackChanged(let index, _) = $0 { index } else { nil } }
  }
}
