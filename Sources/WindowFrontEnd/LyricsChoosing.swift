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
  private var shown: (track: TrackInfo, index: Int, choices: [OnlineChoice])?
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

  /// Opens the picker at once ("Searching…") and asks every enabled provider's search on
  /// another thread.
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
      let result = Result { () throws(LookupFailure) in try lookup.choices(for: facts) }
      mailbox.post { _ in
        guard search == self.searches else { return }
        self.searched(result, track: track, index: index)
      }
    }
  }

  private func searched(
    _ result: Result<[OnlineChoice], LookupFailure>, track: TrackInfo, index: Int
  ) {
    guard main.isShowingChoices else { return }
    switch result {
    case .success(let choices):
      shown = (track, index, choices)
      main.showChoices(LyricsChoices(.ready(choices.map(Self.row))))
      session.emit(.choices(count: choices.count, message: nil))
    case .failure(let failure):
      main.showChoices(LyricsChoices(.failed(failure.shortReason)))
      session.emit(.choices(count: 0, message: failure.message))
    }
  }

  static func row(_ choice: OnlineChoice) -> LyricsChoices.Row {
    LyricsChoices.Row(
      title: choice.title, artist: choice.artist, album: choice.album,
      durationSeconds: choice.durationSeconds.map { Int($0.rounded()) }, kind: choice.kindName,
      provider: providerName(of: choice))
  }

  /// The name of a row's provider as the windows write it ("LRCLIB", "Kugou", "NetEase",
  /// "AMLL TTML DB"), for the picker's provider column.
  static func providerName(of choice: OnlineChoice) -> String {
    choice.provider.displayName
  }

  /// A candidate chosen: shown as soon as its lyrics are in (an LRCLIB record's at once,
  /// another provider's once fetched on another thread), kept in the cache and locked in the
  /// saved state.
  func choose(_ row: Int) {
    guard let shown, shown.choices.indices.contains(row),
      let facts = provider.facts(shown.track)
    else { return }
    let choice = shown.choices[row]
    let lookup = provider.lookup
    if choice.lrclib != nil {
      if case .found(let online) = lookup.lyrics(of: choice, for: facts) {
        chosen(online, choice: choice, track: shown.track, index: shown.index, facts: facts)
      }
      return
    }
    main.showMessage("fetching the lyrics from \(Self.providerName(of: choice))…")
    let mailbox = loop.mailbox
    let (track, index) = (shown.track, shown.index)
    DetachedThread.start(name: "lyricpip.choose") {
      let outcome = lookup.lyrics(of: choice, for: facts)
      mailbox.post { _ in
        switch outcome {
        case .found(let online):
          self.chosen(online, choice: choice, track: track, index: index, facts: facts)
        case .failed(let failure):
          self.main.showMessage("not chosen: \(failure.shortReason)")
        default:
          self.main.showMessage("not chosen: \(Self.providerName(of: choice)) sent no lyrics")
        }
      }
    }
  }

  private func chosen(
    _ online: OnlineLyrics, choice: OnlineChoice, track: TrackInfo, index: Int, facts: TrackFacts
  ) {
    provider.lookup.remember(online, for: facts)
    let kept: LyricsChoice =
      choice.provider == .lrclib
      ? .lrclib(id: online.record.id) : .provider(name: choice.provider.rawValue, id: choice.id)
    stateKeeper.rememberLyricsChoice(kept, forTrack: track.path)
    session.lyricsArrived(provider.chosen(online, for: track), forTrackAt: index)
    main.showMessage("chosen: \(choice.title) — \(choice.artist)")
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
