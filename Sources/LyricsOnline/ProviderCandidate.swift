import ProviderAnswers

/// One candidate of one provider, reduced to what the ranking across providers compares: its
/// names, its duration and what its lyrics offer. Which provider and which of its answers it
/// is (`provider`, `position`) lets the caller find its own record again.
public struct ProviderCandidate: Sendable, Equatable {
  /// What the lyrics offer, best first, as far as the provider says before the download.
  public enum Timing: Int, Sendable, Comparable {
    /// Word-timed (KRC, YRC, TTML, enhanced LRC).
    case word
    /// Line-timed (LRC).
    case line
    /// Not said before the download (NetEase's search): after the timed kinds, since nothing
    /// is promised, and before plain text, since such songs usually turn out timed.
    case unknown
    /// Text without timing.
    case plain
    /// The service says the song has no words: last, as in LRCLIB's ranking.
    case instrumental

    public static func < (left: Timing, right: Timing) -> Bool { left.rawValue < right.rawValue }
  }

  /// The provider's name in the settings (`lrclib`, `kugou`, `netease`, `amll`).
  public var provider: String
  /// Where the candidate stood in its provider's answer, from 0.
  public var position: Int
  public var title: String
  /// Other names of the song (NetEase's translated titles); a match on one counts.
  public var aliases: [String]
  /// The artists as the service gives them: one joined credit or several names.
  public var artists: [String]
  public var album: String?
  public var durationSeconds: Double?
  public var timing: Timing
  public var hasTranslation: Bool

  public init(
    provider: String, position: Int, title: String, aliases: [String] = [], artists: [String],
    album: String? = nil, durationSeconds: Double? = nil, timing: Timing,
    hasTranslation: Bool = false
  ) {
    self.provider = provider
    self.position = position
    self.title = title
    self.aliases = aliases
    self.artists = artists
    self.album = album
    self.durationSeconds = durationSeconds
    self.timing = timing
    self.hasTranslation = hasTranslation
  }

  /// A Kugou lyric candidate: word-timed when it offers KRC, else line-timed; `contenttype` 2
  /// is text whatever is asked (`KugouDownloadAnswer`), timed or not, so its timing is not known
  /// before the download and it does not pass for word-timed in the ranking.
  public init(kugou candidate: KugouCandidate, position: Int) {
    let timing: Timing =
      candidate.contentType == 2 ? .unknown : candidate.offersKRC ? .word : .line
    self.init(
      provider: "kugou", position: position, title: candidate.song, artists: [candidate.singer],
      durationSeconds: candidate.durationMs.map { Double($0) / 1000 }, timing: timing)
  }

  /// A NetEase song: its timing is known only once its lyrics are fetched.
  public init(netEase song: NetEaseSong, position: Int) {
    self.init(
      provider: "netease", position: position, title: song.name, aliases: song.aliases,
      artists: song.artists, album: song.album,
      durationSeconds: song.durationMs.map {
        Double($0) / 1000
      }, timing: .unknown)
  }

  /// An LRCLIB record (nil when it has nothing to show): synced lyrics count as line-timed.
  public init?(lrclib record: LRCLIBRecord, position: Int) {
    guard let kind = record.kind else { return nil }
    let timing: Timing
    switch kind {
    case .synced: timing = .line
    case .plain: timing = .plain
    case .instrumental: timing = .instrumental
    }
    self.init(
      provider: "lrclib", position: position, title: record.trackName,
      artists: [record.artistName], album: record.albumName, durationSeconds: record.duration,
      timing: timing)
  }

  /// An entry of AMLL's index: word-timed TTML. Its first title is its name and the others its
  /// aliases; its first album the one compared (`AMLLIndex` compares every one, with
  /// `CrossProviderRanking.Names`). A translation is not known before the TTML is read.
  public init(amll entry: AMLLIndexEntry, position: Int) {
    self.init(
      provider: "amll", position: position, title: entry.titles.first ?? "",
      aliases: Array(entry.titles.dropFirst()), artists: entry.artists,
      album: entry.albums.first, durationSeconds: entry.durationMs.map { Double($0) / 1000 },
      timing: .word)
  }

  /// The same candidate once its lyrics are in: what they really offer.
  public func with(_ answer: ProviderLyricsAnswer) -> ProviderCandidate {
    var copy = self
    switch answer {
    case .lyrics(let lyrics):
      copy.timing = lyrics.isWordTimed ? .word : .line
      copy.hasTranslation = lyrics.isTranslated
    case .instrumental:
      copy.timing = .instrumental
    case .noLyrics:
      break
    }
    return copy
  }
}
