import Desktop
import LyricsCore
import Playback
import PlayerContract
import SessionWiring

/// What `play`'s and `follow`'s faces on the desktop (`PlayerDesktopControl`,
/// `FollowDesktopControl`) do alike: the transport goes through the lyrics session (which
/// passes it to our player or to the followed one), and the line and offset are the session's.
public protocol SessionDesktopControl: MPRISPlayerControl {
  var session: LyricsSession { get }
}

extension SessionDesktopControl {
  public func play() { session.play() }
  public func pause() { session.pause() }
  public func stop() { session.stop() }
  public func next() { session.next() }
  public func previous() { session.previous() }
  public func seek(toMicros micros: Int64) { session.seek(toMicros: micros) }
  public func currentLine() -> LyricsBusLine {
    LyricsBusLine.line(session.shownLine, of: session.currentLyrics)
  }
  public func offsetMs() -> Int { session.offsetMs }

  /// A player's state as MPRIS says it.
  public static func status(_ state: PlayerState) -> MPRISState.Status {
    switch state {
    case .playing: .playing
    case .paused: .paused
    case .stopped, .ended: .stopped
    }
  }
}

extension LyricsBusLine {
  /// Line `index` of `lyrics` as the bus publishes it: it ends where the next later line starts.
  public static func line(_ index: Int, of lyrics: Lyrics) -> LyricsBusLine {
    guard lyrics.lines.indices.contains(index) else { return .none }
    let line = lyrics.lines[index]
    let nextStart = lyrics.lines[(index + 1)...].first { $0.ms > line.ms }?.ms
    return LyricsBusLine(
      index: index, text: line.text, translation: line.translation, startMs: line.ms,
      endMs: line.endMs ?? nextStart)
  }
}
