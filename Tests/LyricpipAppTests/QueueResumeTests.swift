import Clocks
import Foundation
import LyricsCore
import PlaySetup
import Playback
import PlayerContract
import RunOptions
import Session
import SessionWiring
import Testing

@testable import LyricpipApp

/// The queue `play` saves at exit and resumes at the next launch with no file, in process: the
/// real player on a virtual clock, the saved state written and read back through `StateStore`,
/// and the player set up for the resumed queue as `play` sets it up.
@Suite struct QueueResumeTests {
  /// A presenter that shows nothing: these tests look at the player's order only.
  final class QuietPresenter: LyricsPresenter {
    func trackChanged(_ info: TrackInfo, lyrics: Lyrics) {}
    func show(_ display: LyricsDisplay, presented: @escaping @Sendable (Double?) -> Void) {
      presented(nil)
    }
    func stateChanged(_ state: PlayerState, positionNanos: Int64) {}
    func finish() {}
  }

  /// A player and its session with `count` silent tracks, the order set from `start` as `play`
  /// sets it, started at `start.index`.
  func started(_ start: QueueResume.Start, count: Int) -> (Player, LyricsSession) {
    let clock = ManualClock()
    let player = Player(output: VirtualTimeOutput(clock: clock), clock: clock)
    let tracks = (0..<count).map {
      SessionTrack(
        item: .silence(name: "/music/\($0).ogg", durationNanos: 60_000_000_000), lyrics: nil)
    }
    let session = LyricsSession(
      engine: player, queue: player, volume: player, clock: clock, tracks: tracks,
      presenter: QuietPresenter(), events: nil,
      say: { _ in })
    QueueResume.apply(start, to: player)
    session.start(startIndex: start.index)
    return (player, session)
  }

  /// The tracks from the current one to the end of the play order, skipping forward.
  func walkToTheEnd(_ player: Player) -> [Int?] {
    var visited = [player.currentIndex]
    while player.canGoNext, visited.count <= 100 {
      player.next()
      visited.append(player.currentIndex)
    }
    return visited
  }

  @Test func aResumedShuffledQueueKeepsItsPlayOrder() throws {
    // Eight tracks, shuffled, from the fourth; two skips forward, then the run ends.
    let (first, firstSession) = started(.init(index: 3, shuffle: true), count: 8)
    first.next()
    first.next()
    let saved = try #require(QueueResume.queueToSave(firstSession))
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("queue-resume-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    var state = SavedState()
    state.queue = saved
    try StateStore(directory: folder).save(state)
    let loaded = try #require(StateStore(directory: folder).load().state.queue)

    // The next launch, with no file: the same queue, from the same track.
    let start = QueueResume.order(PlayOptions(), resuming: loaded, count: loaded.paths.count)
    let (second, _) = started(start, count: loaded.paths.count)
    #expect(second.isShuffled)
    #expect(second.currentIndex == first.currentIndex)
    // What was heard before it is still behind it (skip back goes there)...
    #expect(second.canGoPrevious == first.canGoPrevious)
    // ...and the same tracks come next, in the same order, as they would have in the first run.
    let expected = walkToTheEnd(first)
    #expect(expected.count == 6)
    #expect(walkToTheEnd(second) == expected)
  }
}
