import Desktop
import FoundationEssentials
import LyricsCore
import Playback
import PlayerContract
import SessionWiring
import WindowFrontEnd

/// The real player as MPRIS sees it (`MPRISPlayerControl`): its state read from `Player`, its
/// commands sent to it (the session's, where it has them), files opened into the session's queue.
///
/// Threads: called on the MPRIS bus thread; `Player` and `LyricsSession` are thread-safe, and
/// `raise`/`quit` only post to the window loop (or end the wait of a run without windows).
public final class PlayerDesktopControl: SessionDesktopControl, Sendable {
  private let player: Player
  public let session: LyricsSession
  private let covers: CoverArtFeed
  public let canRaise: Bool
  private let raiseAction: @Sendable () -> Void
  private let quitAction: @Sendable () -> Void
  private let tracks: OpenedTracks

  /// The files opened from the bus as the session's tracks (the app's queue rules: folders
  /// and playlists expanded, the files checked); a refusal says in one line why none was added.
  public typealias OpenedTracks =
    @Sendable (_ paths: [String]) -> Result<[SessionTrack], QueueTracksRefusal>

  public init(
    player: Player, session: LyricsSession, covers: CoverArtFeed, canRaise: Bool,
    raise: @escaping @Sendable () -> Void, quit: @escaping @Sendable () -> Void,
    tracks: @escaping OpenedTracks
  ) {
    self.player = player
    self.session = session
    self.covers = covers
    self.canRaise = canRaise
    raiseAction = raise
    quitAction = quit
    self.tracks = tracks
  }

  public func state() -> MPRISState {
    let index = player.currentIndex
    let lines = session.currentLyrics.lines
    let lyricsText = lines.isEmpty ? nil : lines.map(\.text).joined(separator: "\n")
    let track = player.currentTrack.map { info in
      MPRISTrack(
        index: index ?? 0, path: AbsolutePath.of(info.path), title: info.title,
        artist: info.artist, album: info.album, lengthMicros: info.durationNanos.map { $0 / 1_000 },
        lyricsText: lyricsText, artURL: covers.artURL(forPath: info.path))
    }
    return MPRISState(
      status: Self.status(player.state), track: track, volume: player.volume,
      shuffle: player.isShuffled, loopStatus: Self.loopStatus(player.repeatMode),
      canGoNext: player.canGoNext, canGoPrevious: player.canGoPrevious)
  }

  public func positionMicros() -> Int64 { player.heardPosition().nanos / 1_000 }
  public func setVolume(_ volume: Double) { player.setVolume(volume) }
  public func setShuffle(_ on: Bool) { player.setShuffled(on) }
  public func setLoopStatus(_ status: MPRISState.LoopStatus) {
    let mode: RepeatMode =
      switch status {
      case .none: .none
      case .track: .track
      case .playlist: .all
      }
    player.setRepeatMode(mode)
  }

  public static func loopStatus(_ mode: RepeatMode) -> MPRISState.LoopStatus {
    switch mode {
    case .none: .none
    case .track: .track
    case .all: .playlist
    }
  }
  public func raise() { raiseAction() }
  public func quit() { quitAction() }

  /// Checks the files (and expands folders and playlists) before the queue changes, so a bad
  /// one changes nothing.
  public func open(paths: [String]) throws {
    switch tracks(paths) {
    case .success(let tracks): session.open(tracks)
    case .failure(let refusal): throw OpenFailure(description: refusal.message)
    }
  }

  struct OpenFailure: Error, CustomStringConvertible {
    var description: String
  }
}
