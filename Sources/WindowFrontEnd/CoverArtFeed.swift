import Desktop
import FoundationEssentials
import Locking
import Playback
import SystemSupport

/// The current track's cover, found off every thread that matters: the player tells it each new
/// track (on the player's thread, and that call only notes the path); a thread of its own
/// (`lyricpip.cover`, started on demand, gone when idle) finds the picture (`CoverArt`: FFmpeg,
/// then the folder), copies it into the cache folder for MPRIS's `mpris:artUrl`, and tells the
/// listeners (the bus, the main window, which decodes it there too). One thread works through
/// the requests, the latest first, so the listeners hear the covers in the order of the tracks
/// and never an older track's after a newer one's.
public final class CoverArtFeed: Sendable {
  private struct State {
    /// The track waiting to be looked at, if any, and whether its decoder saw a cover in it.
    var pending: (path: String, attachedPicture: Bool?)?
    var working = false
    /// The `file://` URI of each track's cached cover (nil: it has none), as found.
    var artURLs: [String: String?] = [:]
    var listeners: [@Sendable (CoverPicture?) -> Void] = []
  }

  private let state = Mutex(State())
  /// Where the desktop's copies go; nil: no cache folder (no artUrl, the window still shows it).
  private let cache: CoverCache?
  private let say: @Sendable (String) -> Void

  public init(cache: CoverCache?, say: @escaping @Sendable (String) -> Void) {
    self.cache = cache
    self.say = say
  }

  /// A feed told each new track of `player`, its copies in the user's cache folder.
  public static func following(_ player: Player, say: @escaping @Sendable (String) -> Void)
    -> CoverArtFeed
  {
    let environment = ProcessInfo.processInfo.environment
    let feed = CoverArtFeed(cache: CoverCache.standard(environment: environment), say: say)
    player.addObserver { [weak feed] event in
      if case .trackChanged(_, let info) = event {
        feed?.trackChanged(path: info.path, attachedPicture: info.hasAttachedPicture)
      }
    }
    return feed
  }

  /// Tells `listener` each cover found (nil: the current track has none), on the cover thread.
  public func addListener(_ listener: @escaping @Sendable (CoverPicture?) -> Void) {
    state.withLock { $0.listeners.append(listener) }
  }

  /// Any thread, at once: `path` is the current track now; `attachedPicture`: whether its
  /// decoder saw a cover in the file (nil: not known, the file is looked at).
  public func trackChanged(path: String, attachedPicture: Bool? = nil) {
    let start = state.withLock { state in
      state.pending = (path, attachedPicture)
      // The thread at work takes the new path after the one in hand; else one is started.
      guard !state.working else { return false }
      state.working = true
      return true
    }
    guard start else { return }
    let started = DetachedThread.start(name: "lyricpip.cover") { [self] in work() }
    if !started { state.withLock { $0.working = false } }
  }

  /// The cached cover of the track at `path` as a `file://` URI; nil while not known or none.
  public func artURL(forPath path: String) -> String? {
    state.withLock { $0.artURLs[path] ?? nil }
  }

  /// The cover thread: looks at the newest pending track until none is left.
  private func work() {
    while let (path, attachedPicture) = takePending() {
      let picture = CoverArt.find(forTrack: path, attachedPicture: attachedPicture)
      var artURL: String?
      if let picture, let cache {
        do {
          artURL = FileURI.uri(forPath: try cache.store(picture))
        } catch {
          say("warning: the cover of \(path) could not be cached: \(error)")
        }
      }
      let listeners = state.withLock { state in
        state.artURLs[path] = .some(artURL)
        // A newer track came meanwhile: its cover is the one to show.
        return state.pending == nil ? state.listeners : []
      }
      for listener in listeners { listener(picture) }
    }
  }

  private func takePending() -> (path: String, attachedPicture: Bool?)? {
    state.withLock { state in
      guard let pending = state.pending else {
        state.working = false
        return nil
      }
      state.pending = nil
      return pending
    }
  }
}
