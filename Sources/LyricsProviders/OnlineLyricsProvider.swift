import Locking
import LyricsContainers
import LyricsCore
import LyricsOnline
import Playback
import PlayerContract
import Session
import SessionWiring

/// The lyrics seam's online end: asked for a track that had nothing usable on this computer
/// (beside the file, embedded, the lyrics folders), it looks the track up on a lookup thread
/// (the caches, then the providers the settings enable) and answers when the answer comes,
/// mid-song included. Playback never waits for it. Every outcome is said in one short line; a failure also as an `error` event.
public final class OnlineLyricsProvider: LyricsProvider {
  public let lookup: OnlineLookup
  public let serverURL: String
  /// One line for the user (stderr).
  private let say: @Sendable (String) -> Void
  /// A failure: stderr and an `error` event, once the session exists.
  private let failureReport = Mutex<(@Sendable (String) -> Void)?>(nil)
  /// The lyrics the user chose for a track (the saved state), which no lookup overrides.
  private let choices = Mutex<(@Sendable (String) -> LyricsChoice?)?>(nil)
  /// Set once libcurl could not be opened: that is said once, and no later track is looked up
  /// (the library will not appear during the run).
  private let libraryMissing = Mutex(false)

  public init(lookup: OnlineLookup, serverURL: String, say: @escaping @Sendable (String) -> Void) {
    self.lookup = lookup
    self.serverURL = serverURL
    self.say = say
  }

  /// Where failures go from now on (the session's `reportError`).
  public func reportFailures(to report: @escaping @Sendable (String) -> Void) {
    failureReport.withLock { $0 = report }
  }

  /// Where the user's choices are read from from now on.
  public func readChoices(from choice: @escaping @Sendable (String) -> LyricsChoice?) {
    choices.withLock { $0 = choice }
  }

  /// Whether a track with these tags is worth asking about: a title and an artist.
  public func canLookUp(_ info: TrackInfo) -> Bool {
    info.onlineFacts != nil
  }

  /// "looking up lyrics…" while a track with tags is looked up (the cache answers at once,
  /// and then this is replaced before it could be seen).
  public func pendingStatus(for track: TrackInfo) -> LyricsStatus? {
    canLookUp(track) ? LyricsStatus(.lookingUp) : nil
  }

  public func findLyrics(for track: TrackInfo, answer: @escaping @Sendable (FoundLyrics?) -> Void) {
    guard let facts = track.onlineFacts else {
      say("no lyrics found for \(track.path)")
      answer(.none(LyricsStatus(.notFound)))
      return
    }
    let name = "\(facts.artist) – \(facts.title)"
    var choice = choices.withLock({ $0 })?(track.path)
    // A provider this version does not know (a newer one kept it): looked up as usual.
    if case .provider(let provider, _) = choice, OnlineProvider(rawValue: provider) == nil {
      choice = nil
    }
    switch choice {
    case .noLyrics:
      say("no lyrics for \(name): your choice (C in the main window to choose again)")
      answer(.none(LyricsStatus(.noneChosen)))
    case .lrclib(let id):
      lookup.lookUp(facts, chosen: id) { [self] outcome in
        answer(found(outcome, name: name, path: track.path, chosen: true))
      }
    case .provider(let provider, let id):
      lookup.lookUp(facts, chosen: OnlineProvider(rawValue: provider) ?? .lrclib, id: id) {
        [self] outcome in
        answer(found(outcome, name: name, path: track.path, chosen: true))
      }
    case nil where libraryMissing.withLock({ $0 }):
      answer(.none(LyricsStatus(.failed(LookupFailure.libraryMissingReason))))
    case nil:
      if lookup.isOnline { say("looking up lyrics for \(name)…") }
      lookup.lookUp(facts) { [self] outcome in
        answer(found(outcome, name: name, path: track.path))
      }
    }
  }

  /// What a candidate the user chose in the picker shows.
  public func chosen(_ online: OnlineLyrics, for track: TrackInfo) -> FoundLyrics {
    let name = track.onlineFacts.map { "\($0.artist) – \($0.title)" } ?? track.path
    return found(.found(online), name: name, path: track.path, chosen: true)
  }

  /// The lyrics to show, or why there are none, and the line that says what happened.
  private func found(
    _ outcome: LookupOutcome, name: String, path: String, chosen: Bool = false
  ) -> FoundLyrics {
    switch outcome {
    case .found(let online):
      let source = chosen ? "\(online.sourceName), your choice" : online.sourceName
      let provider = online.provider.rawValue
      switch online.kind {
      case .synced:
        guard let lyrics = Self.timedLyrics(online) else {
          say("\(source) has timed lyrics for \(name) that cannot be read")
          return .none(
            LyricsStatus(.failed("unreadable timed lyrics"), source: source, provider: provider))
        }
        say("lyrics for \(name) from \(source)")
        return FoundLyrics(
          lyrics: lyrics, status: LyricsStatus(.timed, source: source, provider: provider))
      case .plain:
        say("\(source) has only untimed lyrics for \(name); shown as text in the main window")
        return .none(
          LyricsStatus(.plain(online.record.plain ?? ""), source: source, provider: provider))
      case .instrumental:
        say("\(name) is an instrumental (\(source))")
        return .none(LyricsStatus(.instrumental, source: source, provider: provider))
      }
    case .notFound:
      let asked = lookup.providerOrder.map(\.displayName)
      say(
        "no lyrics found for \(path) (here or on \(asked.isEmpty ? "LRCLIB" : asked.joined(separator: ", ")))"
      )
    case .failed(let failure):
      if failure.isLibraryMissing {
        let first = libraryMissing.withLock { missing in
          defer { missing = true }
          return !missing
        }
        guard first else { return .none(LyricsStatus(.failed(failure.shortReason))) }
      }
      let message = "lyrics lookup failed for \(name): \(failure.message); playing on"
      if let report = failureReport.withLock({ $0 }) { report(message) } else { say(message) }
      return .none(LyricsStatus(.failed(failure.shortReason)))
    case .skipped(.offline):
      say("no lyrics found for \(path) (the online lookup is off)")
    case .skipped(.recentlyFailed):
      say("no lyrics for \(name): the lookup failed moments ago; not asked again yet")
      return .none(LyricsStatus(.failed("failed moments ago; not asked again yet")))
    case .skipped(.notSearchable):
      say("no lyrics found for \(path)")
    }
    return .none(LyricsStatus(.notFound))
  }

  /// The timed lines of a record: its `lyricsfile` (word timing) when it reads with lines, else
  /// its `syncedLyrics` (LRC, enhanced LRC's word stamps kept).
  public static func timedLyrics(_ online: OnlineLyrics) -> Lyrics? {
    // Another provider's lyrics come read by its reader (word timing, translation kept).
    if let lyrics = online.lyrics, !lyrics.lines.isEmpty { return lyrics }
    if let document = online.record.lyricsfile,
      let parsed = try? LyricsfileParser.parse(Array(document.utf8)),
      !parsed.lyrics.lines.isEmpty
    {
      return parsed.lyrics
    }
    guard let parsed = online.parsedLyrics, !parsed.lyrics.lines.isEmpty else { return nil }
    return parsed.lyrics
  }
}
