import LyricsCore
import PlayerContract

/// What both windows show: the lyrics and the playing state. Lives on the loop thread; the app
/// changes it through `SurfaceMailbox` from any thread. Every change bumps `revision`, which
/// the windows compare to know they must draw.
@WindowLoop public final class SurfaceModel {
  public private(set) var lyrics: Lyrics?
  public private(set) var timeline: Timeline?
  public var nowPlaying = NowPlaying() {
    didSet { if nowPlaying != oldValue { revision += 1 } }
  }
  /// Where the lyrics came from, or why there are no lines (looking up, plain text, …).
  public private(set) var status = LyricsStatus(.notFound)
  private(set) var revision = 0
  /// Bumped only when the lyrics change (the windows then lay their lines out again).
  private(set) var lyricsRevision = 0
  /// The current track's cover, decoded (nil: none, or not known yet).
  public private(set) var cover: CoverImage?
  /// Bumped only when the cover changes (the main window then makes its texture again).
  private(set) var coverRevision = 0

  /// The queue view's rows, in queue order, and the current track's index in them.
  public private(set) var queue: [QueueRow] = []
  public private(set) var queueCurrent: Int?

  public func setQueue(_ rows: [QueueRow], current: Int?) {
    guard rows != queue || current != queueCurrent else { return }
    queue = rows
    queueCurrent = current
    revision += 1
  }

  /// Made by the loop before its thread is known to the actor; it holds plain values only.
  nonisolated public init() {}

  public func setLyrics(_ lyrics: Lyrics?) {
    self.lyrics = lyrics
    timeline = lyrics.map(Timeline.init)
    revision += 1
    lyricsRevision += 1
  }

  /// A new status: both windows lay out again (the strip's stand-in line, the main window's
  /// text).
  public func setStatus(_ status: LyricsStatus) {
    guard status != self.status else { return }
    self.status = status
    revision += 1
    lyricsRevision += 1
  }

  public func setCover(_ cover: CoverImage?) {
    guard cover != self.cover else { return }
    self.cover = cover
    revision += 1
    coverRevision += 1
  }

  /// The line and word on display at `nanos` (line -1: none), read from the session's clock as
  /// the scheduler reads it.
  func position(atNanos nanos: Int64) -> Timeline.Position {
    timeline?.position(at: nanos, on: nowPlaying.clock)
      ?? Timeline.Position(line: -1, word: nil)
  }

  func line(_ index: Int) -> LyricLine? {
    guard let lines = lyrics?.lines, lines.indices.contains(index) else { return nil }
    return lines[index]
  }

  /// The start of the line after `index` that has a later start, if any.
  func nextLineMs(after index: Int) -> Int? {
    nextLineIndex(after: index).flatMap { line($0)?.ms }
  }

  /// The line that comes on display after line `index`: the first with a later start (lines
  /// that start with it are shown with it, not after it, as `Timeline` shows the first of them).
  func nextLineIndex(after index: Int) -> Int? {
    guard let lines = lyrics?.lines else { return nil }
    guard index >= 0 else { return lines.isEmpty ? nil : 0 }
    var next = index + 1
    while next < lines.count, lines[next].ms <= lines[index].ms { next += 1 }
    return next < lines.count ? next : nil
  }

  /// The instant (on the loop's clock) of the next line or word change after `nanos`, while
  /// playing; nil when paused or nothing changes any more. The instant the scheduler wakes for.
  func nextChangeNanos(after nanos: Int64) -> Int64? {
    timeline?.nextChange(after: nanos, on: nowPlaying.clock)
  }
}
