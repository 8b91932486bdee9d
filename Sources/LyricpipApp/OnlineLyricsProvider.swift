import Locking
import LyricsContainers
import LyricsCore
import LyricsOnline
import Playback
import SessionWiring

/// The lyrics seam's online end: asked for a track that had nothing usable on this computer
/// (beside the file, embedded, the lyrics folders), it looks the track up on a lookup thread
/// (cache, then LRCLIB) and answers when the answer comes, mid-song included. Playback never
/// waits for it. Every outcome is said in one short line; a failure also as an `error` event.
final class OnlineLyricsProvider: LyricsProvider {
  let lookup: OnlineLookup
  let serverURL: String
  /// One line for the user (stderr).
  private let say: @Sendable (String) -> Void
  /// A failure: stderr and an `error` event, once the session exists.
  private let failureReport = Mutex<(@Sendable (String) -> Void)?>(nil)

  init(lookup: OnlineLookup, serverURL: String, say: @escaping @Sendable (String) -> Void) {
    self.lookup = lookup
    self.serverURL = serverURL
    self.say = say
  }

  /// Where failures go from now on (the session's `reportError`).
  func reportFailures(to report: @escaping @Sendable (String) -> Void) {
    failureReport.withLock { $0 = report }
  }

  /// Whether a track with these tags is worth asking about: a title and an artist.
  func canLookUp(_ info: TrackInfo) -> Bool {
    OnlineSetup.facts(info) != nil
  }

  func findLyrics(for track: TrackInfo, answer: @escaping @Sendable (FoundLyrics?) -> Void) {
    guard let facts = OnlineSetup.facts(track) else {
      say("no lyrics found for \(track.path)")
      answer(nil)
      return
    }
    let name = "\(facts.artist) – \(facts.title)"
    if lookup.isOnline { say("looking up lyrics for \(name)…") }
    lookup.lookUp(facts) { [self] outcome in
      answer(found(outcome, name: name, path: track.path))
    }
  }

  /// The lyrics to show, if any, and the line that says what happened.
  private func found(_ outcome: LookupOutcome, name: String, path: String) -> FoundLyrics? {
    switch outcome {
    case .found(let online):
      switch online.kind {
      case .synced:
        guard let lyrics = Self.timedLyrics(online) else {
          say("\(online.sourceName) has timed lyrics for \(name) that cannot be read")
          return nil
        }
        say("lyrics for \(name) from \(online.sourceName)")
        return FoundLyrics(lyrics: lyrics)
      case .plain:
        say("\(online.sourceName) has only untimed lyrics for \(name); the strip stays empty")
        return nil
      case .instrumental:
        say("\(name) is an instrumental (\(online.sourceName))")
        return nil
      }
    case .notFound:
      say("no lyrics found for \(path) (here or on LRCLIB)")
    case .failed(let failure):
      let message = "lyrics lookup failed for \(name): \(failure.message); playing on"
      if let report = failureReport.withLock({ $0 }) { report(message) } else { say(message) }
    case .skipped(.offline):
      say("no lyrics found for \(path) (the online lookup is off)")
    case .skipped(.recentlyFailed):
      say("no lyrics for \(name): the lookup failed moments ago; not asked again yet")
    case .skipped(.notSearchable):
      say("no lyrics found for \(path)")
    }
    return nil
  }

  /// The timed lines of a record: its `lyricsfile` (word timing) when it reads with lines, else
  /// its `syncedLyrics` (LRC, enhanced LRC's word stamps kept).
  static func timedLyrics(_ online: OnlineLyrics) -> Lyrics? {
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
