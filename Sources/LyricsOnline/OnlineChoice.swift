import ProviderAnswers

/// One candidate of one provider as the main window's picker lists it: the provider, its own
/// id of the lyrics (what a choice is kept by), and the names, length and timing to show. An
/// LRCLIB record has its lyrics in hand; another provider's are fetched when it is chosen.
public struct OnlineChoice: Sendable, Equatable {
  public var provider: OnlineProvider
  /// The provider's own id, as `ProviderLyricsID` writes it.
  public var id: String
  public var candidate: ProviderCandidate
  /// The LRCLIB record and what it offers (LRCLIB's candidates only).
  public var lrclib: LRCLIBRanking.Ranked?

  public init(
    provider: OnlineProvider, id: String, candidate: ProviderCandidate,
    lrclib: LRCLIBRanking.Ranked? = nil
  ) {
    self.provider = provider
    self.id = id
    self.candidate = candidate
    self.lrclib = lrclib
  }

  public var title: String { candidate.title }
  public var artist: String { candidate.artists.joined(separator: ", ") }
  public var album: String? { candidate.album }
  public var durationSeconds: Double? { candidate.durationSeconds }

  /// What the picker's row says the lyrics are: LRCLIB's kind, else the timing the provider
  /// announces (`word`, `line`; `unknown` until NetEase's are fetched).
  public var kindName: String {
    if let lrclib { return lrclib.kind.rawValue }
    switch candidate.timing {
    case .word: return "word-timed"
    case .line: return "synced"
    case .unknown: return "lyrics"
    case .plain: return "plain"
    case .instrumental: return "instrumental"
    }
  }
}

/// A provider's own id of one song's lyrics, as text (kept in the saved state with a choice and
/// in the cache with a hit), and back: enough to fetch the same lyrics again without a search.
public enum ProviderLyricsID {
  /// Kugou: `ID ACCESSKEY krc|lrc` (the download needs both and the format).
  static func kugou(_ candidate: KugouCandidate) -> String {
    "\(candidate.id) \(candidate.accessKey) \(candidate.offersKRC ? "krc" : "lrc")"
  }

  static func kugouCandidate(_ id: String) -> KugouCandidate? {
    let parts = id.split(separator: " ").map(String.init)
    guard parts.count == 3, parts[2] == "krc" || parts[2] == "lrc" else { return nil }
    return KugouCandidate(
      id: parts[0], accessKey: parts[1], song: "", singer: "", krcType: parts[2] == "krc" ? 1 : 0)
  }

  /// AMLL: the TTML's path below the mirror (`ncm-lyrics/ID.ttml`, `raw-lyrics/FILE`).
  static func amllEntry(_ id: String) -> AMLLIndexEntry? {
    if id.hasPrefix("ncm-lyrics/"), id.hasSuffix(".ttml") {
      let number = id.dropFirst("ncm-lyrics/".count).dropLast(".ttml".count)
      guard !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber) else {
        return nil
      }
      return AMLLIndexEntry(titles: [], artists: [], neteaseIds: [String(number)])
    }
    if id.hasPrefix("raw-lyrics/"), !id.contains("..") {
      return AMLLIndexEntry(
        titles: [], artists: [], rawLyricFile: String(id.dropFirst("raw-lyrics/".count)))
    }
    return nil
  }
}
