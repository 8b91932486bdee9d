import Clocks
import Locking
import LyricsCore
import Playback
import PlayerContract
import SessionWiring
import Surface
import SystemSupport

/// What the windows are told about the track and its position, kept here and posted to the
/// window loop as a whole `NowPlaying` after every change. Thread-safe: the player's, the clock's
/// and the main thread change it; changes are posted under the lock, so the loop sees them in the
/// order they were made. Positions are stamped with the window loop's own clock, the one the
/// windows read `NowPlaying.atNanos` against.
final class NowPlayingFeed: Sendable {
  private let mailbox: SurfaceMailbox
  private let clock: any EventClock
  private let nowPlaying: Mutex<NowPlaying>

  /// `loop`: the window loop the windows run on (its mailbox and its clock).
  init(loop: SDLEventLoop, offsetMs: Int) {
    mailbox = loop.mailbox
    clock = loop.clock
    var first = NowPlaying()
    first.offsetMs = offsetMs
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

  /// The heard position read just now: the windows run their own clock from it, and only while
  /// the sound really advances (not before the output has started), so they never run ahead.
  func follow(_ heard: HeardPosition) {
    change {
      $0.positionMs = max(0, heard.milliseconds)
      $0.atNanos = clock.nowNanos
      $0.isPlaying = heard.isAdvancing
    }
  }

  func trackChanged(_ info: TrackInfo, lyrics: Lyrics) {
    change {
      $0.title = info.title ?? lyrics.title ?? URLName.lastComponent(of: info.path)
      $0.artist = info.artist ?? lyrics.artist ?? ""
      $0.durationMs = info.durationNanos?.wholeMilliseconds
      $0.positionMs = 0
      $0.atNanos = clock.nowNanos
      $0.isPlaying = false
    }
  }
}

/// The last part of a path, for a title when the file has none.
enum URLName {
  static func lastComponent(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
