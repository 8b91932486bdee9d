import Clocks
import Locking
import LyricsCore
import Playback
import PlayerContract
import SessionWiring
import Surface
import SystemSupport

/// What the windows are told about the track and the session's display clock, kept here and
/// posted to the window loop as a whole `NowPlaying` after every change. Thread-safe: the
/// player's, the clock's and the main thread change it; changes are posted under the lock, so the
/// loop sees them in the order they were made. The session's clock and the window loop's are
/// both CLOCK_MONOTONIC (`SystemClock`), so the windows read the display clock at their own
/// instants.
final class NowPlayingFeed: Sendable {
  private let mailbox: SurfaceMailbox
  private let nowPlaying: Mutex<NowPlaying>

  /// `loop`: the window loop the windows run on (its mailbox and its clock).
  init(loop: SDLEventLoop, offsetMs: Int) {
    mailbox = loop.mailbox
    var first = NowPlaying()
    first.clock.offsetMs = offsetMs
    nowPlaying = Mutex(first)
  }

  var current: NowPlaying { nowPlaying.withLock { $0 } }

  /// Changes the values and posts the result to the windows; returns it.
  @discardableResult
  func change(_ body: (inout NowPlaying) -> Void) -> NowPlaying {
    nowPlaying.withLock {
      body(&$0)
      mailbox.update($0)
      return $0
    }
  }

  /// The session's display clock, as it published it: the windows read the lyrics' time from
  /// it, moving on only while the sound really advances (not before the output has started).
  func clockChanged(_ clock: DisplayClock) {
    change { $0.clock = clock }
  }

  func trackChanged(_ info: TrackInfo, lyrics: Lyrics) {
    change {
      $0.title = info.title ?? lyrics.title ?? URLName.lastComponent(of: info.path)
      $0.artist = info.artist ?? lyrics.artist ?? ""
      $0.durationMs = info.durationNanos?.wholeMilliseconds
      // The start of the new lines until the session's clock for them comes (it follows at once).
      $0.clock.heard = HeardPosition(nanos: 0, isAdvancing: false)
    }
  }
}

/// The last part of a path, for a title when the file has none.
enum URLName {
  static func lastComponent(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
