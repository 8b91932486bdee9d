import EventStream
import LyricsCore
import LyricsOnline
import Playback
import PlayerContract
import Session
import SessionWiring
import Surface
import SystemSupport

/// The main window's lyrics commands: the candidate picker (C, "Lyrics…") and Save beside (S,
/// "Save .lrc"). A choice is shown at once and locked for the track in the saved state, so the
/// next play uses it without asking the network ("No lyrics for this track" too).
///
/// Threads: on the window loop; the search runs on a thread of its own and posts its answer
/// back to the loop.
@WindowLoop final class LyricsChoosing {
  private let loop: SDLEventLoop
  private let main: MainWindow
  private let session: LyricsSession
  private let provider: any LyricsPicking
  private let stateKeeper: WindowStateKeeper
  /// The candidates shown, for the track they were searched for.
  private var shown: (track: TrackInfo, index: Int, ranked: [LRCLIBRanking.Ranked])?
  /// Bumped by each search, so an answer for an older one is dropped.
  private var searches = 0

  init(
    loop: SDLEventLoop, main: MainWindow, session: LyricsSession, provider: any LyricsPicking,
    stateKeeper: WindowStateKeeper
  ) {
    self.loop = loop
    self.main = main
    self.session = session
    self.provider = provider
    self.stateKeeper = stateKeeper
  }

  /// Opens the picker at once ("Searching…") and asks LRCLIB's search on another thread.
  func showCandidates() {
    guard let track = session.engine.currentTrack, let index = session.currentTrackIndex else {
      return
    }
    guard let facts = provider.facts(track) else {
      main.showChoices(LyricsChoices(.failed("the track has no title or artist tag")))
      return
    }
    guard provider.lookup.isOnline else {
      main.showChoices(LyricsChoices(.failed("the online lookup is off")))
      return
    }
    searches += 1
    let search = searches
    shown = nil
    main.showChoices(LyricsChoices(.searching))
    let lookup = provider.lookup
    let mailbox = loop.mailbox
    DetachedThread.start(name: "lyricpip.search") {
      let result = Result { () throws(LookupFailure) in try lookup.candidates(for: facts) }
      mailbox.post { _ in
        guard search == self.searches else { return }
        self.searched(result, track: track, index: index)
      }
    }
  }

  private func searched(
    _ result: Result<[LRCLIBRanking.Ranked], LookupFailure>, track: TrackInfo, index: Int
  ) {
    guard main.isShowingChoices else { return }
    switch result {
    case .success(let ranked):
      shown = (track, index, ranked)
      main.showChoices(LyricsChoices(.ready(ranked.map(Self.row))))
      session.emit(.choices(count: ranked.count, message: nil))
    case .failure(let failure):
      main.showChoices(LyricsChoices(.failed(failure.shortReason)))
      session.emit(.choices(count: 0, message: failure.message))
    }
  }

  private static func row(_ ranked: LRCLIBRanking.Ranked) -> LyricsChoices.Row {
    let record = ranked.record
    return LyricsChoices.Row(
      title: record.trackName, artist: record.artistName, album: record.albumName,
      durationSeconds: record.duration.map { Int($0.rounded()) }, kind: ranked.kind.rawValue,
      provider: "LRCLIB")
  }

  /// A candidate chosen: shown at once, kept in the cache and locked in the saved state.
  func choose(_ row: Int) {
    guard let shown, shown.ranked.indices.contains(row) else { return }
    let ranked = shown.ranked[row]
    let online = OnlineLyrics(record: ranked.record, kind: ranked.kind, origin: .lrclib)
    if let facts = provider.facts(shown.track) { provider.lookup.remember(online, for: facts) }
    stateKeeper.rememberLyricsChoice(.lrclib(id: ranked.record.id), forTrack: shown.track.path)
    session.lyricsArrived(provider.chosen(online, for: shown.track), forTrackAt: shown.index)
    main.showMessage("chosen: \(ranked.record.trackName) — \(ranked.record.artistName)")
  }

  /// "No lyrics for this track": the lines go, and no lookup brings them back.
  func chooseNoLyrics() {
    guard let track = session.engine.currentTrack, let index = session.currentTrackIndex else {
      return
    }
    stateKeeper.rememberLyricsChoice(.noLyrics, forTrack: track.path)
    session.lyricsArrived(.none(LyricsStatus(.noneChosen)), forTrackAt: index)
    main.showMessage("no lyrics for this track (your choice)")
  }

  /// Writes the timed lyrics on display as `<name>.lrc` beside the audio file: atomically, and
  /// never over a file that is there (the message says so instead).
  func saveBeside() {
    guard let track = session.engine.currentTrack else { return }
    let lyrics = session.currentLyrics
    guard !lyrics.lines.isEmpty else {
      let plain = session.currentStatus.plainText != nil
      main.showMessage(
        plain ? "only timed lyrics are saved as .lrc" : "no lyrics on display to save")
      return
    }
    let name = BesideFile.lrcPath(besideAudio: track.path).split(separator: "/").last ?? ""
    do {
      let path = try BesideFile.saveLRC(LRCWriter.write(lyrics), besideAudio: track.path)
      printError("saved the lyrics as \(path)")
      main.showMessage("saved \(name)")
    } catch {
      printError("lyrics not saved: \(error)")
      main.showMessage(
        error.exists ? "\(name) exists already; not overwritten" : "not saved: \(error.reason)")
    }
  }
}
