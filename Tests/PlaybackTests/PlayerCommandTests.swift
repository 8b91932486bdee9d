import Clocks
import Dispatch
import Foundation
import Locking
import LyricsCore
import Playback
import PlayerContract
import TestSupport
import Testing

/// Silence that cannot seek (a stream, or a file whose index is broken), counting how far it
/// was read.
final class UnseekableSource: PCMSource {
  struct Refused: Error {}
  let info: TrackInfo
  private let format: AudioFormat
  private(set) var readFrames: Int64 = 0

  init(name: String, format: AudioFormat) {
    self.format = format
    info = TrackInfo(path: name, durationNanos: 10_000_000_000)
  }

  func read(maxFrames: Int) -> [Float] {
    readFrames += Int64(maxFrames)
    return [Float](repeating: 0, count: maxFrames * format.channels)
  }

  func seek(toFrame frame: Int64) throws { throw Refused() }
}

/// Counts calls from any thread.
final class Counter: Sendable {
  private let count = Mutex(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

@Suite(.tags(.sanitized), .timeLimit(.minutes(5))) struct PlayerCommandTests {
  let format = AudioFormat(sampleRate: 48_000, channels: 2)
  let second: Int64 = 1_000_000_000

  /// A stop that cannot rewind must not report position 0 while the source stays where it
  /// was: it says so, and the next play opens the track again from its start.
  @Test func stopOnATrackThatCannotRewindReopensItFromTheStart() {
    let opens = Counter()
    let item = PlayerItem(path: "stream") { format in
      opens.increment()
      return UnseekableSource(name: "stream", format: format)
    }
    let clock = ManualClock()
    let player = Player(output: VirtualTimeOutput(clock: clock, format: format), clock: clock)
    let log = EventLog(player)
    player.load([item])
    player.play()
    clock.advance(by: 2 * second)
    player.stop()
    #expect(log.all.contains { if case .trackFailed("stream", _) = $0 { true } else { false } })
    #expect(player.heardPosition() == HeardPosition(nanos: 0, isAdvancing: false))
    #expect(opens.value == 1)
    player.play()
    #expect(opens.value == 2)
    clock.advance(by: second)
    #expect(player.heardPosition().nanos == second)
    #expect(log.trackIndexes == [0, 0])
  }

  /// Runs `body` on a thread of its own; whether it returned within `seconds`.
  func returns(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      body()
      done.signal()
    }
    return done.wait(timeout: .now() + seconds) == .success
  }

  /// Opening a file (FFmpeg's probe, a slow disk) holds no lock: while one load waits in its
  /// open, the position answers and a newer load goes through; the slow open, once done, is
  /// dropped instead of replacing the newer choice.
  @Test func aSlowOpenBlocksNobodyAndIsDroppedWhenOvertaken() {
    let openStarted = DispatchSemaphore(value: 0)
    let releaseOpen = DispatchSemaphore(value: 0)
    let slow = PlayerItem(path: "slow") { format in
      openStarted.signal()
      releaseOpen.wait()
      return SilentSource(name: "slow", durationNanos: 10 * 1_000_000_000, format: format)
    }
    let clock = ManualClock()
    let player = Player(output: VirtualTimeOutput(clock: clock, format: format), clock: clock)
    let log = EventLog(player)
    let slowLoad = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      player.load([slow])
      slowLoad.signal()
    }
    openStarted.wait()
    #expect(returns(within: 1) { _ = player.heardPosition() }, "the position waited for an open")
    #expect(
      returns(within: 1) { player.load([.silence(name: "quick", durationNanos: second)]) },
      "a load waited for another one's open")
    releaseOpen.signal()
    slowLoad.wait()
    #expect(player.currentTrack?.path == "quick")
    #expect(
      !log.all.contains {
        if case .trackChanged(_, let info) = $0 { info.path == "slow" } else { false }
      })
  }
}
