import Clocks
import LyricsCore
import Session

/// The player and its lyric scheduler, as a script run drives and watches them. The virtual-time
/// implementation wraps the real `Player` and `SyncScheduler` on a `ManualClock`; tests use a
/// small stand-in.
protocol ScriptPlayback: AnyObject {
  var activity: PlaybackActivity { get }
  var durationMs: Int { get }
  /// The heard position in milliseconds.
  var positionMs: Int { get }
  var lyrics: Lyrics { get }
  /// The line on display (-1: none yet), as the scheduler last put it up.
  var displayedLine: Int { get }

  /// Starts reporting: announces what is on display now, then every change. Called once the
  /// session listens, so nothing is lost before.
  func begin()
  func play()
  func pause()
  func seek(toMs ms: Int)
  func stop()
  /// Adds `ms` to the live offset (positive: lyrics sooner).
  func changeOffset(byMs ms: Int)

  /// Told of every change, when it happens on the clock.
  var onChange: ((PlaybackChange) -> Void)? { get set }
}

/// A change a `ScriptPlayback` reports.
enum PlaybackChange: Equatable {
  case state(PlaybackActivity, posMs: Int)
  case line(index: Int, posMs: Int)
  case word(line: Int, word: Int, posMs: Int)
  case seek(posMs: Int)
  case offset(totalMs: Int)
}
